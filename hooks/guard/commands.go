package guard

import (
	"path"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// What each command a Bash call runs would write, from its words as the
// shell passes them on (shell.go reads the command line).

func commandName(word string) string {
	return strings.ToLower(path.Base(strings.ReplaceAll(word, "\\", "/")))
}

// run looks at one command's words, after its redirections.
func (a *shellAnalysis) run(words []shWord, in input) {
	dir := a.dir
	words = a.unwrap(words)
	defer func() {
		if a.dir == dir || len(words) == 0 || !changesDir[commandName(words[0].text)] {
			a.dir = dir // env -C and the like: for that command only
		}
	}()
	if len(words) == 0 {
		return
	}
	if strings.Contains(words[0].text, unknownText) {
		a.unknownCommand(words)
		return
	}
	name, args := commandName(words[0].text), words[1:]
	a.generic(args)
	switch name {
	case "cd", "pushd", "popd":
		a.cd(name, args)
	case "at", "batch", "crontab", "tmux", "ssh", "docker", "podman":
		a.later(name, args, in)
	case "rm", "rmdir", "unlink", "shred", "srm", "trash", "trash-put":
		for _, w := range operands(args, "", nil) {
			a.write(w, true)
		}
	case "touch", "truncate", "mkdir", "tee", "mkfifo", "mknod":
		for _, w := range operands(args, "dtrsm", []string{"--date", "--reference", "--size", "--mode"}) {
			a.write(w, false)
		}
	case "chmod", "chown", "chgrp", "chattr", "setfacl":
		// A mode may look like an option (chmod -x); the mode itself,
		// taken as a path, names nothing kept.
		for _, w := range args {
			if !strings.HasPrefix(w.text, "-") || len(w.text) > 1 && strings.Trim(w.text[1:], "rwxXstugo") != "" {
				a.write(w, false)
			}
		}
	case "mktemp":
		a.mktemp(args)
	case "cp", "mv", "ln", "install", "rsync", "link", "scp":
		a.copyLike(name, args)
	case "dd":
		for _, w := range args {
			if of, ok := strings.CutPrefix(w.text, "of="); ok {
				a.write(shWord{text: of, glob: w.glob}, false)
			}
		}
	case "sed":
		a.sed(args, in)
	case "perl", "ruby":
		scripts := a.inPlace(args, "eEIM", nil, map[byte]bool{'e': true, 'E': true})
		a.interpreted(scripts, args, "IM", in)
	case "awk", "gawk", "mawk", "nawk":
		a.awk(args)
	case "ed", "ex", "vi", "vim", "nvim", "view", "nano", "emacs", "micro", "joe", "pico", "red":
		a.editor(name, args, in)
	case "sh", "bash", "zsh", "dash", "ksh", "ash", "mksh", "busybox", "source", ".":
		a.shell(name, args, in)
	case "eval":
		a.inlineShell(joinWords(args), "eval runs text the guard cannot know")
	case "xargs":
		a.xargs(args, in)
	case "find":
		a.find(args)
	case "git":
		a.git(args, in)
	case "sw":
		a.sw(args)
	case "tar", "bsdtar", "unzip", "7z", "7za", "cpio", "ar", "gunzip", "gzip", "bunzip2", "bzip2", "unxz", "xz", "zstd", "unzstd":
		a.archive(name, args)
	case "patch":
		a.patch(args, in)
	case "read", "mapfile", "readarray", "printf":
		a.reads(name, args)
	case "script":
		// script -c TEXT runs TEXT; its typescript file is written.
		a.commandOption(args, 'c', "--command", name)
		for _, w := range operands(args, "cEIOTm", []string{"--command", "--echo", "--log-in", "--log-out", "--log-timing", "--logging-format"}) {
			a.write(w, false)
		}
	case "su", "runuser":
		a.commandOption(args, 'c', "--command", name)
	case "watch":
		// watch runs its words as one shell text, again and again.
		if cmd := afterOptions(args, "nq", []string{"--interval", "--equexit"}); len(cmd) > 0 {
			a.inlineShell(joinWords(cmd), "watch runs text the guard cannot know")
		}
	case "parallel":
		a.parallel(args, in)
	default:
		switch {
		case a.rewrites(name, args):
		case interpreter(name):
			a.interpreted(nil, args, "mWX", in)
		default:
			a.nestedShell(args, in)
		}
	}
}

// commandOption reads the shell text an option of name runs (su -c TEXT,
// flock --command=TEXT), wherever it stands among the words.
func (a *shellAnalysis) commandOption(args []shWord, short byte, long, name string) {
	if w, ok := optionValue(args, short, long); ok {
		a.inlineShell(w.text, name+" runs text the guard cannot know")
	}
}

// optionValue is the value of the option -short or long wherever it
// stands among args (-O FILE, -qO FILE, -OFILE, --long FILE, --long=FILE),
// the last one given.
func optionValue(args []shWord, short byte, long string) (shWord, bool) {
	var v shWord
	found := false
	for i, w := range args {
		t := w.text
		switch {
		case t == long && i+1 < len(args):
			v, found = args[i+1], true
		case strings.HasPrefix(t, long+"="):
			v, found = shWord{text: strings.TrimPrefix(t, long+"="), glob: w.glob}, true
		case len(t) > 1 && t[0] == '-' && t[1] != '-':
			// A cluster of flags ending in the letter: its value follows.
			if k := strings.IndexByte(t, short); k > 0 {
				if v, found = (shWord{text: t[k+1:], glob: w.glob}), true; v.text == "" && i+1 < len(args) {
					v = args[i+1]
				}
			}
		}
	}
	return v, found
}

// shells are the commands that run a shell's text with -c.
var shells = []string{"sh", "bash", "zsh", "dash", "ksh", "ash", "mksh", "busybox"}

// nestedShell reads a shell run with -c among the words of a command the
// guard does not know (unshare -r sh -c TEXT, nsenter -t 1 bash -lc TEXT):
// whatever the command is, what it runs is that shell.
func (a *shellAnalysis) nestedShell(args []shWord, in input) {
	for i, w := range args[:max(len(args)-1, 0)] {
		next := args[i+1].text
		if slices.Contains(shells, commandName(w.text)) && strings.HasPrefix(next, "-") && !strings.HasPrefix(next, "--") && strings.Contains(next, "c") {
			a.run(args[i:], in)
			return
		}
	}
}

// outputFile and outputDir are the options by which commands at large
// name the file they write (sort -o, curl --output, go build -o, openssl
// -out) or the folder they write in (curl --output-dir, pandoc
// --output-directory).
var (
	outputFile = []string{"-o", "--output", "--outfile", "--output-file", "-out", "--out"}
	outputDir  = []string{"--output-dir", "--outdir", "--out-dir", "--output-directory"}
)

// generic notes what any command writes with an output option.
func (a *shellAnalysis) generic(args []shWord) {
	for i, w := range args {
		name, value, joined := strings.Cut(w.text, "=")
		if joined && !strings.HasPrefix(name, "--") {
			continue // -o=x is no option of these
		}
		v := shWord{text: value, glob: w.glob}
		if !joined {
			if i+1 == len(args) {
				continue
			}
			v = args[i+1]
		}
		switch {
		case slices.Contains(outputFile, name):
			a.write(v, false)
		case slices.Contains(outputDir, name):
			a.write(below(v), false)
		}
	}
}

// unknownCommand looks at a command whose name the guard cannot know
// ($EDITOR file, "$(which sw)" reject x): any of its words may be what
// it writes, and a decision named in its words is refused as sw's.
func (a *shellAnalysis) unknownCommand(words []shWord) {
	a.sw(words[1:])
	for _, w := range words[1:] {
		if !strings.HasPrefix(w.text, "-") {
			a.write(w, false)
		}
	}
}

// cd follows a change of folder; one it cannot know leaves a relative
// path written after it unplaced.
func (a *shellAnalysis) cd(name string, args []shWord) {
	ops := operands(args, "", nil)
	switch {
	case name == "popd":
		a.dir, a.oldDir = unknownText, a.dir
	case len(ops) == 0:
		a.dir, a.oldDir = a.variable("HOME"), a.dir
	case ops[0].text == "-":
		a.dir, a.oldDir = a.oldDir, a.dir
	default:
		a.dir, a.oldDir = joinPath(a.dir, folder(ops[0].text)), a.dir
	}
	if a.dir == "" || strings.ContainsAny(a.dir, unknownName+unknownBelow) {
		a.dir = unknownText
	}
}

// changesDir are the commands that change the folder for what follows,
// rather than for themselves.
var changesDir = map[string]bool{"cd": true, "pushd": true, "popd": true}

// unwrap drops what stands before the command proper: commands that run
// the rest of the line (sudo, env, nice, ...), and the variables env sets
// for it.
func (a *shellAnalysis) unwrap(words []shWord) []shWord {
	for len(words) > 0 {
		w := words[0]
		if name, value, ok := strings.Cut(w.text, "="); ok && syntax.ValidName(name) {
			a.setting(name, value)
			words = words[1:]
			continue
		}
		switch commandName(w.text) {
		case "sudo", "doas":
			valued, long := "ugCDhprtTU", []string{"--chdir", "--user", "--group"}
			a.chdirOption(words[1:], 'D', valued, long)
			words = afterOptions(words[1:], valued, long)
		case "env":
			if split := a.splitString(words[1:]); split != nil {
				return a.unwrap(split)
			}
			valued, long := "uCS", []string{"--unset", "--chdir", "--split-string"}
			a.chdirOption(words[1:], 'C', valued, long)
			words = afterOptions(words[1:], valued, long)
		case "nice", "ionice", "stdbuf":
			words = afterOptions(words[1:], "ncpNioe", nil)
		case "setsid":
			words = afterOptions(words[1:], "", nil)
		case "npx", "bunx", "pnpx":
			words = afterOptions(words[1:], "pc", []string{"--package", "--call"})
		case "strace", "ltrace":
			a.generic(words[1:]) // -o FILE
			words = afterOptions(words[1:], "oesSpuEPIabX", []string{"--output", "--trace", "--signal", "--attach", "--user"})
		case "flock":
			// flock [options] FILE COMMAND..., or FILE -c TEXT: the lock's
			// file is no command.
			a.commandOption(words[1:], 'c', "--command", "flock")
			words = afterOptions(words[1:], "wEc", []string{"--timeout", "--wait", "--conflict-exit-code", "--command"})
			if len(words) > 0 {
				words = words[1:]
			}
		case "timeout":
			words = afterOptions(words[1:], "sk", []string{"--signal", "--kill-after"})
			if len(words) > 0 {
				words = words[1:] // the duration
			}
		case "nohup", "command", "builtin", "exec", "chronic", "unbuffer", "noglob", "nocorrect", "time", "caffeinate":
			words = afterOptions(words[1:], "", nil)
		case "busybox", "toybox":
			// busybox rm: the applet is the command.
			if len(words) < 2 || strings.HasPrefix(words[1].text, "-") {
				return words
			}
			words = words[1:]
		default:
			return words
		}
	}
	return nil
}

// chdirOption follows the option that runs the command in another folder
// (env -C, sudo -D, both also --chdir), read among the command's options
// (valued and longValued take a value) as the command reads it: the last
// one given wins, from where the command was run.
func (a *shellAnalysis) chdirOption(words []shWord, short byte, valued string, longValued []string) {
	dir, found := "", false
	for i := 0; i < len(words); {
		n := optionWords(words, i, valued, longValued)
		if n <= 0 || i+n > len(words) {
			break // the operands, or an option whose value is missing
		}
		t := words[i].text
		switch {
		case t == "--chdir" && n == 2:
			dir, found = words[i+1].text, true
		case strings.HasPrefix(t, "--chdir="):
			dir, found = strings.TrimPrefix(t, "--chdir="), true
		case !strings.HasPrefix(t, "--"):
			// A cluster of short options: the first that takes a value
			// takes the rest of the word, or the next word.
			if k := strings.IndexAny(t[1:], valued); k >= 0 && t[1+k] == short {
				dir, found = t[2+k:], true
				if n == 2 {
					dir = words[i+1].text
				}
			}
		}
		i += n
	}
	if found {
		a.dir = joinPath(a.dir, folder(dir))
	}
}

// splitString is env -S STRING's words: the string split as env splits
// it, then the rest; nil without -S.
func (a *shellAnalysis) splitString(words []shWord) []shWord {
	for i, w := range words {
		t := w.text
		var s string
		switch {
		case (t == "-S" || t == "--split-string") && i+1 < len(words):
			s = words[i+1].text
			words = words[i+2:]
		case strings.HasPrefix(t, "--split-string="):
			s = strings.TrimPrefix(t, "--split-string=")
			words = words[i+1:]
		case strings.HasPrefix(t, "-S") && len(t) > 2:
			s = t[2:]
			words = words[i+1:]
		default:
			continue
		}
		var out []shWord
		for _, f := range strings.Fields(s) {
			out = append(out, shWord{text: f})
		}
		return append([]shWord{{text: "env"}}, append(out, words...)...)
	}
	return nil
}

// afterOptions returns the words from a command's first operand on; the
// options in valued take a value, joined or as the next word.
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

// operands returns every word that is not an option or an option's value.
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

const endOfOptions = -1 // optionWords' answer for "--"

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

// copyLike handles cp, mv, ln, install and rsync: the destination is
// written, and what lands inside it when it is a folder.
func (a *shellAnalysis) copyLike(name string, args []shWord) {
	valued, long := "tS", []string{"--target-directory", "--suffix"}
	switch name {
	case "install":
		valued += "gmo"
		long = append(long, "--group", "--mode", "--owner")
	case "scp":
		valued = "cFiJlPoS"
	case "rsync":
		valued = "eTfBM"
		long = []string{"--rsh", "--temp-dir", "--filter", "--exclude", "--include", "--backup-dir",
			"--log-file", "--files-from", "--chmod", "--chown", "--partial-dir", "--compare-dest",
			"--copy-dest", "--link-dest", "--suffix", "--rsync-path", "--block-size", "--max-size", "--min-size"}
	}
	ops := operands(args, valued, long)
	var target shWord // the destination, a pattern the shell matches or not
	hasTarget := false
	deleting, dirs, removesSources := false, false, name == "mv"
	// hard: a hard link, not a copy (ln without -s, cp -l); intoTarget:
	// the source's contents go into the destination (cp -T, mv -T).
	hard, intoTarget := name == "ln" || name == "link", false
	for i := 0; i < len(args); i++ {
		t := args[i].text
		switch {
		case t == "--":
			i = len(args)
		case t == "-t" || t == "--target-directory":
			if i+1 < len(args) {
				target, hasTarget = args[i+1], true
			}
		case strings.HasPrefix(t, "--target-directory="):
			target, hasTarget = shWord{text: strings.TrimPrefix(t, "--target-directory="), glob: args[i].glob}, true
		case strings.HasPrefix(t, "-t") && !strings.HasPrefix(t, "--") && len(t) > 2 && name != "rsync":
			target, hasTarget = shWord{text: t[2:], glob: args[i].glob}, true
		case strings.HasPrefix(t, "--delete") || t == "--remove-source-files":
			deleting = deleting || strings.HasPrefix(t, "--delete")
			removesSources = removesSources || t == "--remove-source-files"
		case name == "install" && t == "-d", name == "install" && t == "--directory":
			dirs = true
		case t == "--symbolic" || name == "ln" && shortFlag(t, 's'):
			hard = false
		case t == "--link" || name == "cp" && shortFlag(t, 'l'):
			hard = true
		case t == "--no-target-directory" || name != "rsync" && shortFlag(t, 'T'):
			intoTarget = true
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
		if len(ops) == 1 && name == "ln" { // ln TARGET: a link of that name here
			target = shWord{text: path.Base(strings.TrimRight(ops[0].text, "/")), glob: ops[0].glob}
		} else {
			target, sources = ops[len(ops)-1], ops[:len(ops)-1]
		}
	}
	if (name == "rsync" || name == "scp") && remote(target.text) {
		return
	}
	a.write(target, deleting)
	for _, s := range sources {
		if name != "ln" && removesSources {
			a.write(s, true)
		}
		if hard && (name == "ln" || name == "link" || name == "cp") {
			// Another name for the file: a write through it writes the
			// file, so a kept file gets none.
			a.write(s, false)
		}
		base := path.Base(strings.TrimRight(s.text, "/"))
		switch {
		case intoTarget || base == "." || base == "/" || name == "rsync" && strings.HasSuffix(s.text, "/"):
			// What the source holds lands in the destination, under names
			// the guard cannot list.
			a.write(shWord{text: strings.TrimRight(target.text, "/") + "/" + unknownBelow, glob: target.glob}, false)
		default:
			a.write(shWord{text: strings.TrimRight(target.text, "/") + "/" + base, glob: s.glob || target.glob}, name == "mv")
		}
	}
}

// remote reports whether an rsync operand names another host (host:path).
func remote(p string) bool {
	colon := strings.IndexByte(p, ':')
	slash := strings.IndexByte(p, '/')
	return colon > 0 && (slash < 0 || colon < slash)
}

// shortFlag reports whether t is a cluster of short options holding c.
func shortFlag(t string, c byte) bool {
	return len(t) > 1 && t[0] == '-' && t[1] != '-' && strings.IndexByte(t[1:], c) >= 0
}
