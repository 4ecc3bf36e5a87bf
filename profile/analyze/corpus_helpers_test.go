package analyze

import (
	"context"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"sw/profile"
)

// corpusDir holds the real prose the tests read: copies, so that the
// tests depend on nothing outside the repository.
var corpusDir = filepath.Join("..", "..", "testdata", "corpus")

func readCorpus(t testing.TB, rel string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(corpusDir, filepath.FromSlash(rel)))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// emptyProfile is the resolved profile of a collection with no rules.
func emptyProfile(genres ...string) map[string]*profile.Resolved {
	out := map[string]*profile.Resolved{}
	for _, g := range genres {
		out[g] = &profile.Resolved{Genre: g}
	}
	return out
}

func analyzeOK(t testing.TB, req *Request) *Response {
	t.Helper()
	resp, err := Embedded{}.Analyze(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	return resp
}

// accept writes every suggestion of resp as the rule file it proposes,
// into a profile folder under root (removing the files of removals), the
// way merging every suggestion branch would.
func accept(t testing.TB, root string, resp *Response) {
	t.Helper()
	for _, s := range resp.Suggestions {
		path := filepath.Join(root, filepath.FromSlash(s.Path("profile")))
		if s.Rule == nil {
			if err := os.Remove(path); err != nil && !os.IsNotExist(err) {
				t.Fatal(err)
			}
			continue
		}
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, profile.Format(*s.Rule), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// resolve reads the profile folder under root for genre.
func resolve(t testing.TB, root, genre string) *profile.Resolved {
	t.Helper()
	res, err := profile.Profile{Root: root, Dir: "profile"}.Resolve(genre)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// acceptAll is the resolved profile that accepting every suggestion of
// resp turns an empty collection into.
func acceptAll(t testing.TB, resp *Response, genre string) *profile.Resolved {
	t.Helper()
	root := t.TempDir()
	accept(t, root, resp)
	return resolve(t, root, genre)
}

func signatures(resp *Response) []string {
	var out []string
	for _, s := range resp.Suggestions {
		out = append(out, s.Signature)
	}
	sort.Strings(out)
	return out
}
