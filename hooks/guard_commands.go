package hooks

import (
	"path"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// What each command a Bash call runs would write, from its words as the
// shell passes them on (guard_shell.go reads the command line).

func commandName(word string) string {
	return strings.ToLower(path.Base(strings.ReplaceAll(word, "\\", "/")))
}

// run looks at one command's words, after its redirections.
func (a *shellAnalysis) run(words []shWord, stdin string, pipedFrom *shCall) {
	words = unwrap(words)
	if len(words) == 0 {
		return
	}
	name, args := commandName(words[0].text), words[1:]
	switch name {
	case "cd", "pushd":
		ops := operands(args, "", nil)
		switch {
		case len(ops) == 0:
			if home := a.getenv("HOME"); home != "" {
				a.dir = home
			}
		case ops[0].text != "-":
			a.dir = joinPath(a.dir, ops[0].text)
		}
	case "rm", "rmdir", "unlink", "shred", "srm", "trash", "trash-put":
		for _, w := range operands(args, "", nil) {
			a.writeWhole(w)
		}
	case "touch", "truncate", "mkdir", "tee", "mkfifo", "mknod":
		for _, w := range operands(args, "dtrsm", []string{"--date", "--reference", "--size", "--mode"}) {
			a.write(w, false)
		}
	case "cp", "mv", "ln", "install", "rsync":
		a.copyLike(name, args)
	case "dd":
		for _, w := range args {
			if of, ok := strings.CutPrefix(w.text, "of="); ok {
				a.write(shWord{text: of}, false)
			}
		}
	case "sed":
		a.inPlace(args, "efl", []string{"--expression", "--file", "--line-length"}, nil)
	case "perl", "ruby":
		scripts := a.inPlace(args, "eEIM", nil, map[byte]bool{'e': true, 'E': true})
		if len(scripts) == 0 && stdin != "" && len(operands(args, "IM", nil)) == 0 {
			scripts = append(scripts, stdin)
		}
		for _, s := range scripts {
			a.inlineScript(s)
		}
	case "awk", "gawk", "mawk", "nawk":
		a.awk(args)
	case "sh", "bash", "zsh", "dash", "ksh", "ash", "mksh", "busybox":
		a.shell(name, args, stdin)
	case "eval":
		var parts []string
		for _, w := range args {
			parts = append(parts, w.text)
		}
		a.script(strings.Join(parts, " "))
	case "xargs":
		a.xargs(args, pipedFrom)
	case "find":
		a.find(args)
	case "git":
		a.git(args)
	default:
		if interpreter(name) {
			a.interpreter(args, stdin)
		}
	}
}

// unwrap drops what stands before the command proper: commands that run
// the rest of the line (sudo, env, nice, ...), and the variables env sets
// for it.
func unwrap(words []shWord) []shWord {
	for len(words) > 0 {
		w := words[0]
		if name, _, ok := strings.Cut(w.text, "="); ok && syntax.ValidName(name) {
			words = words[1:]
			continue
		}
		switch commandName(w.text) {
		case "sudo", "doas":
			words = afterOptions(words[1:], "ugCDhprtTU", nil)
		case "env":
			words = afterOptions(words[1:], "uCS", []string{"--unset", "--chdir", "--split-string"})
		case "nice", "ionice", "stdbuf":
			words = afterOptions(words[1:], "ncpNioe", nil)
		case "timeout":
			words = afterOptions(words[1:], "sk", []string{"--signal", "--kill-after"})
			if len(words) > 0 {
				words = words[1:] // the duration
			}
		case "nohup", "command", "builtin", "exec", "chronic", "unbuffer", "noglob", "nocorrect", "time":
			words = afterOptions(words[1:], "", nil)
		default:
			return words
		}
	}
	return nil
}

// afterOptions skips a command's options (those in valued take a value,
// joined or as the next word) and returns the words from its first
// operand on.
func afterOptions(words []shWord, valued string, longValued []string) []shWord {
	for i := 0; i < len(words); {
		switch n := optionWords(words, i, valued, longValued); n {
		case endOfOptions:
			return words[i+1:]
		case 0:
			return words[i:]
		default:
			i += n
		}
	}
	return nil
}

// operands returns a command's operands: every word that is not an option
// or an option's value. -- ends the options.
func operands(words []shWord, valued string, longValued []string) []shWord {
	var out []shWord
	for i := 0; i < len(words); {
		switch n := optionWords(words, i, valued, longValued); n {
		case endOfOptions:
			return append(out, words[i+1:]...)
		case 0:
			out = append(out, words[i])
			i++
		default:
			i += n
		}
	}
	return out
}

// endOfOptions is optionWords' answer for "--".
const endOfOptions = -1

// optionWords says how many words the option at words[i] takes: 1, or 2
// with a value given as the next word; 0 when words[i] is an operand.
func optionWords(words []shWord, i int, valued string, longValued []string) int {
	t := words[i].text
	switch {
	case t == "--":
		return endOfOptions
	case strings.HasPrefix(t, "--"):
		if !strings.Contains(t, "=") && slices.Contains(longValued, t) {
			return 2
		}
		return 1
	case strings.HasPrefix(t, "-") && t != "-":
		for k := 1; k < len(t); k++ {
			if strings.IndexByte(valued, t[k]) >= 0 {
				if k == len(t)-1 {
					return 2
				}
				break
			}
		}
		return 1
	}
	return 0
}

func (a *shellAnalysis) write(w shWord, whole bool) {
	if w.text == "" {
		return
	}
	a.writes = append(a.writes, shellWrite{word: w, dir: a.dir, whole: whole})
}

func (a *shellAnalysis) writeWhole(w shWord) { a.write(w, true) }

// copyLike handles cp, mv, ln, install and rsync: the destination is
// written, and so is what lands inside it when it is a folder; mv also
// takes its sources away.
func (a *shellAnalysis) copyLike(name string, args []shWord) {
	valued, long := "tS", []string{"--target-directory", "--suffix"}
	switch name {
	case "install":
		valued += "gmo"
		long = append(long, "--group", "--mode", "--owner")
	case "rsync":
		valued = "eTfBM"
		long = []string{"--rsh", "--temp-dir", "--filter", "--exclude", "--include", "--backup-dir",
			"--log-file", "--files-from", "--chmod", "--chown", "--partial-dir", "--compare-dest",
			"--copy-dest", "--link-dest", "--suffix", "--rsync-path", "--block-size", "--max-size", "--min-size"}
	}
	ops := operands(args, valued, long)
	target, hasTarget := "", false
	deleting, dirs, removesSources := false, false, name == "mv"
	for i := 0; i < len(args); i++ {
		t := args[i].text
		switch {
		case t == "--":
			i = len(args)
		case t == "-t" || t == "--target-directory":
			if i+1 < len(args) {
				target, hasTarget = args[i+1].text, true
			}
		case strings.HasPrefix(t, "--target-directory="):
			target, hasTarget = strings.TrimPrefix(t, "--target-directory="), true
		case strings.HasPrefix(t, "-t") && !strings.HasPrefix(t, "--") && len(t) > 2 && name != "rsync":
			target, hasTarget = t[2:], true
		case strings.HasPrefix(t, "--delete") || t == "--remove-source-files":
			deleting = deleting || strings.HasPrefix(t, "--delete")
			removesSources = removesSources || t == "--remove-source-files"
		case name == "install" && t == "-d", name == "install" && t == "--directory":
			dirs = true
		}
	}
	if dirs {
		for _, w := range ops {
			a.write(w, false)
		}
		return
	}
	sources := ops
	if !hasTarget {
		if len(ops) == 0 {
			return
		}
		if len(ops) == 1 && name == "ln" { // ln -s TARGET: a link of that name here
			target = path.Base(strings.TrimRight(ops[0].text, "/"))
		} else {
			target, sources = ops[len(ops)-1].text, ops[:len(ops)-1]
		}
	}
	if name == "rsync" && remote(target) {
		return
	}
	dest := shWord{text: target}
	a.write(dest, deleting)
	for _, s := range sources {
		if name != "ln" && removesSources {
			a.writeWhole(s)
		}
		if base := path.Base(strings.TrimRight(s.text, "/")); base != "." && base != "/" && (name != "rsync" || !strings.HasSuffix(s.text, "/")) {
			a.write(shWord{text: strings.TrimRight(target, "/") + "/" + base}, name == "mv")
		}
	}
}

// remote reports whether an rsync operand names another host (host:path).
func remote(p string) bool {
	colon := strings.IndexByte(p, ':')
	slash := strings.IndexByte(p, '/')
	return colon > 0 && (slash < 0 || colon < slash)
}

// inPlace handles sed and perl (and ruby): with -i they rewrite every
// file they are given. It returns the scripts given with -e (for those in
// scriptOpts), for perl and ruby to be read as scripts.
func (a *shellAnalysis) inPlace(args []shWord, valued string, long []string, scriptOpts map[byte]bool) []string {
	inPlace := false
	var scripts []string
	for i := 0; i < len(args); i++ {
		t := args[i].text
		if t == "--" {
			break
		}
		if strings.HasPrefix(t, "--in-place") {
			inPlace = true
			continue
		}
		if !strings.HasPrefix(t, "-") || strings.HasPrefix(t, "--") || t == "-" {
			continue
		}
		for k := 1; k < len(t); k++ {
			c := t[k]
			if c == 'i' {
				inPlace = true
				break // the rest is the backup's suffix
			}
			if strings.IndexByte(valued, c) >= 0 {
				value := t[k+1:]
				if value == "" && i+1 < len(args) {
					i++
					value = args[i].text
				}
				if scriptOpts[c] {
					scripts = append(scripts, value)
				}
				break
			}
		}
	}
	if inPlace {
		for _, w := range operands(args, valued, long) {
			a.write(w, false)
		}
	}
	return scripts
}

func (a *shellAnalysis) awk(args []shWord) {
	ops := operands(args, "fvFiE", []string{"--file", "--assign", "--field-separator", "--include"})
	hasFile, inPlace := false, false
	for i, w := range args {
		switch {
		case w.text == "-f" || strings.HasPrefix(w.text, "--file"):
			hasFile = true
		case (w.text == "-i" || w.text == "--include") && i+1 < len(args) && args[i+1].text == "inplace":
			inPlace = true
		case w.text == "-iinplace":
			inPlace = true
		}
	}
	if !hasFile && len(ops) > 0 {
		a.inlineScript(ops[0].text)
		ops = ops[1:]
	}
	if inPlace {
		for _, w := range ops {
			a.write(w, false)
		}
	}
}

// shell handles sh -c SCRIPT, and a shell reading its script from a
// heredoc or a pipe.
func (a *shellAnalysis) shell(name string, args []shWord, stdin string) {
	if name == "busybox" {
		if len(args) == 0 || !slices.Contains([]string{"sh", "ash", "bash"}, commandName(args[0].text)) {
			return
		}
		args = args[1:]
	}
	command := false
	var ops []shWord
	for i := 0; i < len(args); i++ {
		t := args[i].text
		switch {
		case t == "--" || t == "-":
			ops = append(ops, args[i+1:]...)
			i = len(args)
		case t == "-o" || t == "+o" || t == "-O" || t == "+O" || t == "--rcfile" || t == "--init-file":
			i++
		case strings.HasPrefix(t, "--"):
		case strings.HasPrefix(t, "-") || strings.HasPrefix(t, "+"):
			command = command || strings.IndexByte(t, 'c') > 0
		default:
			ops = append(ops, args[i])
		}
	}
	script := ""
	switch {
	case command && len(ops) > 0:
		script = ops[0].text
	case !command && len(ops) == 0:
		script = stdin
	}
	if script != "" {
		dir := a.dir // the shell's cd stays in it
		a.script(script)
		a.dir = dir
	}
}

// xargs runs a command with words read from its input; the words that
// stand after the command feeding it (find profile | xargs rm) are taken
// as that input.
func (a *shellAnalysis) xargs(args []shWord, pipedFrom *shCall) {
	cmd := afterOptions(args, "ILlnPsdEa", []string{"--max-lines", "--max-args",
		"--max-procs", "--max-chars", "--delimiter", "--eof", "--arg-file"})
	if len(cmd) == 0 {
		return
	}
	var input []shWord
	if pipedFrom != nil && len(pipedFrom.words) > 1 {
		for _, w := range pipedFrom.words[1:] {
			if !strings.HasPrefix(w.text, "-") {
				input = append(input, w)
			}
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
		a.run(append(append([]shWord(nil), cmd...), input...), "", nil)
		return
	}
	for _, in := range input {
		words := make([]shWord, len(cmd))
		for k, w := range cmd {
			words[k] = w
			if strings.Contains(w.text, replace) {
				words[k] = shWord{text: strings.ReplaceAll(w.text, replace, in.text), glob: in.glob}
			}
		}
		a.run(words, "", nil)
	}
}

// find writes what it starts from when it deletes, or runs a command that
// writes, on what it finds.
func (a *shellAnalysis) find(args []shWord) {
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
	if len(starts) == 0 {
		starts = []shWord{{text: "."}}
	}
	for ; i < len(args); i++ {
		switch args[i].text {
		case "-delete":
			for _, s := range starts {
				a.writeWhole(s)
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
			sub := args[i+1 : j]
			for _, s := range starts {
				var words []shWord
				for _, w := range sub {
					if strings.Contains(w.text, "{}") {
						w = shWord{text: strings.ReplaceAll(w.text, "{}", s.text), glob: s.glob}
					}
					words = append(words, w)
				}
				a.run(words, "", nil)
			}
			i = j
		}
	}
}

// git: the subcommands that write files in the working tree or the index
// by path (checkout, restore, rm, mv, reset, clean), with -C followed.
func (a *shellAnalysis) git(args []shWord) {
	dir := a.dir
	defer func() { a.dir = dir }()
	i := 0
	for ; i < len(args); i++ {
		t := args[i].text
		if t == "-C" && i+1 < len(args) {
			i++
			a.dir = joinPath(a.dir, args[i].text)
			continue
		}
		if t == "-c" || t == "--git-dir" || t == "--work-tree" || t == "--namespace" || t == "--exec-path" {
			i++
			continue
		}
		if !strings.HasPrefix(t, "-") {
			break
		}
	}
	if i >= len(args) {
		return
	}
	sub, rest := args[i].text, args[i+1:]
	switch sub {
	case "checkout":
		// With --, what follows is paths; without, any operand may be one
		// (git checkout profile/x.yaml).
		ops := operands(rest, "bBo", []string{"--orphan", "--conflict", "--pathspec-from-file"})
		for k, w := range rest {
			if w.text == "--" {
				ops = rest[k+1:]
				break
			}
		}
		for _, w := range ops {
			a.writeWhole(w)
		}
	case "restore", "rm", "clean":
		for _, w := range operands(rest, "seE", []string{"--source", "--exclude", "--pathspec-from-file"}) {
			a.writeWhole(w)
		}
	case "reset":
		for _, w := range operands(rest, "", []string{"--pathspec-from-file"}) {
			a.write(w, false)
		}
	case "mv":
		a.copyLike("mv", rest)
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

// interpreter handles an interpreter given its script inline (python -c,
// node -e, php -r, deno eval, ...) or on stdin.
func (a *shellAnalysis) interpreter(args []shWord, stdin string) {
	found := false
	for i, w := range args {
		switch w.text {
		case "-c", "-e", "-E", "--eval", "-p", "--print", "-r", "eval", "-Command", "-command":
			if i+1 < len(args) {
				a.inlineScript(args[i+1].text)
				found = true
			}
		}
	}
	if !found && stdin != "" {
		ops := operands(args, "mWX", nil)
		if len(ops) == 0 || ops[0].text == "-" {
			a.inlineScript(stdin)
		}
	}
}

// inlineScript reads a script in another language for the files it
// writes: when it shows a sign of writing (a write or delete call, a
// file opened for writing, a > redirection), every string in quotes in it
// is taken as a path it may write. A script that only reads is left alone.
func (a *shellAnalysis) inlineScript(script string) {
	literals := quotedStrings(script)
	if !writesFiles(script, literals) {
		return
	}
	for _, s := range literals[:min(len(literals), 256)] {
		s = strings.TrimLeft(s, "<>+ ")
		if s != "" && len(s) < 4096 && !strings.ContainsAny(s, "\n") {
			a.write(shWord{text: s}, false)
		}
	}
}

var writeSigns = []string{"write", "append", "unlink", "rename", "rmtree", "remove(", "truncate", "copy",
	"move(", "mkdir", "makedirs", "symlink", "touch", "delete", "put_contents", "os.replace", "rmsync",
	"fs.rm", ".rm(", "rmdir", "syswrite", "print >", "print>", "printf >", "printf>"}

func writesFiles(script string, literals []string) bool {
	lower := strings.ToLower(script)
	for _, s := range writeSigns {
		if strings.Contains(lower, s) {
			return true
		}
	}
	for _, l := range literals {
		if openMode(l) || strings.HasPrefix(l, ">") || strings.HasPrefix(l, "+<") {
			return true
		}
	}
	return false
}

// openMode reports whether s is a mode that opens a file for writing:
// "w", "a", "x", "r+", "wb", ...
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
func joinPath(dir, p string) string {
	if strings.HasPrefix(p, "/") || dir == "" {
		return p
	}
	return dir + "/" + p
}
