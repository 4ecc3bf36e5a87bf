// Package analyze is the seam between sw's review loop and whatever proposes
// profile changes: the embedded analyzer, or an external command the person
// names in .sw.yaml (`analyzer: {command: [argv...], timeout: 120s}`).
//
// The protocol is one JSON document each way, so an analyzer can be written
// in any language and tried by hand with a file and a pipe:
//
//	stdin:  {"version": 1,
//	         "pieces":   [{"path": "...", "genre": "...", "text": "...", "drafts": ["..."]}],
//	         "profile":  {"<genre>": <the JSON of `sw profile show --json`>},
//	         "rejected": [{"signature": "...", "summary": "..."}]}
//	stdout: {"suggestions": [{"id": "slug",
//	         "layer": "preferences" | "genres/<genre>",
//	         "rule": {<a rule file's fields>} or null to remove the rule,
//	         "summary": "one line", "evidence": "which pieces, what counts",
//	         "signature": "stable string naming the kind and direction of the change"}]}
//
// Every answer, the embedded analyzer's included, is held to the same strict
// checks (Validate, DecodeResponse) before sw writes a branch from it: a
// suggestion becomes a commit on the person's repository, so a sloppy answer
// must fail loudly here rather than turn into a rule file nobody can read.
//
// # The embedded analyzer
//
// Embedded turns a batch into suggestions with no network and no model,
// and the same request always gives the same bytes. Its one principle is
// the product's: never learn the wrong lesson. A habit becomes a rule only
// when several pieces show it, it differs from what an agent would do
// anyway, and it is about how the person writes, not what about.
//
// Each piece is parsed once (package prose). A piece under
// [MinPieceWords] words is no evidence of style; rates need
// [MinRateWords], medians [MinSentences] sentences or [MinParagraphs]
// paragraphs. No signal seen in fewer than [MinPieces] pieces is proposed.
//
// Boilerplate first (package boilerplate): a short paragraph that recurs,
// case, punctuation, markup and numbers set aside, in [BoilerplateShare]
// of the pieces is the collection's template when it has
// [MinTemplateWords] words or stands at the edge of most of them (a
// byline, a sign-off); pieces mostly copied from one another
// ([MaxTemplateShare]) are no evidence of it. Each line not in the profile
// is proposed as a rule with a `boilerplate:` list, and every signal then
// reads the pieces and drafts without the profile's lines and the ones
// found, and without the notes after a sign-off. That is measurement
// hygiene, whatever the person decided: a rejected line is still left out,
// only not proposed again (rejecting says "do not tell the agent to write
// it", not "it is my prose"). So that sw check reads a piece as it was
// measured in any order of accepting, every metric rule proposed or
// changed carries the lines its pieces were measured without that no
// boilerplate rule of the profile keeps (see leftOut).
//
// Metrics (rules with a metric sw check tests). The typical value is the
// median of the pooled sentences (or paragraphs), or of the pieces'
// values; a piece agrees when it lies within a tolerance, max(abs,
// rel×value) per metric, and sw check would hold it on the proposed
// target. [AgreeShare] of the measurable pieces must agree. Sentence,
// paragraph and piece length are proposed whenever the pieces agree: they
// are the shape of a voice. Other metrics must differ from general English
// (profile.MetricKinds): the two bands must not meet, and a rate's count
// must lie [MinZ] Poisson deviations from English's. A new rule must also
// change what an agent would do (changesAgent). Bounds lie where the
// writer's own pieces seldom go: per unit, the log-normal quantiles that
// leave [UnitWarnings] units per 1,000 words outside; per piece,
// [BoundsWidth] tolerances around the target. A rate rule has a target
// only with [MinEvents] events behind it; a rate near zero is a ceiling,
// and a mark never seen where English would show [MinAbsentEvents] is an
// "avoid" ceiling. A ceiling needs [MinCeilingPieces] pieces: rare marks
// come in bursts.
//
// Openings and closings (rules the agent reads; sw check has no metric
// for them): a question, an exclamation (closings), a first-person
// sentence, a short one ([ShortSentence] words), a one-sentence paragraph,
// shared by [AgreeShare] of the pieces with two paragraphs or more.
//
// Style, not subject (subjectFree): a prefer or avoid phrase holding a
// content word must be used, or cut, in pieces on two subjects at least,
// and be a topic word ([TopicWords], [TopicCore]) of none of them.
//
// Signature vocabulary (prefer rules): words and 2- and 3-word phrases the
// writer uses [MinVocabRatio] times as often as general English (package
// baseline), often enough that a new piece uses it with [PreferShare]'s
// odds and [MinExpectedUses] times. Never the commonest words
// ([CommonestRate]), function words unless rare in English and
// [MarkedFunctionRatio] times as frequent (upon, whilst), numbers, names,
// or subjects: a word one piece holds [MaxPieceShare] of, bursts
// ([BurstCount]), nouns ([NominalShare], [EnglishNominalShare], plurals),
// phrases ending in a function word, and phrases whose noun they are no
// idiom for ([IdiomShare]: "foreign nations" is a subject, "in fact" an
// idiom). A phrase holding [OverlapShare] of a word's uses replaces it. At
// most [MaxVocab] per layer, by keyness (uses × ln ratio).
//
// Edits (Piece.Drafts: the last one diffed with the final text word by
// word): a phrase of up to [MaxEditWords] words, no number or name,
// deleted from the drafts of [MinPieces] pieces, gone from their finals,
// and used by fewer finished pieces than half as many as deleted it,
// becomes avoid; one piece's deletions never do. One added to [AddShare]
// of the edited pieces, [MinOccurrences] times, where the draft never had
// it (a single word only if no noun), becomes prefer. Single words and
// pairs count only from cuts of at most [MaxEditSpan] words: in a
// rewritten sentence they went with the sentence. At most
// [MaxEditPhrases] per layer and kind.
//
// Against the profile (Request.Profile): a habit the resolved profile
// already states is not proposed; a metric rule the pieces have moved away
// from is changed under its own id (in a genre batch, a global preference
// is refined in the genre's layer). Every soft rule is revisited on the
// batch and the earlier pieces sent with it (Piece.Earlier): one that
// [BreakShare] of [MinRemovePieces] or more pieces break is changed when
// they agree on another value and proposed for removal when they do not.
// Hard limits are never proposed, changed or removed, nothing that breaks
// one is proposed, and bounds stay inside a hard limit's.
//
// Placement (see place): in a batch of one genre everything goes to that
// genre's layer, since essays alone say nothing about reviews; in a batch
// of several, a signal that holds in every genre goes to the preferences.
//
// Signatures name the kind and direction: metric:<name>:up|down|set,
// prefer:phrase:<phrase>, avoid:phrase:<phrase>, opening:<kind>,
// closing:<kind>, boilerplate:<key>, remove:<id>; a genre layer's
// suggestion adds @<genre>. A rejected signature is not proposed again,
// and rejecting the plain form suppresses it in every genre. Ids derive
// from the signal (sentence-length, prefer-upon, opening-question), so a
// later batch refreshes the same branch; one that would overwrite an
// unrelated rule takes a -2.
package analyze
