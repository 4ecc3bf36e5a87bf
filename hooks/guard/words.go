package guard

import (
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// The words of a command, expanded from the parser's word parts as the
// shell expands them, with only what the guard can know. mvdan.cc/sh has
// an expand package that does this, but it links os/user, which turns sw
// into a cgo, dynamically linked binary and costs every start-up of every
// hook over a millisecond; what the guard needs of it is below.

// fields expands words as the shell does a command's arguments: braces,
// ~, variables and substitutions, splitting on blanks, quote removal. A
// pattern is kept as written, to be matched against files where it names
// a write.
func (a *shellAnalysis) fields(words ...*syntax.Word) []shWord {
	var out []shWord
	for _, w := range words {
		if w == nil {
			continue
		}
		glob := globbing(w)
		c := *w // SplitBraces changes the word it is given
		alternatives := [][]syntax.WordPart{w.Parts}
		if syntax.SplitBraces(&c) {
			alternatives = braces(c.Parts)
		}
		for _, parts := range alternatives {
			for _, f := range a.expand(parts, true) {
				out = append(out, shWord{text: f, glob: glob && strings.ContainsAny(f, "*?[")})
			}
		}
	}
	return out
}

// literal is a word expanded into one string, as for a variable's value.
func (a *shellAnalysis) literal(w *syntax.Word) string {
	return strings.Join(a.expand(w.Parts, false), "")
}

// document is a heredoc's text: variables and substitutions put in, a
// backslash taken away only before $, `, \ or a newline.
func (a *shellAnalysis) document(w *syntax.Word) string {
	var b strings.Builder
	for _, p := range w.Parts {
		if lit, ok := p.(*syntax.Lit); ok {
			b.WriteString(unescape(lit.Value, "$`\\\n"))
		} else {
			b.WriteString(a.value(p))
		}
	}
	return b.String()
}

// braces returns the part lists a word's braces expand to (a{b,c} is ab
// and ac, {1..3} is 1, 2 and 3), in the shell's order, up to maxWordFields
// lists or maxBraceParts parts in all.
func braces(parts []syntax.WordPart) [][]syntax.WordPart {
	choices := make([][][]syntax.WordPart, len(parts)) // what each part may be
	for k, p := range parts {
		if b, ok := p.(*syntax.BraceExp); ok {
			for _, e := range braceElems(b) {
				choices[k] = append(choices[k], braces(e)...) // braces inside braces
			}
		}
		if len(choices[k]) == 0 {
			choices[k] = [][]syntax.WordPart{{p}}
		}
	}
	limit := min(maxWordFields, max(1, maxBraceParts/max(1, len(parts))))
	var out [][]syntax.WordPart
	for pick := make([]int, len(parts)); len(out) < limit; {
		var alt []syntax.WordPart
		for k, c := range pick {
			alt = append(alt, choices[k][c]...)
		}
		out = append(out, alt)
		k := len(pick) - 1 // the next pick: the last brace turns fastest
		for ; k >= 0; k-- {
			if pick[k]++; pick[k] < len(choices[k]) {
				break
			}
			pick[k] = 0
		}
		if k < 0 {
			break
		}
	}
	return out
}

func braceElems(b *syntax.BraceExp) [][]syntax.WordPart {
	var elems [][]syntax.WordPart
	if !b.Sequence {
		for _, e := range b.Elems {
			elems = append(elems, e.Parts)
		}
		return elems
	}
	from, to := b.Elems[0].Lit(), b.Elems[1].Lit()
	x, err1 := strconv.Atoi(from)
	y, err2 := strconv.Atoi(to)
	chars := err1 != nil || err2 != nil
	if chars && len(from) == 1 && len(to) == 1 {
		x, y = int(from[0]), int(to[0])
	} else if chars {
		return [][]syntax.WordPart{{&syntax.Lit{Value: "{" + from + ".." + to + "}"}}}
	}
	step := 1
	if len(b.Elems) > 2 {
		if n, err := strconv.Atoi(b.Elems[2].Lit()); err == nil && n != 0 {
			step = max(n, -n)
		}
	}
	if x > y {
		step = -step
	}
	for n := x; (step > 0 && n <= y || step < 0 && n >= y) && len(elems) < maxWordFields; n += step {
		s := strconv.Itoa(n)
		if chars {
			s = string(rune(n))
		}
		elems = append(elems, []syntax.WordPart{&syntax.Lit{Value: s}})
	}
	return elems
}

// expand puts a word's parts together into fields: literal and quoted text
// stays in the field it stands in, while the value of an unquoted variable
// or substitution splits on blanks, when split is set.
func (a *shellAnalysis) expand(parts []syntax.WordPart, split bool) []string {
	var fields []string
	var cur strings.Builder // the field being built
	keep := false           // it stands even if empty
	end := func() {
		if cur.Len() > 0 || keep {
			fields = append(fields, cur.String())
		}
		cur.Reset()
		keep = false
	}
	for i, p := range parts {
		switch p := p.(type) {
		case *syntax.Lit:
			s := p.Value
			if i == 0 {
				s = a.tilde(s)
			}
			cur.WriteString(unescape(s, ""))
			keep = true
		case *syntax.SglQuoted:
			s := p.Value
			if p.Dollar {
				s = ansiC(s)
			}
			cur.WriteString(s)
			keep = true
		case *syntax.DblQuoted:
			for _, q := range p.Parts {
				if lit, ok := q.(*syntax.Lit); ok {
					cur.WriteString(unescape(lit.Value, "$`\"\\\n"))
				} else {
					cur.WriteString(a.value(q))
				}
			}
			keep = true
		case *syntax.ExtGlob:
			cur.WriteString(p.Op.String() + p.Pattern.Value + ")")
			keep = true
		default:
			v := a.value(p)
			for split {
				k := strings.IndexAny(v, " \t\n")
				if k < 0 {
					break
				}
				cur.WriteString(v[:k])
				end()
				v = v[k+1:]
			}
			cur.WriteString(v)
		}
	}
	end()
	return fields
}

// value is what a variable, substitution or arithmetic gives, as far as
// it can be known.
func (a *shellAnalysis) value(p syntax.WordPart) string {
	switch p := p.(type) {
	case *syntax.ParamExp:
		return a.param(p)
	case *syntax.CmdSubst:
		return a.substitution(p.Stmts)
	case *syntax.ProcSubst:
		return "/dev/fd/63"
	case *syntax.ArithmExp:
		return unknownName // a number
	}
	return unknownText
}

// param is what ${...} gives: a plain variable, one with a default, or a
// prefix or suffix taken off (guard_params.go).
func (a *shellAnalysis) param(p *syntax.ParamExp) string {
	if p.Param == nil || p.Excl || p.Index != nil || p.Names != 0 || p.Width {
		return unknownText
	}
	v := a.variable(p.Param.Value)
	switch {
	case p.Length:
		return unknownName
	case p.Slice != nil, p.Repl != nil:
		return edited(v)
	case p.Exp != nil:
		return a.expanded(v, p.Exp)
	}
	return v
}

// tilde puts the home folder for a ~ that starts a word; ~ada stays.
func (a *shellAnalysis) tilde(s string) string {
	if s == "~" || strings.HasPrefix(s, "~/") {
		if home := a.getenv("HOME"); home != "" && a.known(home) {
			return home + s[1:]
		}
	}
	return s
}

// unescape takes away the backslashes before the characters in only (any
// character, if only is empty); a backslash before a newline takes both.
func unescape(s, only string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) && (only == "" || strings.IndexByte(only, s[i+1]) >= 0) {
			i++
			if s[i] == '\n' {
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// ansiC is the text of $'...', its backslash escapes read as Go reads
// them (\n, \t, \x2f, \047, ...); one it does not know stays as written.
func ansiC(s string) string {
	var b strings.Builder
	for s != "" {
		r, multibyte, tail, err := strconv.UnquoteChar(s, '\'')
		switch {
		case err != nil:
			b.WriteByte(s[0])
			tail = s[1:]
		case multibyte:
			b.WriteRune(r)
		default:
			b.WriteByte(byte(r))
		}
		s = tail
	}
	return b.String()
}

// globbing reports whether the shell may match w against files: it has an
// unquoted *, ? or [, or takes a variable's value, which may hold a
// pattern (a loop's variable over profile/*.yaml).
func globbing(w *syntax.Word) bool {
	for _, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.Lit:
			for i := 0; i < len(p.Value); i++ {
				switch p.Value[i] {
				case '\\':
					i++
				case '*', '?', '[':
					return true
				}
			}
		case *syntax.ExtGlob, *syntax.ParamExp:
			return true
		case *syntax.DblQuoted:
			for _, q := range p.Parts {
				if _, ok := q.(*syntax.ParamExp); ok {
					return true
				}
			}
		}
	}
	return false
}
