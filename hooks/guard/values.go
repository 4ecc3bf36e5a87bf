package guard

import (
	"path"
	"regexp"
	"strings"

	"mvdan.cc/sh/v3/pattern"
	"mvdan.cc/sh/v3/syntax"
)

// The values words take: variables, ${...} and $(...), as far as the
// guard can know them without running anything. What it cannot know
// stands as a mark in the word, one of three, by what is known of its
// shape: a write whose path holds the first is never let through.
const (
	unknownText  = "\x00" // any text: a path anywhere, .. included
	unknownName  = "\x01" // text without a slash: a number, a date, a name ls lists
	unknownBelow = "\x02" // a path below the folder written before it, without ..: what find lists
)

// knownEnv are the variables of the agent's shell that the guard takes
// from its own environment: Claude Code starts both, and these are not
// the agent's to change between calls.
var knownEnv = map[string]bool{"HOME": true, "CLAUDE_PROJECT_DIR": true, "TMPDIR": true, "TMP": true,
	"TEMP": true, "USER": true, "LOGNAME": true}

// variable is a variable's value as far as the command can be known.
func (a *shellAnalysis) variable(name string) string {
	if v, ok := a.vars[name]; ok && a.known(v) {
		return v
	}
	switch {
	case name == "PWD":
		if a.known(a.dir) {
			return a.dir
		}
	case name == "OLDPWD":
		if a.known(a.oldDir) {
			return a.oldDir
		}
	case knownEnv[name]:
		if v := a.getenv(name); v != "" && a.known(v) {
			return v
		}
	case name == "$" || name == "!" || name == "?" || name == "#" || name == "RANDOM" || name == "SECONDS" ||
		name == "BASHPID" || name == "LINENO" || name == "PPID" || name == "EPOCHSECONDS" || name == "UID":
		return unknownName
	}
	return unknownText
}

// known reports whether the value v may still go into words: values that
// grow with each use (a=$a$a), or braces that copy a long word a thousand
// times, would otherwise fill memory.
func (a *shellAnalysis) known(v string) bool {
	a.spent += len(v)
	return a.spent <= maxKnownBytes
}

// value is what a variable, substitution or arithmetic gives.
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
// prefix or suffix taken off.
func (a *shellAnalysis) param(p *syntax.ParamExp) string {
	if p.Param == nil || p.Excl || p.Index != nil || p.Names != 0 || p.Width {
		return unknownText
	}
	v := a.variable(p.Param.Value)
	switch {
	case p.Length:
		return unknownName
	case p.Slice != nil, p.Repl != nil:
		// ${v:offset:length}, ${v/pattern/string}: known only roughly for
		// a known value, so the guard does not pretend.
		if v == "" {
			return ""
		}
		return unknownText
	case p.Exp != nil:
		return a.expanded(v, p.Exp)
	}
	return v
}

// expanded is ${v-word}, ${v:-word}, ${v:=word}, ${v:+word}, ${v:?} and
// the pattern removals ${v#p}, ${v##p}, ${v%p}, ${v%%p}.
func (a *shellAnalysis) expanded(v string, e *syntax.Expansion) string {
	word := ""
	if e.Word != nil {
		word = a.literal(e.Word)
	}
	switch e.Op {
	case syntax.DefaultUnset, syntax.DefaultUnsetOrNull, syntax.AssignUnset, syntax.AssignUnsetOrNull:
		if strings.Contains(v, unknownText) {
			return unknownText // set or not: either
		}
		if v == "" && (e.Op == syntax.DefaultUnsetOrNull || e.Op == syntax.AssignUnsetOrNull) {
			return word
		}
		return v
	case syntax.AlternateUnset, syntax.AlternateUnsetOrNull:
		if strings.Contains(v, unknownText) {
			return unknownText
		}
		if v == "" {
			return ""
		}
		return word
	case syntax.ErrorUnset, syntax.ErrorUnsetOrNull:
		return v
	case syntax.RemSmallPrefix, syntax.RemLargePrefix, syntax.RemSmallSuffix, syntax.RemLargeSuffix:
		return trimmed(v, word, e.Op)
	}
	return unknownText // case changes and the like
}

// trimmed is v with the shortest or longest prefix or suffix matching the
// shell pattern pat taken off. On a value with a part known only by its
// shape, only a pattern that cannot take a slash away keeps that shape.
func trimmed(v, pat string, op syntax.ParExpOperator) string {
	marked := strings.ContainsAny(v, unknownText+unknownName+unknownBelow)
	if marked && (strings.ContainsAny(pat, "/*?[") || strings.ContainsAny(v, unknownText)) {
		return unknownText
	}
	expr, err := pattern.Regexp(pat, pattern.EntireString)
	if err != nil {
		return unknownText
	}
	re, err := regexp.Compile(expr)
	if err != nil {
		return unknownText
	}
	prefix := op == syntax.RemSmallPrefix || op == syntax.RemLargePrefix
	small := op == syntax.RemSmallPrefix || op == syntax.RemSmallSuffix
	best := -1
	for i := 0; i <= len(v); i++ {
		part := v[i:] // suffixes, longest first
		if prefix {
			part = v[:i] // prefixes, shortest first
		}
		if re.MatchString(part) {
			best = i
			if small == prefix { // the shortest prefix, or the longest suffix
				break
			}
		}
	}
	switch {
	case best < 0:
		return v
	case prefix:
		return v[best:]
	}
	return v[:best]
}

// substitution is what $(...) prints, for the commands that only print
// what their words say, make a temporary file, print a date, or list files
// (see listing); anything else prints what the guard cannot know.
func (a *shellAnalysis) substitution(stmts []*syntax.Stmt) string {
	if len(stmts) != 1 {
		return unknownText
	}
	c, ok := stmts[0].Cmd.(*syntax.CallExpr)
	if !ok || len(stmts[0].Redirs) > 0 {
		return unknownText
	}
	words := a.unwrap(a.fields(c.Args...))
	if len(words) == 0 {
		return ""
	}
	name, args := commandName(words[0].text), words[1:]
	ops := operands(args, "", nil)
	switch name {
	case "pwd":
		return a.dir
	case "echo":
		if words, ok := echoWords(ops); ok {
			return joinWords(words)
		}
		return unknownText
	case "printf":
		if text, ok := printfText(ops); ok {
			return strings.TrimRight(text, "\n") // as $(...) gives it
		}
		return unknownText
	case "basename":
		if len(ops) > 1 {
			return strings.TrimSuffix(path.Base(ops[0].text), ops[1].text)
		}
		if len(ops) > 0 {
			return path.Base(ops[0].text)
		}
	case "dirname":
		if len(ops) > 0 && !strings.ContainsAny(ops[0].text, unknownBelow+unknownName) {
			return path.Dir(ops[0].text)
		}
	case "mktemp":
		return a.mktemp(args)
	case "date":
		if !strings.Contains(joinWords(args), "/") {
			return unknownName
		}
	}
	if list, ok := a.listing(words, input{}); ok {
		return joinWords(list)
	}
	return unknownText
}

func joinWords(ws []shWord) string {
	parts := make([]string, len(ws))
	for i, w := range ws {
		parts[i] = w.text
	}
	return strings.Join(parts, " ")
}

// mktemp is the name mktemp makes, and a write of it: a file of that
// name in the temporary folder, or where its template or -p says.
func (a *shellAnalysis) mktemp(args []shWord) string {
	dir, template := "", "tmp."+unknownName
	for i := 0; i < len(args); i++ {
		t := args[i].text
		switch {
		case t == "-p" && i+1 < len(args):
			i++
			dir = args[i].text
		case strings.HasPrefix(t, "--tmpdir="):
			dir = strings.TrimPrefix(t, "--tmpdir=")
		case strings.HasPrefix(t, "-p") && len(t) > 2:
			dir = t[2:]
		case !strings.HasPrefix(t, "-"):
			template = strings.TrimRight(t, "X") + unknownName
		}
	}
	if dir == "" && !strings.Contains(template, "/") {
		dir = a.variable("TMPDIR")
		if strings.Contains(dir, unknownText) || dir == "" {
			dir = "/tmp"
		}
	}
	name := template
	if dir != "" {
		name = strings.TrimRight(dir, "/") + "/" + template
	}
	a.write(shWord{text: name}, false)
	return name
}
