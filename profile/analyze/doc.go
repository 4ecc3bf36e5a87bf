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
// Each piece is parsed once (package prose: front matter, code, HTML and
// URLs left out). A piece under [MinPieceWords] words is no evidence of
// style; rates need [MinRateWords], medians [MinSentences] sentences or
// [MinParagraphs] paragraphs. [MinPieces] pieces is the floor for every
// signal: a signal seen in one piece is never a suggestion.
//
// Boilerplate first (package boilerplate): a paragraph of at most
// boilerplate.MaxWords words that recurs, word for word once case,
// punctuation, markup and numbers are set aside, in [BoilerplateShare] of
// the pieces (and MinPieces) is the collection's template, when it is at
// least [MinTemplateWords] words long or stands at the edge of most of
// them (a byline, a sign-off). Pieces that are mostly copies of one
// another ([MaxTemplateShare]) are no evidence of it. Each such line not
// in the profile is proposed as a rule with a `boilerplate:` list
// (signature boilerplate:<line>), and every signal then reads the pieces,
// and their drafts, without the profile's lines and the ones found, and
// without the notes after a sign-off. Leaving them out is measurement
// hygiene, whatever the person decided about the rule: a rejected line is
// still left out, only not proposed again (rejecting says "do not tell the
// agent to write it", not "it is my prose"). So that sw check reads a
// piece as it was measured in any order of accepting, every metric rule
// proposed or changed carries in its own `boilerplate:` list the lines
// its pieces were measured without that the profile keeps in no
// boilerplate rule of their own (a rule holding only lines). Openings and
// closings carry none: sw check does not test them.
//
// Metrics (rule files with a metric sw check tests; ids sentence-length,
// paragraph-length, paragraph-sentences, piece-length, semicolons,
// em-dashes...). The typical value is the median of all the sentences (or
// paragraphs) pooled, or the median of the pieces' values; a piece agrees
// when it lies within a tolerance, max(abs, rel×value) per metric (words
// per sentence: 3 or 25%; rates: their own floor or 50%), and sw check
// would hold it on the proposed rule's target (no nearer the bound on its
// side than half-way: bounds drawn tight leave less room than the
// tolerance). [AgreeShare] of the measurable pieces must agree. Sentence,
// paragraph and piece length are proposed whenever the pieces agree: they
// are the shape of a voice. Other metrics need to differ from general
// English (a reference value per metric in profile.MetricKinds, for
// edited contemporary prose): the writer's band and English's band must
// not meet, and a rate's count must lie [MinZ] Poisson deviations from
// English's. A new rule must also
// change what an agent would do (changesAgent): no ceiling at or above
// English's typical value, no target within English's ordinary range
// (one tolerance of it). Bounds are where sw check warns, so they lie
// where the writer's own pieces seldom go: per sentence or paragraph, the
// quantiles of a log-normal fitted to the pooled units that leave
// [UnitWarnings] units per 1,000 words outside (the rule's sentence says
// where most lie: the 10th to the 90th percentile); per piece,
// [BoundsWidth] tolerances around the target. A rate rule has a target
// only with [MinEvents] events behind it; a rate near zero is a ceiling,
// and a mark the batch never shows, where English would have shown
// [MinAbsentEvents], is an "avoid" ceiling of one tolerance. A ceiling
// needs [MinCeilingPieces] measurable pieces: rare marks come in bursts.
//
// Openings and closings (rules the agent reads; no metric exists for
// them): a question, an exclamation (closings), a first-person sentence, a
// short one ([ShortSentence] words), a one-sentence paragraph, shared by
// [AgreeShare] of the pieces with two paragraphs or more.
//
// Style, not subject (subjectFree): every prefer and avoid phrase holding
// a content word (not a function word, a manner word such as "indeed" or
// "clearly", one of the commonest words, or a noun in an idiom) must be
// used, or cut, in pieces on at least two subjects, and be a topic word of
// none of them. A piece's topic words are its [TopicWords] nouns of
// highest keyness against general English; two pieces are on different
// subjects when neither's [TopicCore] strongest is among the other's.
//
// Signature vocabulary (prefer rules, one phrase each): words and 2- and
// 3-word phrases the writer uses at least [MinVocabRatio] times as often
// as general English (the baseline package), in enough of the pieces
// that a new one uses it with [PreferShare]'s odds, [MinOccurrences] times, often enough that a piece of typical
// length would use it [MinExpectedUses] times. Never a signature: the
// commonest words ([CommonestRate]); function words, unless rare in
// English and used [MarkedFunctionRatio] times as often (upon, whilst);
// numbers; names (capitalised mid-sentence); and subjects: a word one
// piece holds more than [MaxPieceShare] of, a piece using it
// [BurstCount]+ times in one paragraph (that piece does not count), nouns
// and the adjectives that go with them (after a determiner or preposition
// in [NominalShare] of the writer's uses or [EnglishNominalShare] of
// English's, or a plural), phrases ending in a function word, and phrases
// holding a noun they are no English idiom for (general English uses the
// phrase for under [IdiomShare] of the noun's uses: "foreign nations" is a
// subject, "in fact" an idiom). A phrase that holds most of a word's uses
// ([OverlapShare]) replaces it. At most [MaxVocab] per layer, by keyness
// (uses × ln ratio).
//
// Edits (Piece.Drafts: the last one is diffed with the final text word by
// word, words mapped to runes as go-diff's line mode maps lines): a phrase
// of up to [MaxEditWords] words, not ending in a function word, with no
// number or name, deleted from the drafts of [MinPieces] pieces, gone
// from their finals, and used by fewer finished pieces than half as many
// as deleted it, becomes avoid; one piece's deletions never do. Added
// to [AddShare] of the edited pieces, [MinOccurrences] times, where the
// draft never had it (a single word only if no noun), becomes prefer.
// Single words and pairs count only from cuts of at most [MaxEditSpan]
// words: in a rewritten sentence they went with the sentence. Of
// overlapping phrases deleted from the same pieces the longest stays. At
// most [MaxEditPhrases] per layer and kind.
//
// Against the profile (Request.Profile): a habit the resolved profile
// already states is not proposed; a metric rule the pieces have moved
// away from is changed under its own id (in a genre batch, a global
// preference is refined in the genre's layer under the same id). Every
// soft rule is revisited on the pieces (the batch and the earlier pieces
// sent with it, Piece.Earlier): one [BreakShare] of [MinRemovePieces] or
// more pieces break as sw check sees them (see breaking) is changed when
// they agree on another value and proposed for removal when they do not;
// likewise an avoid phrase BreakShare of them use, a prefer phrase
// BreakShare do without, an opening
// or closing BreakShare lack while fewer than AgreeShare have it.
// Hard limits are never proposed, changed or removed, and nothing that
// breaks one is proposed: a metric target outside its bounds, a phrase
// containing one it avoids. Bounds are kept inside a hard limit's.
//
// Placement: in a batch of one genre everything goes to that genre's
// layer, since essays alone say nothing about reviews. In a batch of
// several, a signal goes to the preferences when it holds over the whole
// batch, in pieces of two genres or more, and in every genre with
// [MinPieces] measurable pieces; otherwise to each genre where it holds.
//
// Signatures name the kind and direction: metric:<name>:up|down|set (the
// direction from the current rule, or from general English for a new
// one), prefer:phrase:<phrase>, avoid:phrase:<phrase>, opening:<kind>,
// closing:<kind>, boilerplate:<key>, remove:<id>; a genre layer's
// suggestion adds @<genre>.
// A rejected signature is not proposed again, and rejecting the plain
// form suppresses it in every genre. Ids are derived from the signal
// (sentence-length, prefer-upon, avoid-in-conclusion, opening-question),
// so a later batch refreshes the same branch; one that would overwrite an
// unrelated rule takes a -2.
package analyze
