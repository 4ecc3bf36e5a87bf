package check

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"sw/profile"
	"sw/profile/prose"
)

func f(v float64) *float64 { return &v }

// metric builds a metric; a negative number leaves that field unset.
func metric(name string, target, min, max float64) *profile.Metric {
	m := &profile.Metric{Name: name}
	if target >= 0 {
		m.Target = f(target)
	}
	if min >= 0 {
		m.Min = f(min)
	}
	if max >= 0 {
		m.Max = f(max)
	}
	return m
}

const none = -1

func hard(r profile.Rule) profile.Sourced {
	return profile.Sourced{Rule: r, Layer: profile.HardLimit, Source: "profile/hard-limits/" + r.ID + ".yaml"}
}

func pref(r profile.Rule) profile.Sourced {
	return profile.Sourced{Rule: r, Layer: profile.Preference, Source: "profile/preferences/" + r.ID + ".yaml"}
}

func genreRule(r profile.Rule) profile.Sourced {
	return profile.Sourced{Rule: r, Layer: profile.GenreLayer, Source: "profile/genres/essay/" + r.ID + ".yaml"}
}

func resolved(rules ...profile.Sourced) *profile.Resolved {
	return &profile.Resolved{Genre: "essay", Rules: rules}
}

// corpusPiece builds a Markdown piece of at least words words from the
// real prose in testdata, paragraph by paragraph, front matter only once.
func corpusPiece(tb testing.TB, words int) []byte {
	tb.Helper()
	names := []string{"federalist-001.md", "federalist-064.md", "argrewrite-draft1-4.txt", "argrewrite-draft1-15.txt"}
	var src bytes.Buffer
	for n := 0; ; n++ {
		b, err := os.ReadFile(filepath.Join("testdata", names[n%len(names)]))
		if err != nil {
			tb.Fatal(err)
		}
		if i := bytes.Index(b, []byte("\n---\n")); bytes.HasPrefix(b, []byte("---\n")) && i > 0 {
			if n == 0 {
				src.Write(b[:i+5])
			}
			b = b[i+5:]
		}
		for _, para := range bytes.Split(b, []byte("\n")) {
			if len(bytes.TrimSpace(para)) == 0 {
				continue
			}
			src.WriteString("\n")
			src.Write(para)
			src.WriteString("\n")
			if prose.Parse(src.Bytes()).WordCount() >= words {
				return src.Bytes()
			}
		}
	}
}
