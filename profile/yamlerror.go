package profile

import (
	"bytes"
	"errors"
	"io"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"gopkg.in/yaml.v3"
)

// yamlLine finds the line yaml.v3 names in a syntax error; compiled on
// first use, since most processes never meet one.
var yamlLine = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`line (\d+)`) })

// SyntaxError turns a yaml.v3 syntax error in file, whose text is data,
// into an Error at a line and column. yaml.v3 gives a line only, for some
// errors the wrong one, so the position is found again: where the shortest
// beginning of data that fails the same way ends (for a quote or bracket
// left open, where it opens). When it cannot be found, yaml.v3's line
// stands alone.
func SyntaxError(file string, data []byte, err error) *Error {
	full := err.Error()
	msg := strings.TrimPrefix(full, "yaml: ")
	e := &Error{File: file}
	if m := yamlLine().FindStringSubmatchIndex(msg); m != nil {
		e.Line, _ = strconv.Atoi(msg[m[2]:m[3]])
		msg = strings.TrimLeft(msg[m[1]:], ": ")
	}
	// yaml.v3 names no line at all for some errors (a control character,
	// bytes that are not UTF-8): found the same way.
	if end, ok := breakingByte(data, full); ok {
		e.Line, e.Col = positionOf(data, end)
	}
	e.Msg = "not valid YAML: " + msg
	return e
}

// breakingByte finds, by halving, the byte of data where the shortest
// beginning that fails with msg, as the whole does, ends.
func breakingByte(data []byte, msg string) (int, bool) {
	if firstError(data) != msg {
		return 0, false
	}
	ok, fails := 0, len(data) // data[:ok] does not fail with msg; data[:fails] does
	for fails-ok > 1 {
		mid := ok + (fails-ok)/2
		if firstError(data[:mid]) == msg {
			fails = mid
		} else {
			ok = mid
		}
	}
	return fails - 1, true
}

// firstError reads every YAML document in data and gives the first error's
// text, or "" when there is none.
func firstError(data []byte) string {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	for {
		var doc yaml.Node
		err := dec.Decode(&doc)
		switch {
		case errors.Is(err, io.EOF):
			return ""
		case err != nil:
			return err.Error()
		}
	}
}

// positionOf gives the 1-based line and column, in characters as yaml.v3
// counts them, of the character holding byte i of data.
func positionOf(data []byte, i int) (line, col int) {
	start := bytes.LastIndexByte(data[:i], '\n') + 1
	for i > start && !utf8.RuneStart(data[i]) {
		i--
	}
	return 1 + bytes.Count(data[:start], []byte("\n")), 1 + utf8.RuneCount(data[start:i])
}
