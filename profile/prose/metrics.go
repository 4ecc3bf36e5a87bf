package prose

import (
	"errors"
	"fmt"
	"sort"
	"sync"
)

// A Metric is a measurement of prose that a rule's `metric:` can name, so
// that `sw check` can test the rule and the analyzer can propose it.
type Metric struct {
	Name       string // as written in a rule file
	Unit       string // what one unit of the value is, for people
	Definition string // how it is counted, for people
	Scope      Scope  // what one value describes
}

// Scope says what one value of a metric describes: a sentence, a
// paragraph, or the whole piece. A per-sentence metric has a distribution
// in each piece; a per-piece metric has one value.
type Scope int

const (
	PerSentence Scope = iota + 1
	PerParagraph
	PerPiece
)

func (s Scope) String() string {
	switch s {
	case PerSentence:
		return "sentence"
	case PerParagraph:
		return "paragraph"
	case PerPiece:
		return "piece"
	}
	return fmt.Sprintf("Scope(%d)", int(s))
}

// Measurement is one value of a metric and where it applies: a sentence's
// or paragraph's first word, or the piece's first word.
type Measurement struct {
	Value float64
	Position
}

// ErrUnknownMetric is returned for a name no metric has.
var ErrUnknownMetric = errors.New("unknown metric")

// The text the rates count in is the piece's text as Parse defines it:
// paragraphs, list items, quotes and headings; never front matter, code,
// HTML or URLs. "Per 1,000 words" divides by WordCount, so short and long
// pieces compare; a piece without words measures 0.
const perK = "Per 1,000 words of the piece: "

type metricDef struct {
	Metric
	measure func(*Doc) []Measurement
}

// registry holds every metric a rule may name. It is built on first use, so
// a process that measures nothing (most hook runs) does not pay for its
// strings and closures at start-up.
var registry = sync.OnceValue(func() []metricDef {
	return append([]metricDef{
		{Metric{"words_per_sentence", "words",
			"Words in one sentence of prose; one value per sentence. A word is a run of letters or digits, " +
				"with apostrophes and single hyphens inside it (don't, self-driving = 1 word each). " +
				"A list item's sentence counts when it ends with . ? or !; none counts in " + notProse, PerSentence},
			func(d *Doc) []Measurement {
				out := make([]Measurement, 0, len(d.Sentences))
				for _, s := range d.Sentences {
					if d.proseSentence(s) {
						out = append(out, Measurement{float64(s.Words.Len()), s.Position})
					}
				}
				return out
			}},
		{Metric{"sentences_per_paragraph", "sentences",
			"Sentences in one paragraph of prose; one value per paragraph. Headings and list items are no " +
				"paragraphs, nor is " + notProse, PerParagraph},
			func(d *Doc) []Measurement {
				return d.perParagraph(func(p Paragraph) int { return p.Sentences.Len() })
			}},
		{Metric{"words_per_paragraph", "words",
			"Words in one paragraph of prose; one value per paragraph. Headings and list items are no " +
				"paragraphs, nor is " + notProse, PerParagraph},
			func(d *Doc) []Measurement {
				return d.perParagraph(func(p Paragraph) int { return p.Words.Len() })
			}},
		{Metric{"words_per_piece", "words",
			"Words in the piece's text: paragraphs, list items, quotes and headings, " +
				"without front matter or code.", PerPiece},
			func(d *Doc) []Measurement { return d.piece(float64(len(d.Words))) }},
		rate("em_dashes_per_1k_words", "em dashes",
			"em dashes (—) and their typed stand-in, two or three hyphens between words (word--word, word -- word); "+
				"a run of dashes counts once.", func(d *Doc) int { return d.counts.emDashes }),
		rate("en_dashes_per_1k_words", "en dashes",
			"en dashes (–), as in ranges (1990–2000) or as a spaced dash, and a single hyphen with a space on each "+
				"side (word - word), the typed stand-in for a spaced dash.", func(d *Doc) int { return d.counts.enDashes }),
		rate("semicolons_per_1k_words", "semicolons", "semicolons (;).",
			func(d *Doc) int { return d.counts.semicolons }),
		rate("colons_per_1k_words", "colons",
			"colons (:), except between two digits as in 10:30 or 3:1.", func(d *Doc) int { return d.counts.colons }),
		rate("parentheses_per_1k_words", "parentheses",
			"opening parentheses, so a pair counts once.", func(d *Doc) int { return d.counts.parens }),
		rate("questions_per_1k_words", "questions",
			"sentences ending in a question mark (?!, ?? included).", func(d *Doc) int { return d.counts.questions }),
		rate("exclamations_per_1k_words", "exclamations",
			"sentences ending in an exclamation mark and no question mark.", func(d *Doc) int { return d.counts.exclamations }),
		rate("contractions_per_1k_words", "contractions",
			"words with n't, 're, 've, 'll, 'm or 'd (don't, we're, I'd), y'all, and 's after a pronoun or a "+
				"question or pointing word (it's, that's, there's, what's, let's). 's after a noun is taken "+
				"as possessive (the writer's, John's) and does not count.", func(d *Doc) int { return d.kinds().contractions }),
		rate("first_person_singular_per_1k_words", "first-person singular words",
			"I, me, my, mine, myself, and contractions of I (I'm, I've, I'll, I'd).",
			func(d *Doc) int { return d.kinds().firstSingular }),
		rate("first_person_plural_per_1k_words", "first-person plural words",
			"we, us, our, ours, ourselves, contractions of we (we're, we've) and let's; US in capitals "+
				"is the country and does not count.", func(d *Doc) int { return d.kinds().firstPlural }),
		rate("second_person_per_1k_words", "second-person words",
			"you, your, yours, yourself, yourselves, contractions of you (you're, you'll) and y'all.",
			func(d *Doc) int { return d.kinds().second }),
		rate("headings_per_1k_words", "headings",
			"headings: Markdown # and underlined headings, and a plain-text title line.",
			func(d *Doc) int { return d.counts.headings }),
		rate("list_items_per_1k_words", "list items",
			"list items that hold text, bulleted (-, *, +) or numbered (1. or 1 followed by a parenthesis); nested items count too.",
			func(d *Doc) int { return d.counts.listItems }),
	}, markerRates()...)
})

// notProse ends the definitions of the length metrics: the short lines
// they leave out (see Kind).
const notProse = "a blockquote, a paragraph that opens with a quotation mark and holds at most two sentences, " +
	"a short unpunctuated line (a dateline, a byline, a sign-off) or a question-and-answer line " +
	"(Q:, A:, or a speaker's name in bold or capitals and a colon); a bold line alone is a heading."

// perParagraph measures each paragraph of prose by size.
func (d *Doc) perParagraph(size func(Paragraph) int) []Measurement {
	out := make([]Measurement, 0, len(d.Paragraphs))
	for _, p := range d.Paragraphs {
		if p.Kind == Prose && !p.ListItem {
			out = append(out, Measurement{float64(size(p)), p.Position})
		}
	}
	return out
}

// proseSentence says whether a sentence is one the sentence length
// counts: a sentence of a paragraph of prose, or a list item's sentence
// that ends as a sentence does (a bare fragment is a label, not a
// sentence).
func (d *Doc) proseSentence(s Sentence) bool {
	p := &d.Paragraphs[s.Paragraph]
	return p.Kind == Prose && (!p.ListItem || s.Terminator != 0)
}

// rate makes a per-piece metric of a count per 1,000 words.
func rate(name, what, def string, count func(*Doc) int) metricDef {
	return metricDef{
		Metric{name, what + " per 1,000 words", perK + def, PerPiece},
		func(d *Doc) []Measurement {
			return d.piece(d.per1k(count(d)))
		},
	}
}

func (d *Doc) per1k(n int) float64 {
	if len(d.Words) == 0 {
		return 0
	}
	return float64(n) * 1000 / float64(len(d.Words))
}

func (d *Doc) piece(v float64) []Measurement {
	return []Measurement{{v, d.start()}}
}

// Metrics returns every metric a rule may name, sorted by name.
func Metrics() []Metric {
	defs := registry()
	out := make([]Metric, len(defs))
	for i, m := range defs {
		out[i] = m.Metric
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Lookup returns the metric called name.
func Lookup(name string) (Metric, bool) {
	if m := lookup(name); m != nil {
		return m.Metric, true
	}
	return Metric{}, false
}

func lookup(name string) *metricDef {
	defs := registry()
	for i := range defs {
		if defs[i].Name == name {
			return &defs[i]
		}
	}
	return nil
}

// Measure returns the values of the metric called name: one per sentence
// or paragraph, in file order, or exactly one for a per-piece metric.
func (d *Doc) Measure(name string) ([]Measurement, error) {
	m := lookup(name)
	if m == nil {
		return nil, fmt.Errorf("%w %q", ErrUnknownMetric, name)
	}
	return m.measure(d), nil
}
