package guard

import (
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// The guard reads a Bash tool call's command with a real shell parser
// (mvdan.cc/sh), the scripts inside substitutions included. It runs
// nothing, and expands words as the shell would with only what it can
// know (words.go, values.go); what it cannot know stands as a mark that
// says so. From the commands it finds the paths they would write, replace
// or remove (commands.go), and what would decide a suggestion or turn
// sw's hooks off (decisions.go, git.go); reading is never a write.

// shWord is one word of a command as the shell passes it on: expanded,
// its quotes removed.
type shWord struct {
	text string
	glob bool // a pattern the shell would match against files
}

// shCall is one simple command as the guard has read it.
type shCall struct {
	words []shWord
	in    input
}

// input is what a command reads on stdin, as far as the guard knows it.
type input struct {
	text  string  // a heredoc's or here-string's text, or what echo sends down a pipe
	file  string  // a file redirected in with <
	piped bool    // it comes down a pipe
	from  *shCall // the command on the pipe's other end, if it is one
}

// known reports whether the guard knows all the input is: text, or a
// file it may read, or nothing.
func (in input) known() bool { return in.text != "" || in.file != "" || !in.piped }

// shellWrite is a path a command would create, change, replace or remove.
type shellWrite struct {
	word shWord
	dir  string // the folder a relative path starts from
	// whole: the command takes the path's folder and all in it (rm -r,
	// mv, git checkout of a folder), so naming a folder that holds the
	// profile writes the profile.
	whole bool
	why   string // what the guard cannot tell of it, for the reason, when it cannot be placed
}

// shellAnalysis walks a command line in order, following cd, and collects
// what it writes.
type shellAnalysis struct {
	dir    string
	oldDir string // the folder cd - goes back to
	getenv func(string) string
	vars   map[string]string
	writes []shellWrite
	// gitBrings are git commands whose writes only git can list (a merge,
	// a cherry-pick, a stash applied), for the guard to ask git about.
	gitBrings []gitBring
	denial    *denial // the first thing found that decides for the person or turns hooks off
	depth     int     // scripts inside scripts (sh -c, eval), bounded
	loops     int     // the runs of the loops around the statement being read
	spent     int     // bytes of known values put into words, bounded
	pipe      *shCall // the command feeding the pipe the statement being read is on
	err       error
	isLate    func() bool // whether the guard's deadline has passed
	late      bool        // it had, and the rest was not read
	steps     int
}

// Bounds that keep a hostile command from making the guard slow.
const (
	maxScriptDepth = 8
	maxLoopRuns    = 64   // a loop's body is read once for each value, up to this many in all
	maxWordFields  = 1024 // the words one word's braces expand to
	maxKnownBytes  = 1 << 20
)

func newShellAnalysis(dir string, getenv func(string) string, late func() bool) *shellAnalysis {
	return &shellAnalysis{dir: dir, oldDir: unknownText, getenv: getenv, vars: map[string]string{}, loops: 1, isLate: late}
}

// tooLate reports whether the analysis should stop: the deadline has
// passed. The clock is read every few statements.
func (a *shellAnalysis) tooLate() bool {
	if a.late {
		return true
	}
	if a.steps++; a.steps%64 == 0 && a.isLate() {
		a.late = true
	}
	return a.late
}

// refuse notes the first thing found that the guard denies outright.
func (a *shellAnalysis) refuse(d *denial) {
	if a.denial == nil {
		a.denial = d
	}
}

func (a *shellAnalysis) script(src string) {
	if a.depth > maxScriptDepth || a.tooLate() {
		return
	}
	a.depth++
	defer func() { a.depth-- }()
	f, err := syntax.NewParser(syntax.RecoverErrors(8)).Parse(strings.NewReader(src), "")
	if err != nil && a.err == nil {
		a.err = err
	}
	if f != nil {
		a.stmts(f.Stmts)
	}
}

func (a *shellAnalysis) stmts(list []*syntax.Stmt) {
	for _, s := range list {
		if a.tooLate() {
			return
		}
		a.stmt(s, nil)
	}
}

// subshell walks statements that run in a subshell of their own: a cd
// there stays there.
func (a *shellAnalysis) subshell(list []*syntax.Stmt) {
	dir, old := a.dir, a.oldDir
	a.stmts(list)
	a.dir, a.oldDir = dir, old
}

// stmt walks one statement, whose input comes down a pipe from the call
// from (nil if none), and returns its simple command, for a pipe that
// follows.
func (a *shellAnalysis) stmt(s *syntax.Stmt, from *shCall) *shCall {
	// The substitutions in its words run first, each in a subshell.
	nested(s, nil, a.subshell)
	in := a.redirects(s.Redirs)
	if in.text == "" && in.file == "" && from != nil {
		in.piped, in.from = true, from
		in.text = from.pipedText()
	}
	switch c := s.Cmd.(type) {
	case *syntax.CallExpr:
		return a.call(c, in)
	case *syntax.BinaryCmd:
		if c.Op != syntax.Pipe && c.Op != syntax.PipeAll {
			a.stmt(c.X, nil)
			a.stmt(c.Y, nil)
			return nil
		}
		// Each side of a pipe runs in a subshell.
		dir, old := a.dir, a.oldDir
		left := a.stmt(c.X, from)
		a.dir, a.oldDir = dir, old
		if left == nil {
			left = &shCall{} // a compound command: its output is not known
		}
		right := a.stmt(c.Y, left)
		a.dir, a.oldDir = dir, old
		return right
	case *syntax.Subshell:
		a.subshell(c.Stmts)
	case *syntax.ForClause:
		a.loop(c)
	case *syntax.DeclClause:
		a.declare(c.Args) // export, declare, local: as assignments, and export names set before
	case nil:
	default:
		// if, while, case, { }, a function's body (read where it is
		// defined: it is there to be called), time, coproc. A while
		// read loop at the end of a pipe reads what the pipe brings.
		pipe := a.pipe
		if from != nil {
			a.pipe = from
		}
		nested(c, a.stmts, nil)
		a.pipe = pipe
	}
	return nil
}

// nested hands the statements n holds to stmts and the scripts of the
// substitutions in its words to subst, without going further down: what
// they hold is theirs to walk.
func nested(n syntax.Node, stmts, subst func([]*syntax.Stmt)) {
	syntax.Walk(n, func(node syntax.Node) bool {
		switch node := node.(type) {
		case *syntax.Stmt:
			if node == n {
				return true
			}
			if stmts != nil {
				stmts([]*syntax.Stmt{node})
			}
		case *syntax.CmdSubst:
			if subst != nil {
				subst(node.Stmts)
			}
		case *syntax.ProcSubst:
			if subst != nil {
				subst(node.Stmts)
			}
		default:
			return true
		}
		return false
	})
}

// call reads a simple command: assignments alone set variables for what
// follows; otherwise its words are expanded and run.
func (a *shellAnalysis) call(c *syntax.CallExpr, in input) *shCall {
	if len(c.Args) == 0 {
		a.assign(c.Assigns)
		return nil
	}
	// Assignments before a command are for it alone.
	for _, as := range c.Assigns {
		if as.Name != nil {
			a.setting(as.Name.Value, a.assignedValue(as))
		}
	}
	call := &shCall{words: a.fields(c.Args...), in: in}
	a.run(call.words, in)
	return call
}

func (a *shellAnalysis) assign(list []*syntax.Assign) {
	for _, as := range list {
		if as.Name == nil {
			continue
		}
		value := a.assignedValue(as)
		a.setting(as.Name.Value, value)
		if !as.Naked {
			a.vars[as.Name.Value] = value
		}
	}
}

// declare reads declare, typeset, local, export and readonly: their
// assignments, unless an option changes the value as it is set or read
// (-l and -u change its case, -i reckons it, -n makes a name stand for
// another variable, -a and -A make an array), then the values are not
// known.
func (a *shellAnalysis) declare(args []*syntax.Assign) {
	changes := slices.ContainsFunc(args, func(as *syntax.Assign) bool {
		opt := ""
		if as.Name == nil && as.Value != nil {
			opt = a.literal(as.Value)
		}
		return strings.HasPrefix(opt, "-") && strings.ContainsAny(opt, "luinaA") || strings.HasPrefix(opt, "+")
	})
	if !changes {
		a.assign(args)
		return
	}
	for _, as := range args {
		if as.Name != nil {
			a.setting(as.Name.Value, unknownText)
			a.vars[as.Name.Value] = unknownText
		}
	}
}

// assignedValue is the value an assignment gives, as far as it can be
// known: an array's is not.
func (a *shellAnalysis) assignedValue(as *syntax.Assign) string {
	switch {
	case as.Array != nil:
		return unknownText
	case as.Value == nil:
		return ""
	}
	return a.literal(as.Value)
}

// loop reads a for or select loop's body once for each value its
// variable takes (a pattern stays one value, matched where it is
// written), within a bound over nested loops, past which the variable's
// value is not known.
func (a *shellAnalysis) loop(c *syntax.ForClause) {
	iter, ok := c.Loop.(*syntax.WordIter)
	var values []shWord
	if ok {
		values = a.fields(iter.Items...)
		if len(iter.Items) == 0 && !iter.InPos.IsValid() {
			values = []shWord{{text: unknownText}} // for x; do: the script's arguments
		}
	}
	runs := min(len(values), max(1, maxLoopRuns/a.loops))
	if runs == 0 {
		a.stmts(c.Do)
		return
	}
	if runs < len(values) {
		// The values past the bound are not nothing: the last run stands
		// for them all.
		values[runs-1] = shWord{text: anyOf(values[runs-1:])}
	}
	a.loops *= runs
	defer func() { a.loops /= runs }()
	for _, v := range values[:runs] {
		a.vars[iter.Name.Value] = v.text
		a.stmts(c.Do)
	}
}

// anyOf is a mark for any one of values: a name, when each is a name
// that cannot lead out of its folder (not . or .., no slash), or else any
// text.
func anyOf(values []shWord) string {
	for _, v := range values {
		if v.text == "" || strings.HasPrefix(v.text, ".") || strings.ContainsAny(v.text, "/"+unknownText+unknownBelow) {
			return unknownText
		}
	}
	return unknownName
}

// redirects notes what a statement's redirections write, and returns what
// a heredoc, here-string or < file gives its input.
func (a *shellAnalysis) redirects(list []*syntax.Redirect) (in input) {
	for _, r := range list {
		switch r.Op {
		case syntax.RdrOut, syntax.AppOut, syntax.RdrClob, syntax.AppClob, syntax.RdrInOut,
			syntax.RdrAll, syntax.RdrAllClob, syntax.AppAll, syntax.AppAllClob, syntax.DplOut:
			for _, w := range a.fields(r.Word) {
				// >&2, >&- and >&3- name descriptors; >&file names a file.
				if rest := strings.Trim(w.text, "0123456789"); r.Op != syntax.DplOut || rest != "" && rest != "-" {
					a.write(w, false)
				}
			}
		case syntax.RdrIn:
			if fs := a.fields(r.Word); len(fs) == 1 {
				in = input{file: fs[0].text}
			}
		case syntax.Hdoc, syntax.DashHdoc:
			if r.Hdoc == nil {
				continue
			}
			delim := r.Word.Lit()
			if text := r.Hdoc.Lit(); text != "" && (delim == "" || strings.Contains(delim, `\`)) {
				in = input{text: text} // a quoted delimiter: the text as written
				continue
			}
			in = input{text: a.document(r.Hdoc)}
		case syntax.WordHdoc:
			in = input{text: a.literal(r.Word) + "\n"}
		}
	}
	return in
}

// pipedText is what echo, printf or cat with a heredoc sends down a pipe,
// for a command that reads it as a script or as names; "" where the guard
// cannot know it (see echoWords and printfWords).
func (c *shCall) pipedText() string {
	if len(c.words) == 0 {
		return ""
	}
	switch args := c.words[1:]; commandName(c.words[0].text) {
	case "echo":
		if words, ok := echoWords(operands(args, "", nil)); ok {
			return joinWords(words) + "\n"
		}
	case "printf":
		if text, ok := printfText(operands(args, "v", nil)); ok {
			return text
		}
	case "cat":
		if len(c.words) == 1 {
			return c.in.text
		}
	}
	return ""
}
