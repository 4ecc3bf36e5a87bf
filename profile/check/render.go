package check

import (
	"bufio"
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
)

// WriteText writes results for people in the style compilers use, so
// editors and terminals can jump to each place:
//
//	pieces/a.md:12:5: error: short-sentences: sentence of 52 words; hard limit short-sentences allows at most 40
//	pieces/a.md:30:1: warning: dashes: em dashes run at 9.1 per 1,000 words; preference dashes aims for about 3
//	pieces/a.md: score 0.82 (essay): 1 error, 1 warning; voice 1.31 from yours (a new piece of yours: about 1.05)
//	pieces/a.md: voice: you use 'upon' 3.0 times as often as this piece does
//
// Findings come in file order, errors before warnings at one place, then
// a summary line, then what moved the voice distance most, if anything.
func WriteText(w io.Writer, results ...Result) error {
	bw := bufio.NewWriter(w)
	for _, r := range results {
		if r.Problem != "" {
			fmt.Fprintf(bw, "%s: not checked: %s\n", r.Path, r.Problem)
			continue
		}
		type line struct {
			f     Finding
			label string
		}
		lines := make([]line, 0, len(r.Errors)+len(r.Warnings))
		for _, f := range r.Errors {
			lines = append(lines, line{f, "error"})
		}
		for _, f := range r.Warnings {
			lines = append(lines, line{f, "warning"})
		}
		for _, f := range r.Boilerplate {
			lines = append(lines, line{f, "boilerplate"})
		}
		slices.SortStableFunc(lines, func(a, b line) int { return cmp.Or(a.f.Line-b.f.Line, a.f.Col-b.f.Col) })
		for _, l := range lines {
			fmt.Fprintf(bw, "%s:%d:%d: %s: %s: %s\n", r.Path, l.f.Line, l.f.Col, l.label, l.f.Rule, l.f.Message)
		}
		genre := ""
		if r.Genre != "" {
			genre = " (" + r.Genre + ")"
		}
		fmt.Fprintf(bw, "%s: score %s%s: %s, %s%s\n", r.Path, scoreText(r.Score), genre,
			count(len(r.Errors), "error"), count(len(r.Warnings), "warning"), usageText(r.Usage))
		if r.Usage != nil && len(r.Usage.Markers) > 0 {
			says := make([]string, len(r.Usage.Markers))
			for i, m := range r.Usage.Markers {
				says[i] = m.Message
			}
			fmt.Fprintf(bw, "%s: voice: %s\n", r.Path, strings.Join(says, "; "))
		}
	}
	return bw.Flush()
}

// scoreText rounds down to two decimals, so 1.00 means every rule is
// followed, not 0.996. A hair is added before flooring, as s*100 carries
// binary noise (0.57*100 is 56.99999999999999) and 0.57 must read 0.57.
func scoreText(s float64) string {
	return fmt.Sprintf("%.2f", math.Floor(s*100+scoreNoise)/100)
}

// scoreNoise is far above float64's error on s*100 and far below the
// 0.01 steps the score is shown in.
const scoreNoise = 1e-9

// usageText is the summary's note of the voice distance, or "".
func usageText(u *Usage) string {
	if u == nil {
		return ""
	}
	return fmt.Sprintf("; voice %.2f from yours (a new piece of yours: about %.2f)", u.Distance, u.Typical)
}

func count(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// WriteJSON writes results as `sw check --json` does:
// {"pieces": [{"path", "genre", "score", "errors", "warnings"}, ...]}.
func WriteJSON(w io.Writer, results ...Result) error {
	if results == nil {
		results = []Result{}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(struct {
		Pieces []Result `json:"pieces"`
	}{results})
}
