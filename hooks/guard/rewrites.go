package guard

import (
	"slices"
	"strings"
)

// Tools that write the files they are given, in place or under another
// name, which an agent reaches for to tidy a file: what each writes.

// rewrites notes what name writes of its args; false when name is no such
// tool.
func (a *shellAnalysis) rewrites(name string, args []shWord) bool {
	switch name {
	case "dos2unix", "unix2dos", "mac2unix", "unix2mac", "sponge":
		// Each file named is rewritten (dos2unix -n IN OUT: OUT too).
		a.writeAll(operands(args, "", nil))
	case "sd":
		// sd FIND REPLACE FILES... edits them, unless it only previews.
		if ops := operands(args, "f", []string{"--flags"}); len(ops) > 2 && !hasWord(args, "-p", "--preview") {
			a.writeAll(ops[2:])
		}
	case "yq":
		if hasWord(args, "--inplace") || slices.ContainsFunc(args, func(w shWord) bool { return shortFlag(w.text, 'i') }) {
			a.writeAll(operands(args, "oIpFs", []string{"--output-format", "--input-format", "--indent", "--front-matter", "--split-exp"}))
		}
	case "prettier":
		if hasWord(args, "--write", "-w") {
			a.writeAll(operands(args, "", []string{"--config", "--parser", "--plugin", "--ignore-path", "--log-level"}))
		}
	case "rename", "prename", "file-rename", "perl-rename", "mmv":
		// The files named move away; the expression among them names
		// nothing kept.
		a.writeAll(operands(args, "", nil))
	case "uniq":
		if ops := operands(args, "fsw", []string{"--skip-fields", "--skip-chars", "--check-chars"}); len(ops) > 1 {
			a.write(ops[1], false)
		}
	case "split", "csplit":
		// The pieces are named from a prefix: split's second operand,
		// csplit's -f.
		if ops := operands(args, "lbnaCtf", []string{"--lines", "--bytes", "--number", "--suffix-length", "--line-bytes", "--separator", "--prefix"}); name == "split" && len(ops) > 1 {
			a.write(shWord{text: ops[1].text + unknownName}, false)
		}
		if v, ok := optionValue(args, 'f', "--prefix"); ok {
			a.write(shWord{text: v.text + unknownName, glob: v.glob}, false)
		}
	case "wget":
		if v, ok := optionValue(args, 'O', "--output-document"); ok {
			a.write(v, false)
		}
		if v, ok := optionValue(args, 'P', "--directory-prefix"); ok {
			a.write(shWord{text: strings.TrimSuffix(v.text, "/") + "/" + unknownName, glob: v.glob}, false)
		}
	case "zip":
		if hasWord(args, "-m", "--move") {
			a.writeAll(operands(args, "", nil))
		}
	default:
		return false
	}
	return true
}

func (a *shellAnalysis) writeAll(ws []shWord) {
	for _, w := range ws {
		a.write(w, false)
	}
}
