package facts

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// The auto-memory audit's classifier. An entry files a writing-style
// judgment when it names an aspect of how text is written (sentence length,
// tone, word choice, punctuation, ...) AND takes a stance on it (a
// preference, a dislike, a rule, a judgment, a publication's requirement),
// and no guard says it is about something else (the agent's replies to the
// person, commit messages, what someone is called). Either half alone is
// not enough: "Sam teaches a course on punctuation" names an aspect and
// takes no stance; "Prefers to be called Sam" takes a stance on no aspect
// of the writing. Every finding says which cue of each half it matched.
//
// Before matching, what an entry quotes is masked: code spans, links'
// targets, paths, addresses and quoted titles are not the entry's own words
// ("Short Sentences, Long Days" is a book, not a preference), though a
// stance on a quoted word ("never use "delve"") is a judgment of word
// choice. A quoted name (every word capitalised: "Sam", "Field Notes") is
// no choice of words: prefers "Sam" to "Samantha" is what to call someone.
//
// The aspects are deliberately narrow: a word that is common outside
// writing ("voice" in "voice memo", "style" in "style guide", "opening" in
// "opening talk", "register" as a verb, "list", "headers") counts only in
// the forms that are about prose, so that a fact is never reported.

// pattern is a regular expression and what it stands for: an aspect, one thing about the
// writing an entry can name ("sentence length or shape": it completes "a
// preference about ..."), or a stance, one way an entry can judge what it
// names ("a preference about").
type pattern struct {
	name string
	re   *regexp.Regexp
}

func wordList(pattern string) *regexp.Regexp {
	return regexp.MustCompile(`\b(?:` + pattern + `)\b`)
}

// quoted stands for a quoted word or phrase in a masked entry.
const quoted = "qqq"

// Kinds of stance, strongest first: an entry with several is reported
// under the first.
const (
	kindMandated   = "a house-style rule about"
	kindPreference = "a preference about"
	kindDislike    = "a dislike about"
	kindRule       = "a rule about"
	kindJudgment   = "a judgment about"
)

// toneWords describe how writing sounds; most describe people as well
// ("a warm person", "casual Fridays"), so they name tone only next to a
// word that makes them about the writing ("keep it casual", "reads too
// formal", "a casual tone").
const toneWords = `formal|informal|casual|conversational|chatty|breezy|colloquial|playful|snarky|sarcastic|ironic|wry|witty|humorous|jokey|earnest|preachy|salesy|corporate|academic|dry|understated|warm|gushing|upbeat|enthusiastic|stiff|stilted|robotic|pompous|condescending|neutral|personal|impersonal|confident|assertive|friendly|serious|lighthearted|punchy|plain|spare|lean|ornate|dense|tight|clean|purple`

// proseTone describe only speech and writing: they name tone on their own.
const proseTone = `conversational|chatty|breezy|colloquial|preachy|salesy|jokey|stilted|robotic|pompous|gushing|punchy|long-winded|wordy|verbose|flowery|florid|hedging|hyperbole`

// pieceWords name what a person writes.
const pieceWords = `pieces?|posts?|essays?|articles?|newsletters?|issues?|sections?|stories|story|chapters?|drafts?|columns?|reviews?`

// describing is the aspect of an entry that names no other: a word that
// describes writing rather than names a part of it ("punchy openers" are
// about openings).
// The word tables are compiled on first use: most sw processes never audit,
// and compiling them costs every process start almost two milliseconds.
var (
	wordsOnce  sync.Once
	describing pattern
	aspects    []pattern
	stances    []pattern
	guards     []*regexp.Regexp // an entry matching one is about something other than the writing of pieces
	// what maskQuoting blanks or marks
	maskCode, maskLinkTarget, maskURL, maskEmail, maskPath *regexp.Regexp
	maskQuotes, maskSingleQuotes, maskEmphasis, maskSpaces *regexp.Regexp
)

func compileWords() {
	describing = pattern{"tone", regexp.MustCompile(`\b(?:` + proseTone + `)\b`)}
	aspects = []pattern{
		{"word choice", regexp.MustCompile(
			`\b(?:avoid(?:s|ed|ing)?|ban(?:s|ned)?|cut(?:s|ting)?|hates?|dislikes?|(?:never|don't|doesn't|do not|does not|stop) (?:use|uses|using|say|says|saying|write|writes|writing))(?: the (?:word|phrase|term|expression)s?)? ` + quoted +
				`|\b(?:prefers?|use|uses|say|says|write|writes) ` + quoted + ` (?:instead of|rather than|over|not|to) ` + quoted +
				`|\bthe (?:word|phrase|term|expression)s? ` + quoted +
				`|\b(?:words|phrases|terms|expressions) (?:like|such as) ` + quoted +
				`|\b(?:word choice|wording|phrasing|diction|vocabulary|jargon|jargony|buzzwords?|adverbs?|adjectives?|idioms?|metaphors?|similes?|contractions|acronyms?|weasel words?|filler words?|hedge words?|stock phrases?)\b|\bclich(?:e|é)s?` +
				`|\b(?:short|long|simple|plain|fancy|big|small|latinate|everyday|technical|concrete|abstract|strong|weak|active) (?:words|verbs|nouns)\b` +
				`|\b(?:plain|simple|flowery|florid|corporate|marketing|technical|academic|inclusive|gendered) (?:english|language)\b`)},
		{"sentence length or shape", regexp.MustCompile(
			`\bsentences?\b|\brun-ons?\b|\b(?:subordinate|relative|dependent|main|long|short|nested) clauses?\b`)},
		{"paragraph length or shape", wordList(`paragraphs?|paras`)},
		{"tone", regexp.MustCompile(
			`\b(?:tone|tonal(?:ly)?|formality)(?:$|[^\w-])` + // not "tone-deaf"
				`|\b(?:` + toneWords + `) (?:register|tone|voice|style|prose|writing|feel)\b` +
				`|\bkeep (?:it|them|things|the tone|the writing|the prose|` + pieceWords + `) (?:more |less |)(?:` + toneWords + `)\b` +
				`|\b(?:sound|sounds|sounding|read|reads|reading|come across|comes across) (?:too |more |less |overly |very |a bit |)(?:` + toneWords + `)\b` +
				`|\b(?:too|overly) (?:formal|informal|casual|academic|stiff|corporate|salesy|chatty|jokey|earnest)\b`)},
		{"voice", regexp.MustCompile(
			`\b(?:passive|active|authorial|narrative|writing|own|distinct|natural|brand|` + toneWords + `) voice\b|\bpassives\b|^voice:` +
				`|\bvoice (?:of|in) (?:the |each |every |a |her |his |their |)(?:` + pieceWords + `|writing|prose)\b` +
				`|\bvoice (?:is|should|must|stays?|feels?|reads?|sounds?)\b`)},
		{"person (I, we, you)", regexp.MustCompile(`\b(?:first|second|third)[- ]person\b|\bi-statements\b`)},
		{"punctuation", wordList(`punctuation|em[- ]?dash(?:es)?|en[- ]?dash(?:es)?|dashes|semi-?colons?|colons|(?:oxford|serial) commas?|commas|comma splices?|exclamation(?: marks?| points?)?|exclamations|ellips[ie]s|parenthe(?:ses|sis|tical|ticals)|quotation marks|scare quotes|apostrophes|hyphens|hyphenation`)},
		{"spelling and capitalisation", regexp.MustCompile(
			`\b(?:british|uk|american|us|canadian|australian|oxford) (?:english|spellings?)\b|(?:^|[\s(])-?i[sz]e (?:spellings?|endings?)\b` +
				`|\bcapitali[sz](?:e|es|ed|ing|ation)\b|\b(?:title|sentence) case\b|\b(?:lower|upper)case\b|\ball caps\b`)},
		{"headings and lists", wordList(`(?:sub)?headings?|subheads?|bullet(?:ed)? (?:points?|lists?)|numbered lists?|listicles?`)},
		{"openings and endings", regexp.MustCompile(
			`\b(?:openers?|kickers?|sign-?offs?|endings?|(?:strong|weak|punchy|tidy|neat|abrupt|circular) conclusions?|(?:opening|closing|final) (?:lines?|words))\b` +
				`|\b(?:start|open|begin|end|close|finish)(?:s|ing)? (?:each |every |the |a |an |his |her |their |my |)(?:` + pieceWords + `) (?:with|on|by)\b`)},
		{"piece length", regexp.MustCompile(
			`\bword (?:count|limit)s?\b|\b\d[\d,]*[- ]words?\b` +
				`|\b(?:piece|post|essay|article|chapter|section)s? length\b|\blength of (?:the |a |each |every |)(?:` + pieceWords + `)\b` +
				`|\b(?:` + pieceWords + `) (?:short|shorter|long|longer|brief|tight)\b`)},
		{"rhythm", regexp.MustCompile(`\b(?:rhythm|cadence|pacing)\b|\bflows? (?:well|better|badly|naturally|smoothly)\b`)},
		{"emphasis and formatting", wordList(`italics|italici[sz](?:e|es|ed|ing)|in bold|bold (?:text|type|words)|emojis?|emoticons`)},
		{"writing style", regexp.MustCompile(
			`\b(?:writing|prose|personal|own) style\b|\bstylistic(?:ally)?\b|\bprose (?:style|should|that|is|reads)\b` +
				`|\b(?:sound|sounds|read|reads) like\b`)},
	}
	stances = []pattern{
		{kindMandated, regexp.MustCompile(
			`\b(?:requires?|required|requirements?|mandates?|mandated|mandatory|insists? on|house style)\b` +
				`|\b(?:the )?(?:journal|magazine|publication|newspaper|outlet|publisher|editor|editors)(?:'s)?\b`)},
		{kindPreference, regexp.MustCompile(
			`\bprefer(?:s|red|ring|ence|ences|able)?\b|\blikes\b|\bliked\b|\b(?:do|does|don't|doesn't|didn't|would) like\b` +
				`|\bloves?\b|\bloved\b|\benjoys?\b|\bfavou?r(?:s|ed|ite)?\b|\bfond of\b|\bwants?\b|\bwould rather\b|\brather than\b|\binstead of\b`)},
		{kindDislike, regexp.MustCompile(
			`\bdislikes?\b|\bhates?\b|\bhated\b|\bcan't stand\b|\bannoy(?:s|ed|ing)?\b|\birritat(?:es|ed|ing)\b|\bobjects? to\b`)},
		{kindRule, regexp.MustCompile(
			`\bavoid(?:s|ed|ing)?\b|\bnever\b|\balways\b|\bshould(?:n't)?\b|\bmust\b|\bought to\b|\bkeeps?\b|\buses?\b|\bonly\b` +
				`|\bstick (?:to|with)\b|\bat most\b|\bat least\b|\bunder \d|\bno more than\b|\btry to\b|\baim (?:for|at)\b|\bban(?:s|ned)?\b|\blimit(?:s|ed)?\b` +
				`|\b(?:don't|doesn't|do not|does not) (?:use|write|say|start|open|end|begin|close|like|want|love|mind|put|add|include|make|pad|hedge|overuse)\b` +
				`|(?:^|[;:,(—–] ?|- )(?:` + imperatives + `)\b`)},
		{kindJudgment, regexp.MustCompile(
			`\btoo\b|\bmore\b|\bless\b|\bfewer\b|\boverly\b|\bover-?us(?:e|es|ed|ing)\b|\bfine\b|\bok(?:ay)?\b` +
				`|\b(?:good|bad|better|worse|best|worst|weak|strong|clunky|awkward|wordy|verbose|flowery|florid|fluffy|padded|bloated|tighter|crisp|concise|terse|succinct|simple|clear|natural|generic|bland|boring|flat|lively|vivid)\b` +
				`|\b(?:short|shorter|long|longer|brief|` + toneWords + `)\b`)},
	}
	guards = []*regexp.Regexp{
		// How the agent talks to the person: collaboration, not the profile.
		wordList(`repl(?:y|ies)|responses?|answers|chat|messages?|explanations?|status updates?|(?:end-of-task |task )?summaries|slack|discord|whatsapp|when (?:talking|speaking) to (?:me|him|her|them)`),
		// Commits, code and tooling conventions.
		wordList(`commits?|commit messages?|code comments?|comments in (?:the )?code|pull requests?|pr descriptions?|branch names?|code style|coding style|lint(?:er|ing)?`),
		// What someone is called.
		wordList(`called|named|known as|nicknamed|pronouns?|address(?:ed)? (?:me|him|her|them) as|(?:first|last|full|sur)name|name is`),
		// A sentence in court.
		wordList(`(?:prison|jail|suspended|life|death|custodial|lenient|harsh|reduced|maximum|minimum) sentences?|sentenced|sentencing`),
	}
	maskCode = regexp.MustCompile("`[^`]*`")
	maskLinkTarget = regexp.MustCompile(`\]\([^)]*\)`)
	maskURL = regexp.MustCompile(`\b(?:https?|ftp)://\S+|\bwww\.\S+`)
	maskEmail = regexp.MustCompile(`\S+@\S+\.\w+`)
	maskPath = regexp.MustCompile(`(?:^|\s|\()(?:~|\.{1,2})?[\w.-]*/[\w./~-]*|\b[\w-]+\.(?:md|txt|ya?ml|json|toml|go|py|js|ts|html|css|pdf|docx?|csv)\b`)
	maskQuotes = regexp.MustCompile(`"[^"]*"|“[^”]*”|‘[^’]*’|«[^»]*»`)
	maskSingleQuotes = regexp.MustCompile(`(^|[\s(])'[^'\n]+'($|[\s).,;:!?])`)
	maskEmphasis = regexp.MustCompile(`\*+|__+`)
	maskSpaces = regexp.MustCompile(`\s+`)
}

// Rule words that stand before the thing ruled on, at the start of an
// entry or of one of its clauses ("Write in the first person", "...; cut
// adverbs"); mid-sentence they are mostly about other things ("Sam will
// write a book").
const imperatives = `write|use|keep|cut|drop|vary|mix|break|limit|stop|make|start|open|end|begin|close|lead|put|add|spell|capitali[sz]e|no|prefer|avoid|never|always|don't|do not`

// judgment is what the classifier found an entry to be.
type judgment struct {
	kind   string // a kind* constant
	aspect string // what it is about: "word choice", ...
	cues   string // the cues matched, quoted
}

func (j judgment) why() string {
	if j.kind == "" {
		return ""
	}
	return fmt.Sprintf("%s %s (%s)", j.kind, j.aspect, j.cues)
}

// classify reads one entry; ok is false for a fact.
func classify(entry string) (judgment, bool) {
	wordsOnce.Do(compileWords)
	t, _ := maskQuoting(entry)
	if slices.ContainsFunc(guards, func(g *regexp.Regexp) bool { return g.MatchString(t) }) {
		return judgment{}, false
	}
	// The aspect named first in the entry is the one reported, the
	// longest of those named there ("sentence case", not "sentence").
	var a *pattern
	var cue string
	at := len(t)
	for i := range aspects {
		loc := aspects[i].re.FindStringIndex(t)
		if loc != nil && (loc[0] < at || loc[0] == at && loc[1]-loc[0] > len(cue)) {
			a, cue, at = &aspects[i], t[loc[0]:loc[1]], loc[0]
		}
	}
	if a == nil {
		if cue = describing.re.FindString(t); cue == "" {
			return judgment{}, false
		}
		a = &describing
	}
	cue = strings.TrimRight(cue, " .,;:!?)")
	for _, s := range stances {
		for _, m := range s.re.FindAllString(t, -1) {
			// A word that is the whole aspect is not also its stance:
			// "Sam is chatty" names a tone and judges no writing.
			if m = strings.Trim(m, " ;:,(—–-"); m != "" && m != cue {
				return judgment{kind: s.name, aspect: a.name, cues: cueList(m, cue)}, true
			}
		}
	}
	return judgment{}, false
}

// cueList quotes the cues a finding matched, once each.
func cueList(stanceCue, aspectCue string) string {
	s, a := unmask(stanceCue), unmask(aspectCue)
	if s == a || strings.Contains(a, s) {
		return fmt.Sprintf("%q", a)
	}
	return fmt.Sprintf("%q, %q", s, a)
}

func unmask(cue string) string {
	return strings.ReplaceAll(cue, quoted, "'…'")
}

// quotedAs is what a quotation becomes in a masked entry: the token
// quoted, or a blank for a name ("Sam", "Field Notes": every word
// capitalised), which is no choice of words.
func quotedAs(q string) string {
	inner := unquote(q)
	name := strings.TrimSpace(inner) != ""
	for _, w := range strings.Fields(inner) {
		if r, _ := utf8.DecodeRuneInString(w); !unicode.IsUpper(r) {
			name = false
		}
	}
	if name {
		return " "
	}
	return " " + quoted + " "
}

// unquote takes a quotation's marks off.
func unquote(q string) string {
	_, size := utf8.DecodeRuneInString(q)
	_, last := utf8.DecodeLastRuneInString(q)
	return q[size : len(q)-last]
}

// maskQuoting lowercases an entry and puts placeholders where it quotes:
// code and paths become blanks, quoted words the token quoted. It also
// gives what each token quoted stands for, in order: the words or phrases
// as the entry has them.
func maskQuoting(s string) (string, []string) {
	wordsOnce.Do(compileWords)
	var quotes []string
	quote := func(q string) string {
		as := quotedAs(q)
		if as != " " {
			quotes = append(quotes, strings.TrimSpace(unquote(q)))
		}
		return as
	}
	s = maskCode.ReplaceAllString(s, " ")
	s = maskLinkTarget.ReplaceAllString(s, "] ")
	s = strings.NewReplacer("[[", " ", "]]", " ", "[", " ", "]", " ").Replace(s)
	s = maskURL.ReplaceAllString(s, " ")
	s = maskEmail.ReplaceAllString(s, " ")
	s = maskPath.ReplaceAllString(s, " ")
	s = maskQuotes.ReplaceAllStringFunc(s, quote)
	s = maskSingleQuotes.ReplaceAllStringFunc(s, func(m string) string {
		sub := maskSingleQuotes.FindStringSubmatch(m)
		return sub[1] + quote(strings.TrimSuffix(strings.TrimPrefix(m, sub[1]), sub[2])) + sub[2]
	})
	s = maskEmphasis.ReplaceAllString(s, "")
	s = strings.ReplaceAll(s, "’", "'")
	s = strings.ToLower(s)
	return strings.TrimSpace(maskSpaces.ReplaceAllString(s, " ")), quotes
}
