package analyze

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"sw/profile"
	"sw/profile/prose"
)

// RareRate is the typical rate per 1,000 words under which a ceiling
// reads as "avoid it" rather than "use it sparingly".
const RareRate = 0.5

// metricWording writes a metric rule's sentence and one-line summary.
// typical is the pieces' typical value, which the sentence gives even when
// the rule has only a bound. most is, for a per-unit metric, where most of
// the writer's units lie: the habit to follow, while m's bounds lie
// further out, where sw check starts to warn.
func metricWording(spec *profile.MetricKind, m, most *profile.Metric, typical float64) (text, summary string) {
	t := fmtNum(typical)
	switch {
	case spec.Scope == prose.PerParagraph && spec.Unit == "sentences" && typical <= 1 && most.Max != nil:
		return fmt.Sprintf("Write mostly one-sentence paragraphs; few run past %s sentences.", fmtNum(*most.Max)),
			"Mostly one-sentence paragraphs"
	case spec.Scope != prose.PerPiece:
		return unitWording(spec.Scope.String()+"s", spec.Unit, t, most)
	case !spec.Rate:
		return fmt.Sprintf("Keep pieces around %s words%s.", fmtCount(typical), rangeText(m, fmtCount)),
			fmt.Sprintf("Pieces around %s words", fmtCount(typical))
	}
	hi := ""
	if m.Max != nil {
		hi = fmtNum(*m.Max)
	}
	switch {
	case m.Target != nil:
		return fmt.Sprintf("%s about %s times per 1,000 words%s.", spec.Use, t, rangeText(m, fmtNum)),
			fmt.Sprintf("%s about %s per 1,000 words", spec.Label, t)
	case typical >= RareRate:
		return fmt.Sprintf("%s sparingly: about %s per 1,000 words, at most %s.", spec.Use, t, hi),
			fmt.Sprintf("%s sparingly: at most %s per 1,000 words", spec.Label, hi)
	}
	return fmt.Sprintf("Avoid %s: at most %s per 1,000 words.", spec.Avoid, hi),
		fmt.Sprintf("Few or no %s: at most %s per 1,000 words", strings.ToLower(spec.Label), hi)
}

// unitWording speaks of a per-sentence or per-paragraph metric: "Keep
// sentences around 22 words, most between 12 and 33."
func unitWording(units, of, t string, m *profile.Metric) (text, summary string) {
	text = fmt.Sprintf("Keep %s around %s %s", units, t, of)
	summary = fmt.Sprintf("%s around %s %s", capitalise(units), t, of)
	switch {
	case m.Min != nil && m.Max != nil && *m.Min < *m.Max:
		lo, hi := fmtNum(*m.Min), fmtNum(*m.Max)
		return text + ", most between " + lo + " and " + hi + ".", summary + ", most " + lo + " to " + hi
	case m.Max != nil && fmtNum(*m.Max) != t:
		hi := fmtNum(*m.Max)
		return text + "; few run past " + hi + ".", summary + ", few past " + hi
	}
	return text + ".", summary
}

// rangeText is " (a to b)", " (at most b)" or "".
func rangeText(m *profile.Metric, f func(float64) string) string {
	switch {
	case m.Min != nil && m.Max != nil && *m.Min > 0:
		return fmt.Sprintf(" (%s to %s)", f(*m.Min), f(*m.Max))
	case m.Max != nil:
		return " (at most " + f(*m.Max) + ")"
	case m.Min != nil && *m.Min > 0:
		return " (at least " + f(*m.Min) + ")"
	}
	return ""
}

// fmtNum writes a number as a rule file does: no exponent, no trailing
// zeros.
func fmtNum(v float64) string { return strconv.FormatFloat(cleanFloat(v), 'f', -1, 64) }

// fmtCount writes a whole number with thousands separators: 1,200.
func fmtCount(v float64) string {
	s := strconv.FormatInt(int64(math.Round(v)), 10)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// MaxListed is how many pieces an evidence line names before it counts the
// rest, so that evidence stays readable and within the protocol's limit.
const MaxListed = 12

// pieceList names pieces by path, each with a detail when detail is not
// nil: "a.md (21), b.md (23)".
func pieceList(ps []*piece, detail func(i int, p *piece) string) string {
	var b strings.Builder
	for i, p := range ps {
		if i == MaxListed {
			fmt.Fprintf(&b, " and %d more", len(ps)-MaxListed)
			break
		}
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(p.Path)
		if detail != nil {
			b.WriteString(" (" + detail(i, p) + ")")
		}
	}
	return b.String()
}

func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}

// quote writes a phrase for people: "in fact".
func quote(s string) string { return "\u201c" + s + "\u201d" }
