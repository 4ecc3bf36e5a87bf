package profile

import "testing"

// A YAML syntax error names the line and column of the character that
// breaks the file or, for a quote or bracket left open, of where it opens
// (or its first item); yaml.v3 gives a line only, for some errors the wrong one.
func TestSyntaxErrorPosition(t *testing.T) {
	tests := []struct{ src, want string }{
		{"id: x\nrule: \"Keep it short\n", `x.yaml:2:7: not valid YAML: found unexpected end of stream`},
		{"id: x\nrule: 'Keep it short\nnote: n\n", `x.yaml:2:7: not valid YAML: found unexpected end of stream`},
		{"id: x\nrule: @short\n", `x.yaml:2:7: not valid YAML: found character that cannot start any token`},
		{"id: x\n\trule: a\n", `x.yaml:2:1: not valid YAML: found a tab character that violates indentation`},
		{"id: x\n  rule: a\n", `x.yaml:2:7: not valid YAML: mapping values are not allowed in this context`},
		{"id: x\nrule: \"a\"b\n", `x.yaml:2:10: not valid YAML: did not find expected key`},
		{"id: x\nrule: a\navoid: [b, c\nnote: n\n", `x.yaml:3:9: not valid YAML: did not find expected ',' or ']'`},
		{"- id: x\nrule: a\n", `x.yaml:2:5: not valid YAML: did not find expected '-' indicator`},
		{"id: x\nrule: a\n---\nid: [\n", `x.yaml:4:5: not valid YAML: did not find expected node content`},
		{"id: x\nrule: é @\nnote: \"\n", `x.yaml:3:7: not valid YAML: found unexpected end of stream`},
		// Errors yaml.v3 gives no line for are found all the same.
		{"id: x\nrule: a\x00b\n", `x.yaml:2:8: not valid YAML: control characters are not allowed`},
		{"id: x\nrule: a\n\nnote: \xff\xfe\n", `x.yaml:4:7: not valid YAML: invalid leading UTF-8 octet`},
	}
	for _, tt := range tests {
		_, err := ParseRule("x.yaml", "x", []byte(tt.src))
		if err == nil || err.Error() != tt.want {
			t.Errorf("%q:\n got %v\nwant %s", tt.src, err, tt.want)
		}
	}
}
