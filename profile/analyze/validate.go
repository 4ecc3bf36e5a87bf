package analyze

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"sw/profile"
)

// Limits on an answer, in characters: generous for honest analyzers, they
// stop a runaway one (an LLM in a loop) from flooding the repository with
// branches or the agent's instructions with pages of text.
const (
	MaxSuggestions = 100  // per answer: each becomes a branch the person reviews
	MaxSummary     = 200  // the commit subject
	MaxSignature   = 256  // a key, compared byte for byte with rejections
	MaxEvidence    = 8000 // the commit body
	MaxRuleText    = 1000 // the sentence the agent reads
	MaxNote        = 2000
	MaxPhrase      = 100 // one avoid or prefer phrase
	MaxLine        = 500 // one boilerplate line: a footer of a sentence or two
	MaxPhrases     = 100 // per list
)

// Validate holds an answer to the protocol, whoever produced it: ids are
// plain names, layers are "preferences" or "genres/<genre>" (never a hard
// limit), each rule passes the rule-file schema and has the suggestion's
// id, summaries and signatures are single non-empty lines, and no two
// suggestions share a rule file or a signature. Every problem is reported.
//
// A valid answer is put in canonical form, so what sw compares and writes
// is what the rule file will read back as: each rule becomes what
// profile.ParseRule returns for the file profile.Format writes, and
// summary and evidence are trimmed.
func (r *Response) Validate() error {
	if probs := r.problems(nil); len(probs) > 0 {
		return &InvalidError{probs}
	}
	r.canonicalize()
	return nil
}

// problems checks r; broken(i, field) says a field the decoder already
// reported, so it is not complained about twice.
func (r *Response) problems(broken func(i int, field string) bool) []Problem {
	if broken == nil {
		broken = func(int, string) bool { return false }
	}
	if n := len(r.Suggestions); n > MaxSuggestions {
		return []Problem{{Msg: fmt.Sprintf("%d suggestions; at most %d are taken in one batch: send the strongest", n, MaxSuggestions)}}
	}
	var probs []Problem
	files := map[string]int{}
	signatures := map[string]int{}
	for i, s := range r.Suggestions {
		at := func(field string) bool { return !broken(i, field) }
		var msgs []string
		fail := func(format string, args ...any) { msgs = append(msgs, fmt.Sprintf(format, args...)) }

		idOK := at("id") && profile.IsSlug(s.ID)
		if at("id") && !idOK {
			fail("id %q is not a plain name: lowercase letters, digits and dashes, at most 64", clip(s.ID, 80))
		}
		_, _, layerErr := ParseLayer(s.Layer)
		layerOK := at("layer") && layerErr == nil
		if at("layer") && layerErr != nil {
			fail("%v", layerErr)
		}
		if at("rule") && s.Rule != nil {
			msgs = append(msgs, ruleProblems(*s.Rule, s.ID, at("id"), idOK)...)
		}
		if at("summary") {
			msgs = append(msgs, textProblems("summary", strings.TrimSpace(s.Summary), MaxSummary, true)...)
		}
		if at("evidence") {
			msgs = append(msgs, textProblems("evidence", strings.TrimSpace(s.Evidence), MaxEvidence, false)...)
		}
		if at("signature") {
			trimmed := strings.TrimSpace(s.Signature)
			msgs = append(msgs, textProblems("signature", trimmed, MaxSignature, true)...)
			if trimmed != "" && trimmed != s.Signature {
				fail("signature has spaces at its start or end; it is compared byte for byte with rejected ones, so send it trimmed")
			}
		}
		if at("weight") && (s.Weight < 0 || math.IsNaN(s.Weight) || math.IsInf(s.Weight, 0)) {
			fail("weight must be a number of 0 or more (0: unweighted)")
		}
		if m := s.Measured; at("measured") && m != nil && !(m.Pieces >= 1 && m.Low <= m.Value && m.Value <= m.High) {
			fail("measured needs pieces of 1 or more and low <= value <= high")
		}
		if idOK && layerOK {
			file := s.Path("")
			if j, dup := files[file]; dup {
				fail("changes the same rule file as suggestion %d (%s); send one suggestion per rule", j+1, file)
			} else {
				files[file] = i
			}
		}
		if at("signature") && s.Signature != "" {
			if j, dup := signatures[s.Signature]; dup {
				fail("has the same signature as suggestion %d (%q); a signature names one change", j+1, clip(s.Signature, 60))
			} else {
				signatures[s.Signature] = i
			}
		}
		for _, m := range msgs {
			probs = append(probs, Problem{Index: i + 1, ID: s.ID, Msg: m})
		}
	}
	return probs
}

// canonicalize puts a valid answer in the form sw compares and writes.
func (r *Response) canonicalize() {
	for i := range r.Suggestions {
		s := &r.Suggestions[i]
		s.Summary, s.Evidence = strings.TrimSpace(s.Summary), strings.TrimSpace(s.Evidence)
		if s.Rule != nil {
			canon := canonical(*s.Rule)
			s.Rule = &canon
		}
	}
}

// ruleProblems holds a suggested rule to the rule-file schema (through
// profile.Check) and to the limits above. idRead says the suggestion's id
// was read, idOK that it is a usable name. The rule is checked under
// whichever id is usable, so a bad id does not hide its other problems.
func ruleProblems(r profile.Rule, id string, idRead, idOK bool) []string {
	var msgs []string
	if idRead && r.ID != id {
		msgs = append(msgs, fmt.Sprintf("rule.id %q differs from the suggestion's id %q; both name the same file, so they must match", clip(r.ID, 80), clip(id, 80)))
	}
	if idOK {
		r.ID = id
	}
	if profile.IsSlug(r.ID) {
		if err := profile.Check(r, "rule"); err != nil {
			for _, e := range err.(profile.Errors) {
				msgs = append(msgs, "rule: "+e.Msg)
			}
		}
	}
	msgs = append(msgs, textProblems("rule.rule", strings.TrimSpace(r.Rule), MaxRuleText, false)...)
	if strings.TrimSpace(r.Note) != "" {
		msgs = append(msgs, textProblems("rule.note", strings.TrimSpace(r.Note), MaxNote, false)...)
	}
	for _, list := range []struct {
		name, item string
		phrases    []string
		max        int
	}{{"rule.avoid", "phrase", r.Avoid, MaxPhrase}, {"rule.prefer", "phrase", r.Prefer, MaxPhrase},
		{"rule.boilerplate", "line", r.Boilerplate, MaxLine}} {
		if len(list.phrases) > MaxPhrases {
			msgs = append(msgs, fmt.Sprintf("%s has %d %ss; at most %d", list.name, len(list.phrases), list.item, MaxPhrases))
		}
		for _, p := range list.phrases {
			if p := strings.TrimSpace(p); p != "" {
				msgs = append(msgs, textProblems(list.name+" "+list.item, p, list.max, true)...)
			}
		}
	}
	return dedupe(msgs)
}

// textProblems checks text that lands in a commit message or the agent's
// instructions: not empty (the schema reports empty rule parts itself), not
// too long, and free of control characters, which would garble a terminal
// or a commit.
func textProblems(field, s string, max int, oneLine bool) []string {
	var msgs []string
	if s == "" && !strings.HasPrefix(field, "rule.") {
		return []string{field + " is empty"}
	}
	if n := utf8.RuneCountInString(s); n > max {
		msgs = append(msgs, fmt.Sprintf("%s is %d characters long; at most %d", field, n, max))
	}
	if msg := badRune(s, oneLine); msg != "" {
		msgs = append(msgs, field+" "+msg)
	}
	return msgs
}

// badRune describes the first character of s that has no place in plain
// text, or "". U+FFFD is what invalid UTF-8 decodes to, so it is refused
// too: the analyzer sent bytes that are not text.
func badRune(s string, oneLine bool) string {
	for _, c := range s {
		switch {
		case c == '\n' || c == '\r' || c == '\u2028' || c == '\u2029':
			if oneLine {
				return "must be one line"
			}
			if c != '\n' {
				return fmt.Sprintf("holds the line separator %U; end lines with \\n", c)
			}
		case c == '\t':
		case c == utf8.RuneError:
			return "is not valid UTF-8 (or holds U+FFFD); send UTF-8 text"
		case unicode.IsControl(c) || c == '\ufeff':
			return fmt.Sprintf("holds the control character %U; send plain text", c)
		}
	}
	return ""
}

func dedupe(msgs []string) []string {
	seen := map[string]bool{}
	return slices.DeleteFunc(msgs, func(m string) bool {
		dup := seen[m]
		seen[m] = true
		return dup
	})
}

// canonical is the rule as its file will read back. It is only called on
// a rule that passed profile.Check, so the parse cannot fail.
func canonical(r profile.Rule) profile.Rule {
	back, err := profile.ParseRule("rule", r.ID, profile.Format(r))
	if err != nil {
		panic(fmt.Sprintf("analyze: a checked rule did not read back: %v", err))
	}
	return back
}
