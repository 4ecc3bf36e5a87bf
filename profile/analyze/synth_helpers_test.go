package analyze

import (
	"fmt"
	"strings"
	"testing"

	"sw/profile"
)

// filler is plain vocabulary for synthetic pieces: common words, so they
// never turn into signature vocabulary themselves.
var filler = strings.Fields("this is how the work goes on most days and it takes time to get it right " +
	"we look at what we have then we make it better until it reads well")

// sentence is n words of filler starting at word k, capitalised, ending
// in end.
func sentence(n, k int, end string) string {
	ws := make([]string, n)
	for i := range ws {
		ws[i] = filler[(k+i)%len(filler)]
	}
	ws[0] = strings.ToUpper(ws[0][:1]) + ws[0][1:]
	return strings.Join(ws, " ") + end
}

// synthPiece writes paragraphs whose sentences have the given lengths in
// words. Each word is counted exactly, so expected metrics can be worked
// out by hand.
func synthPiece(paras ...[]int) string {
	var b strings.Builder
	k := 0
	for _, lens := range paras {
		var ss []string
		for _, n := range lens {
			ss = append(ss, sentence(n, k, "."))
			k += n
		}
		b.WriteString(strings.Join(ss, " "))
		b.WriteString("\n\n")
	}
	return b.String()
}

// repeat gives n copies of a paragraph shape.
func repeat(n int, lens ...int) [][]int {
	out := make([][]int, n)
	for i := range out {
		out[i] = lens
	}
	return out
}

// batch makes a request of texts in one genre with an empty profile.
func batch(genre string, texts ...string) *Request {
	req := &Request{Profile: emptyProfile(genre)}
	for i, t := range texts {
		req.Pieces = append(req.Pieces, Piece{Path: fmt.Sprintf("pieces/%c.md", 'a'+i), Genre: genre, Text: t})
	}
	return req
}

// find returns the suggestion with a signature, or nil.
func find(resp *Response, signature string) *Suggestion {
	for i := range resp.Suggestions {
		if resp.Suggestions[i].Signature == signature {
			return &resp.Suggestions[i]
		}
	}
	return nil
}

// withPrefix lists the suggestions whose signature starts with prefix.
func withPrefix(resp *Response, prefix string) []Suggestion {
	var out []Suggestion
	for _, s := range resp.Suggestions {
		if strings.HasPrefix(s.Signature, prefix) {
			out = append(out, s)
		}
	}
	return out
}

func must(t testing.TB, s *Suggestion, what string) *Suggestion {
	t.Helper()
	if s == nil {
		t.Fatalf("no suggestion %s", what)
	}
	return s
}

func value(p *float64) string {
	if p == nil {
		return "none"
	}
	return fmtNum(*p)
}

// metricOf describes a suggestion's metric: "target 22, min 12, max 33".
func metricOf(s *Suggestion) string {
	if s.Rule == nil || s.Rule.Metric == nil {
		return "no metric"
	}
	m := s.Rule.Metric
	return fmt.Sprintf("target %s, min %s, max %s", value(m.Target), value(m.Min), value(m.Max))
}

// sourced is a rule as it sits in a resolved profile.
func sourced(layer profile.Layer, genre string, r profile.Rule) profile.Sourced {
	dir := profile.Profile{Dir: "profile"}
	return profile.Sourced{Rule: r, Layer: layer, Source: dir.RulePath(layer, genre, r.ID)}
}
