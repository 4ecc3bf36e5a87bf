package guard

import (
	"path"
	"slices"
	"strings"

	"sw/profile/confine"
)

// Commands that write by their own scripts or contents: sed, awk, perl
// and ruby, editors, archivers and patch.

// sed handles sed: -i rewrites the files it is given, and a script may
// write (w, s///w) or run shell (e).
func (a *shellAnalysis) sed(args []shWord, in input) {
	long := []string{"--expression", "--file", "--line-length"}
	scripts := a.inPlace(args, "efl", long, map[byte]bool{'e': true})
	hasFile := false
	for _, w := range args {
		if v, ok := strings.CutPrefix(w.text, "--expression="); ok {
			scripts = append(scripts, v)
		}
		hasFile = hasFile || w.text == "-f" || strings.HasPrefix(w.text, "--file")
	}
	if ops := operands(args, "efl", long); len(scripts) == 0 && !hasFile && len(ops) > 0 {
		scripts = append(scripts, ops[0].text)
	}
	for _, s := range scripts {
		a.sedScript(s)
	}
}

// sedScript notes what a sed script writes, and refuses one that runs
// commands.
func (a *shellAnalysis) sedScript(script string) {
	for _, line := range strings.Split(script, "\n") {
		for _, cmd := range sedCommands(line) {
			switch {
			case cmd.write != "":
				a.write(shWord{text: cmd.write}, false)
			case cmd.exec:
				a.unknownScript("its sed script runs commands (e)")
			}
		}
	}
}

// sedCommand is what the guard needs of one command of a sed script.
type sedCommand struct {
	write string // the file w, W or s///w writes
	exec  bool   // e, or s///e: runs shell
}

// sedCommands reads one line of a sed script: its commands, separated by
// ; or braces, each after its address. A file name runs to the end of
// the line, as sed reads it.
func sedCommands(line string) []sedCommand {
	var out []sedCommand
	i := 0
	for i < len(line) {
		i = skipSedAddress(line, i)
		if i >= len(line) {
			break
		}
		c := line[i]
		i++
		switch c {
		case 'w', 'W':
			return append(out, sedCommand{write: strings.TrimSpace(line[i:])})
		case 'e':
			return append(out, sedCommand{exec: true})
		case 's', 'y':
			flags, rest := sedSubstitution(line, i, c == 's')
			if k := strings.IndexByte(flags, 'w'); k >= 0 {
				return append(out, sedCommand{write: strings.TrimSpace(flags[k+1:] + rest)})
			}
			if strings.Contains(flags, "e") {
				out = append(out, sedCommand{exec: true})
			}
			i = len(line) - len(rest)
		case 'a', 'i', 'c', 'r', 'R', 'b', 't', 'T', ':', 'v', 'L', 'q', 'Q', 'l':
			return out // the rest of the line is text, a file read, or a label
		}
	}
	return out
}

// skipSedAddress skips blanks, separators and an address (numbers, $,
// /regex/, \cregexc, ranges, !) before a command.
func skipSedAddress(line string, i int) int {
	for i < len(line) {
		c := line[i]
		switch {
		case strings.IndexByte(" \t;{}!,~+0123456789$", c) >= 0:
			i++
		case c == '/' || c == '\\' && i+1 < len(line):
			delim := c
			if c == '\\' {
				i++
				delim = line[i]
			}
			i = skipDelimited(line, i+1, delim)
			for i < len(line) && (line[i] == 'I' || line[i] == 'M') {
				i++
			}
		default:
			return i
		}
	}
	return i
}

// skipDelimited returns where the text from i ends: just after delim.
func skipDelimited(line string, i int, delim byte) int {
	for ; i < len(line); i++ {
		switch line[i] {
		case '\\':
			i++
		case delim:
			return i + 1
		}
	}
	return len(line) // a backslash at the end steps past it
}

// sedSubstitution reads s/regex/replacement/flags (or y/a/b/) from just
// after its letter, and returns the flags and what follows them.
func sedSubstitution(line string, i int, flags bool) (string, string) {
	if i >= len(line) {
		return "", ""
	}
	delim := line[i]
	i = skipDelimited(line, i+1, delim)
	i = skipDelimited(line, i, delim)
	if !flags {
		return "", line[i:]
	}
	j := i
	for j < len(line) && strings.IndexByte("gpiImMe0123456789w", line[j]) >= 0 {
		if line[j] == 'w' {
			return line[i : j+1], line[j+1:]
		}
		j++
	}
	return line[i:j], line[j:]
}

// awk handles awk: a program's redirections and pipes (print > "file",
// print | "cmd", system("cmd")) write or run shell, and -i inplace
// rewrites the files it is given.
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
		a.awkProgram(ops[0].text)
		ops = ops[1:]
	}
	if inPlace {
		for _, w := range ops {
			a.write(w, false)
		}
	}
}

// awkProgram notes what an awk program writes or runs; a redirection to
// a name the program computes is one the guard cannot place.
func (a *shellAnalysis) awkProgram(prog string) {
	literals := quotedStrings(prog)
	if strings.Contains(prog, "system") || strings.Contains(prog, "getline") || strings.Contains(prog, "|") {
		for _, s := range literals {
			a.inlineShell(s, "the command it runs holds a part the guard cannot know")
		}
	}
	for _, target := range awkRedirections(prog) {
		if strings.HasPrefix(target, `"`) {
			a.write(shWord{text: strings.Trim(target, `"`)}, false)
		} else {
			a.unknownScript("awk writes to " + target + ", a name it makes as it runs")
		}
	}
}

// awkRedirections returns what follows each > or >> in a print or printf
// statement of an awk program, outside strings: a quoted name, or the
// expression that makes one.
func awkRedirections(prog string) []string {
	var out []string
	inPrint, depth := false, 0
	for i := 0; i < len(prog); i++ {
		c := prog[i]
		switch {
		case c == '"':
			i = skipDelimited(prog, i+1, '"') - 1
		case c == '(':
			depth++
		case c == ')':
			depth--
		case c == ';' || c == '}' || c == '{' || c == '\n':
			inPrint, depth = false, 0
		case strings.HasPrefix(prog[i:], "print"):
			inPrint = true
		case c == '>' && inPrint && depth == 0:
			j := i + 1
			for j < len(prog) && (prog[j] == '>' || prog[j] == ' ' || prog[j] == '\t') {
				j++
			}
			k := j
			if k < len(prog) && prog[k] == '"' {
				k = skipDelimited(prog, k+1, '"')
			} else {
				for k < len(prog) && strings.IndexByte(";}\n", prog[k]) < 0 {
					k++
				}
			}
			out = append(out, strings.TrimSpace(prog[j:k]))
			i = k - 1
		}
	}
	return out
}

// editor handles a text editor: it writes the files it opens, and an ex
// or ed script (on stdin, -c, +) may write others or run shell.
func (a *shellAnalysis) editor(name string, args []shWord, in input) {
	var script []string
	for i := 0; i < len(args); i++ {
		t := args[i].text
		switch {
		case (t == "-c" || t == "--cmd" || t == "-S") && i+1 < len(args):
			i++
			script = append(script, args[i].text)
		case strings.HasPrefix(t, "+"):
			script = append(script, t[1:])
		case strings.HasPrefix(t, "-"):
		case name != "view":
			a.write(args[i], false)
		}
	}
	if in.text != "" {
		script = append(script, strings.Split(in.text, "\n")...)
	} else if in.piped || in.file != "" {
		a.unknownScript(name + " runs commands it reads from " + inputName(in))
	}
	for _, line := range script {
		a.exLine(line)
	}
}

// exLine notes what one ed or ex command writes (w FILE, saveas FILE) or
// runs (!cmd).
func (a *shellAnalysis) exLine(line string) {
	line = strings.TrimLeft(line, " \t:")
	line = strings.TrimLeft(line, "0123456789,.$%;'+-/ ")
	switch {
	case strings.HasPrefix(line, "!"):
		a.inlineShell(line[1:], "the command it runs holds a part the guard cannot know")
	case strings.HasPrefix(line, "r !") || strings.HasPrefix(line, "r!"):
		a.inlineShell(strings.TrimLeft(line[1:], " !"), "the command it runs holds a part the guard cannot know")
	default:
		word, rest, _ := strings.Cut(line, " ")
		switch strings.TrimRight(word, "!") {
		case "w", "W", "wq", "x", "write", "sav", "saveas", "wa", "up", "update", "exit", "xit":
			if rest = strings.TrimSpace(rest); rest != "" {
				if strings.HasPrefix(rest, "!") {
					a.inlineShell(rest[1:], "the command it runs holds a part the guard cannot know")
				} else {
					a.write(shWord{text: strings.TrimPrefix(strings.TrimPrefix(rest, ">>"), " ")}, false)
				}
			}
		}
	}
}

// archive handles archivers extracting files, and compressors replacing
// a file by its other form: what an archive holds is not read, so an
// extraction writes anything below its folder.
func (a *shellAnalysis) archive(name string, args []shWord) {
	switch name {
	case "gzip", "gunzip", "bzip2", "bunzip2", "xz", "unxz", "zstd", "unzstd":
		if hasWord(args, "-c", "--stdout", "-l", "--list", "-t", "--test", "-k", "--keep") {
			return
		}
		for _, w := range operands(args, "S", []string{"--suffix"}) {
			a.write(w, false)
			a.write(shWord{text: strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(w.text, ".gz"), ".bz2"), ".xz")}, false)
		}
		return
	}
	dir, extracts, members := archiveTarget(name, args)
	if !extracts {
		return
	}
	dirWord := shWord{text: dir}
	if len(members) == 0 {
		a.write(below(dirWord), false)
		return
	}
	for _, m := range members {
		a.write(shWord{text: strings.TrimRight(dir, "/") + "/" + m.text, glob: m.glob}, true)
	}
}

// archiveTarget reads an archiver's words: the folder it extracts into,
// whether it extracts at all, and the members it names.
func archiveTarget(name string, args []shWord) (dir string, extracts bool, members []shWord) {
	dir = "."
	switch name {
	case "unzip":
		extracts = true
		for i := 0; i < len(args); i++ {
			t := args[i].text
			switch {
			case t == "-l" || t == "-t" || t == "-v" || t == "-Z" || t == "-p" || t == "-c":
				return dir, false, nil
			case t == "-d" && i+1 < len(args):
				dir = folder(args[i+1].text)
				i++
			case strings.HasPrefix(t, "-d") && len(t) > 2:
				dir = folder(t[2:])
			}
		}
		if ops := operands(args, "dx", nil); len(ops) > 1 {
			members = ops[1:]
		}
		return dir, true, members
	case "7z", "7za":
		if len(args) > 0 && (args[0].text == "x" || args[0].text == "e") {
			extracts = true
		}
		for _, w := range args {
			if o, ok := strings.CutPrefix(w.text, "-o"); ok {
				dir = o
			}
		}
		return dir, extracts, nil
	case "cpio":
		for _, w := range args {
			extracts = extracts || shortFlag(w.text, 'i') || w.text == "--extract"
		}
		return dir, extracts, nil
	case "ar":
		return dir, len(args) > 0 && strings.ContainsRune(strings.TrimPrefix(args[0].text, "-"), 'x'), nil
	}
	// tar, bsdtar: -x, --extract, --get, or old style (tar xzf a.tgz).
	archived := false
	for i := 0; i < len(args); i++ {
		t := args[i].text
		switch {
		case i == 0 && !strings.HasPrefix(t, "-"):
			extracts = strings.ContainsRune(t, 'x')
			archived = strings.ContainsRune(t, 'f')
		case t == "--extract" || t == "--get" || shortFlag(t, 'x'):
			extracts = true
			archived = archived || shortFlag(t, 'f')
		case (t == "-C" || t == "--directory") && i+1 < len(args):
			dir = joinPath(dir, folder(args[i+1].text))
			i++
		case strings.HasPrefix(t, "--directory="):
			dir = joinPath(dir, folder(strings.TrimPrefix(t, "--directory=")))
		case t == "-f" || t == "--file":
			i++
		case strings.HasPrefix(t, "-"):
			archived = archived || shortFlag(t, 'f') && strings.HasSuffix(t, "f")
			if archived && shortFlag(t, 'f') && i+1 < len(args) {
				i++ // the archive
				archived = false
			}
		case archived:
			archived = false // the archive, old style
		default:
			members = append(members, args[i])
		}
	}
	return dir, extracts, members
}

// patch handles patch: the files a patch changes, read from the patch
// when the guard can read it (a heredoc, < or -i), or the file named on
// the command line; a patch it cannot read may change anything below.
func (a *shellAnalysis) patch(args []shWord, in input) {
	dir, file := ".", in.file
	var named []shWord
	for i := 0; i < len(args); i++ {
		t := args[i].text
		switch {
		case (t == "-d" || t == "--directory") && i+1 < len(args):
			i++
			dir = folder(args[i].text)
		case (t == "-i" || t == "--input") && i+1 < len(args):
			i++
			file = args[i].text
		case slices.Contains([]string{"-o", "--output", "-p", "-B", "-r", "-z", "-D", "-F", "-V", "-Y"}, t) && i+1 < len(args):
			i++
		case strings.HasPrefix(t, "-"):
		default:
			named = append(named, args[i])
		}
	}
	if len(named) > 0 {
		a.write(named[0], false) // patch FILE [PATCH]: FILE is what changes
		return
	}
	text := in.text
	if text == "" && file != "" {
		text = a.readPatch(file)
	}
	a.patchTargets(dir, text)
}

// readPatch reads a patch file, up to a megabyte; "" when it cannot.
func (a *shellAnalysis) readPatch(file string) string {
	if strings.ContainsAny(file, unknownText+unknownName+unknownBelow) {
		return ""
	}
	data, err := confine.ReadFile(joinPath(a.dir, file))
	if err != nil || len(data) > 1<<20 {
		return ""
	}
	return string(data)
}

// patchTargets notes what a patch's text changes, from dir: each file it
// names, as written and without its first folder (a/, b/), or, for a
// patch it cannot read, anything below dir.
func (a *shellAnalysis) patchTargets(dir, text string) {
	names := patchedFiles(text)
	if len(names) == 0 {
		a.write(below(shWord{text: dir}), false)
		return
	}
	for _, n := range names {
		a.write(shWord{text: joinPath(dir, n)}, false)
		if _, rest, ok := strings.Cut(n, "/"); ok {
			a.write(shWord{text: joinPath(dir, rest)}, false)
		}
		a.write(shWord{text: joinPath(dir, path.Base(n))}, false)
	}
}

// patchedFiles returns the names a patch's headers give: --- and +++
// lines, diff --git, renames and copies.
func patchedFiles(text string) []string {
	var names []string
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimRight(line, "\r")
		for _, prefix := range []string{"--- ", "+++ ", "rename from ", "rename to ", "copy to ", "*** "} {
			if rest, ok := strings.CutPrefix(line, prefix); ok {
				name, _, _ := strings.Cut(rest, "\t")
				if name = strings.TrimSpace(name); name != "" && name != "/dev/null" {
					names = append(names, name)
				}
			}
		}
		if rest, ok := strings.CutPrefix(line, "diff --git "); ok {
			names = append(names, strings.Fields(rest)...)
		}
	}
	return names
}

// inPlace handles sed, perl and ruby's -i, which rewrites every file they
// are given, and returns the scripts given with scriptOpts (-e).
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
