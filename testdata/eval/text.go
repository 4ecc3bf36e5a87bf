package main

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
)

// The evaluation reads text on its own, never through sw's packages: it
// judges what sw learned, so it must not share sw's reading of a piece.

// words are the piece's words, lowercased: runs of letters, with an
// apostrophe or a hyphen inside one kept (don't, self-driving). Digits
// are not words here: numbers and dates say nothing of style.
func words(text string) []string {
	var out []string
	rs := []rune(text)
	for i := 0; i < len(rs); {
		if !unicode.IsLetter(rs[i]) {
			i++
			continue
		}
		j := i
		for j < len(rs) && (unicode.IsLetter(rs[j]) || isJoiner(rs[j]) && j+1 < len(rs) && unicode.IsLetter(rs[j+1])) {
			j++
		}
		out = append(out, strings.ReplaceAll(strings.ToLower(string(rs[i:j])), "’", "'"))
		i = j
	}
	return out
}

func isJoiner(r rune) bool {
	return r == '\'' || r == '’' || r == '-'
}

// paragraphs are the blocks of text between blank lines.
func paragraphs(body string) []string {
	var out []string
	for _, block := range regexp.MustCompile(`\n[ \t]*\n`).Split(body, -1) {
		if b := strings.TrimSpace(block); b != "" {
			out = append(out, b)
		}
	}
	return out
}

// sentenceEnd is the end of a sentence: a run of . ? ! and any closing
// quote or bracket, then space. Abbreviations split too early; the
// evaluation only asks how a paragraph starts or ends.
var sentenceEnd = regexp.MustCompile(`[.?!]+["'”’)\]]*\s+`)

// sentences splits a paragraph into sentences.
func sentences(par string) []string {
	var out []string
	start := 0
	for _, m := range sentenceEnd.FindAllStringIndex(par, -1) {
		out = append(out, strings.TrimSpace(par[start:m[1]]))
		start = m[1]
	}
	if rest := strings.TrimSpace(par[start:]); rest != "" {
		out = append(out, rest)
	}
	return out
}

// countPhrase counts the places where phrase's words stand in a row in
// ws, both already lowercased words.
func countPhrase(ws, phrase []string) int {
	if len(phrase) == 0 {
		return 0
	}
	n := 0
	for i := 0; i+len(phrase) <= len(ws); i++ {
		if slices.Equal(ws[i:i+len(phrase)], phrase) {
			n++
		}
	}
	return n
}
