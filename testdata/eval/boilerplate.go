package main

import (
	"regexp"
	"strings"
)

// Boilerplate is the evaluation's own reading of a writer's pieces, to
// judge whether a rule sw learned came from lines that are not the
// writer's prose: sign-offs ("PUBLIUS"), salutations ("Dear Sir,"),
// datelines ("Philadelphia, January 5, 1788.") and the notes printed
// after a sign-off.
//
// A paragraph is boilerplate when its key (its words, lowercased, with
// every token that holds a digit and every month name set aside) is
// that of a paragraph in another of the writer's pieces: it recurs nearly
// verbatim. A paragraph after the piece's last recurring one is a trailing
// note, and boilerplate too, when that recurring one stands in the second
// half of the piece: what follows a sign-off is not the essay.

var digitToken = regexp.MustCompile(`\S*\d\S*`)

var months = map[string]bool{}

func init() {
	for _, m := range strings.Fields("january february march april may june july august september october november december jan feb mar apr jun jul aug sep sept oct nov dec") {
		months[m] = true
	}
}

// paragraphKey is what two paragraphs must share to be the same line.
func paragraphKey(par string) string {
	var kept []string
	for _, w := range words(digitToken.ReplaceAllString(par, " ")) {
		if !months[w] {
			kept = append(kept, w)
		}
	}
	return strings.Join(kept, " ")
}

// boilerplate marks, for each of one writer's pieces, which of its
// paragraphs (as paragraphs splits its body) are boilerplate.
func boilerplate(pieces []*piece) map[*piece][]bool {
	seenIn := map[string]map[*piece]bool{}
	pars := map[*piece][]string{}
	for _, p := range pieces {
		pars[p] = paragraphs(p.body)
		for _, par := range pars[p] {
			if k := paragraphKey(par); k != "" {
				if seenIn[k] == nil {
					seenIn[k] = map[*piece]bool{}
				}
				seenIn[k][p] = true
			}
		}
	}
	marks := map[*piece][]bool{}
	for _, p := range pieces {
		m := make([]bool, len(pars[p]))
		last := -1
		for i, par := range pars[p] {
			if len(seenIn[paragraphKey(par)]) >= 2 {
				m[i], last = true, i
			}
		}
		if last >= 0 && 2*last >= len(m) {
			for i := last + 1; i < len(m); i++ {
				m[i] = true
			}
		}
		marks[p] = m
	}
	return marks
}
