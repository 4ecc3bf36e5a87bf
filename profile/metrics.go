package profile

import (
	"math"
	"slices"
	"strings"
	"sync"

	"sw/profile/baseline"
	"sw/profile/prose"
)

// MetricKind is everything sw knows about one metric a rule may name, in
// one place: how it is measured, how people read it, what general English
// does (the analyzer proposes a rule only where the writer differs), how
// the analyzer estimates it, and how its rule is worded for the agent. A
// new metric is one more entry.
type MetricKind struct {
	Name       string // as written in a rule file
	Unit       string // what one unit of the value is, for people
	Definition string // how it is counted, for people
	Scope      prose.Scope
	Measure    func(*prose.Doc) []prose.Measurement // one per unit, in file order, or one per piece

	ID   string  // of the rule the analyzer proposes
	Rate bool    // per 1,000 words (needs enough words to say anything)
	Word string  // the marker word whose rate it is (see prose.MarkerWords)
	ref  float64 // general English's typical value (see Ref)
	// Always: the length of sentences, paragraphs and pieces is the shape
	// of a voice, and an agent with no rule on it writes its own, so a
	// rule is proposed however near English the writer lies.
	Always bool
	// Two values agree when they lie within Tol(v) = max(Abs, Rel×v,
	// Noise×√v); Noise is for counts whose chance swing in one piece
	// outweighs Rel (see MarkerNoise).
	Abs, Rel, Noise float64
	Step            float64 // targets and bounds are rounded to this
	Width           float64 // tolerances a per-piece rule's bounds lie from its target; 0: the analyzer's default
	Pieces          int     // the fewest measurable pieces a rule needs; 0: the analyzer's default
	// SameSize names another metric of the same unit's size: a
	// paragraph's sentences and its words. A rule on each would warn
	// twice of every short paragraph (a quotation, a line of dialogue), so
	// this one is not proposed where the other is ruled or proposed.
	SameSize string

	// A rate's rule speaks of it with the verb phrase for a habit ("Use
	// semicolons"), the noun for one to avoid ("semicolons") and a label
	// for summaries ("Semicolons").
	Use, Avoid, Label string
}

// Ref is general English's typical value: a new rule is proposed only when
// the pieces sit at least Tol(Ref) from it, unless Always is set. NaN: no
// reference. A marker word's is the baseline's rate, looked up only when
// asked: the baseline costs a process that only checks pieces more than
// all its measuring.
func (k *MetricKind) Ref() float64 {
	if k.Word != "" {
		perMillion, _ := baseline.PerMillion(k.Word)
		return perMillion / 1000
	}
	return k.ref
}

// Tol is how far a value may lie from v and still agree with it.
func (k *MetricKind) Tol(v float64) float64 {
	return math.Max(math.Max(k.Abs, k.Rel*math.Abs(v)), k.Noise*math.Sqrt(math.Abs(v)))
}

// Marker words' rates (see prose.MarkerWords) are proposed, like the
// marks', only when the writer's rate lies outside general English's
// ordinary range, so the rule asks an agent for something. Two values agree within MarkerRel of the value,
// MarkerNoise's chance swing, or MarkerAbs per 1,000 words, whichever is
// widest.
const (
	MarkerRel = 0.3
	MarkerAbs = 1.0
	// MarkerNoise: a word used v times per 1,000 words is used v±√v times
	// in a piece of 1,000 words by chance alone (a Poisson count), so two
	// values agree within at least one such swing.
	MarkerNoise = 1.0
	// MarkerBoundsWidth is how many tolerances a marker rule's bounds lie
	// from its target, wider than the marks': a word's count in one piece
	// swings with what the piece argues, and sw check warns of a piece
	// that strays half that far.
	MarkerBoundsWidth = 3.0
	// MarkerPieces is the fewest pieces a marker rule is learned from: a
	// word's rate swings with what each piece argues, and a few pieces
	// cannot tell the writer's habit from their subjects'.
	MarkerPieces = 5
)

// MetricKinds are the metrics a rule may name, in the order the analyzer
// proposes them: a paragraph's words before its sentences, since a rule on
// one leaves the other unproposed. The reference values describe edited
// contemporary English non-fiction, rounded; they only decide whether a
// habit is worth a rule, never the rule's numbers. Built on first use:
// most sw processes measure nothing.
var MetricKinds = sync.OnceValue(func() []*MetricKind {
	kinds := []*MetricKind{
		{Name: "words_per_sentence", Unit: "words", Scope: prose.PerSentence, Measure: (*prose.Doc).SentenceWords,
			Definition: "Words in one sentence of prose; one value per sentence. A word is a run of letters or digits, " +
				"with apostrophes and single hyphens inside it (don't, self-driving = 1 word each). " +
				"A list item's sentence counts when it ends with . ? or !; none counts in " + notProse,
			ID: "sentence-length", ref: 18, Always: true, Abs: 3, Rel: 0.25, Step: 1},
		{Name: "words_per_paragraph", Unit: "words", Scope: prose.PerParagraph, Measure: (*prose.Doc).ParagraphWords,
			Definition: "Words in one paragraph of prose; one value per paragraph. Headings and list items are no " +
				"paragraphs, nor is " + notProse,
			ID: "paragraph-length", ref: 60, Always: true, Abs: 10, Rel: 0.3, Step: 1},
		{Name: "sentences_per_paragraph", Unit: "sentences", Scope: prose.PerParagraph, Measure: (*prose.Doc).ParagraphSentences,
			Definition: "Sentences in one paragraph of prose; one value per paragraph. Headings and list items are no " +
				"paragraphs, nor is " + notProse,
			ID: "paragraph-sentences", ref: 3, Abs: 0.75, Rel: 0.3, Step: 0.5, SameSize: "words_per_paragraph"},
		{Name: "words_per_piece", Unit: "words", Scope: prose.PerPiece, Measure: (*prose.Doc).PieceWords,
			Definition: "Words in the piece's text: paragraphs, list items, quotes and headings, without front matter or code.",
			ID:         "piece-length", ref: math.NaN(), Always: true, Abs: 100, Rel: 0.3, Step: 10},
		markRate("em_dashes", prose.EmDashes, "em dashes", "em dashes (—) and their typed stand-in, two or three hyphens "+
			"between words (word--word, word -- word); a run of dashes counts once.", 1.5, 1, "Use em dashes (—)", "em dashes (—)", "Em dashes"),
		markRate("en_dashes", prose.EnDashes, "en dashes", "en dashes (–), as in ranges (1990–2000) or as a spaced dash, "+
			"and a single hyphen with a space on each side (word - word), the typed stand-in for a spaced dash.",
			0.3, 0.5, "Use en dashes (–)", "en dashes (–)", "En dashes"),
		markRate("semicolons", prose.Semicolons, "semicolons", "semicolons (;).", 1.5, 1, "Use semicolons", "semicolons", "Semicolons"),
		markRate("colons", prose.Colons, "colons", "colons (:), except between two digits as in 10:30 or 3:1.",
			2, 1, "Use colons", "colons", "Colons"),
		markRate("parentheses", prose.Parentheses, "parentheses", "opening parentheses, so a pair counts once.",
			2, 1, "Use parentheses", "parentheses", "Parentheses"),
		markRate("questions", prose.Questions, "questions", "sentences ending in a question mark (?!, ?? included).",
			3, 1.5, "Ask questions", "questions", "Questions"),
		markRate("exclamations", prose.Exclamations, "exclamations", "sentences ending in an exclamation mark and no question mark.",
			0.5, 0.75, "Use exclamation marks", "exclamation marks", "Exclamations"),
		markRate("contractions", prose.Contractions, "contractions", "words with n't, 're, 've, 'll, 'm or 'd (don't, "+
			"we're, I'd), y'all, and 's after a pronoun or a question or pointing word (it's, that's, there's, what's, "+
			"let's). 's after a noun is taken as possessive (the writer's, John's) and does not count.",
			12, 4, "Use contractions (don't, it's)", "contractions (write do not, it is)", "Contractions"),
		markRate("first_person_singular", prose.FirstSingular, "first-person singular words",
			"I, me, my, mine, myself, and contractions of I (I'm, I've, I'll, I'd).", 12, 4,
			"Write in the first person singular (I, me, my)", "the first person singular (I, me, my)", "First person singular"),
		markRate("first_person_plural", prose.FirstPlural, "first-person plural words",
			"we, us, our, ours, ourselves, contractions of we (we're, we've) and let's; US in capitals is the country "+
				"and does not count.", 5, 3,
			"Write in the first person plural (we, us, our)", "the first person plural (we, us, our)", "First person plural"),
		markRate("second_person", prose.SecondPerson, "second-person words",
			"you, your, yours, yourself, yourselves, contractions of you (you're, you'll) and y'all.", 6, 3,
			"Address the reader as you", "addressing the reader as you", "Second person"),
		markRate("headings", prose.Headings, "headings", "headings: Markdown # and underlined headings, and a plain-text title line.",
			2, 1.5, "Use headings", "headings", "Headings"),
		markRate("list_items", prose.ListItems, "list items", "list items that hold text, bulleted (-, *, +) or numbered "+
			"(1. or 1 followed by a parenthesis); nested items count too.", 3, 2, "Use list items", "lists (write paragraphs)", "List items"),
	}
	for i, w := range prose.MarkerWords {
		q := "\u201c" + w + "\u201d"
		kinds = append(kinds, &MetricKind{Name: MarkerMetric(w), Unit: "uses of " + q + " per 1,000 words", Scope: prose.PerPiece,
			Definition: perK + "the word " + q + ", in any case (a function word: how often a writer uses it is a habit of style).",
			Measure:    func(d *prose.Doc) []prose.Measurement { return d.Per1k(d.MarkerUses(i)) },
			ID:         "rate-of-" + w, Rate: true, Word: w,
			Abs: MarkerAbs, Rel: MarkerRel, Noise: MarkerNoise, Step: 0.1, Width: MarkerBoundsWidth, Pieces: MarkerPieces,
			Use: "Use " + q, Avoid: q, Label: "Uses of " + q})
	}
	return kinds
})

// markRate is a metric of a mark's, or a kind of word's, count per 1,000
// words, with general English's typical rate ref, agreeing within abs or
// half the value.
func markRate(name string, count prose.Count, what, def string, ref, abs float64, use, avoid, label string) *MetricKind {
	return &MetricKind{Name: name + "_per_1k_words", Unit: what + " per 1,000 words", Definition: perK + def, Scope: prose.PerPiece,
		Measure: func(d *prose.Doc) []prose.Measurement { return d.Per1k(d.Count(count)) },
		ID:      strings.ReplaceAll(name, "_", "-"), Rate: true, ref: ref, Abs: abs, Rel: 0.5, Step: 0.1,
		Use: use, Avoid: avoid, Label: label}
}

// perK opens the rates' definitions: they count in the text prose.Parse
// keeps (no front matter, code, HTML or URLs).
const perK = "Per 1,000 words of the piece: "

// notProse ends the definitions of the length metrics: the short lines
// they leave out (see prose.Kind).
const notProse = "a blockquote, a paragraph that opens with a quotation mark and holds at most two sentences, " +
	"a short unpunctuated line (a dateline, a byline, a sign-off) or a question-and-answer line " +
	"(Q:, A:, or a speaker's name in bold or capitals and a colon); a bold line alone is a heading."

// MarkerMetric is the name of the metric of a marker word's rate.
func MarkerMetric(word string) string { return word + "_per_1k_words" }

// LookupMetric returns the metric called name.
func LookupMetric(name string) (*MetricKind, bool) {
	kinds := MetricKinds()
	if i := slices.IndexFunc(kinds, func(k *MetricKind) bool { return k.Name == name }); i >= 0 {
		return kinds[i], true
	}
	return nil, false
}

// MetricNames are the names a rule may use, sorted, as people look them up.
func MetricNames() []string {
	var names []string
	for _, k := range MetricKinds() {
		names = append(names, k.Name)
	}
	slices.Sort(names)
	return names
}
