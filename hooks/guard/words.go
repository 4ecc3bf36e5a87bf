package guard

import (
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// The words of a command, expanded by mvdan.cc/sh's expand package as the
// shell expands them: braces, ~, quotes and $'...', splitting on blanks.
// expand gets each word with its variables, substitutions and arithmetic
// already valued by the guard (values.go), as plain variables of an
// environment of its own. So it runs nothing (a command substitution it
// met would be an error, not a run), reads no folder (without a ReadDir it
// does not glob: a pattern stays as written, to be matched inside the
// collection, globs.go), and never computes on a value the guard knows
// only by its shape: the length or a slice of an unknown path is unknown,
// not a short name.

// maxWordBraces bounds the brace expansions in one word: for each word it
// makes, expand rebuilds the parts at every brace, a cost that grows as
// their square.
const maxWordBraces = 16

// fields expands words as the shell does a command's arguments. A word
// whose braces would make more words than the guard looks at, or more
// text than it keeps, ends with a word it cannot know, so that what lies
// past a bound is never taken for nothing.
func (a *shellAnalysis) fields(words ...*syntax.Word) []shWord {
	var out []shWord
	for _, w := range words {
		if w == nil {
			continue
		}
		cfg, word := a.prepare(w, false)
		split := *word // SplitBraces changes the word it is given
		braced := syntax.SplitBraces(&split)
		if braced && braceCount(split.Parts) > maxWordBraces {
			out = append(out, shWord{text: unknownText})
			continue
		}
		glob, n := globbing(w), 0
		for f, err := range expand.FieldsSeq(cfg, word) {
			if n++; err != nil || a.tooLate() || braced && (n > maxWordFields || !a.known(f)) {
				out = append(out, shWord{text: unknownText})
				break
			}
			out = append(out, shWord{text: f, glob: glob && strings.ContainsAny(f, "*?[")})
		}
	}
	return out
}

// literal is a word expanded into one string, as for a variable's value.
func (a *shellAnalysis) literal(w *syntax.Word) string {
	return orUnknown(expand.Literal(a.prepare(w, true)))
}

// document is a heredoc's text: variables and substitutions put in, a
// backslash taken away only before $, ` or \.
func (a *shellAnalysis) document(w *syntax.Word) string {
	return orUnknown(expand.Document(a.prepare(w, false)))
}

// orUnknown is what expand made of a word, or, where it could not, text
// the guard cannot know.
func orUnknown(s string, err error) string {
	if err != nil {
		return unknownText
	}
	return s
}

// prepare returns w with its stand-ins, and the configuration that gives
// them their values. For a literal, the backslashes of unquoted text are
// taken away here: expand.Literal keeps them (x=a\ b is "a b" to the
// shell, "a\ b" to it).
func (a *shellAnalysis) prepare(w *syntax.Word, literal bool) (*expand.Config, *syntax.Word) {
	var values []string
	word := &syntax.Word{Parts: a.standIns(w.Parts, &values, literal)}
	env := func(name string) string {
		if i, err := strconv.Atoi(name); err == nil && i < len(values) {
			return values[i]
		}
		return a.home(name)
	}
	// ExtGlob: a pattern such as !(x) stays in the word as written.
	return &expand.Config{Env: expand.FuncEnviron(env), ExtGlob: true}, word
}

// standIns returns parts with each variable, substitution and arithmetic
// replaced by a plain variable named by its number in values, which
// holds its value.
func (a *shellAnalysis) standIns(parts []syntax.WordPart, values *[]string, unquote bool) []syntax.WordPart {
	out := make([]syntax.WordPart, len(parts))
	for i, p := range parts {
		out[i] = p
		switch p := p.(type) {
		case *syntax.Lit:
			if unquote && strings.Contains(p.Value, `\`) {
				out[i] = &syntax.Lit{ValuePos: p.ValuePos, ValueEnd: p.ValueEnd, Value: unescape(p.Value)}
			}
		case *syntax.DblQuoted:
			q := *p
			q.Parts = a.standIns(p.Parts, values, false)
			for j, qp := range p.Parts {
				if _, ok := qp.(*syntax.CmdSubst); ok {
					// Quoted, what it prints is one word: names it lists
					// (d, and what is below d) run together into none.
					n, _ := strconv.Atoi(q.Parts[j].(*syntax.ParamExp).Param.Value)
					if strings.ContainsAny((*values)[n], " \t\n") {
						(*values)[n] = unknownText
					}
				}
			}
			out[i] = &q
		case *syntax.ParamExp, *syntax.CmdSubst, *syntax.ArithmExp, *syntax.ProcSubst:
			out[i] = &syntax.ParamExp{Param: &syntax.Lit{Value: strconv.Itoa(len(*values))}}
			*values = append(*values, a.value(p))
		}
	}
	return out
}

// home is what expand asks for a ~: HOME for ~ and the person's own
// ~name, the folder the command is in, or was in before, for ~+ and ~-.
// Anyone else's home is not known: the guard does not read the system's
// list of users (an answer of "" would have expand look it up).
func (a *shellAnalysis) home(name string) string {
	user, tilde := strings.CutPrefix(name, "HOME ")
	switch {
	case name == "HOME", tilde && (user == a.getenv("USER") || user == a.getenv("LOGNAME")):
		return a.variable("HOME")
	case tilde && user == "+":
		return a.variable("PWD")
	case tilde && user == "-":
		return a.variable("OLDPWD")
	case tilde:
		return unknownText
	}
	return "" // IFS: blanks
}

// braceCount is how many brace expansions parts hold, nested ones
// included.
func braceCount(parts []syntax.WordPart) int {
	n := 0
	for _, p := range parts {
		if b, ok := p.(*syntax.BraceExp); ok {
			n++
			for _, e := range b.Elems {
				n += braceCount(e.Parts)
			}
		}
	}
	return n
}

// unescape takes away the backslash before each character.
func unescape(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			i++
		}
		b.WriteByte(s[i])
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
		case *syntax.ExtGlob, *syntax.ParamExp, *syntax.CmdSubst:
			return true
		case *syntax.DblQuoted:
			for _, q := range p.Parts {
				switch q.(type) {
				case *syntax.ParamExp, *syntax.CmdSubst:
					// $(ls *.md) is known by its pattern: the names it
					// prints are what the pattern matches.
					return true
				}
			}
		}
	}
	return false
}
