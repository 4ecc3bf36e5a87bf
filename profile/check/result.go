package check

import (
	"encoding/json"

	"sw/profile"
)

// WarningsPerRule is how many warnings about single units or phrases one
// rule gives before a last one counts the rest: enough to show the
// pattern, few enough that other rules' warnings stay visible.
const WarningsPerRule = 10

// Finding is one thing a check reports, at a place in the piece (see
// prose.Position).
type Finding struct {
	Rule    string `json:"rule"` // the rule's id
	Line    int    `json:"line"`
	Col     int    `json:"col"`
	Message string `json:"message"`
}

// Result is what checking one piece found.
type Result struct {
	Path  string `json:"path"`
	Genre string `json:"genre"`
	// Score, from 0 to 1, is defined in the package documentation.
	Score    float64   `json:"score"`
	Errors   []Finding `json:"errors"`   // hard limits broken
	Warnings []Finding `json:"warnings"` // everything else worth a look
	// Boilerplate is what the profile's boilerplate rules left out of
	// every measurement.
	Boilerplate []Finding `json:"boilerplate"`
	// Usage is how far the piece's rates of common words and marks lie
	// from the writer's, when the profile holds a usage measure: not part
	// of the score, which is about rules, and never a warning.
	Usage *Usage `json:"usage,omitempty"`
	// Problem says why the piece could not be checked (see Pieces).
	Problem string `json:"problem,omitempty"`
}

// HasErrors reports whether the piece breaks a hard limit, or could not be
// checked: the exit status of `sw check` turns on it.
func (r Result) HasErrors() bool { return len(r.Errors) > 0 || r.Problem != "" }

// MarshalJSON writes empty lists as [], never null, so readers of
// `sw check --json` can iterate without checking.
func (r Result) MarshalJSON() ([]byte, error) {
	type plain Result
	if r.Errors == nil {
		r.Errors = []Finding{}
	}
	if r.Warnings == nil {
		r.Warnings = []Finding{}
	}
	if r.Boilerplate == nil {
		r.Boilerplate = []Finding{}
	}
	return json.Marshal(plain(r))
}

// Usage is a piece's distance from the writer's voice (see
// profile.Usage.Distance), and the markers that moved it most, so a writer
// sees why.
type Usage struct {
	Rule     string   `json:"rule"` // the id of the rule holding the measure
	Distance float64  `json:"distance"`
	Typical  float64  `json:"typical"`
	Pieces   int      `json:"pieces"` // the pieces the measure comes from
	Markers  []Marker `json:"markers"`
}

// Marker is one item that moved the piece from the writer's voice, with
// what it says in a writer's words.
type Marker struct {
	profile.Marker
	Message string `json:"message"`
}
