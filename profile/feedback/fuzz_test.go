package feedback

import (
	"bytes"
	"strings"
	"testing"

	"sw/profile"
)

// profile_feedback.json is tracked, so a person may edit it by hand or a
// merge may leave conflict markers in it. Whatever it holds, Parse returns
// a file or an error that names the file; a file it returns encodes to
// bytes that parse to the same encoding.
func FuzzParse(f *testing.F) {
	const name = "profile_feedback.json"
	f.Add(New().Encode())
	full := New()
	full.Add("3", Rejection{ID: "short", Signature: "metric:words_per_sentence:down", Summary: "Shorter \"sentences\"", Layer: "preferences",
		Measures: []string{"metric:words_per_sentence"}, Measured: &profile.Measured{Pieces: 3, Value: 21, Low: 18, High: 24}, Back: true}, at)
	f.Add(full.Encode())
	f.Add([]byte("<<<<<<< HEAD\n{\"version\": 1}\n=======\n{}\n>>>>>>> sw/1/x\n"))
	f.Add([]byte(`{"version": 1, "window": 1, "batches": [{"batch": "1", "rejected": [{"id": "x", "extra": 1}]}]}`))
	f.Add([]byte(`{"version": 1, "window": 2, "batches": [{"batch": "1", "rejected": [{"id": "x", "signature": "s"}]}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		file, err := Parse(name, data)
		if err != nil {
			if !strings.HasPrefix(err.Error(), name) {
				t.Fatalf("error does not name the file: %v", err)
			}
			return
		}
		enc := file.Encode()
		again, err := Parse(name, enc)
		if err != nil {
			t.Fatalf("encoding of a parsed file refused: %v\n%s", err, enc)
		}
		if !bytes.Equal(again.Encode(), enc) {
			t.Fatalf("encoding not stable:\n%s\n%s", enc, again.Encode())
		}
	})
}
