package check

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"sw/profile"
	"sw/profile/boilerplate"
	"sw/profile/prose"
)

// unitFinding is a finding about one sentence or paragraph (its value) or
// one avoided phrase found. Its message is written only if it is shown:
// a long piece can hold hundreds past the cap.
type unitFinding struct {
	at     prose.Position
	value  float64
	phrase string // the avoided phrase, as written; "" for a unit
}

func (rc *ruleCheck) message(u unitFinding) string {
	if u.phrase != "" {
		return rc.avoidMessage(u.phrase)
	}
	return rc.unitMessage(u.value)
}

// more counts n left-out findings of phrases or of units: "1 more
// sentence over 40 words", "12 more uses of avoided phrases".
func (rc *ruleCheck) more(phrases bool, n int) string {
	if phrases {
		if n == 1 {
			return "1 more use of an avoided phrase"
		}
		return fmt.Sprintf("%d more uses of avoided phrases", n)
	}
	noun := rc.kind.Scope.String()
	if n != 1 {
		noun += "s"
	}
	if rc.outsideUnits == "" {
		rc.outsideUnits = outside(rc.bounds, rc.kind.Unit)
	}
	return fmt.Sprintf("%d more %s %s", n, noun, rc.outsideUnits)
}

// flush reports the rule's unit findings in file order: every one as an
// error for a hard limit, else the first WarningsPerRule as warnings and
// one more that counts the rest.
func (rc *ruleCheck) flush() {
	if len(rc.units) == 0 {
		return
	}
	slices.SortStableFunc(rc.units, func(a, b unitFinding) int {
		return cmp.Or(int(a.at.Line-b.at.Line), int(a.at.Col-b.at.Col))
	})
	if rc.hard {
		for _, u := range rc.units {
			rc.report(true, u.at, rc.message(u))
		}
		return
	}
	shown := min(len(rc.units), WarningsPerRule)
	for _, u := range rc.units[:shown] {
		rc.report(false, u.at, rc.message(u))
	}
	rest := rc.units[shown:]
	if len(rest) == 0 {
		return
	}
	count := map[bool]int{}
	for _, u := range rest {
		count[u.phrase != ""]++
	}
	var parts []string
	for _, phrases := range []bool{rest[0].phrase != "", rest[0].phrase == ""} {
		if count[phrases] > 0 {
			parts = append(parts, rc.more(phrases, count[phrases]))
		}
	}
	rc.report(false, rest[0].at, fmt.Sprintf("%s from here on; only the first %d are listed",
		strings.Join(parts, " and "), WarningsPerRule))
}

// report adds a finding of the rule: an error when err is set (a hard
// limit's bounds or avoid list), else a warning.
func (rc *ruleCheck) report(err bool, at prose.Position, msg string) {
	f := Finding{Rule: rc.rule.ID, Line: int(at.Line), Col: int(at.Col), Message: msg}
	if err {
		rc.c.res.Errors = append(rc.c.res.Errors, f)
	} else {
		rc.c.res.Warnings = append(rc.c.res.Warnings, f)
	}
}

// whole reports a finding about the whole piece, at its first word.
func (rc *ruleCheck) whole(err bool, msg string) {
	rc.report(err, rc.c.start, msg)
}

// name names the rule in a message with its layer, so a person knows at
// once whether it may be bent: "hard limit short-sentences".
func (rc *ruleCheck) name() string {
	if rc.named != "" {
		return rc.named
	}
	switch {
	case rc.rule.Layer == profile.HardLimit:
		rc.named = "hard limit "
	case rc.rule.Layer == profile.GenreLayer && rc.c.genre != "":
		rc.named = rc.c.genre + " rule "
	case rc.rule.Layer == profile.GenreLayer:
		rc.named = "genre rule "
	default:
		rc.named = "preference "
	}
	rc.named += rc.rule.ID
	return rc.named
}

// asks is the verb for what a rule's bounds say: a hard limit allows, the
// others ask.
func (rc *ruleCheck) asks() string {
	if rc.hard {
		return "allows"
	}
	return "asks for"
}

// sortFindings puts findings in file order; ties keep the rule order.
func sortFindings(fs []Finding) {
	slices.SortStableFunc(fs, func(a, b Finding) int { return cmp.Or(a.Line-b.Line, a.Col-b.Col) })
}

// boilerplateFindings reports what was left out as boilerplate: each line
// (ruleOf maps its key to its rule's id) and the notes after a sign-off.
func boilerplateFindings(blocks []boilerplate.Block, ruleOf map[string]string) []Finding {
	var out []Finding
	for _, b := range blocks {
		id := ruleOf[b.Key]
		what := "a line of the collection's template"
		if b.Kind == boilerplate.SignOff {
			what = "the collection's sign-off"
		}
		out = append(out, Finding{Rule: id, Line: b.Line, Col: b.Col,
			Message: fmt.Sprintf("%q is %s, not writing: left out of every measure", b.Text, what)})
		if b.NotesLine > 0 {
			out = append(out, Finding{Rule: id, Line: b.NotesLine, Col: b.NotesCol,
				Message: fmt.Sprintf("the notes after the sign-off (%s) are left out of every measure", amount(float64(b.NotesWords), "words"))})
		}
	}
	return out
}
