package main

import (
	"encoding/json"
	"fmt"
	"strings"

	"sw/testdata/agent/standin"
)

// contexts are the scenarios that read what reached the model: the
// profile of the genre the session writes in, and memory.md, at the
// start of a session, of a resumed one, and after a compaction. Each
// starts after the person has added a rule, which only the pre-session
// hook puts into CLAUDE.md: a session that sees it saw the hook's work.
func contexts() []scenario {
	return []scenario{
		{name: "first-request", what: "the first model request holds the essay profile and memory.md", modes: []mode{defaultMode}, run: firstRequest},
		{name: "resume", what: "a resumed session's first request holds a rule the person added since", modes: []mode{defaultMode}, run: resume},
		{name: "compact", what: "the first request after a compaction holds the profile and memory.md again", modes: []mode{defaultMode}, run: compact},
	}
}

// addRule is the person adding an essay rule by hand and committing it,
// as they may between sessions; it returns the rule's sentence.
func (t *trial) addRule(id string) string {
	rule := fmt.Sprintf("Mark rule %s with this sentence.", id)
	writeFile(t.path("profile/genres/essay/"+id+".yaml"), ruleFile(id, rule))
	if err := t.git(t.dir, "add", "profile"); err != nil {
		t.fail("%v", err)
	}
	if err := t.git(t.dir, "commit", "-q", "-m", "Add a rule: "+id); err != nil {
		t.fail("%v", err)
	}
	t.profileChanged = true
	return rule
}

// inContext checks that text, what reached the model, holds the profile
// of the essay genre (with the rules given) and memory.md's facts, and not
// another genre's rule.
func (t *trial) inContext(what, text string, rules ...string) {
	t.contains(what, text, append([]string{"## Writing profile: essay", essayRule, personFact}, rules...)...)
	t.lacks(what, text, reviewRule)
}

func firstRequest(t *trial) {
	added := t.addRule("first")
	s := t.prompt([]standin.Turn{standin.Say("Ready.")}, "Write the next essay.")
	t.inContext("the first request", s.first(), added)
}

func resume(t *trial) {
	first := t.prompt([]standin.Turn{standin.Say("Ready.")}, "Write the next essay.")
	added := t.addRule("resumed")
	if first.out.SessionID == "" {
		t.fail("the first session printed no session id")
		return
	}
	s := t.prompt([]standin.Turn{standin.Say("Going on.")}, "Go on.", "--resume", first.out.SessionID)
	t.inContext("the resumed session's first request", s.first(), added)
}

// compact runs one session fed as stream-json: a prompt, /compact, and a
// prompt after it.
func compact(t *trial) {
	const before = "Write the next essay, then wait."
	added := t.addRule("compacted")
	var in strings.Builder
	for _, prompt := range []string{before, "/compact", "Go on."} {
		line, _ := json.Marshal(map[string]any{"type": "user", "message": map[string]any{"role": "user", "content": prompt}})
		in.Write(append(line, '\n'))
	}
	s := t.session([]standin.Turn{standin.Say("Ready."), standin.Say("Going on.")}, []byte(in.String()),
		"--input-format", "stream-json", "--output-format", "stream-json", "--verbose", "--include-hook-events")
	after := -1
	for i, r := range s.requests {
		if r.Compaction {
			after = i + 1
		}
	}
	if after < 0 || after >= len(s.requests) {
		t.fail("no compaction, or no request after it (%d requests)", len(s.requests))
		return
	}
	text := s.requests[after].Text()
	t.contains("the request after the compaction", text, "A scripted session.")
	t.lacks("the request after the compaction", text, before)
	t.inContext("the request after the compaction", text, added)
	if !ranHook(s.hooks, "SessionStart:compact") {
		t.fail("the SessionStart hook did not run, and end well, after the compaction: %+v", s.hooks)
	}
}

// ranHook reports whether a hook of the name ran to exit status 0.
func ranHook(hooks []hookRun, name string) bool {
	for _, h := range hooks {
		if h.HookName == name && h.ExitCode == 0 {
			return true
		}
	}
	return false
}
