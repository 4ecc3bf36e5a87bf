package hooks

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// The guard reads a Bash tool call's command with a real shell parser
// (mvdan.cc/sh): statements, pipes, redirections, heredocs, loops,
// functions, and the scripts inside command and process substitutions.
// It runs nothing, and expands words as the shell would with only what it
// can know ($HOME, $PWD, the project folder, variables the command itself
// sets, ~, braces; see guard_words.go); a variable it cannot know stands
// as $NAME. From the commands it finds the paths they would write,
// replace or remove (see guard_commands.go); reading is never a write.

// shWord is one word of a command as the shell passes it on: expanded,
// its quotes removed.
type shWord struct {
	text string
	glob bool // a pattern the shell would match against files
}

// shCall is one simple command as the guard has read it: its words, and
// the text a heredoc or here-string gives its input.
type shCall struct {
	words []shWord
	stdin string
}

// shellWrite is a path a command would write: create, change, replace or
// remove.
type shellWrite struct {
	word shWord
	dir  string // the folder a relative path starts from
	// whole: the command takes the path's folder and all in it (rm -r,
	// mv, git checkout of a folder), so naming a folder that holds the
	// profile writes the profile.
	whole bool
}

// shellAnalysis walks a command line in order, following cd, and collects
// what it writes.
type shellAnalysis struct {
	dir    string
	getenv func(string) string
	vars   map[string]string
	writes []shellWrite
	depth  int // scripts inside scripts (sh -c, eval), bounded
	loops  int // the runs of the loops around the statement being read
	spent  int // bytes of known values put into words, bounded
	err    error
}

// Bounds that keep a hostile command from making the guard slow.
const (
	maxScriptDepth = 8
	maxLoopRuns    = 64   // a loop's body is read once for each value, up to this many in all
	maxWordFields  = 1024 // the words one word expands to
	maxKnownBytes  = 1 << 20
	maxBraceParts  = 1 << 16 // the word parts a word's braces expand to, in all
)

// shellWrites returns what the command line src would write, run in dir,
// and the parser's first error when src (or a script inside it) is not
// shell it can read whole; what it could read is still looked at.
func shellWrites(src, dir string, getenv func(string) string) ([]shellWrite, error) {
	a := &shellAnalysis{dir: dir, getenv: getenv, vars: map[string]string{}, loops: 1}
	a.script(src)
	return a.writes, a.err
}

// variable is a variable's value as far as the command can be known: one
// it set, the folder it runs in, the home and project folders; any other
// stands for itself.
func (a *shellAnalysis) variable(name string) string {
	if v, ok := a.vars[name]; ok && a.known(v) {
		return v
	}
	switch name {
	case "PWD":
		if a.known(a.dir) {
			return a.dir
		}
	case "HOME", "CLAUDE_PROJECT_DIR":
		if v := a.getenv(name); v != "" && a.known(v) {
			return v
		}
	}
	if !syntax.ValidName(name) {
		return "$" // $?, $#, $1, ...
	}
	return "$" + name
}

// known reports whether the value v may still go into words: values that
// grow with each use (a=$a$a) would otherwise fill memory.
func (a *shellAnalysis) known(v string) bool {
	a.spent += len(v)
	return a.spent <= maxKnownBytes
}

// script parses src and walks its statements.
func (a *shellAnalysis) script(src string) {
	if a.depth > maxScriptDepth {
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
		a.stmt(s, nil)
	}
}

// subshell walks statements that run in a subshell of their own: a cd
// there stays there.
func (a *shellAnalysis) subshell(list []*syntax.Stmt) {
	dir := a.dir
	a.stmts(list)
	a.dir = dir
}

// stmt walks one statement, whose input comes down a pipe from the call
// from (nil if none), and returns its simple command, for a pipe that
// follows.
func (a *shellAnalysis) stmt(s *syntax.Stmt, from *shCall) *shCall {
	// The substitutions in its words run first, each in a subshell.
	nested(s, nil, a.subshell)
	stdin := a.redirects(s.Redirs)
	switch c := s.Cmd.(type) {
	case *syntax.CallExpr:
		return a.call(c, stdin, from)
	case *syntax.BinaryCmd:
		if c.Op != syntax.Pipe && c.Op != syntax.PipeAll {
			a.stmt(c.X, nil)
			a.stmt(c.Y, nil)
			return nil
		}
		// Each side of a pipe runs in a subshell.
		dir := a.dir
		left := a.stmt(c.X, from)
		a.dir = dir
		right := a.stmt(c.Y, left)
		a.dir = dir
		return right
	case *syntax.Subshell:
		a.subshell(c.Stmts)
	case *syntax.ForClause:
		a.loop(c)
	case *syntax.DeclClause:
		a.assign(c.Args)
	case nil:
	default:
		// if, while, case, { }, a function's body (read where it is
		// defined: it is there to be called), time, coproc.
		nested(c, a.stmts, nil)
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
func (a *shellAnalysis) call(c *syntax.CallExpr, stdin string, from *shCall) *shCall {
	if len(c.Args) == 0 {
		a.assign(c.Assigns)
		return nil
	}
	// Assignments before a command are for it alone.
	call := &shCall{words: a.fields(c.Args...), stdin: stdin}
	if stdin == "" && from != nil {
		stdin = from.pipedText()
	}
	a.run(call.words, stdin, from)
	return call
}

func (a *shellAnalysis) assign(list []*syntax.Assign) {
	for _, as := range list {
		if as.Name != nil && !as.Naked && as.Value != nil {
			a.vars[as.Name.Value] = a.literal(as.Value)
		}
	}
}

// loop reads a for or select loop's body once for each value its
// variable takes (a pattern stays one value, matched where it is
// written), within a bound over nested loops.
func (a *shellAnalysis) loop(c *syntax.ForClause) {
	iter, ok := c.Loop.(*syntax.WordIter)
	var values []shWord
	if ok {
		values = a.fields(iter.Items...)
	}
	runs := min(len(values), max(1, maxLoopRuns/a.loops))
	if runs == 0 {
		a.stmts(c.Do)
		return
	}
	a.loops *= runs
	defer func() { a.loops /= runs }()
	for _, v := range values[:runs] {
		a.vars[iter.Name.Value] = v.text
		a.stmts(c.Do)
	}
}

// redirects notes what a statement's redirections write, and returns the
// text a heredoc or here-string gives its input.
func (a *shellAnalysis) redirects(list []*syntax.Redirect) (stdin string) {
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
		case syntax.Hdoc, syntax.DashHdoc:
			if r.Hdoc == nil {
				continue
			}
			delim := r.Word.Lit()
			if text := r.Hdoc.Lit(); text != "" && (delim == "" || strings.Contains(delim, `\`)) {
				stdin = text // a quoted delimiter: the text as written
				continue
			}
			stdin = a.document(r.Hdoc)
		case syntax.WordHdoc:
			stdin = a.literal(r.Word) + "\n"
		}
	}
	return stdin
}

// pipedText is what echo, printf or cat with a heredoc sends down a pipe,
// for an interpreter that reads its script there.
func (c *shCall) pipedText() string {
	if len(c.words) == 0 {
		return ""
	}
	switch commandName(c.words[0].text) {
	case "echo", "printf":
		var b strings.Builder
		for _, w := range c.words[1:] {
			b.WriteString(w.text)
			b.WriteByte(' ')
		}
		return b.String()
	case "cat":
		return c.stdin
	}
	return ""
}
