package prose

import "bytes"

// goldmark, like CommonMark's reference parsers, spends time quadratic in
// shapes of input no writer produces: containers nested thousands deep on
// one line ("> > > …"), and a line-long run of brackets without a space.
// Such input must not stall a check, so defuse hands goldmark a copy with
// those shapes filled (offsets kept; the text is still copied from the
// source).

// Limits past which input is taken for no writer's.
const (
	maxNesting = 16   // containers opened at the start of one line
	maxRun     = 4096 // bytes without a space: far past any word or link
)

// defuse returns a copy of src with the hostile shapes filled, or nil
// when src has none.
func defuse(src []byte) []byte {
	var out []byte
	fill := func(i, j int) {
		if out == nil {
			out = bytes.Clone(src)
		}
		clear(out[i:j])
	}
	for i := 0; i < len(src); {
		line, next := lineAt(src, i)
		if k := deepAt(line); k >= 0 {
			fill(i+k, i+k+1)
		}
		for k := 0; k+maxRun < len(line); {
			s := bytes.IndexAny(line[k:], " \t")
			if s < 0 {
				s = len(line) - k
			}
			if s > maxRun {
				fill(i+k, i+k+s)
			}
			k += s + 1
		}
		i = next
	}
	return out
}

// deepAt returns the index in line of the container marker past
// maxNesting, or -1.
func deepAt(line []byte) int {
	depth := 0
	for i := 0; i < len(line); {
		for n := 0; n < 3 && i < len(line) && line[i] == ' '; n++ {
			i++
		}
		m := markerLen(line[i:])
		if m == 0 {
			return -1
		}
		if depth++; depth > maxNesting {
			return i
		}
		i += m
	}
	return -1
}

// markerLen is the length of the blockquote, list or footnote marker at
// the start of l, its one space included, or 0.
func markerLen(l []byte) int {
	if len(l) == 0 {
		return 0
	}
	i := 0
	switch c := l[0]; {
	case c == '>':
		if len(l) > 1 && l[1] == ' ' {
			return 2
		}
		return 1
	case c == '-' || c == '*' || c == '+':
		i = 1
	case c == '[' && len(l) > 1 && l[1] == '^': // a footnote's text
		k := bytes.Index(l[:min(len(l), 64)], []byte("]:"))
		if k < 0 {
			return 0
		}
		i = k + 2
	default:
		for i < len(l) && i < 9 && l[i] >= '0' && l[i] <= '9' {
			i++
		}
		if i == 0 || i >= len(l) || (l[i] != '.' && l[i] != ')') {
			return 0
		}
		i++
	}
	if i < len(l) && l[i] == ' ' {
		return i + 1
	}
	return 0
}
