package check

import (
	"fmt"

	"sw/profile"
	"sw/profile/baseline"
	"sw/profile/boilerplate"
	"sw/profile/prose"
)

// Piece checks one piece (a Markdown file's bytes; path is for the report)
// against r, the profile resolved for genre ("" takes r's). A nil profile
// checks nothing. The same bytes and profile give the same result.
func Piece(path string, src []byte, genre string, r *profile.Resolved) Result {
	return against(path, src, genre, r, func() *prose.Doc { return prose.Parse(src) })
}

// Parsing is a piece being parsed in the background while a command
// resolves the profile: on a long piece the two take about as long.
type Parsing struct {
	path string
	src  []byte
	done chan struct{}
	doc  *prose.Doc
}

// StartParsing starts parsing src, the bytes of the piece at path.
func StartParsing(path string, src []byte) *Parsing {
	p := &Parsing{path: path, src: src, done: make(chan struct{})}
	go func() {
		defer close(p.done)
		p.doc = prose.Parse(src)
	}()
	return p
}

// Check is Piece for a piece whose parse was started earlier: it readies
// the rules while the parse runs.
func (p *Parsing) Check(genre string, r *profile.Resolved) Result {
	return against(p.path, p.src, genre, r, func() *prose.Doc { <-p.done; return p.doc })
}

// against checks a piece, parsed only if there is a profile; one with
// boilerplate in it is parsed again without it.
func against(path string, src []byte, genre string, r *profile.Resolved, parsed func() *prose.Doc) Result {
	if genre == "" && r != nil {
		genre = r.Genre
	}
	if r == nil {
		return empty(path, genre)
	}
	rules := prepare(r)
	d := parsed()
	var blocks []boilerplate.Block
	if len(rules.boilerplate) > 0 {
		if blocks = boilerplate.Find(d, func(key string) bool { return rules.boilerplate[key] != "" }); len(blocks) > 0 {
			d = prose.Parse(boilerplate.Mask(src, blocks))
		}
	}
	res := doc(path, d, genre, r, rules)
	res.Boilerplate = boilerplateFindings(blocks, rules.boilerplate)
	return res
}

func empty(path, genre string) Result {
	return Result{Path: path, Genre: genre, Score: 1, Errors: []Finding{}, Warnings: []Finding{}}
}

// prepared is what checking needs from the profile alone, readied before
// the piece's parse is waited for.
type prepared struct {
	lists   []phraseLists
	phrases *phraseIndex
	// boilerplate maps each boilerplate line's key to the id of the first
	// rule naming it.
	boilerplate map[string]string
}

func prepare(r *profile.Resolved) prepared {
	lists, phrases := listsOf(r.Rules)
	p := prepared{lists: lists, phrases: newPhraseIndex(phrases), boilerplate: map[string]string{}}
	for _, s := range r.Rules {
		for _, line := range s.Boilerplate {
			if key := boilerplate.KeyOf(line); key != "" && p.boilerplate[key] == "" {
				p.boilerplate[key] = s.ID
			}
		}
	}
	return p
}

// doc checks a parsed piece.
func doc(path string, d *prose.Doc, genre string, r *profile.Resolved, rules prepared) Result {
	res := empty(path, genre)
	if d.WordCount() == 0 {
		return res // nothing to measure: every part is skipped
	}
	c := &checker{doc: d, genre: genre, start: d.Words[0].Position, res: &res, metrics: map[string]*measured{}}
	c.phrases = rules.phrases.find(d)

	sum, n := 0.0, 0
	for i := range r.Rules {
		if closeness, ok := c.rule(&r.Rules[i], rules.lists[i]); ok {
			sum += closeness
			n++
		}
	}
	if n > 0 {
		res.Score = sum / float64(n)
	}
	res.Usage = usageOf(d, r)
	sortFindings(res.Errors)
	sortFindings(res.Warnings)
	return res
}

// checker is one piece being checked, with what all rules share.
type checker struct {
	doc     *prose.Doc
	genre   string
	start   prose.Position // where findings about the whole piece go
	metrics map[string]*measured
	phrases map[string][]prose.Position
	res     *Result
}

// rule checks one rule and returns its closeness, or false when no part
// of it could be checked on this piece.
func (c *checker) rule(s *profile.Sourced, lists phraseLists) (float64, bool) {
	rc := &ruleCheck{c: c, rule: s, hard: s.Layer == profile.HardLimit}
	if s.Metric != nil {
		rc.metric(s.Metric)
	}
	rc.avoid(lists.avoid)
	rc.prefer(lists.prefer)
	rc.flush()
	if rc.parts == 0 {
		return 0, false
	}
	return rc.sum / float64(rc.parts), true
}

// ruleCheck is one rule being checked. Its findings about single units
// are held back until the rule is done, so the cap keeps the first ones
// in the file.
type ruleCheck struct {
	c     *checker
	rule  *profile.Sourced
	hard  bool
	sum   float64
	parts int
	units []unitFinding

	// The rule's bounded metric, for messages of single units.
	bounds *profile.Metric
	kind   *profile.MetricKind

	// Parts of messages, written when first needed, as most rules have
	// nothing to report: see name, unitMessage and more.
	named, tail, outsideUnits string
}

// part records the closeness of one checkable part of the rule.
func (rc *ruleCheck) part(closeness float64) {
	rc.sum += closeness
	rc.parts++
}

// VoiceMarkers is how many markers sw check names for a piece's voice
// distance: the few a writer can act on, not a table.
const VoiceMarkers = 3

// usageOf measures d against the profile's usage measure: the genre's
// when it has one, else the global one, whatever the files' ids.
func usageOf(d *prose.Doc, r *profile.Resolved) *Usage {
	var measure *profile.Sourced
	for i, s := range r.Rules {
		if s.Usage != nil && s.Layer != profile.HardLimit && (measure == nil || s.Layer == profile.GenreLayer && measure.Layer != profile.GenreLayer) {
			measure = &r.Rules[i]
		}
	}
	if measure == nil {
		return nil
	}
	dist, ok := measure.Usage.Distance(d)
	if !ok {
		return nil
	}
	markers := []Marker{}
	for _, m := range measure.Usage.Markers(d, VoiceMarkers) {
		markers = append(markers, Marker{Marker: m, Message: m.Say() + towardLLM(m)})
	}
	return &Usage{Rule: measure.ID, Distance: dist, Typical: measure.Usage.Typical, Pieces: measure.Usage.Pieces, Markers: markers}
}

// towardLLM adds to a marker's message, when the piece moved toward LLM
// prose on a word LLM prose overuses, how often LLM prose uses it.
func towardLLM(m profile.Marker) string {
	if m.Piece <= m.Yours || !profile.TowardLLM(m.Item) {
		return ""
	}
	r, _ := baseline.LLMPerMillion(m.Item)
	return fmt.Sprintf(" (LLM prose: %.1f per 1,000 words)", r/1000)
}
