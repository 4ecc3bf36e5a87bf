package analyze

import "math"

// The noise gate: the embedded analyzer's thresholds (with the metric
// references in profile.MetricKinds), each saying why it has its value.
const (
	// MinPieces is the fewest pieces a signal must be seen in. One piece
	// is an anecdote: its odd word may be what that piece needed, and
	// turning it into a rule is the misfiling the style drawer prevents.
	MinPieces = 2

	// MinPieceWords is the size below which a piece is no evidence of
	// style at all (a note, a stub): its rates swing on one word. Edit
	// signals ignore it, since the person's edit is the evidence there.
	MinPieceWords = 150
	// MinRateWords is the size below which a piece's rates per 1,000 words
	// are not compared: in 150 words one semicolon is a rate of 6.7, and
	// none a rate of 0.
	MinRateWords = 300
	// MinSentences and MinParagraphs are the units a piece needs before
	// its median sentence or paragraph says anything.
	MinSentences  = 5
	MinParagraphs = 3

	// AgreeShare is the share of the measurable pieces (and MinPieces)
	// that must agree on a metric, an opening or a closing: 2 of 3, 3 of 4.
	// Every piece is held to such a rule, so most must already follow it.
	AgreeShare = 2.0 / 3
	// VocabShare is the share of the pieces (and MinPieces) that must use
	// a signature word or phrase. Words are rarer events than sentences,
	// so a habit shows in fewer pieces.
	VocabShare = 0.5
	// PreferShare is how likely a new piece of the writer's must be to use
	// a signature for it to be proposed (see preferPieces): a prefer rule
	// warns of every piece that does without it, so the writer's own
	// pieces must seldom do without it, whatever its rate in those that use
	// it (a writer's dialogue tags or "upon" come in runs).
	PreferShare = 0.8
	// InsideShare is how likely a new piece of the writer's must be to lie
	// inside a per-piece rule's bounds (see likely), for the same reason.
	InsideShare = 0.8
	// AddShare is the share of the pieces with drafts to which the person
	// must have added a phrase for it to count as consistently added.
	AddShare = 0.5

	// MinZ is how far, in Poisson standard deviations, a rate's events
	// over all the pieces must lie from what general English (or the
	// current rule) predicts. A handful of question marks in 5,000 words
	// cannot tell 1.2 per 1,000 words from 3.
	MinZ = 2.0

	// MinAbsentEvents: a rate the batch never shows becomes a ceiling
	// only when general English would have shown it this many times in
	// as many words (zero then has a chance under 5%).
	MinAbsentEvents = 3.0

	// MinCeilingPieces is the fewest measurable pieces behind a ceiling
	// ("few or no questions"). Such marks come in bursts: a piece that
	// asks one question often asks five. Three pieces without any did not
	// need one; on the Federalist papers, ceilings learned from three
	// papers were broken by the author's own next papers more often than
	// by the other author's.
	MinCeilingPieces = 4

	// MinEvents is the fewest events over all the pieces behind a rate
	// rule with a target: below it the rate's relative error passes 20%,
	// and the target describes the sample, not the writer.
	MinEvents = 20.0

	// BoundsWidth is how many agreement tolerances a per-piece rule's
	// bounds lie from its target: pieces that agree sit within one; sw
	// check warns past two.
	BoundsWidth = 2.0

	// MinRemovePieces is how many pieces must all contradict a rule before
	// its removal is proposed: removing is the strongest change there is.
	MinRemovePieces = 3

	// MinOccurrences is the fewest uses of a signature word or phrase
	// across the pieces that support it.
	MinOccurrences = 3
	// MinVocabRate is the fewest uses per million words (pooled) for a
	// signature: 0.2 per 1,000 words, below which a word is an accident
	// however rare it is in general English.
	MinVocabRate = 200.0
	// MinExpectedUses is how often a piece of the scope's median length
	// would use a signature at the writer's pooled rate. A "signature" the
	// writer's own pieces often do without is a word they used, not one
	// they reach for, and the prefer rule would fault their writing. At
	// three uses expected, a piece goes without it one time in twenty.
	MinExpectedUses = 3.0
	// MinVocabRatio is how many times the general-English rate the writer
	// must use a word or phrase for it to be a signature.
	MinVocabRatio = 5.0
	// CommonestRate is the general-English rate (per million words) above
	// which a word is never a signature: about the 150 commonest words
	// (the, people, just, good). Everyone uses them.
	CommonestRate = 1000.0
	// MarkedFunctionRate and MarkedFunctionRatio let a function word be a
	// signature only when it is rare in general English and the writer
	// uses it many times as often: upon, whilst, whom mark a voice;
	// ordinary grammar (of, it, and) does not.
	MarkedFunctionRate  = 100.0
	MarkedFunctionRatio = 10.0
	// MaxPieceShare caps the share of a signature's use (by rate, so long
	// and short pieces weigh the same) that any one piece may hold. A word
	// that one piece uses 30 times and another once is that piece's
	// subject, not the writer's habit.
	MaxPieceShare = 0.75
	// BurstCount: a piece that uses a word this often, all in a single
	// paragraph, is talking about it there; that piece does not count as
	// support.
	BurstCount = 3
	// MaxProperShare: a word capitalised mid-sentence at least this often
	// is a name (a person, a place, a product): subject, not style.
	MaxProperShare = 0.5
	// MaxVocab is the most signature words and phrases proposed per layer
	// in one batch (the strongest by keyness), so a batch stays reviewable.
	MaxVocab = 6
	// MaxEditPhrases is the most avoid or prefer suggestions from edits per
	// layer in one batch.
	MaxEditPhrases = 8
	// MaxEditWords is the longest phrase (in words) taken from an edit.
	MaxEditWords = 6
	// MaxEditSpan is the longest cut (in words) from which single words
	// and pairs are taken; see editPhrases.
	MaxEditSpan = 6

	// ShareBand is how far the share of pieces showing a habit (an
	// opening, a phrase cut from drafts, a template line) must move before
	// a rejected suggestion of it counts as new evidence.
	ShareBand = 0.25
	// RateBand is the same for a word's rate, as a share of it.
	RateBand = 0.5
)

// likely is how many of n pieces must show a thing for a new piece to
// show it with odds share, by Laplace's rule of succession ((k+1)/(n+2)):
// at 0.8, 3 of 3, 4 of 4, 9 of 10; it asks more of a few pieces than of
// many.
func likely(share float64, n int) int {
	return int(math.Ceil(share*float64(n+2)-1e-9)) - 1
}

// atLeast is how many of n pieces a share of them means, never fewer than
// MinPieces.
func atLeast(share float64, n int) int {
	need := int(math.Ceil(share*float64(n) - 1e-9))
	return max(need, MinPieces)
}
