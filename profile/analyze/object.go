package analyze

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// object reads the JSON objects of one suggestion by hand, collecting
// problems as messages. Paths name fields as in the answer:
// "rule.metric.target".
type object struct {
	msgs   []string
	broken map[string]bool // top-level fields with a problem already reported
	hinted map[string]bool // paths of fields sent with the wrong case ("ID")
}

func (o *object) fail(path, format string, args ...any) {
	o.msgs = append(o.msgs, fmt.Sprintf(format, args...))
	if o.broken != nil {
		top, _, _ := strings.Cut(path, ".")
		o.broken[top] = true
	}
}

// fields reads raw as an object whose keys are all in known, each spelt
// exactly and present once, and returns its values by key; nil when raw is
// not an object. path is the object's own path ("" at the top); what names
// it in messages.
func (o *object) fields(path, what string, raw json.RawMessage, known []string) map[string]json.RawMessage {
	if kind(raw) != '{' {
		o.fail(path, "%s must be an object, not %s", what, kindName(raw))
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	if _, err := dec.Token(); err != nil {
		o.fail(path, "%s: %v", what, err)
		return nil
	}
	out := map[string]json.RawMessage{}
	for dec.More() {
		tok, err := dec.Token()
		key, _ := tok.(string)
		var val json.RawMessage
		if err == nil {
			err = dec.Decode(&val)
		}
		if err != nil {
			o.fail(path, "%s: %v", what, err)
			return nil
		}
		full := join(path, key)
		switch {
		case !slices.Contains(known, key):
			hint := "the fields are " + strings.Join(known, ", ")
			at := path
			if lower := strings.ToLower(key); lower != key && slices.Contains(known, lower) {
				hint = fmt.Sprintf("did you mean %q? field names are lowercase", join(path, lower))
				// The field is there, misspelt: saying it is also missing
				// would be the same problem twice.
				at = join(path, lower)
				o.hinted[at] = true
			}
			o.fail(at, "unknown field %q; %s", full, hint)
		case out[key] != nil:
			o.fail(full, "field %q appears twice; keep one", full)
		default:
			out[key] = val
		}
	}
	return out
}

// value finds a field's value, if it has one to read. A required field
// must be present; an optional one may also be null.
func (o *object) value(f map[string]json.RawMessage, path string, required bool) (json.RawMessage, bool) {
	raw, ok := f[leaf(path)]
	if !ok && required && !o.hinted[path] {
		o.fail(path, "missing %q", path)
	}
	return raw, ok && (required || kind(raw) != 'n')
}

// text reads a string field.
func (o *object) text(f map[string]json.RawMessage, path string, required bool) string {
	raw, ok := o.value(f, path, required)
	if !ok {
		return ""
	}
	if kind(raw) != '"' {
		o.fail(path, "%q must be a string, not %s", path, kindName(raw))
		return ""
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		o.fail(path, "%q: %v", path, err)
	}
	return s
}

// phrases reads an avoid or prefer list: missing, null, or strings.
func (o *object) phrases(f map[string]json.RawMessage, path string) []string {
	raw, ok := f[leaf(path)]
	if !ok || kind(raw) == 'n' {
		return nil
	}
	var items []json.RawMessage
	if kind(raw) != '[' || json.Unmarshal(raw, &items) != nil {
		o.fail(path, "%q must be a list of strings, not %s", path, kindName(raw))
		return nil
	}
	out := make([]string, 0, len(items))
	for _, item := range items {
		if kind(item) != '"' {
			o.fail(path, "%q must be a list of strings; it holds %s", path, kindName(item))
			return nil
		}
		var s string
		if err := json.Unmarshal(item, &s); err != nil {
			o.fail(path, "%q: %v", path, err)
			return nil
		}
		out = append(out, s)
	}
	return out
}

// number reads a number field; nil means there is no number to use.
func (o *object) number(f map[string]json.RawMessage, path string, required bool) *float64 {
	raw, ok := o.value(f, path, required)
	if !ok {
		return nil
	}
	if kind(raw) != '0' {
		o.fail(path, "%q must be a number, not %s", path, kindName(raw))
		return nil
	}
	var v float64
	if err := json.Unmarshal(raw, &v); err != nil {
		o.fail(path, "%q is not a number sw can hold (%s)", path, clip(string(raw), 40))
		return nil
	}
	return &v
}

// numberInto reads a required number field into *to, when it can.
func (o *object) numberInto(f map[string]json.RawMessage, path string, to *float64) {
	if v := o.number(f, path, true); v != nil {
		*to = *v
	}
}

// kind classifies a JSON value by its first byte: '{', '[', '"', 'n'
// (null), 'b' (true or false) or '0' (a number).
func kind(raw json.RawMessage) byte {
	raw = bytes.TrimLeft(raw, " \t\r\n")
	if len(raw) == 0 {
		return 0
	}
	switch c := raw[0]; c {
	case '{', '[', '"', 'n':
		return c
	case 't', 'f':
		return 'b'
	}
	return '0'
}

func kindName(raw json.RawMessage) string {
	return map[byte]string{'{': "an object", '[': "a list", '"': "a string", 'n': "null", 'b': "true or false", '0': "a number", 0: "nothing"}[kind(raw)]
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

func leaf(path string) string {
	if i := strings.LastIndexByte(path, '.'); i >= 0 {
		return path[i+1:]
	}
	return path
}
