package block

import (
	"strings"
	"sync"
	"text/template"

	"sw/profile"
	"sw/templates"
)

// The template is parsed on first use, not at start-up: most sw processes
// (hooks above all) never render a block.
var blockTemplate = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("block").Parse(templates.Text("block/block.md")))
})

// Render returns sw's block for a resolved profile, markers included, lines
// separated by "\n", without a final line ending. The same profile always
// renders the same bytes, so an unchanged profile never rewrites CLAUDE.md.
// The block depends on nothing else: not on why the session writes in this
// genre, nor on which piece decided it, since CLAUDE.md is the person's
// tracked file and a new piece of the same genre must leave it as it was.
func Render(r *profile.Resolved) string {
	var v struct {
		Begin, End, Genre, Voice string
		HardLimits, Style        []string
	}
	v.Begin, v.End, v.Genre, v.Voice = Begin, End, r.Genre, r.Voice
	for _, rule := range r.Rules {
		if rule.Usage != nil {
			continue // a measure of the writer for sw check, nothing for the agent to do
		}
		item := oneLine(rule.Rule.Rule)
		if checks := rule.Checks(); checks != "" {
			item += " [" + oneLine(checks) + "]"
		}
		if rule.Layer == profile.HardLimit {
			v.HardLimits = append(v.HardLimits, item)
		} else {
			v.Style = append(v.Style, item)
		}
	}
	var b strings.Builder
	if err := blockTemplate().Execute(&b, v); err != nil {
		panic(err) // the template and its data are both fixed here; tests execute it
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// oneLine folds any line breaks in text a person wrote into spaces: a rule
// spanning lines could otherwise put a marker line inside the block.
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
