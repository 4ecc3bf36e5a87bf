package git

import (
	"slices"
	"strings"
)

// Trailers returns the values of the message's trailers named key (compared
// without regard to case), in order, found as `git interpret-trailers
// --parse` finds them: the "Key: value" lines of the last paragraph but the
// subject, which counts as trailers when all its lines are trailer lines,
// or when it holds a line git itself writes (Signed-off-by:, "(cherry
// picked from commit") and at least a quarter of its lines are trailers.
// Lines that start with a blank continue the previous trailer.
func (c *Commit) Trailers(key string) []string {
	var out []string
	for _, t := range parseTrailers(c.Message) {
		if strings.EqualFold(t.key, key) {
			out = append(out, t.value)
		}
	}
	return out
}

type trailer struct{ key, value string }

func parseTrailers(msg string) []trailer {
	lines := strings.Split(msg, "\n")
	// Cut a patch part.
	for i, l := range lines {
		if strings.HasPrefix(l, "---") && (len(l) == 3 || isBlank(l[3])) {
			lines = lines[:i]
			break
		}
	}
	// Drop trailing comment and blank lines.
	end := len(lines)
	for end > 0 && (strings.TrimSpace(lines[end-1]) == "" || strings.HasPrefix(lines[end-1], "#")) {
		end--
	}
	lines = lines[:end]
	// The subject paragraph cannot hold trailers.
	firstBlank := slices.IndexFunc(lines, func(l string) bool { return strings.TrimSpace(l) == "" })
	if firstBlank < 0 {
		return nil
	}
	start := end
	for start > firstBlank+1 && strings.TrimSpace(lines[start-1]) != "" {
		start--
	}
	block := lines[start:end]

	trailerLines, otherLines, continuation := 0, 0, 0
	recognised := false
	for i := len(block) - 1; i >= 0; i-- {
		l := block[i]
		switch {
		case strings.HasPrefix(l, "#"):
			continue
		case isBlank(l[0]):
			continuation++
			continue
		}
		gitsOwn := strings.HasPrefix(l, "Signed-off-by: ") || strings.HasPrefix(l, "(cherry picked from commit ")
		recognised = recognised || gitsOwn
		if gitsOwn || trailerSeparator(l) > 0 {
			trailerLines += 1 + continuation
		} else {
			otherLines += 1 + continuation
		}
		continuation = 0
	}
	otherLines += continuation
	isBlock := trailerLines > 0 && otherLines == 0 ||
		recognised && trailerLines*3 >= otherLines
	if !isBlock {
		return nil
	}

	var out []trailer
	inTrailer := false // whether a continuation line extends the last trailer
	for _, l := range block {
		switch {
		case strings.HasPrefix(l, "#"):
		case isBlank(l[0]):
			if inTrailer {
				last := &out[len(out)-1]
				last.value = strings.TrimSpace(last.value + " " + strings.TrimSpace(l))
			}
		default:
			sep := trailerSeparator(l)
			inTrailer = sep > 0
			if inTrailer {
				out = append(out, trailer{
					key:   strings.TrimSpace(l[:sep]),
					value: strings.TrimSpace(l[sep+1:]),
				})
			}
		}
	}
	return out
}

// trailerSeparator returns the index of the ':' ending a trailer's token
// (letters, digits and dashes, then optional blanks), or -1 when the line
// does not start with one.
func trailerSeparator(l string) int {
	blanks := false
	for i := 0; i < len(l); i++ {
		c := l[i]
		switch {
		case c == ':':
			if i == 0 {
				return -1
			}
			return i
		case !blanks && (isAlnum(c) || c == '-'):
		case i > 0 && isBlank(c):
			blanks = true
		default:
			return -1
		}
	}
	return -1
}

func isBlank(c byte) bool { return c == ' ' || c == '\t' }

func isAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// AddTrailer adds "key: value" to the trailers of the commit message in
// msgFile (as a commit-msg hook may), unless the message has that trailer
// already. git places it: after the existing trailers, before the comment
// lines an editor session leaves.
func (r *Repo) AddTrailer(msgFile, key, value string) error {
	return r.do("interpret-trailers", "--in-place", "--if-exists", "addIfDifferent", "--trailer", key+": "+value, msgFile)
}
