package guard

import (
	"cmp"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Commands that run other commands or scripts: a shell given its script,
// eval, xargs, find -exec, and interpreters of other languages given
// theirs inline or on stdin. A script the guard cannot see (one that
// comes down a pipe from a command whose output it cannot know) is
// refused; a script in a file the command names is not read (what a file
// holds is for the sandbox around the agent, not for words).

// shell handles sh -c SCRIPT, and a shell or source reading its script
// from a heredoc, a pipe, /dev/stdin or a process substitution.
func (a *shellAnalysis) shell(name string, args []shWord, in input) {
	if name == "busybox" {
		if len(args) == 0 || !slices.Contains([]string{"sh", "ash", "bash"}, commandName(args[0].text)) {
			return
		}
		args = args[1:]
	}
	command, fromStdin := false, false
	var ops []shWord
	for i := 0; i < len(args); i++ {
		t := args[i].text
		switch {
		case name == "source" || name == ".":
			ops = append(ops, args[i:]...)
			i = len(args)
		case t == "--" || t == "-":
			fromStdin = fromStdin || t == "-"
			ops = append(ops, args[i+1:]...)
			i = len(args)
		case t == "-o" || t == "+o" || t == "-O" || t == "+O" || t == "--rcfile" || t == "--init-file":
			i++
		case strings.HasPrefix(t, "--"):
		case strings.HasPrefix(t, "-") || strings.HasPrefix(t, "+"):
			command = command || strings.IndexByte(t, 'c') > 0
			fromStdin = fromStdin || strings.IndexByte(t, 's') > 0
		default:
			ops = append(ops, args[i])
		}
	}
	switch {
	case command && len(ops) > 0:
		a.inlineShell(ops[0].text, "the script it runs holds a part the guard cannot know")
	case len(ops) > 0 && !fromStdin && !stdinFile(ops[0].text):
		if strings.HasPrefix(ops[0].text, "/dev/fd/") || strings.Contains(ops[0].text, unknownText) {
			a.unknownScript(name + " runs a script made by another command")
		}
		// A script file it names is not read.
	case in.text != "":
		a.inlineShell(in.text, "the script it reads holds a part the guard cannot know")
	case in.piped || in.file != "":
		a.unknownScript(name + " runs a script it reads from " + inputName(in))
	}
}

func stdinFile(p string) bool {
	return p == "/dev/stdin" || p == "/dev/fd/0" || p == "/proc/self/fd/0"
}

func inputName(in input) string { return cmp.Or(in.file, "a pipe") }

// inlineShell reads script as shell, in a shell of its own: its cd stays
// in it. A script with a part the guard cannot know could be anything.
func (a *shellAnalysis) inlineShell(script, why string) {
	if strings.Contains(script, unknownText) {
		a.unknownScript(why)
		return
	}
	dir, old := a.dir, a.oldDir
	a.script(script)
	a.dir, a.oldDir = dir, old
}

// unknownScript notes a script the guard cannot read: it may write
// anything.
func (a *shellAnalysis) unknownScript(why string) {
	a.writes = append(a.writes, shellWrite{word: shWord{text: unknownText}, dir: a.dir, why: why})
}

// xargs runs a command with words read from its input: the names a
// listing command sends down the pipe (find profile | xargs rm), or the
// words echo sends; input it cannot know is words it cannot know.
func (a *shellAnalysis) xargs(args []shWord, in input) {
	cmd := afterOptions(args, "ILlnPsdEa", []string{"--max-lines", "--max-args",
		"--max-procs", "--max-chars", "--delimiter", "--eof", "--arg-file"})
	if len(cmd) == 0 {
		return
	}
	// The words a listing sends keep what they are (echo prof* sends
	// what the pattern matches); a heredoc's text is split as written.
	names := []shWord{{text: unknownText}}
	if list, ok := a.fromListing(in); ok {
		names = list
	} else if in.text != "" {
		names = nil
		for _, f := range strings.Fields(in.text) {
			names = append(names, shWord{text: f})
		}
	}
	// With -I (or -i, --replace), each input word takes the place of the
	// replacement string; otherwise the input words are added at the end.
	replace := ""
	for i, w := range args[:len(args)-len(cmd)] {
		t := w.text
		switch {
		case t == "-I" && i+1 < len(args):
			replace = args[i+1].text
		case strings.HasPrefix(t, "-I"):
			replace = t[2:]
		case t == "-i" || t == "--replace":
			replace = "{}"
		case strings.HasPrefix(t, "-i"):
			replace = t[2:]
		case strings.HasPrefix(t, "--replace="):
			replace = strings.TrimPrefix(t, "--replace=")
		}
	}
	if replace == "" {
		a.run(append(append([]shWord(nil), cmd...), names...), input{})
		return
	}
	for _, w := range names {
		a.run(replaced(cmd, replace, w), input{})
	}
}

// parallel runs its command once for each value after ":::" (or each
// input word, as xargs does): the values take the place of {}, or
// follow; a command given as one word is a shell's text.
func (a *shellAnalysis) parallel(args []shWord, in input) {
	cmd := afterOptions(args, "jSdaIXnN", []string{"--jobs", "--sshlogin", "--delimiter", "--arg-file", "--replace", "--max-args"})
	sep := slices.IndexFunc(cmd, func(w shWord) bool { return strings.HasPrefix(w.text, ":::") })
	if sep < 0 {
		a.xargs(append([]shWord{{text: "-I"}, {text: "{}"}}, cmd...), in)
		return
	}
	template := cmd[:sep]
	for _, v := range cmd[sep+1:] {
		if strings.HasPrefix(v.text, ":::") || len(template) == 0 {
			continue
		}
		switch {
		case len(template) == 1 && strings.ContainsAny(template[0].text, " \t;|&<>"):
			text := template[0].text
			if !strings.Contains(text, "{}") {
				text += " {}"
			}
			a.inlineShell(strings.ReplaceAll(text, "{}", v.text), "parallel runs text the guard cannot know")
		case slices.ContainsFunc(template, func(w shWord) bool { return strings.Contains(w.text, "{}") }):
			a.run(replaced(template, "{}", v), input{})
		default:
			a.run(append(slices.Clone(template), v), input{})
		}
	}
}

// replaced is words with each replace string put in as with.
func replaced(words []shWord, replace string, with shWord) []shWord {
	out := make([]shWord, len(words))
	for k, w := range words {
		out[k] = w
		if strings.Contains(w.text, replace) {
			out[k] = shWord{text: strings.ReplaceAll(w.text, replace, with.text), glob: with.glob}
		}
	}
	return out
}

// find writes what it finds when it deletes it or runs a command on it:
// any file below each start, or, for an expression that only asks for a
// name (-name '*.bak'), the files below that have it.
func (a *shellAnalysis) find(args []shWord) {
	starts, i := findStarts(args)
	name, named := findName(args[i:])
	found := func(s shWord) []shWord {
		if named {
			return []shWord{{text: strings.TrimRight(s.text, "/") + "/**/" + name, glob: true}}
		}
		return []shWord{s, below(s)}
	}
	for ; i < len(args); i++ {
		switch args[i].text {
		case "-delete":
			for _, s := range starts {
				if named {
					a.write(found(s)[0], false)
				} else {
					a.write(s, true)
				}
			}
		case "-fprint", "-fprint0", "-fprintf", "-fls":
			if i+1 < len(args) {
				a.write(args[i+1], false)
			}
		case "-exec", "-execdir", "-ok", "-okdir":
			j := i + 1
			for j < len(args) && args[j].text != ";" && args[j].text != "+" {
				j++
			}
			dir := a.dir
			for _, s := range starts {
				dirs := []string{dir}
				if t := args[i].text; t == "-execdir" || t == "-okdir" {
					// Run in the folder of each file found: the start or
					// somewhere below it, its {} ./name.
					start := joinPath(dir, strings.TrimRight(s.text, "/"))
					dirs = []string{start, start + "/" + unknownBelow}
				}
				for _, d := range dirs {
					a.dir = d
					for _, f := range found(s) {
						if d != dir {
							f = shWord{text: "./" + path.Base(f.text), glob: f.glob}
						}
						a.run(replaced(args[i+1:j], "{}", f), input{})
					}
				}
				a.dir = dir
			}
			i = j
		}
	}
}

// findName returns the name pattern of a find expression that selects by
// name and nothing that widens it (-o, !, -not, -path, -regex), its
// tests otherwise being of kind, depth, size or time.
func findName(expr []shWord) (string, bool) {
	name := ""
	for i := 0; i < len(expr); i++ {
		switch t := expr[i].text; t {
		case "-name", "-iname":
			if i+1 >= len(expr) || name != "" || strings.Contains(expr[i+1].text, "/") {
				return "", false
			}
			i++
			name = expr[i].text
		case "-type", "-maxdepth", "-mindepth", "-mtime", "-mmin", "-size", "-newer", "-user", "-perm":
			i++
		case "-o", "-or", "!", "-not", "-path", "-ipath", "-wholename", "-regex", "-iregex", "(", ")", ",", "-prune":
			return "", false
		case "-exec", "-execdir", "-ok", "-okdir":
			return name, name != ""
		}
	}
	return name, name != ""
}

// findStarts returns the folders find starts from, and where its
// expression begins.
func findStarts(args []shWord) ([]shWord, int) {
	i := 0
	for i < len(args) && (args[i].text == "-H" || args[i].text == "-L" || args[i].text == "-P") {
		i++
	}
	var starts []shWord
	for ; i < len(args); i++ {
		t := args[i].text
		if strings.HasPrefix(t, "-") || t == "(" || t == "!" {
			break
		}
		starts = append(starts, args[i])
	}
	return orHere(starts), i
}

// below is any path below the folder w names.
func below(w shWord) shWord {
	return shWord{text: strings.TrimRight(w.text, "/") + "/" + unknownBelow, glob: w.glob}
}

// listing returns, by their shape, the names a command that lists files
// prints (find, ls, grep -l, git ls-files, fd, echo), or that a filter
// (grep, head, tail) passes on of such a list coming down its pipe, in.
func (a *shellAnalysis) listing(words []shWord, in input) ([]shWord, bool) {
	words = a.unwrap(words)
	if len(words) == 0 {
		return nil, false
	}
	name, args := commandName(words[0].text), words[1:]
	var dirs []shWord // what it lists is each of these, or below it
	switch name {
	case "find":
		dirs, _ = findStarts(args)
	case "ls":
		dirs = orHere(operands(args, "IwT", []string{"--ignore", "--hide", "--width", "--format", "--sort"}))
		if !slices.ContainsFunc(args, func(w shWord) bool { return w.text == "--directory" || shortFlag(w.text, 'd') }) {
			for i, d := range dirs {
				// A folder's entries come out bare (ls pieces prints a.md,
				// not pieces/a.md): names here, whatever they are.
				if fi, err := os.Stat(filepath.Join(a.dir, d.text)); !d.glob && (err != nil || fi.IsDir()) {
					dirs[i] = shWord{text: "."}
				}
			}
		}
	case "grep", "egrep", "fgrep", "rg", "ag", "ack", "git-grep":
		ops := operands(args, "efABCmd", []string{"--regexp", "--file", "--max-count", "--glob", "--type"})
		if !slices.ContainsFunc(args, func(w shWord) bool { return w.text == "-e" || w.text == "-f" }) && len(ops) > 0 {
			ops = ops[1:] // the pattern
		}
		switch {
		case namesOnly(args, "efABCmd"):
			dirs = orHere(ops)
		case strings.HasSuffix(name, "grep") && name != "git-grep" && len(ops) == 0 && !recursive(args):
			return a.fromListing(in) // some of the lines coming in
		default:
			return nil, false // lines of text: words the guard cannot know
		}
	case "head", "tail":
		if len(operands(args, "nc", []string{"--lines", "--bytes"})) == 0 {
			return a.fromListing(in)
		}
	case "fd", "fdfind":
		ops := operands(args, "edtE", []string{"--extension", "--type", "--exclude", "--max-depth"})
		if len(ops) < 2 {
			ops = []shWord{{}, {text: "."}}
		}
		dirs = ops[1:]
	case "echo":
		return echoWords(operands(args, "", nil))
	case "printf":
		return printfWords(operands(args, "v", nil))
	case "git":
		if len(args) > 0 && args[0].text == "ls-files" {
			dirs = orHere(operands(args[1:], "xX", []string{"--exclude", "--exclude-from"}))
		}
	}
	var out []shWord
	for _, d := range dirs {
		out = append(out, d, below(d))
	}
	return out, out != nil
}

// echoWords are the words echo prints: its operands, unless one holds a
// backslash, which echo -e, sh's echo and zsh's turn into another
// character (echo -e '\x73w/1/x' prints sw/1/x).
func echoWords(ops []shWord) ([]shWord, bool) {
	if slices.ContainsFunc(ops, func(w shWord) bool { return strings.Contains(w.text, `\`) }) {
		return nil, false
	}
	return ops, true
}

// printfWords are the words printf prints, where the format keeps its
// arguments apart: text with no directive, or each %s followed by blanks
// ('%s\n'). A format that joins them (printf 's%s' w/1/x prints sw/1/x)
// makes words the guard cannot tell apart from the shell's patterns.
func printfWords(ops []shWord) ([]shWord, bool) {
	text, ok := printfText(ops)
	if !ok || len(ops) == 0 {
		return nil, ok
	}
	if !strings.Contains(ops[0].text, "%") {
		var out []shWord
		for _, f := range strings.Fields(text) {
			out = append(out, shWord{text: f})
		}
		return out, true
	}
	parts := strings.Split(printfFormat(ops[0].text), "%s")
	n := len(parts) - 1
	for i, p := range parts {
		if strings.TrimSpace(p) != "" || p == "" && (i > 0 && i < n || i == n && len(ops)-1 > n) {
			return nil, false
		}
	}
	return ops[1:], true // each as the shell passed it, a pattern kept
}

// printfText is the text printf prints, where its format holds no
// directive but %s and no escape but \n and \t: the format used again for
// each group of arguments, so that a pipe into a shell reads its lines as
// lines, and printf %s pro file prints profile.
func printfText(ops []shWord) (string, bool) {
	if len(ops) == 0 {
		return "", true
	}
	format := printfFormat(ops[0].text)
	parts := strings.Split(format, "%s")
	if slices.ContainsFunc(parts, func(p string) bool { return strings.ContainsAny(p, "\\%") }) {
		return "", false // another directive or escape
	}
	n, args := len(parts)-1, ops[1:]
	if n == 0 {
		return format, true // no directive: the arguments are not printed
	}
	var b strings.Builder
	for i := 0; i == 0 || i < len(args); i += n {
		for j, p := range parts {
			b.WriteString(p)
			if j < n && i+j < len(args) {
				b.WriteString(args[i+j].text)
			}
		}
	}
	return b.String(), true
}

// printfFormat is printf's format with the escapes \n and \t read.
func printfFormat(f string) string {
	return strings.NewReplacer(`\n`, "\n", `\t`, "\t").Replace(f)
}

// fromListing is what a listing sends down the pipe into in; a filter
// (grep, head, tail) passes on some of it, so the names of a listing stay
// names, and anything else stays unknown.
func (a *shellAnalysis) fromListing(in input) ([]shWord, bool) {
	if in.from != nil {
		return a.listing(in.from.words, in.from.in)
	}
	return nil, false
}

// recursive says grep's words search folders (-r, -R), not its input.
func recursive(args []shWord) bool {
	return slices.ContainsFunc(args, func(w shWord) bool {
		t := w.text
		return t == "--recursive" || t == "--dereference-recursive" ||
			shortFlag(t, 'r') || shortFlag(t, 'R')
	})
}

// namesOnly says a search prints file names, not lines: -l or -L (alone
// or among other letters before one that takes a value), or their long
// forms, or rg's --files.
func namesOnly(args []shWord, valued string) bool {
	for _, w := range args {
		t := w.text
		switch {
		case t == "--":
			return false
		case t == "--files-with-matches" || t == "--files-without-match" || t == "--files":
			return true
		case strings.HasPrefix(t, "-") && !strings.HasPrefix(t, "--"):
			for _, c := range t[1:] {
				if c == 'l' || c == 'L' {
					return true
				}
				if strings.ContainsRune(valued, c) {
					break
				}
			}
		}
	}
	return false
}

// orHere is words, or . for none.
func orHere(words []shWord) []shWord {
	if len(words) == 0 {
		return []shWord{{text: "."}}
	}
	return words
}

// reads looks at read, mapfile and printf -v: the variable they set is
// not known, unless read takes names from a listing command down a pipe.
func (a *shellAnalysis) reads(name string, args []shWord) {
	value := unknownText
	if a.pipe != nil {
		if list, ok := a.listing(a.pipe.words, a.pipe.in); ok && len(list) > 0 {
			value = list[len(list)-1].text
		}
	}
	ops := operands(args, "adnNptuCcs", []string{"--"})
	if name == "printf" {
		ops = nil
		for i, w := range args {
			if w.text == "-v" && i+1 < len(args) {
				ops = append(ops, args[i+1])
			}
		}
	}
	for _, w := range ops {
		if syntax.ValidName(w.text) {
			a.setting(w.text, value)
			a.vars[w.text] = value
		}
	}
}

var interpreters = []string{"python", "python2", "python3", "pypy", "pypy3", "node", "nodejs", "deno",
	"bun", "php", "lua", "luajit", "rscript", "julia", "osascript", "pwsh", "powershell", "tclsh", "groovy"}

func interpreter(name string) bool {
	if slices.Contains(interpreters, name) {
		return true
	}
	// python3.12 and the like.
	return strings.HasPrefix(name, "python") && strings.Trim(name[len("python"):], "0123456789.") == ""
}

// interpreted handles an interpreter given its script inline (python -c,
// node -e; perl -e's scripts, found before) or on stdin. A script that
// writes may write what the command's other words name (sys.argv).
func (a *shellAnalysis) interpreted(scripts []string, args []shWord, valued string, in input) {
	after := -1
	for i, w := range args {
		switch w.text {
		case "-c", "-e", "-E", "--eval", "-p", "--print", "-r", "eval", "-Command", "-command":
			if i+1 < len(args) && len(scripts) == 0 {
				scripts = append(scripts, args[i+1].text)
			}
			after = i + 2
		}
	}
	ops := operands(args, valued, nil)
	if len(scripts) == 0 && (len(ops) == 0 || ops[0].text == "-" || stdinFile(ops[0].text)) {
		switch {
		case in.text != "":
			scripts = append(scripts, in.text)
		case in.piped || in.file != "":
			a.unknownScript("the interpreter runs a script it reads from " + inputName(in))
			return
		}
	}
	for _, s := range scripts {
		if a.inlineScript(s) && after >= 0 && after <= len(args) {
			for _, w := range operands(args[after:], "", nil) {
				a.write(w, false)
			}
		}
	}
}

// inlineScript reads a script in another language for the files it
// writes, and reports whether it writes: when it shows a sign of writing
// (a write or delete call, a file opened for writing, a > redirection),
// every string in quotes in it is taken as a path it may write; when it
// runs commands (system, subprocess, exec), each such string is read as
// shell too. A script that only reads is left alone.
func (a *shellAnalysis) inlineScript(script string) bool {
	if strings.Contains(script, unknownText) {
		a.unknownScript("the script it runs holds a part the guard cannot know")
		return true
	}
	literals := quotedStrings(script)
	literals = literals[:min(len(literals), 256)]
	if runsCommands(script) {
		for _, s := range literals {
			a.inlineShell(s, "the command it runs holds a part the guard cannot know")
		}
	}
	if !writesFiles(script, literals) {
		return false
	}
	for _, s := range literals {
		s = strings.TrimLeft(s, "<>+ ")
		if s != "" && len(s) < 4096 && !strings.ContainsAny(s, "\n") {
			a.write(shWord{text: s}, false)
		}
	}
	return true
}

var writeSigns = []string{"write", "append", "unlink", "rename", "rmtree", "remove(", "truncate", "copy",
	"move(", "mkdir", "makedirs", "symlink", "touch", "delete", "put_contents", "os.replace", "rmsync",
	"fs.rm", ".rm(", "rmdir", "syswrite", "print >", "print>", "printf >", "printf>", "link("}

func writesFiles(script string, literals []string) bool {
	lower := strings.ToLower(script)
	if slices.ContainsFunc(writeSigns, func(s string) bool { return strings.Contains(lower, s) }) {
		return true
	}
	return slices.ContainsFunc(literals, func(l string) bool {
		return openMode(l) || strings.HasPrefix(l, ">") || strings.HasPrefix(l, "+<")
	})
}

var runSigns = []string{"system", "subprocess", "popen", "exec", "spawn", "child_process", "shell_exec", "passthru", "`"}

func runsCommands(script string) bool {
	lower := strings.ToLower(script)
	return slices.ContainsFunc(runSigns, func(s string) bool { return strings.Contains(lower, s) })
}

// openMode reports whether s is a mode that opens a file for writing ("wb").
func openMode(s string) bool {
	if s == "" || len(s) > 3 || strings.Trim(s, "rwaxbtU+") != "" {
		return false
	}
	return strings.ContainsAny(s, "wax+")
}

// quotedStrings returns the text inside every pair of quotes in a script.
func quotedStrings(script string) []string {
	var out []string
	for i := 0; i < len(script); i++ {
		q := script[i]
		if q != '\'' && q != '"' && q != '`' {
			continue
		}
		var b strings.Builder
		j := i + 1
		for ; j < len(script) && script[j] != q; j++ {
			if script[j] == '\\' && j+1 < len(script) {
				j++
			}
			b.WriteByte(script[j])
		}
		out = append(out, b.String())
		i = j
	}
	return out
}

// joinPath is dir/p for a shell path: p as it is when absolute.
// folder is the folder p names, for an option that changes the folder
// a command works in (git -C, tar -C, unzip -d): which folder a pattern
// finds (prof*) is not known.
func folder(p string) string {
	if strings.ContainsAny(p, "*?[") {
		return unknownText
	}
	return p
}

func joinPath(dir, p string) string {
	if strings.HasPrefix(p, "/") || dir == "" {
		return p
	}
	return dir + "/" + p
}
