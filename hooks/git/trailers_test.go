package git

import (
	"reflect"
	"strings"
	"testing"
)

func TestTrailersAgreeWithGit(t *testing.T) {
	dir := t.TempDir()
	cases := []string{
		"Subject\n\nBody.\n\nSw-Batch: b1\nSw-Suggestion: shorter-sentences\nSw-Signature: metric:wps:down\n",
		"Subject only, Sw-Batch: b1\n",
		"Subject\nSw-Batch: b1\n",                                   // no blank line: still the subject paragraph
		"Subject\n\nSw-Batch: b1\n",                                 // the only body paragraph
		"Subject\n\nSw-Batch: b1\nnot a trailer line\n",             // mixed: not a trailer block
		"Subject\n\nSw-Batch:  spaced value  \n\n\n",                // trailing blank lines
		"Subject\n\nSw-Batch : spaced key\n",                        // blanks before the colon
		"Subject\n\nSw-Batch: first\n  folded second\nX: y\n",       // continuation line
		"Subject\n\nBody\n\nSigned-off-by: A <a@x>\nfree text\n",    // git's own trailer: a quarter suffices
		"Subject\n\nBody\n\nSw-Batch: b1\n# a comment\n",            // comments ignored
		"Subject\n\nBody\n\nSw-Batch: b1\n---\npatch: here\n",       // patch part ignored
		"Subject\n\nBody\n\nsw-batch: lower\nSW-BATCH: upper\n",     // keys compared without case
		"Subject\n\nBody\n\nhttps://example.com/x\n",                // git's quirk: a URL looks like a trailer
		"Subject\n\nBody\n\n-Bad: token\n",                          // a token may start with a dash
		"Subject\n\nFirst para\nSw-Batch: b0\n\nBody\n\nOther: z\n", // only the last paragraph
	}
	for _, msg := range cases {
		out, err := gitInput(dir, msg, "interpret-trailers", "--parse")
		if err != nil {
			t.Fatal(err, out)
		}
		var want []trailer
		for _, line := range strings.Split(strings.TrimRight(out, "\n"), "\n") {
			if line == "" {
				continue
			}
			k, v, _ := strings.Cut(line, ":")
			want = append(want, trailer{k, strings.TrimSpace(v)})
		}
		got := parseTrailers(msg)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("message %q:\n got  %q\n git  %q", msg, got, want)
		}
	}
}

func TestTrailersByKey(t *testing.T) {
	c := &Commit{Message: "Add a rule\n\nEvidence.\n\nSw-Batch: b1\nsw-batch: b2\nSw-Signature: s\n"}
	if got := c.Trailers("Sw-Batch"); !reflect.DeepEqual(got, []string{"b1", "b2"}) {
		t.Errorf("Trailers(Sw-Batch) = %q", got)
	}
	if got := c.Trailers("Missing"); got != nil {
		t.Errorf("Trailers(Missing) = %q", got)
	}
}
