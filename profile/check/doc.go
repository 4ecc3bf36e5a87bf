// Package check holds a piece of writing against a resolved profile: the
// work behind `sw check`. Hard limits give errors, genre rules and
// preferences give warnings, and a score from 0 to 1 says how closely the
// piece follows the profile's machine-checkable rules.
//
// The analyzer proposes the rules this package tests, and both read pieces
// through package prose, so a rule is checked by exactly the counting that
// produced it: what a rule means is a contract the two share.
//
// # What a rule means
//
// A per-unit metric (words_per_sentence, sentences_per_paragraph,
// words_per_paragraph) has a value per sentence or paragraph: min and max
// bound each unit, target is the median unit. A per-piece metric (the
// *_per_1k_words rates, words_per_piece) has one value, which min, max and
// target all speak of.
//
// Avoid lists phrases that should not appear; a piece follows a prefer list
// when it uses at least one of them (more of them is closer). Phrases match
// as prose.Doc.FindPhrase matches, compared in profile.NormalizePhrase form:
// a phrase listed twice counts once, and one without a letter or digit,
// which can never match, is left out. A rule with no machine-checkable part
// gives no finding and does not count in the score.
//
// A rule's boilerplate lines are the collection's template, not its
// writing: a paragraph matching one, and after a sign-off the notes that
// follow it, are left out of every measure and phrase match, and listed in
// Result.Boilerplate instead.
//
// # Findings
//
// Hard limits are never to be broken, so their bounds and avoid lists give
// errors: one per avoided phrase found and one per unit (or piece) outside
// the bounds, at its first word. A hard limit's target and prefer list
// count in the score and give warnings, as preferences do.
//
// Genre rules and preferences give the same findings as warnings, kept few
// enough to read: per rule, at most WarningsPerRule about single units and
// phrases (the first in the file), then one that counts the rest, at the
// first left out. Besides those, a rule gives at most one warning each
// when:
//
//   - the typical value strays from the target: that part of the rule
//     scores under 0.5 (with target 22 and max 40, a median sentence of
//     more than 31 words). A per-piece value strays only where no bound
//     stands on its side of the target (see boundedToward);
//   - a per-piece value lies outside the bounds;
//   - none of a prefer list's phrases appear.
//
// Findings about the whole piece are placed at its first word. Each list
// is in file order (line, column, then the profile's rule order).
//
// # Score
//
// The score is the mean, over the rules with a checkable part, of each
// rule's closeness: the mean of its parts, each from 0 to 1:
//
//   - target: 1 − |v − target| / scale, clamped, v the typical value and
//     scale the distance from the target to the bound on v's side, else
//     half the target (1 when the target is 0); a bound on the target
//     leaves no room.
//   - bounds, per unit: the share of units inside the bounds.
//   - bounds, per piece: 1 inside; outside, 1 − d / scale clamped, d the
//     distance to the bound crossed, scale max − min when both are set and
//     differ, else half that bound (1 when it is 0).
//   - avoid: 1 / (1 + n), n the occurrences of all the rule's phrases.
//   - prefer: the share of the rule's phrases that appear.
//
// So the score is graded, never pass/fail. Parts that cannot be measured (a
// metric with no units, every part of a piece without words) are skipped;
// with no part left the score is 1, since nothing was broken. A metric name
// this version of prose does not know is skipped with a warning.
//
// # Cost
//
// `sw check` runs in an agent's Stop hook and in pre-commit hooks, so a
// check parses the piece once, measures each metric once however many
// rules name it, and finds all phrases in one pass over an index of the
// piece's words instead of one scan per phrase.
package check
