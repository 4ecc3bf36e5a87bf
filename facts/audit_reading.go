package facts

import (
	"regexp"
	"strings"
	"sync"
)

// Reading is what a writing-style judgment asks of the writing, as far as
// its words say it plainly: words not to use, words to use, a mark of
// punctuation never to use. The review loop turns a reading into a rule
// (sw memory audit --to-suggestions); what no field holds stays in Text,
// the judgment in its own words.
type Reading struct {
	Text    string   // the entry's words: list, quote and front-matter markers, links and emphasis taken off
	Avoid   []string // words or phrases it says not to use, as quoted
	Prefer  []string // words or phrases it says to use, as quoted
	Without string   // a mark of punctuation it says not to use at all (a Punctuation* constant), "" for none
	// Required says it is a publication's or house style's requirement,
	// not a taste: a candidate for a hard limit, which only the person
	// writes.
	Required bool
}

// The marks of punctuation a reading's Without names.
const (
	PunctuationExclamations = "exclamation marks"
	PunctuationSemicolons   = "semicolons"
	PunctuationEmDashes     = "em dashes"
	PunctuationEnDashes     = "en dashes"
	PunctuationColons       = "colons"
	PunctuationParentheses  = "parentheses"
)

var (
	readingOnce sync.Once
	// preferOver is "X instead of Y" between two quoted words.
	preferOver *regexp.Regexp
	// negation is a word that turns what follows into something to avoid.
	negation *regexp.Regexp
	// withoutMarks are the marks a judgment can rule out, each after a
	// negation that applies to it alone ("no exclamation marks", "never
	// use semicolons"); hedged forms ("no more than one exclamation
	// mark", "avoid too many dashes") are not a "none at all".
	withoutMarks []pattern
	hedged       *regexp.Regexp
	// markup is what Text leaves out of an entry: a link's target, a
	// wiki link's brackets, emphasis.
	markdownLink, strong *regexp.Regexp
)

const negations = `no|never|avoid|avoids|don't|doesn't|do not|does not|ban|bans|cut|cuts|stop|hates?|dislikes?|can't stand`

func compileReading() {
	preferOver = regexp.MustCompile(quoted + `,? (?:instead of|rather than|over|not|to) ` + quoted)
	negation = regexp.MustCompile(`\b(?:` + negations + `)\b`)
	markdownLink = regexp.MustCompile(`\[([^\]]*)\]\([^)]*\)|\[\[([^\]]*)\]\]`)
	strong = regexp.MustCompile(`\*\*|__|(^|\s)\*(\S)|(\S)\*($|[\s.,;:!?])`)
	hedged = regexp.MustCompile(`\d|\b(?:more than|than|except|unless|at most|only|per|sparingly|rarely|few|fewer|less|too many|overuse|over-use|so many|one|two|several)\b`)
	for _, m := range []struct{ name, pattern string }{
		{PunctuationExclamations, `exclamation(?: marks?| points?)?|exclamations`},
		{PunctuationSemicolons, `semi-?colons?`},
		{PunctuationEmDashes, `em[- ]?dash(?:es)?`},
		{PunctuationEnDashes, `en[- ]?dash(?:es)?`},
		{PunctuationColons, `colons`},
		{PunctuationParentheses, `parenthe(?:ses|sis|ticals?)`},
	} {
		withoutMarks = append(withoutMarks, pattern{m.name, regexp.MustCompile(
			`\b(?:` + negations + `|without|never use|don't use|do not use)(?: using| use| any| the)* (?:` + m.pattern + `)\b`)})
	}
}

// read says what a judgment asks, from its text and what the classifier
// made of it.
func read(text string, j judgment) Reading {
	readingOnce.Do(compileReading)
	r := Reading{Text: plainWords(text), Required: j.kind == kindMandated}
	masked, quotes := maskQuoting(text)
	switch j.aspect {
	case "word choice":
		if strings.Count(masked, quoted) != len(quotes) || len(quotes) == 0 {
			break // a quotation the masking did not keep in step: leave it as text
		}
		if loc := preferOver.FindStringIndex(masked); loc != nil {
			i := strings.Count(masked[:loc[0]], quoted)
			r.Prefer, r.Avoid = []string{quotes[i]}, []string{quotes[i+1]}
			break
		}
		switch {
		case j.kind == kindDislike || negation.MatchString(masked):
			r.Avoid = quotes
		case j.kind == kindPreference:
			r.Prefer = quotes
		}
	case "punctuation":
		if hedged.MatchString(masked) {
			break
		}
		for _, m := range withoutMarks {
			if m.re.MatchString(masked) {
				r.Without = m.name
				break
			}
		}
	}
	return r
}

// plainWords is an entry's text without Markdown's marks: a link becomes
// its words, emphasis goes.
func plainWords(text string) string {
	readingOnce.Do(compileReading)
	text = markdownLink.ReplaceAllString(text, "$1$2")
	text = strong.ReplaceAllString(text, "$1$2$3$4")
	return strings.Join(strings.Fields(text), " ")
}
