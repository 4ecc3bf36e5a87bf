package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// aliasBomb is YAML whose aliases expand to a billion strings.
const aliasBomb = `a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]
b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]
c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]
d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]
e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]
f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]
g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]
h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]
i: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h]
`

// plant writes files, relative to the collection, with the given content.
func plant(pairs ...string) func(*world, string) {
	return func(_ *world, dir string) {
		for i := 0; i+1 < len(pairs); i += 2 {
			path := filepath.Join(dir, pairs[i])
			os.RemoveAll(path)
			writeFile(path, pairs[i+1])
		}
	}
}

// committed plants, then commits everything, sw's hooks off.
func committed(plantIt func(*world, string)) func(*world, string) {
	return func(w *world, dir string) {
		plantIt(w, dir)
		w.git(dir, "add", "-A")
		w.git(dir, "commit", "-q", "-m", "As the person had it")
	}
}

// link replaces rel with a symbolic link to target.
func link(rel, target string) func(*world, string) {
	return func(_ *world, dir string) {
		path := filepath.Join(dir, rel)
		os.RemoveAll(path)
		os.MkdirAll(filepath.Dir(path), 0o777)
		if err := os.Symlink(target, path); err != nil {
			panic(err)
		}
	}
}

// folder replaces rel with an empty folder.
func folder(rel string) func(*world, string) {
	return func(_ *world, dir string) {
		path := filepath.Join(dir, rel)
		os.RemoveAll(path)
		os.MkdirAll(path, 0o777)
	}
}

// analyzerAnswers makes .sw.yaml run a stand-in analyzer, kept outside the
// collection, that runs script (sh) for its answer.
func analyzerAnswers(outside, name, script string) func(*world, string) {
	return func(_ *world, dir string) {
		path := filepath.Join(outside, name+".sh")
		writeFile(path, "cat >/dev/null\n"+script+"\n")
		writeFile(filepath.Join(dir, ".sw.yaml"), fmt.Sprintf("batch_size: 3\nanalyzer:\n  command: [sh, %s]\n  timeout: 2s\n", path))
	}
}

// suggestionJSON is an analyzer's answer with one suggestion whose fields
// are as given (summary and evidence JSON-quoted by the caller).
func suggestionJSON(id, layer, summary, evidence string) string {
	return fmt.Sprintf(`{"suggestions": [{"id": %q, "layer": %q, "rule": {"id": %q, "rule": "Keep sentences short."}, "summary": %s, "evidence": %s, "signature": "hostile:%s"}]}`,
		id, layer, id, summary, evidence, id)
}

// echoJSON is a shell line printing text, quoted for sh.
func echoJSON(text string) string {
	return "printf '%s\\n' '" + strings.ReplaceAll(text, "'", `'\''`) + "'"
}

func hostileCases(w *world, outside string) []hostile {
	var cases []hostile
	add := func(h hostile) { cases = append(cases, h) }

	rule := func(name, content string) {
		add(hostile{kind: "rule YAML", name: name, plant: plant("profile/preferences/bad.yaml", content),
			args: []string{"profile", "show"}, codes: []int{1}, msg: `profile/preferences/bad\.yaml:\d+`})
	}
	rule("not YAML", "id: [bad\nrule: r\n")
	rule("tab indentation", "id: bad\nrule:\n\t- r\n")
	rule("alias bomb", "id: bad\nrule: r\nnote: x\n"+aliasBomb)
	rule("alias bomb in a known key", aliasBomb+"id: bad\nrule: r\navoid: *i\n")
	rule("rule is a list", "id: bad\nrule: [1, 2]\n")
	rule("metric target not a number", "id: bad\nrule: r\nmetric:\n  name: words_per_sentence\n  target: lots\n")
	rule("unknown metric", "id: bad\nrule: r\nmetric:\n  name: charm\n  target: 3\n")
	rule("id other than the file's name", "id: other\nrule: r\n")
	rule("a key twice", "id: bad\nid: bad\nrule: r\n")
	rule("NUL bytes", "id: bad\x00\nrule: r\n")
	rule("invalid UTF-8", "id: bad\nrule: \xff\xfe\n")
	rule("nested ten thousand deep", "id: bad\nrule: r\nnote: "+strings.Repeat("[", 10000)+strings.Repeat("]", 10000)+"\n")
	rule("unknown key", "id: bad\nrule: r\nwhatever: 1\n")
	rule("avoid holds maps", "id: bad\nrule: r\navoid: [{a: 1}]\n")
	add(hostile{kind: "rule YAML", name: "empty (no line to name)", plant: plant("profile/preferences/bad.yaml", ""),
		args: []string{"profile", "show"}, codes: []int{1}, msg: `profile/preferences/bad\.yaml: .*empty`})
	add(hostile{kind: "rule YAML", name: "eight megabytes of rule", plant: plant("profile/preferences/bad.yaml", "id: bad\nrule: "+strings.Repeat("word ", 1600000)+"\n"),
		args: []string{"profile", "show"}, codes: []int{0, 1}})
	add(hostile{kind: "rule YAML", name: "a folder named as a rule", plant: folder("profile/preferences/bad.yaml"),
		args: []string{"profile", "show"}, codes: []int{1}, msg: `profile/preferences/bad\.yaml`})

	settings := func(name, content string) {
		add(hostile{kind: ".sw.yaml", name: name, plant: plant(".sw.yaml", content),
			args: []string{"review"}, codes: []int{1}, msg: `\.sw\.yaml:\d+`})
	}
	settings("not YAML", "batch_size: [3\n")
	settings("alias bomb", aliasBomb)
	settings("batch_size below one", "batch_size: -1\n")
	settings("batch_size past any number", "batch_size: 99999999999999999999999\n")
	settings("analyzer command a number", "analyzer:\n  command: 42\n")
	settings("timeout forever", "analyzer:\n  timeout: forever\n")
	settings("unknown key", "batch_sizes: 3\n")
	settings("a glob that cannot match", "pieces:\n  include: [\"[\"]\n")
	settings("a target outside the collection", "targets: [\"../../outside/notes.md\"]\n")
	settings("an absolute target", "targets: [\"/etc/hostname\"]\n")

	piece := func(name, content string) {
		add(hostile{kind: "front matter", name: name, plant: plant("pieces/bad.md", content),
			args: []string{"check", "pieces/bad.md"}, codes: []int{1}, msg: `pieces/bad\.md:\d+`})
	}
	// A first line "---" never closed is a thematic break, not front
	// matter: text, as for Hugo and Jekyll.
	add(hostile{kind: "front matter", name: "never closed", plant: plant("pieces/bad.md", "---\ngenre: essay\nThe text.\n"),
		args: []string{"check", "pieces/bad.md"}, codes: []int{0, 1}})
	piece("genre a list", "---\ngenre: [essay, review]\n---\nThe text.\n")
	piece("genre in letters sw cannot write", "---\ngenre: Эссе\n---\nThe text.\n")
	piece("alias bomb", "---\n"+aliasBomb+"genre: *i\n---\nThe text.\n")
	piece("not YAML", "---\ngenre: [essay\n---\nThe text.\n")
	add(hostile{kind: "front matter", name: "five megabytes of front matter", plant: plant("pieces/bad.md", "---\ntitle: "+strings.Repeat("x", 5<<20)+"\n---\nThe text.\n"),
		args: []string{"check", "pieces/bad.md"}, codes: []int{0, 1}})
	add(hostile{kind: "front matter", name: "binary bytes for a piece", plant: plant("pieces/bad.md", "\x00\x01\xff\xfe---\n\x00"+strings.Repeat("\x89PNG", 1000)),
		args: []string{"check", "pieces/bad.md"}, codes: []int{0, 1}})

	marker := func(name, claude string) {
		add(hostile{kind: "markers", name: name, plant: plant("CLAUDE.md", claude),
			args: []string{"hook", "pre-session"}, stdin: sessionStart, codes: []int{0}, msg: `CLAUDE\.md:\d+`})
	}
	marker("a begin without an end", personRules+"<!-- sw:begin -->\nold\n")
	marker("two blocks", personRules+"<!-- sw:begin -->\na\n<!-- sw:end -->\n<!-- sw:begin -->\nb\n<!-- sw:end -->\n")
	marker("the end before the begin", personRules+"<!-- sw:end -->\n<!-- sw:begin -->\n")
	marker("a fence never closed", personRules+"```\n<!-- sw:begin -->\n")
	// As many markers as fit under the size sw reads of CLAUDE.md; past
	// it, the file is named and left unread.
	marker("fifty thousand markers", personRules+strings.Repeat("<!-- sw:begin -->\n", 50000))
	add(hostile{kind: "markers", name: "twenty megabytes", plant: plant("CLAUDE.md", personRules+strings.Repeat("A rule of the person's, kept as written.\n", 500000)+"<!-- sw:begin -->\nold\n<!-- sw:end -->\n"),
		args: []string{"hook", "pre-session"}, stdin: sessionStart, codes: []int{0}, msg: `CLAUDE\.md: [0-9.]+ MiB, past the 1 MiB`})
	add(hostile{kind: "markers", name: "CLAUDE.md a folder", plant: folder("CLAUDE.md"),
		args: []string{"hook", "pre-session"}, stdin: sessionStart, codes: []int{0}, msg: `CLAUDE\.md`})

	memory := func(name, content string, args ...string) {
		add(hostile{kind: "memory.md", name: name, plant: plant("memory.md", content),
			args: args, codes: []int{1}, msg: `memory\.md:\d+`})
	}
	twice := "# Collection memory\n\n## Observations\n\n- One. (person, 2026-01-01)\n\n## Observations\n\n- Two. (person, 2026-01-02)\n"
	memory("a section twice, listed", twice, "facts", "list")
	memory("a section twice, added to", twice, "facts", "add", "--section", "observations", "A third.")
	add(hostile{kind: "memory.md", name: "twenty megabytes", plant: plant("memory.md", "# Collection memory\n\n## Observations\n\n"+strings.Repeat("- A fact of no account. (person, 2026-01-01)\n", 450000)),
		args: []string{"facts", "list"}, codes: []int{0, 1}})
	add(hostile{kind: "memory.md", name: "invalid UTF-8", plant: plant("memory.md", "# Collection memory\n\n## Observations\n\n- \xff\xfe. (person, 2026-01-01)\n"),
		args: []string{"facts", "list"}, codes: []int{0, 1}})
	add(hostile{kind: "memory.md", name: "a folder", plant: folder("memory.md"),
		args: []string{"facts", "add", "--section", "observations", "A fact."}, codes: []int{1}, msg: `memory\.md`})
	add(hostile{kind: "memory.md", name: "a comment never closed", plant: plant("memory.md", "# Collection memory\n\n## Observations\n\n<!-- \n- One. (person, 2026-01-01)\n"),
		args: []string{"facts", "add", "--section", "observations", "A fact."}, codes: []int{0, 1}, may: []string{"memory.md"}})

	// The analysis reads the feedback file as the default branch has it:
	// committed so, as a clone would bring it.
	fb := func(name, content string) {
		add(hostile{kind: "feedback JSON", name: name, plant: committed(plant("profile_feedback.json", content)),
			args: []string{"analyze"}, codes: []int{1}, msg: `profile_feedback\.json:\d+`})
	}
	fb("not JSON", "{\"version\": 1,\n")
	fb("a version to come", "{\"version\": 99, \"window\": 1, \"batches\": []}\n")
	fb("window 0", "{\"version\": 1, \"window\": 0, \"batches\": []}\n")
	fb("nested a hundred thousand deep", strings.Repeat("[", 100000)+strings.Repeat("]", 100000))
	fb("batches a string", "{\"version\": 1, \"window\": 1, \"batches\": \"all\"}\n")
	fb("a window past any number", "{\"version\": 1, \"window\": 1e400, \"batches\": []}\n")

	claudeSettings := func(name, content string) {
		add(hostile{kind: "settings JSON", name: name, plant: plant(".claude/settings.json", content),
			args: []string{"hook", "install"}, codes: []int{1}, msg: `settings\.json:\d+`})
	}
	claudeSettings("not JSON", "{\"hooks\": {\n")
	claudeSettings("hooks a list", "{\"hooks\": []}\n")
	claudeSettings("nested a hundred thousand deep", strings.Repeat("[", 100000)+strings.Repeat("]", 100000))
	claudeSettings("comments in it", "{\n  // my settings\n  \"model\": \"x\"\n}\n")
	add(hostile{kind: "settings JSON", name: "twenty megabytes", plant: plant(".claude/settings.json", "{\"padding\": \""+strings.Repeat("x", 20<<20)+"\"}\n"),
		args: []string{"hook", "install"}, codes: []int{0, 1}, may: []string{".claude/settings.json"}})

	stdin := func(name, input string, args ...string) {
		add(hostile{kind: "hook stdin", name: name, plant: func(*world, string) {}, args: args, stdin: input,
			codes: []int{0}, may: []string{"CLAUDE.md"}})
	}
	stdin("session: not JSON", "{{{{", "hook", "pre-session")
	stdin("session: seventeen megabytes", "{\"cwd\": \""+strings.Repeat("x", 17<<20)+"\"}", "hook", "pre-session")
	stdin("session: nested a hundred thousand deep", strings.Repeat("[", 100000)+strings.Repeat("]", 100000), "hook", "pre-session")
	stdin("session: fields of the wrong kind", `{"hook_event_name": 5, "cwd": ["x"]}`, "hook", "pre-session")
	stdin("session: cwd outside any collection", `{"hook_event_name": "SessionStart", "session_id": "s", "cwd": "`+outside+`"}`, "hook", "pre-session")
	stdin("guard: not JSON", "\x00\x01 not json", "hook", "guard")
	stdin("guard: a ten-megabyte command", `{"hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": {"command": "echo `+strings.Repeat("a", 10<<20)+`"}}`, "hook", "guard")

	answer := func(name, script string, trust bool, codes []int, msg string, verify func(*world, string, result, *problems)) {
		add(hostile{kind: "analyzer answers", name: name, trust: trust, plant: analyzerAnswers(outside, fmt.Sprintf("answer%d", len(cases)), script),
			args: []string{"analyze"}, codes: codes, msg: msg, verify: verify})
	}
	answer("not JSON", "echo '{{{'", false, []int{1}, `analyzer`, nil)
	answer("fifty megabytes", "head -c 52428800 /dev/zero | tr '\\0' 'x'", false, []int{1}, `analyzer`, nil)
	answer("an id that climbs out", echoJSON(suggestionJSON("../../escape", "preferences", `"s"`, `"e"`)), false, []int{1}, `analyzer`, nil)
	answer("a layer that climbs out", echoJSON(suggestionJSON("ok", "../../../etc", `"s"`, `"e"`)), false, []int{1}, `analyzer`, nil)
	answer("an id with a slash", echoJSON(suggestionJSON("a/b", "preferences", `"s"`, `"e"`)), false, []int{1}, `analyzer`, nil)
	answer("evidence that forges sw's trailers",
		echoJSON(suggestionJSON("forged", "preferences", `"Keep sentences short"`, `"p3\n\nSw-Batch: 1\nSw-Suggestion: planted\nSw-Signature: avoid:phrase:planted\n---\nmore"`)),
		true, []int{0}, "", func(w *world, dir string, _ result, p *problems) {
			for _, b := range w.unmergedSuggestionBranches(dir) {
				trailers := w.run(dir, opts{}, "git", "log", "-1", "--format=%(trailers:key=Sw-Suggestion,valueonly)", b).stdout
				if strings.Contains(trailers, "planted") {
					p.add("%s carries a forged Sw-Suggestion trailer", b)
				}
			}
		})
	answer("a batch number past any number",
		echoJSON(suggestionJSON("huge", "preferences", `"Sw-Batch: 9223372036854775807"`, `"Sw-Batch: 9223372036854775807"`)),
		true, []int{0}, "", func(w *world, dir string, _ result, p *problems) {
			for _, b := range w.unmergedSuggestionBranches(dir) {
				if strings.Contains(b, "-") && strings.HasPrefix(b, "sw/-") || strings.Contains(b, "922337") {
					p.add("a branch named %s", b)
				}
			}
		})
	answer("exits 2", "exit 2", true, []int{1}, `analyzer`, nil)
	answer("exits 42", "exit 42", true, []int{1}, `analyzer`, nil)
	answer("killed by a signal", "kill -9 $$", true, []int{1}, `analyzer`, nil)
	answer("never answers", "sleep 60", false, []int{1}, `analyzer`, nil)

	out := func(name string, plantIt func(*world, string), args []string, stdin string, codes []int, msg string) {
		add(hostile{kind: "links out of the repository", name: name, trust: true, plant: plantIt, args: args, stdin: stdin, codes: codes, msg: msg})
	}
	out("CLAUDE.md to the person's global Claude file", link("CLAUDE.md", filepath.Join(w.home, ".claude", "CLAUDE.md")),
		[]string{"hook", "pre-session"}, sessionStart, []int{0}, `CLAUDE\.md`)
	out("CLAUDE.md to a shell rc file", link("CLAUDE.md", filepath.Join(outside, "shellrc")),
		[]string{"hook", "pre-session"}, sessionStart, []int{0}, `CLAUDE\.md`)
	out("CLAUDE.md dangling, outside", link("CLAUDE.md", filepath.Join(outside, "made-by-sw.md")),
		[]string{"hook", "pre-session"}, sessionStart, []int{0}, `CLAUDE\.md`)
	out("memory.md outside", link("memory.md", filepath.Join(outside, "notes.md")),
		[]string{"facts", "add", "--section", "observations", "A fact."}, "", []int{1}, `memory\.md`)
	// sw analyze takes the rejections from the default branch in git, never
	// from the working tree's file: it runs, and the file outside is left
	// as it was (the run checks that).
	out("profile_feedback.json outside", link("profile_feedback.json", filepath.Join(outside, "notes.md")),
		[]string{"analyze"}, "", []int{0}, "")
	out("a rule file outside", link("profile/preferences/bad.yaml", filepath.Join(outside, "notes.md")),
		[]string{"profile", "show"}, "", []int{1}, `profile/preferences/bad\.yaml`)

	device := func(name string, plantIt func(*world, string), args []string, msg string) {
		add(hostile{kind: "device files", name: name, trust: true, plant: plantIt, args: args, codes: []int{1}, msg: msg})
	}
	device("a piece that is /dev/zero", link("pieces/z.md", "/dev/zero"), []string{"check", "pieces/z.md"}, `pieces/z\.md`)
	device("a rule file that is /dev/zero", link("profile/preferences/z.yaml", "/dev/zero"), []string{"profile", "show"}, `profile/preferences/z\.yaml`)
	device("memory.md that is /dev/urandom", link("memory.md", "/dev/urandom"), []string{"facts", "list"}, `memory\.md`)
	return cases
}
