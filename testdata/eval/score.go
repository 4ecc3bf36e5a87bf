package main

import (
	"math"
	"regexp"
	"strconv"
	"strings"
)

// Attribution uses only what sw learned, and only as sw itself reads it:
// each held-out piece is checked by `sw check` against every writer's
// learned profile, and goes to the writer whose profile it lies closest
// to. Where every profile holds a usage measure (the writer's rates of
// common words and marks, which sw proposes once a collection has three
// pieces), closest is the smallest distance sw check reports from it;
// otherwise it is the highest score, the mean closeness of the piece to
// the profile's checkable rules.

// likeness turns what sw check said of one piece against each writer's
// profile into one figure per writer, higher for closer: minus the usage
// distance when every profile has a usage measure, else the score.
func likeness(checks map[string]checked) map[string]float64 {
	byUsage := true
	for _, c := range checks {
		byUsage = byUsage && c.Usage != nil
	}
	out := make(map[string]float64, len(checks))
	for name, c := range checks {
		if byUsage {
			out[name] = -*c.Usage
		} else {
			out[name] = c.Score
		}
	}
	return out
}

// tieMargin is how close two scores must be to count as a tie: scores are
// means of fractions, and two profiles that say the same give the same
// mean up to rounding.
const tieMargin = 1e-9

// credit is what a held-out piece earns its true writer: 1 when that
// writer's profile alone gives it the highest score, 1/n when n profiles
// tie for the highest and the writer's is one of them (what breaking the
// tie at random earns on average), and 0 otherwise.
func credit(scores map[string]float64, truth string) float64 {
	own, ok := scores[truth]
	if !ok {
		return 0
	}
	tied := 0
	for _, s := range scores {
		if s > own+tieMargin {
			return 0
		}
		if s >= own-tieMargin {
			tied++
		}
	}
	return 1 / float64(tied)
}

// winners are the writers whose profiles give a piece its highest score.
func winners(scores map[string]float64) []string {
	best := math.Inf(-1) // likeness may be a negative distance
	for _, s := range scores {
		best = max(best, s)
	}
	var out []string
	for w, s := range scores {
		if s >= best-tieMargin {
			out = append(out, w)
		}
	}
	return out
}

// hitRate is the mean credit of one writer's held-out pieces.
func hitRate(credits []float64) float64 { return mean(credits) }

// mean is the mean of xs, 0 for none.
func mean(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	sum := 0.0
	for _, x := range xs {
		sum += x
	}
	return sum / float64(len(xs))
}

// balancedAccuracy is the mean over writers of each writer's hit rate, so
// that a writer with many held-out pieces counts no more than one with
// two, and always picking the biggest writer earns 1/writers, not its
// share of the pieces.
func balancedAccuracy(credits map[string][]float64) float64 {
	if len(credits) == 0 {
		return 0
	}
	sum := 0.0
	for _, c := range credits {
		sum += hitRate(c)
	}
	return sum / float64(len(credits))
}

// moreFindings is a count in the warning sw check adds when a rule has
// more findings than it lists: "14 more sentences outside 15 to 65 words
// from here on; only the first 10 are listed".
var moreFindings = regexp.MustCompile(`(\d+) more `)

// findings is how many findings one warning of sw check stands for: one,
// or, for the warning that counts those left out, the number it counts.
// Warnings per 1,000 words therefore count every sentence or paragraph a
// person would have to look at, not only the ones listed.
func findings(message string) int {
	if !strings.Contains(message, "from here on; only the first") {
		return 1
	}
	n := 0
	for _, m := range moreFindings.FindAllStringSubmatch(message, -1) {
		k, err := strconv.Atoi(m[1])
		if err == nil {
			n += k
		}
	}
	return max(n, 1)
}

// perThousand is count per 1,000 of words.
func perThousand(count, words int) float64 {
	if words == 0 {
		return 0
	}
	return 1000 * float64(count) / float64(words)
}
