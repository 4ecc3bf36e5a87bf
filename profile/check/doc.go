// Package check holds a piece of writing against a resolved profile: the
// work behind `sw check`. Hard limits give errors, genre rules and
// preferences give warnings, and a score from 0 to 1 says how closely the
// piece follows the profile's machine-checkable rules.
//
// The analyzer proposes the rules this package tests, and both read pieces
// through package prose, so a rule is checked by exactly the counting that
// produced it. What a rule means is therefore a contract the two share.
//
// # What a rule means
//
// A metric (see profile.MetricKinds for the names) has a scope:
//
//   - Per unit (words_per_sentence, sentences_per_paragraph,
//     words_per_paragraph): every sentence or paragraph has a value. Min and
//     max bound each unit; target is the piece's typical value, the median
//     over its units.
//   - Per piece (the *_per_1k_words rates, words_per_piece): the piece has
//     one value. Min and max bound it; target is its typical value.
//
// Avoid lists phrases that should not appear; prefer lists phrases the
// writer reaches for, and a piece follows it when it uses at least one of
// them (more of them is closer). Phrases match as prose.Doc.FindPhrase
// matches: whole words, case-insensitive, curly and straight apostrophes
// alike, punctuation as written, inside one paragraph or heading. Phrases
// are compared in their profile.NormalizePhrase form: a phrase listed twice
// in one rule counts once, and one without a letter or digit, which can
// never match, is left out.
//
// A rule with no machine-checkable part (only its sentence) gives no
// finding and does not count in the score.
//
// A rule's boilerplate lines are the collection's template, not its
// writing: a paragraph matching one (package boilerplate says how), and
// after a sign-off the notes that follow it, are left out of every
// measure and phrase match, and listed in Result.Boilerplate instead.
//
// # Findings
//
// Hard limits are never to be broken, so their bounds and avoid lists give
// errors: one per avoided phrase found, at its first word, and one per unit
// (or piece) whose value lies outside the bounds, at that unit's first
// word. A hard limit's target and prefer list are not errors; they count in
// the score and give warnings, as preferences do.
//
// Genre rules and preferences give the same findings as warnings, kept few
// enough to read: per rule, at most WarningsPerRule warnings for single
// units and phrases (the first ones in the file), then one that counts the
// rest, at the first one left out. Besides those, a rule gives at most one
// warning each when:
//
//   - the typical value strays from the target by more than the tolerance:
//     more than half of the scale the score measures it on (below), that is,
//     when that part of the rule scores under 0.5. With target 22 and max 40,
//     a median sentence of more than 31 words strays; with target 22 and no
//     bound on that side, more than 27.5 (a quarter of the target away). A
//     per-piece value is reported as straying only where no bound stands
//     on its side of the target: inside such a bound it is within the
//     range the writer's pieces keep to (see boundedToward), and outside
//     it, it is reported as outside the bounds;
//   - a per-piece value lies outside the bounds;
//   - none of a prefer list's phrases appear.
//
// Findings about the whole piece are placed at its first word, where prose
// places per-piece measurements. Each list is in file order (line, then
// column, then the profile's rule order).
//
// # Score
//
// The score is the mean, over the rules with at least one checkable part,
// of each rule's closeness; a rule's closeness is the mean of its checkable
// parts, each from 0 to 1:
//
//   - target: 1 − |v − target| / scale, clamped to [0, 1], where v is the
//     typical value (median of the units, or the piece's value) and scale is
//     the distance from the target to the bound on v's side when that bound
//     is set, else half the target (1 when the target is 0). A bound equal
//     to the target leaves no room: any step past it scores 0.
//   - bounds, per-unit metric: the share of units inside the bounds.
//   - bounds, per-piece metric: 1 inside the bounds; outside, 1 − d / scale
//     clamped to [0, 1], where d is the distance to the nearest bound and
//     scale is max − min when both are set and differ, else half the bound
//     crossed (1 when that bound is 0).
//   - avoid: 1 / (1 + n), n the occurrences of all the rule's phrases.
//   - prefer: the share of the rule's phrases that appear at least once.
//
// So the score is graded, never pass/fail: of two profiles, the one a piece
// is closer to gives it the higher score. Parts that cannot be measured are
// skipped, not scored: a metric with no units (no sentences, say) and every
// part of an empty piece (one without words). With no part left to score
// the score is 1, since nothing was broken; an empty piece therefore scores
// 1 and has no findings. A metric name this version of prose does not know
// is skipped with a warning, as it cannot be checked.
//
// # Output
//
// Piece returns a Result; its JSON is exactly {"path", "genre", "score",
// "errors": [...], "warnings": [...]}, each finding {"rule", "line", "col",
// "message"}, lists never null. WriteJSON wraps results as `sw check
// --json` prints them ({"pieces": [...]}); WriteText prints them for people
// as compilers do, "path:line:col: error: rule: message", so editors can
// jump to each place. Messages say what was found and what the rule asks:
// "sentence of 52 words; hard limit short-sentences allows at most 40".
//
// # Cost
//
// `sw check` runs in an agent's Stop hook and in pre-commit hooks, so a
// check parses the piece once, measures each metric once however many
// rules name it, and finds all phrases in one pass over an index of the
// piece's words instead of one scan per phrase.
package check
