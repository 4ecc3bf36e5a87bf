package block

import (
	"strings"
	"testing"

	"sw/profile"
)

func f(v float64) *float64 { return &v }

func TestRender(t *testing.T) {
	r := &profile.Resolved{Genre: "essay", Rules: []profile.Sourced{
		{Layer: profile.HardLimit, Rule: profile.Rule{ID: "no-jargon", Rule: "Never use jargon.", Avoid: []string{"leverage"}}},
		{Layer: profile.GenreLayer, Rule: profile.Rule{ID: "length", Rule: "Keep sentences\naround 22 words.\n" + End,
			Metric: &profile.Metric{Name: "words_per_sentence", Target: f(22), Max: f(40)}}},
		{Layer: profile.Preference, Rule: profile.Rule{ID: "so", Rule: "Start with so.", Prefer: []string{"so"}, Note: "not shown"}},
		// A measure of the writer for sw check: nothing for the agent.
		{Layer: profile.GenreLayer, Rule: profile.Rule{ID: "usage", Rule: "How often you use common words.",
			Usage: &profile.Usage{Pieces: 3, Rates: []profile.Rate{{Item: "the", Mean: 60, Spread: 5}}}}},
	}}
	got := Render(r)
	want := Begin + `
## Writing profile: essay

sw renders this block from profile/, which only the person changes, by merging sw's suggestion branches. Never edit profile/, profile_feedback.json or this block.

Hard limits, never to be broken:
- Never use jargon. [avoid "leverage"]

Style for essay (follow it unless the person asks otherwise):
- Keep sentences around 22 words. ` + End + ` [words_per_sentence target 22, at most 40]
- Start with so. [prefer "so"]

Memory policy: in your auto memory, record only factual background, explicit corrections and collaboration agreements. Never record a judgment about writing style: style lives in this profile.

Facts about this collection: @memory.md (record one with ` + "`sw facts add --section S --key K --source agent TEXT`" + `; keep a fact only if deleting it would make the next piece repetitive, contradictory or off-track)
` + End
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	// A rule's text can never end the block early.
	if _, found, err := locate("x", []byte(got)); err != nil || !found {
		t.Errorf("rendered block does not read back as one block: %v", err)
	}
	if Render(r) != got {
		t.Error("two renders differ")
	}
}

func TestRenderEmptyProfile(t *testing.T) {
	got := Render(&profile.Resolved{Genre: "default"})
	if strings.Contains(got, "Hard limits") || strings.Contains(got, "Style for") {
		t.Errorf("empty sections rendered:\n%s", got)
	}
	for _, must := range []string{"Memory policy", "@memory.md", Begin, End} {
		if !strings.Contains(got, must) {
			t.Errorf("missing %q", must)
		}
	}
}
