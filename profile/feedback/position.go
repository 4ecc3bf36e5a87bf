package feedback

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
)

// The decoder of encoding/json places syntax and type errors, but not an
// unknown field or a value the file format forbids. position finds those by
// walking the file's tokens, so every error can name a line and column.

// known lists the fields of each object in the file, by where it sits:
// "" is the top, "batches" a batch, "batches.rejected" a rejection.
var known = map[string][]string{
	"":                          {"version", "window", "batches"},
	"batches":                   {"batch", "rejected"},
	"batches.rejected":          {"id", "signature", "summary", "layer", "rejected_at", "measures", "measured", "back"},
	"batches.rejected.measured": {"pieces", "value", "low", "high"},
}

// frame is one open object or array while walking.
type frame struct {
	object  bool
	key     string // the key whose value is being read (objects)
	wantKey bool   // the next string is a key (objects)
	where   string // the object's place, as in known
}

// walk calls visit for each object key, with the object's place and the
// key's byte offset, and for each object that starts, with key "{" and the
// object's place; it stops when visit returns true.
func walk(data []byte, visit func(where, key string, offset int64) bool) {
	dec := json.NewDecoder(bytes.NewReader(data))
	var stack []*frame
	for {
		before := dec.InputOffset()
		tok, err := dec.Token()
		if err != nil {
			return
		}
		offset := start(data, before)
		var top *frame
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		}
		if top != nil && top.object && top.wantKey {
			if key, ok := tok.(string); ok {
				top.key, top.wantKey = key, false
				if visit(top.where, key, offset) {
					return
				}
				continue
			}
		}
		// tok is a value (or the end of the enclosing object or array).
		if d, ok := tok.(json.Delim); ok && (d == '}' || d == ']') {
			stack = stack[:len(stack)-1]
			if len(stack) > 0 {
				stack[len(stack)-1].wantKey = true
			}
			continue
		}
		where := ""
		if top != nil {
			where = place(top)
		}
		switch tok {
		case json.Delim('{'):
			if visit(where, "{", offset) {
				return
			}
			stack = append(stack, &frame{object: true, wantKey: true, where: where})
		case json.Delim('['):
			stack = append(stack, &frame{where: where})
		default:
			if top != nil {
				top.wantKey = true
			}
		}
	}
}

// place is where a value inside f sits, in known's terms.
func place(f *frame) string {
	if !f.object {
		return f.where // an array's items sit where the array does
	}
	if f.where == "" {
		return f.key
	}
	return f.where + "." + f.key
}

// start skips what separates tokens, to the offset where the next one begins.
func start(data []byte, off int64) int64 {
	for off < int64(len(data)) && strings.IndexByte(" \t\r\n,:", data[off]) >= 0 {
		off++
	}
	return off
}

// unknownKey finds the first key the format does not know.
func unknownKey(data []byte) (key string, offset int64) {
	offset = -1
	walk(data, func(where, k string, off int64) bool {
		fields, ok := known[where]
		if !ok || k == "{" || slices.Contains(fields, k) {
			return false
		}
		key, offset = k, off
		return true
	})
	return key, offset
}

// keyAt finds a key of the top-level object.
func keyAt(data []byte, key string) int64 {
	offset := int64(-1)
	walk(data, func(where, k string, off int64) bool {
		if where == "" && k == key {
			offset = off
			return true
		}
		return false
	})
	return offset
}

// rejectionAt finds the start of the n-th rejection (counting from 0 across
// all batches).
func rejectionAt(data []byte, n int) int64 {
	offset, seen := int64(-1), 0
	walk(data, func(where, k string, off int64) bool {
		if where == "batches.rejected" && k == "{" {
			if seen == n {
				offset = off
				return true
			}
			seen++
		}
		return false
	})
	return offset
}
