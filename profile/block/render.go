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
// separated by "\n", without a final line ending. why, when given, says in
// the heading why the session writes in this genre ("the genre of
// pieces/walking.md, your latest piece"). The same profile and why always
// render the same bytes, so an unchanged profile never rewrites CLAUDE.md.
func Render(r *profile.Resolved, why string) string {
	var v struct {
		Begin, End, Genre, Why string
		HardLimits, Style      []string
	}
	v.Begin, v.End, v.Genre, v.Why = Begin, End, r.Genre, oneLine(why)
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
