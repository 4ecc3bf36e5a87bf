package guard

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"sw/profile/block"
)

// The block and the person's text around it, as the guard's collection
// has them in CLAUDE.md and AGENTS.md.
const (
	guardBlock  = block.Begin + "\n## Writing profile: essay\n- Never use business jargon.\n" + block.End
	guardClaude = "# My rules\n\nBe kind.\n\n" + guardBlock + "\n\n## Notes\n\nMore.\n"
)

// guardWorld is a collection for the guard to protect, with links into
// it from inside and out, and a home folder above it.
type guardWorld struct {
	home, root string
	links      bool // the file system made the symbolic links
}

func newGuardWorld(t *testing.T) guardWorld {
	t.Helper()
	home := t.TempDir()
	if real, err := filepath.EvalSymlinks(home); err == nil {
		home = real
	}
	w := guardWorld{home: home, root: filepath.Join(home, "series")}
	for name, text := range map[string]string{
		".sw.yaml":              "batch_size: 3\n",
		"CLAUDE.md":             guardClaude,
		"AGENTS.md":             guardClaude,
		"memory.md":             "## Pieces written\n",
		"profile_feedback.json": "{\"rejections\": []}\n",
		"profile/preferences/sentence-length.yaml": "id: sentence-length\nrule: Keep sentences short.\n",
		"profile/hard-limits/no-jargon.yaml":       "id: no-jargon\nrule: Never use business jargon.\n",
		"profile/genres/essay/tone.yaml":           "id: tone\nrule: Warm.\n",
		"pieces/walking.md":                        "---\ngenre: essay\n---\nI walk to think.\n",
		"draft.md":                                 "A draft.\n",
		"analysis/n.ipynb":                         "{}\n",
		".claude/settings.json":                    guardSettings,
		"patches/rule.patch":                       rulePatch,
		"patches/piece.patch":                      strings.ReplaceAll(rulePatch, "profile/preferences/sentence-length.yaml", "pieces/walking.md"),
	} {
		w.put(t, name, text)
	}
	if err := os.MkdirAll(filepath.Join(home, "elsewhere"), 0o777); err != nil {
		t.Fatal(err)
	}
	w.links = true
	for link, target := range map[string]string{
		"series/notes":                  "profile",                                  // a folder link inside, into profile/
		"series/style.yaml":             "profile/preferences/sentence-length.yaml", // a file link to a rule
		"series/rules.md":               "CLAUDE.md",                                // a file link to CLAUDE.md
		"elsewhere/profile-link":        filepath.Join(w.root, "profile"),           // from outside the collection
		"series-link":                   "series",                                   // the collection through a link
		"series/pieces/profile-shelf":   "../profile",                               // relative, from below
		"elsewhere/feedback-shortcut.j": filepath.Join(w.root, "profile_feedback.json"),
	} {
		if err := os.Symlink(target, filepath.Join(home, filepath.FromSlash(link))); err != nil {
			w.links = false
		}
	}
	w.history(t)
	return w
}

// guardSettings is .claude/settings.json as sw hook install leaves it.
const guardSettings = `{
  "hooks": {
    "SessionStart": [{"hooks": [{"type": "command", "command": "sw hook pre-session"}]}],
    "PreToolUse": [
      {"matcher": "Edit|Write|MultiEdit|NotebookEdit", "hooks": [{"type": "command", "command": "sw hook guard"}]},
      {"matcher": "Bash", "hooks": [{"type": "command", "command": "sw hook guard"}]}
    ]
  },
  "permissions": {"deny": ["Edit(/profile/**)", "Edit(/profile_feedback.json)"]},
  "sandbox": {"enabled": true, "allowUnsandboxedCommands": false, "filesystem": {"denyWrite": ["./profile"]}}
}
`

// rulePatch is a patch that changes a rule.
const rulePatch = "--- a/profile/preferences/sentence-length.yaml\n+++ b/profile/preferences/sentence-length.yaml\n@@ -1,2 +1,2 @@\n id: sentence-length\n-rule: Keep sentences short.\n+rule: Long sentences.\n"

// put writes a file of the collection, at a slash path, with its folders.
func (w guardWorld) put(t *testing.T, rel, text string) {
	t.Helper()
	path := filepath.Join(w.root, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o666); err != nil {
		t.Fatal(err)
	}
}

// history makes the collection a git repository with a history the
// guard asks about: the person's change to a rule, then a piece; a
// branch that adds a piece, one that changes a rule, a suggestion branch,
// a stash of a rule's edit and, above it, one of a piece's. A file outside the profile is a second
// name (a hard link) of a rule.
func (w guardWorld) history(t *testing.T) {
	t.Helper()
	git := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = w.root
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=Ada", "GIT_AUTHOR_EMAIL=ada@example.com",
			"GIT_COMMITTER_NAME=Ada", "GIT_COMMITTER_EMAIL=ada@example.com", "GIT_CONFIG_NOSYSTEM=1", "HOME="+w.home)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	edit := func(rel, text string) { w.put(t, rel, text) }
	commit := func(msg string) { git("add", "-A"); git("commit", "-q", "-m", msg) }
	git("init", "-q", "-b", "main")
	commit("start")
	edit("profile/preferences/sentence-length.yaml", "id: sentence-length\nrule: Keep sentences short, mostly.\n")
	commit("the person's rule")
	edit("pieces/walking.md", "---\ngenre: essay\n---\nI walk to think, and to rest.\n")
	commit("walking")
	for branch, rel := range map[string]string{"feature": "pieces/feature.md", "sneaky": "profile/hard-limits/no-jargon.yaml",
		"sw/1/boilerplate-publius": "profile/preferences/boilerplate.yaml"} {
		git("checkout", "-q", "-b", branch, "main")
		edit(rel, "id: x\nrule: Changed.\n")
		commit(branch)
	}
	git("checkout", "-q", "main")
	git("worktree", "add", "-q", "-b", "draft", "../draft-wt", "main~2")
	edit("profile/preferences/sentence-length.yaml", "id: sentence-length\nrule: A stashed rule.\n")
	git("stash", "-q")
	edit("pieces/walking.md", "An edit to stash.\n")
	git("stash", "-q")
	edit(".git/hooks/post-commit", "#!/bin/sh\nsw hook post-commit\n")
	if err := os.Link(filepath.Join(w.root, "profile/hard-limits/no-jargon.yaml"), filepath.Join(w.root, "pieces/jargon.yaml")); err != nil {
		t.Logf("no hard link: %v", err)
	}
}

// guardCase is one tool call: cwd is relative to the home folder ("" is
// the collection's root); fold runs it as on a file system that compares
// names without case.
type guardCase struct {
	name  string
	tool  string
	input map[string]any
	cwd   string
	fold  bool
	links bool // needs the symbolic links
}

// toolCall is a tool and its input, as Claude Code names them.
type toolCall struct {
	tool  string
	input map[string]any
}

func call(tool string, input map[string]any) toolCall { return toolCall{tool, input} }

func write(p, content string) toolCall {
	return call("Write", map[string]any{"file_path": p, "content": content})
}

func edit(p, old, new string) toolCall {
	return call("Edit", map[string]any{"file_path": p, "old_string": old, "new_string": new})
}

func bash(command string) toolCall {
	return call("Bash", map[string]any{"command": command, "description": "a command"})
}

func gc(name string, c toolCall) guardCase {
	return guardCase{name: name, tool: c.tool, input: c.input}
}

func (c guardCase) in(cwd string) guardCase { c.cwd = cwd; return c }
func (c guardCase) folded() guardCase       { c.fold = true; return c }
func (c guardCase) linked() guardCase       { c.links = true; return c }

// runGuard runs the hook on one call, in w, and returns what it printed.
func (w guardWorld) runGuard(t *testing.T, c guardCase) (stdout, stderr string) {
	t.Helper()
	cwd := w.root
	if c.cwd != "" {
		cwd = filepath.Join(w.home, filepath.FromSlash(c.cwd))
	}
	in, err := json.Marshal(map[string]any{
		"session_id": "abc", "transcript_path": filepath.Join(w.home, "t.jsonl"), "cwd": cwd,
		"permission_mode": "default", "hook_event_name": "PreToolUse",
		"tool_name": c.tool, "tool_input": c.input, "tool_use_id": "toolu_1",
	})
	if err != nil {
		t.Fatal(err)
	}
	return w.runRaw(t, string(in), c.fold)
}

func (w guardWorld) runRaw(t *testing.T, input string, fold bool) (stdout, stderr string) {
	t.Helper()
	var errs bytes.Buffer
	opts := guardOptions{folds: func(string) bool { return fold }, budget: testDeadline, wall: testDeadline}
	return w.run(t, input, opts, &errs), errs.String()
}

// runWith runs the hook with its options, and returns what it printed.
func (w guardWorld) runWith(t *testing.T, input string, opts guardOptions) string {
	t.Helper()
	var errs bytes.Buffer
	return w.run(t, input, opts, &errs)
}

func (w guardWorld) run(t *testing.T, input string, opts guardOptions, stderr *bytes.Buffer) string {
	t.Helper()
	var out bytes.Buffer
	env := map[string]string{"HOME": w.home, "CLAUDE_PROJECT_DIR": w.root, "TMPDIR": "/tmp", "USER": "ada"}
	io := Env{Stdin: strings.NewReader(input), Stdout: &out, Stderr: stderr,
		Getenv: func(k string) string { return env[k] }, Dir: w.root}
	if code := guardHook(io, opts); code != 0 {
		t.Errorf("exit status %d, want 0", code)
	}
	return out.String()
}

// testDeadline is the guard's deadline in tests: generous, so that a
// busy machine does not turn an answer into "not read in time".
const testDeadline = 20 * time.Second

// denied checks stdout is Claude Code's PreToolUse deny, with a reason
// that tells the agent the way round.
func denied(t *testing.T, stdout string) bool {
	t.Helper()
	if stdout == "" {
		return false
	}
	if !strings.HasSuffix(stdout, "}\n") || strings.Count(stdout, "\n") != 1 {
		t.Errorf("not one line of JSON: %q", stdout)
	}
	var out struct {
		HookSpecificOutput map[string]string `json:"hookSpecificOutput"`
	}
	dec := json.NewDecoder(strings.NewReader(stdout))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&out); err != nil {
		t.Errorf("%v: %s", err, stdout)
		return false
	}
	h := out.HookSpecificOutput
	if len(h) != 3 || h["hookEventName"] != "PreToolUse" || h["permissionDecision"] != "deny" {
		t.Errorf("not a PreToolUse deny: %s", stdout)
	}
	for _, want := range []string{"memory.md", "sw review", "tell them"} {
		if !strings.Contains(h["permissionDecisionReason"], want) {
			t.Errorf("the reason does not say %q: %s", want, h["permissionDecisionReason"])
		}
	}
	return h["permissionDecision"] == "deny"
}

// profileWrites are attempts to write the profile, its feedback file or
// sw's block, every one of which the guard denies.
func profileWrites(w guardWorld) []guardCase {
	abs := func(rel string) string { return filepath.Join(w.root, filepath.FromSlash(rel)) }
	withBlockChanged := strings.Replace(guardClaude, "Never use business jargon.", "Jargon is fine.", 1)
	withoutBlock := strings.Replace(guardClaude, guardBlock+"\n\n", "", 1)
	personChanged := strings.Replace(guardClaude, "Be kind.", "Be kind and brief.", 1)
	return []guardCase{
		// File tools, every spelling of a path.
		gc("Write, absolute", write(abs("profile/preferences/new.yaml"), "id: new\n")),
		gc("Write, relative", write("profile/preferences/new.yaml", "id: new\n")),
		gc("Write, ./", write("./profile/hard-limits/no-jargon.yaml", "id: no-jargon\n")),
		gc("Write, ..", write("pieces/../profile/genres/essay/tone.yaml", "x")),
		gc("Write, .. from a subfolder", write("../profile/preferences/x.yaml", "x")).in("series/pieces"),
		gc("Write, //", write("profile//preferences//x.yaml", "x")),
		gc("Write, // in an absolute path", write(w.root+"//profile/x.yaml", "x")),
		gc("Write, the profile folder itself", write("profile", "x")),
		gc("Write, ~", write("~/series/profile/x.yaml", "x")),
		gc("Write, through a folder link into profile/", write("notes/sentence-length.yaml", "x")).linked(),
		gc("Write, through a file link to a rule", write("style.yaml", "x")).linked(),
		gc("Write, through a relative link from below", write("pieces/profile-shelf/x.yaml", "x")).linked(),
		gc("Write, through a link outside the collection", write(filepath.Join(w.home, "elsewhere/profile-link/x.yaml"), "x")).linked(),
		gc("Write, a link outside to the feedback file", write(filepath.Join(w.home, "elsewhere/feedback-shortcut.j"), "{}")).linked(),
		gc("Write, the project reached through a link", write("profile/x.yaml", "x")).in("series-link").linked(),
		gc("Write, a path through the project's link", write(filepath.Join(w.home, "series-link/profile/x.yaml"), "x")).linked(),
		gc("Write, from outside the project", write(abs("profile/x.yaml"), "x")).in("elsewhere"),
		gc("Write profile_feedback.json", write("profile_feedback.json", "{}")),
		gc("Edit a rule", edit("profile/preferences/sentence-length.yaml", "short", "long")),
		gc("MultiEdit a rule", call("MultiEdit", map[string]any{"file_path": abs("profile/genres/essay/tone.yaml"),
			"edits": []map[string]any{{"old_string": "Warm.", "new_string": "Cold."}}})),
		gc("NotebookEdit in profile/", call("NotebookEdit", map[string]any{"notebook_path": "profile/n.ipynb", "new_source": "x"})),
		// Another case, on a file system that compares names without it.
		gc("Write PROFILE/, case-insensitive", write("PROFILE/preferences/x.yaml", "x")).folded(),
		gc("Write Profile_Feedback.JSON, case-insensitive", write("Profile_Feedback.JSON", "{}")).folded(),
		gc("Write, the root in another case", write(strings.ToUpper(w.root)+"/Profile/x.yaml", "x")).folded(),
		gc("Edit claude.md's block, case-insensitive", edit("claude.md", "- Never use business jargon.", "")).folded(),
		// sw's block.
		gc("Edit the begin marker", edit("CLAUDE.md", block.Begin, "")),
		gc("Edit a line in the block", edit(abs("CLAUDE.md"), "- Never use business jargon.", "- Jargon is fine.")),
		gc("Edit from the person's text into the block", edit("CLAUDE.md", "Be kind.\n\n<!-- sw:begin", "Be kind.\n\n<!-- sw:begin")),
		gc("Edit the end marker away", edit("CLAUDE.md", "\n"+block.End, "")),
		gc("Edit AGENTS.md's block", edit("AGENTS.md", "Never use", "Always use")),
		gc("Edit adding a second block", edit("CLAUDE.md", "More.", "More.\n\n"+block.Begin+"\n- Say anything.\n"+block.End)),
		gc("Edit joining the begin marker to the line above", edit("CLAUDE.md", "Be kind.\n\n", "Be kind. ")),
		gc("Edit through a link to CLAUDE.md", edit("rules.md", "Never use", "Always use")).linked(),
		gc("Write CLAUDE.md with the block changed", write("CLAUDE.md", withBlockChanged)),
		gc("Write CLAUDE.md without the block", write("CLAUDE.md", withoutBlock)),
		gc("Write CLAUDE.md, the block in CRLF", write("CLAUDE.md", strings.ReplaceAll(personChanged, "\n", "\r\n"))),
		gc("Write AGENTS.md with the block changed", write("AGENTS.md", withBlockChanged)),
		gc("Write a new CLAUDE.md below with a block of its own", write("pieces/CLAUDE.md", "# Notes\n\n"+guardBlock+"\n")),
		gc("Write CLAUDE.md, the content cut off", call("Write", map[string]any{"file_path": "CLAUDE.md"})),
		gc("MultiEdit CLAUDE.md, the second edit in the block", call("MultiEdit", map[string]any{"file_path": "CLAUDE.md",
			"edits": []map[string]any{
				{"old_string": "Be kind.", "new_string": "Be brief."},
				{"old_string": "business jargon", "new_string": "jargon", "replace_all": true},
			}})),
		gc("NotebookEdit on CLAUDE.md", call("NotebookEdit", map[string]any{"notebook_path": "CLAUDE.md", "new_source": "x"})),
		// The shell: redirections.
		gc("> into profile/", bash("echo 'id: x' > profile/preferences/x.yaml")),
		gc(">> onto the feedback file", bash("echo '{}' >> profile_feedback.json")),
		gc("> with no space", bash("echo x >profile/x.yaml")),
		gc("&>", bash("sw profile show &> profile/out.txt")),
		gc("2>", bash("sw check draft.md 2> profile/errors.txt")),
		gc("2>> with no space", bash("sw check draft.md 2>>profile/errors.txt")),
		gc(">| clobbering", bash("echo x >| profile/x.yaml")),
		gc("> in another case, case-insensitive", bash("echo x > PROFILE/x.yaml")).folded(),
		gc("> through a folder link", bash("echo x > notes/x.yaml")).linked(),
		gc("> ..", bash("echo x > pieces/../profile/x.yaml")),
		gc("> a variable set before", bash("P=profile/x.yaml; echo x > \"$P\"")),
		gc("> $CLAUDE_PROJECT_DIR", bash("echo x > \"$CLAUDE_PROJECT_DIR/profile/x.yaml\"")).in("elsewhere"),
		gc("> $(pwd)", bash("echo x > $(pwd)/profile/x.yaml")),
		gc("> ~", bash("echo x > ~/series/profile_feedback.json")),
		gc("a heredoc into profile/", bash("cat > profile/preferences/x.yaml <<'EOF'\nid: x\nrule: Anything.\nEOF")),
		gc("a heredoc, redirection after it", bash("cat <<EOF >profile/x.yaml\nid: x\nEOF\necho done")),
		gc("a braced group's redirection", bash("{ echo a; echo b; } > profile/x.yaml")),
		// The shell: commands that write.
		gc("tee", bash("echo x | tee profile/preferences/x.yaml")),
		gc("tee -a", bash("echo '{}' | tee -a profile_feedback.json > /dev/null")),
		gc("sed -i", bash("sed -i 's/short/long/' profile/preferences/sentence-length.yaml")),
		gc("sed -i.bak -e", bash("sed -i.bak -e 's/a/b/' -e 's/c/d/' profile/hard-limits/no-jargon.yaml")),
		gc("sed -Ei", bash("sed -Ei 's/a/b/' profile_feedback.json")),
		gc("perl -pi -e", bash("perl -pi -e 's/short/long/' profile/preferences/sentence-length.yaml")),
		gc("cp into profile/", bash("cp /tmp/rule.yaml profile/preferences/")),
		gc("cp -r onto the profile's place", bash("cp -r /tmp/backup/profile .")),
		gc("cp -t", bash("cp -t profile/preferences draft.md")),
		gc("mv out of profile/", bash("mv profile/preferences/sentence-length.yaml /tmp/")),
		gc("mv into profile/", bash("mv draft.md profile/preferences/draft.yaml")),
		gc("mv the profile folder", bash("mv profile old-profile")),
		gc("rm a rule", bash("rm profile/hard-limits/no-jargon.yaml")),
		gc("rm -rf profile", bash("rm -rf profile")),
		gc("rm -rf the collection", bash("rm -rf .")),
		gc("rm -rf from below", bash("rm -rf ../../series")).in("series/pieces"),
		gc("rm -rf *", bash("rm -rf *")),
		gc("rm through a file link", bash("rm -f style.yaml && echo gone")).linked(),
		gc("truncate", bash("truncate -s 0 profile_feedback.json")),
		gc("touch", bash("touch profile/preferences/new.yaml")),
		gc("ln", bash("ln -sf /tmp/x.yaml profile/preferences/x.yaml")),
		gc("install", bash("install -m 644 draft.md profile/preferences/x.yaml")),
		gc("rsync", bash("rsync -a /tmp/p/ profile/")),
		gc("dd", bash("dd if=/dev/zero of=profile/x.yaml bs=1 count=1")),
		gc("git checkout --", bash("git checkout -- profile/")),
		gc("git checkout a commit's rule", bash("git checkout HEAD~1 -- profile/preferences/sentence-length.yaml")),
		gc("git checkout a path", bash("git checkout profile/preferences/sentence-length.yaml")),
		gc("git checkout .", bash("git checkout .")),
		gc("git -C checkout", bash("git -C profile checkout preferences/sentence-length.yaml")),
		gc("git restore", bash("git restore profile/")),
		gc("git restore --staged --worktree", bash("git restore --staged --worktree profile_feedback.json")),
		gc("git rm", bash("git rm profile/hard-limits/no-jargon.yaml")),
		gc("git rm -r --cached", bash("git rm -r --cached profile")),
		gc("python -c", bash(`python -c "open('profile/preferences/x.yaml','w').write('id: x')"`)),
		gc("python3 -c json.dump", bash(`python3 -c "import json; json.dump({}, open('profile_feedback.json', 'w'))"`)),
		gc("python3 - with a heredoc", bash("python3 - <<'EOF'\nwith open('profile/x.yaml', 'a') as f:\n    f.write('x')\nEOF")),
		gc("node -e", bash(`node -e "require('fs').writeFileSync('profile/x.yaml', 'x')"`)),
		gc("perl -e open >", bash(`perl -e 'open(my $f, ">", "profile/x.yaml"); print $f "x"'`)),
		gc("ruby -e", bash(`ruby -e 'File.write("profile/x.yaml", "x")'`)),
		gc("awk print >", bash(`awk '{ print > "profile/x.yaml" }' draft.md`)),
		gc("cd profile &&", bash("cd profile && rm preferences/sentence-length.yaml")),
		gc("a subshell's cd", bash("(cd profile/preferences; echo x > x.yaml)")),
		gc("bash -c", bash(`bash -c 'echo x > profile/x.yaml'`)),
		gc("sh -c in double quotes", bash(`sh -c "rm -f profile_feedback.json"`)),
		gc("eval", bash(`eval "rm profile/x.yaml"`)),
		gc("a command substitution", bash("echo $(rm profile/hard-limits/no-jargon.yaml)")),
		gc("backquotes", bash("echo `rm profile/hard-limits/no-jargon.yaml`")),
		gc("find -delete", bash("find profile -name '*.yaml' -delete")),
		gc("find -exec sed -i", bash(`find profile -type f -exec sed -i 's/a/b/' {} \;`)),
		gc("find | xargs rm", bash("find profile -name '*.yaml' | xargs rm")),
		gc("a for loop", bash("for f in profile/preferences/*.yaml; do rm \"$f\"; done")),
		gc("sudo", bash("sudo rm profile/x.yaml")),
		gc("env", bash("env LC_ALL=C tee profile/x.yaml < draft.md")),
		gc("after a pipe and ||", bash("ls | wc -l || echo x > profile/x.yaml")),
		// The shell: forms read as the shell reads them.
		gc("brace expansion", bash("mv profile{,.bak}")),
		gc("brace expansion onto the feedback file", bash("rm -f profile_feedback.{json,bak}")),
		gc("$'...' with escapes", bash(`rm $'profile\x2fhard-limits\x2fno-jargon.yaml'`)),
		gc("a variable split into words", bash(`P="profile old"; rm -rf $P`)),
		gc("~+", bash("rm -rf ~+/profile")),
		gc("~ and the person's name", bash("rm -rf ~ada/series/profile")),
		gc("a function's body", bash("function wipe { rm -rf profile; }; wipe")),
		gc("coproc", bash("coproc rm profile/x.yaml")),
		gc("a substitution in a heredoc", bash("cat <<EOF > /tmp/notes.txt\n$(rm profile/x.yaml)\nEOF")),
		gc("a substitution in a default value", bash("echo ${NOTE:-$(rm profile/x.yaml)}")),
		gc("a process substitution", bash("tee >(cat > profile/x.yaml) < draft.md")),
		gc("a while loop's redirection", bash("while read -r l; do echo \"$l\"; done < draft.md > profile/x.yaml")),
		gc("[[ ]] then a write", bash("[[ -f draft.md ]] && cp draft.md profile/x.yaml")),
		// The shell: a command it cannot read whole, naming the profile.
		gc("a heredoc never closed", bash("cat <<EOF > profile/x.yaml\nid: x\n")),
		gc("a stray )", bash("rm profile/x.yaml )")),
		// The shell and sw's block.
		gc(">> onto CLAUDE.md", bash("echo '- Keep it short.' >> CLAUDE.md")),
		gc("sed -i on CLAUDE.md", bash("sed -i 's/Be kind/Be brief/' CLAUDE.md")),
		gc("rm AGENTS.md", bash("rm AGENTS.md")),
		gc("git checkout CLAUDE.md", bash("git checkout -- CLAUDE.md")),
		gc("mv onto CLAUDE.md", bash("mv draft.md CLAUDE.md")),
		gc("> CLAUDE.md in another case, case-insensitive", bash("echo x > Claude.md")).folded(),
	}
}

// legitimateActions are what the agent does in a day's writing, every one
// of which the guard lets through.
func legitimateActions(w guardWorld) []guardCase {
	abs := func(rel string) string { return filepath.Join(w.root, filepath.FromSlash(rel)) }
	personChanged := strings.Replace(guardClaude, "Be kind.", "Be kind and brief.", 1)
	fenced := "\n\nTo explain sw:\n\n```\n" + block.Begin + "\n" + block.End + "\n```\n"
	return []guardCase{
		gc("Write a piece", write(abs("pieces/walking.md"), "---\ngenre: essay\n---\nI walk.\n")),
		gc("Write a new piece", write("pieces/new.md", "A new piece.\n")),
		gc("Edit a piece", edit(abs("pieces/walking.md"), "think", "wander")),
		gc("MultiEdit a piece", call("MultiEdit", map[string]any{"file_path": abs("pieces/walking.md"),
			"edits": []map[string]any{{"old_string": "walk", "new_string": "stroll", "replace_all": true}}})),
		gc("Write memory.md", write("memory.md", "## Pieces written\n- Walking\n")),
		gc("Edit memory.md", edit("memory.md", "## Pieces written\n", "## Pieces written\n- Walking, 2026, essay\n")),
		gc("NotebookEdit a notebook", call("NotebookEdit", map[string]any{"notebook_path": "analysis/n.ipynb", "new_source": "x = 1"})),
		gc("Edit the person's part of CLAUDE.md", edit("CLAUDE.md", "Be kind.", "Be kind and brief.")),
		gc("Edit after the block", edit(abs("CLAUDE.md"), "More.", "More, and more.")),
		gc("Edit just before the block", edit("CLAUDE.md", "Be kind.\n", "Be kind.\nBe brief.\n")),
		gc("Edit adding quoted markers in a code fence", edit("CLAUDE.md", "More.", "More."+fenced)),
		gc("Edit AGENTS.md's own part", edit("AGENTS.md", "## Notes", "## Notes for agents")),
		gc("Edit text not in CLAUDE.md", edit("CLAUDE.md", "not there", "anything")),
		gc("Write CLAUDE.md, the block kept", write("CLAUDE.md", personChanged)),
		gc("Write AGENTS.md, the block kept", write("AGENTS.md", personChanged+"\nOne more line.\n")),
		gc("Write a new CLAUDE.md below, no block", write("pieces/CLAUDE.md", "# Notes for this folder\n")),
		gc("Write CLAUDE.md in another case, case-sensitive", write("claude.md", "anything")),
		gc("Write Profile/, case-sensitive", write("Profile/x.yaml", "x")),
		gc("Write a file named like the profile", write("profile-notes.md", "x")),
		gc("Write a folder named profile below", write("pieces/profile/x.md", "x")),
		gc("Write profiles/", write("profiles/x.md", "x")),
		gc("Write outside any collection", write(filepath.Join(w.home, "elsewhere/x.md"), "x")),
		gc("Write a piece through the project's link", write("pieces/new.md", "x")).in("series-link").linked(),
		gc("Read a rule", call("Read", map[string]any{"file_path": abs("profile/preferences/sentence-length.yaml")})),
		gc("Grep the profile", call("Grep", map[string]any{"pattern": "rule", "path": "profile"})),
		gc("cat a rule", bash("cat profile/preferences/sentence-length.yaml")),
		gc("grep -r", bash("grep -r jargon profile/")),
		gc("git diff", bash("git diff profile/")),
		gc("git log", bash("git log --oneline -- profile/ profile_feedback.json")),
		gc("git show", bash("git show HEAD:profile/preferences/sentence-length.yaml")),
		gc("sw profile show", bash("sw profile show --genre essay --json")),
		gc("sw check", bash("sw check pieces/walking.md")),
		gc("sw hook pre-session", bash("sw hook pre-session")),
		gc("git commit of a piece", bash("git add pieces/walking.md && git commit -m 'Finish walking'")),
		gc("git commit naming the profile", bash(`git commit -m "Quote profile/preferences/sentence-length.yaml in the piece"`)),
		gc("ls", bash("ls -la profile profile/preferences")),
		gc("a rule copied out", bash("cp profile/preferences/sentence-length.yaml /tmp/backup.yaml")),
		gc("a rule's text redirected out", bash("cat profile/hard-limits/no-jargon.yaml > /tmp/copy.yaml")),
		gc("diff", bash("diff profile/preferences/sentence-length.yaml /tmp/backup.yaml")),
		gc("echo naming the profile", bash("echo 'edit profile/x.yaml > profile/y.yaml'")),
		gc("python reading", bash(`python3 -c "print(open('profile/preferences/sentence-length.yaml').read())"`)),
		gc("node reading", bash(`node -e "console.log(require('fs').readFileSync('profile/x.yaml', 'utf8'))"`)),
		gc("sed printing", bash("sed -n '1,5p' profile/preferences/sentence-length.yaml")),
		gc("sed into a piece", bash("sed 's/short/long/' profile/preferences/sentence-length.yaml > pieces/notes.md")),
		gc("wc on pieces", bash("wc -w pieces/*.md")),
		gc("echo into a piece", bash("echo draft > pieces/new.md")),
		gc("a loop longer than the guard reads", bash("for i in {1..100}; do echo $i > pieces/note-$i.md; done")),
		gc("a heredoc into a piece that mentions the profile", bash("cat > pieces/about.md <<'EOF'\nThe rules live in profile/ > here.\nEOF")),
		gc("find the rules", bash("find profile -name '*.yaml'")),
		gc("find pieces | xargs wc", bash("find . -name '*.md' | xargs wc -w")),
		gc("cd pieces &&", bash("cd pieces && echo x > a.md")),
		gc("tee into a piece", bash("echo x | tee pieces/a.md")),
		gc("stderr to /dev/null", bash("sw check draft.md 2>/dev/null; echo $?")),
		gc("2>&1", bash("sw check draft.md > /tmp/out.txt 2>&1")),
		gc("git checkout a branch", bash("git checkout main")),
		gc("git checkout -b", bash("git checkout -b draft-walking")),
		gc("git restore a piece", bash("git restore pieces/walking.md")),
		gc("rm a piece", bash("rm pieces/walking.md")),
		gc("rm -rf pieces/drafts", bash("rm -rf pieces/drafts")),
		gc("mv a draft into pieces", bash("mv draft.md pieces/walking.md")),
		gc("touch memory.md", bash("touch memory.md")),
		gc("cat CLAUDE.md", bash("cat CLAUDE.md")),
		gc("grep the markers", bash("grep -n 'sw:begin' CLAUDE.md AGENTS.md")),
		gc("> a CLAUDE.md below with no block", bash("echo '# Notes' > pieces/CLAUDE.md")),
		gc("go test", bash("go test ./... 2>&1 | tail -5")),
		gc("a comment naming the profile", bash("ls # then rm profile/x.yaml")),
		gc("a quoted >", bash(`echo "a > profile/x.yaml" '>' profile/y.yaml`)),
		gc("a subshell's cd stays in it", bash("(cd profile && ls) && rm -f draft.md")),
		gc("a cd in a pipe stays in it", bash("cd profile | true; rm draft.md")),
		gc("a quoted pattern", bash("rm -f 'profile*'")),
		gc("a heredoc naming the profile, fed to a reader", bash("wc -l <<'EOF'\nrm -rf profile\nEOF")),
		gc("another tool", call("WebFetch", map[string]any{"url": "https://example.com", "prompt": "profile/"})),
	}
}

func TestGuardDeniesProfileWrites(t *testing.T) {
	w := newGuardWorld(t)
	ran := w.eachCase(t, profileWrites(w), func(c guardCase, stdout, stderr string) {
		if !denied(t, stdout) {
			t.Errorf("%s: let through (%s %v)", c.name, c.tool, c.input)
		}
		if stderr != "" {
			t.Errorf("%s: stderr %q", c.name, stderr)
		}
	})
	t.Logf("%d attempted profile writes denied", ran)
}

func TestGuardAllowsTheRest(t *testing.T) {
	w := newGuardWorld(t)
	ran := w.eachCase(t, legitimateActions(w), func(c guardCase, stdout, stderr string) {
		if stdout != "" || stderr != "" {
			t.Errorf("%s: want no output, got %q, stderr %q", c.name, stdout, stderr)
		}
	})
	t.Logf("%d legitimate actions let through", ran)
}

// eachCase runs the guard on each case this file system can hold (links
// where it has them), at least the 40 the issue asks for, and hands each
// answer to check; it returns how many ran.
func (w *guardWorld) eachCase(t *testing.T, cases []guardCase, check func(c guardCase, stdout, stderr string)) int {
	t.Helper()
	if len(cases) < 40 {
		t.Fatalf("%d cases; the issue asks for 40 at least", len(cases))
	}
	ran := 0
	for _, c := range cases {
		if c.links && !w.links {
			continue
		}
		ran++
		stdout, stderr := w.runGuard(t, c)
		check(c, stdout, stderr)
	}
	return ran
}

// TestGuardCaseFolding: the guard folds case on a file system that does,
// and only there.
func TestGuardCaseFolding(t *testing.T) {
	w := newGuardWorld(t)
	for _, c := range []guardCase{
		gc("PROFILE/", write("PROFILE/preferences/x.yaml", "x")),
		gc("Claude.md", edit("Claude.md", "Never use", "Always use")),
		gc("> PROFILE_FEEDBACK.JSON", bash("echo x > PROFILE_FEEDBACK.JSON")),
	} {
		if stdout, _ := w.runGuard(t, c); stdout != "" && !foldsCase(w.root) {
			t.Errorf("%s: denied on a file system that tells case apart", c.name)
		}
		if stdout, _ := w.runGuard(t, c.folded()); !denied(t, stdout) {
			t.Errorf("%s: let through on a file system that folds case", c.name)
		}
	}
	// The file system here is asked, not assumed.
	_, err := os.Stat(filepath.Join(w.root, ".SW.YAML"))
	if foldsCase(w.root) != (err == nil) {
		t.Errorf("foldsCase = %v, but .SW.YAML is found: %v", foldsCase(w.root), err == nil)
	}
}

// TestGuardInput: what Claude Code sends and what the guard makes of it
// when it is odd.
func TestGuardInput(t *testing.T) {
	w := newGuardWorld(t)
	rule := filepath.Join(w.root, "profile", "preferences", "x.yaml")
	q := func(s string) string { b, _ := json.Marshal(s); return string(b) }
	for _, tc := range []struct {
		name, input string
		deny        bool
		stderr      string
	}{
		{"cut short", `{"tool_name":"Write","tool_input":{"file_path":` + q(rule) + `,"content":"id: x`, true, ""},
		{"content of the wrong type", `{"hook_event_name":"PreToolUse","tool_name":"Write","tool_input":{"file_path":` + q(rule) + `,"content":42}}`, true, ""},
		{"cwd of the wrong type", `{"cwd":7,"tool_name":"Edit","tool_input":{"file_path":` + q(rule) + `}}`, true, ""},
		{"no event, no session", `{"tool_name":"Write","tool_input":{"file_path":"profile/x.yaml"}}`, true, ""},
		{"cwd missing: CLAUDE_PROJECT_DIR", `{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"rm profile/x.yaml"}}`, true, ""},
		{"not JSON", `not json`, false, "sw: hook guard: hook input is not valid JSON"},
		{"empty", ``, false, "sw: hook guard: no hook input"},
		{"cut short, a piece", `{"tool_name":"Write","tool_input":{"file_path":"pieces/a.md","content":"x`, false, "not valid JSON"},
		{"tool_input not an object", `{"tool_name":"Write","tool_input":"profile/x.yaml"}`, false, "wrong type: tool_input"},
		{"Bash without a command", `{"tool_name":"Bash","tool_input":{}}`, false, "Bash call without a command"},
		{"Bash, not shell", `{"tool_name":"Bash","tool_input":{"command":"ls pieces )"}}`, false, "the Bash command is not shell the guard can read (1:11: "},
		{"Bash, not shell, naming the profile", `{"tool_name":"Bash","tool_input":{"command":"ls profile )"}}`, true, ""},
		{"another event", `{"hook_event_name":"PostToolUse","tool_name":"Write","tool_input":{"file_path":` + q(rule) + `}}`, false, ""},
	} {
		stdout, stderr := w.runRaw(t, tc.input, false)
		if got := stdout != "" && denied(t, stdout); got != tc.deny {
			t.Errorf("%s: denied %v, want %v (%q)", tc.name, got, tc.deny, stdout)
		}
		switch {
		case tc.stderr == "" && stderr != "":
			t.Errorf("%s: stderr %q", tc.name, stderr)
		case tc.stderr != "" && (!strings.Contains(stderr, tc.stderr) || strings.Count(stderr, "\n") != 1):
			t.Errorf("%s: stderr %q, want one line with %q", tc.name, stderr, tc.stderr)
		}
	}
}

// TestGuardReason: what the agent is told, for the profile and for the
// block.
func TestGuardReason(t *testing.T) {
	w := newGuardWorld(t)
	reason := func(c guardCase) string {
		stdout, _ := w.runGuard(t, c)
		var out struct{ HookSpecificOutput map[string]string }
		json.Unmarshal([]byte(stdout), &out)
		return out.HookSpecificOutput["permissionDecisionReason"]
	}
	if r := reason(gc("", write("./profile/preferences/x.yaml", "x"))); !strings.HasPrefix(r, "profile/preferences/x.yaml is part of the person's style profile") {
		t.Errorf("profile: %q", r)
	}
	if r := reason(gc("", edit("CLAUDE.md", "Never", "Always"))); !strings.HasPrefix(r, "sw's block in CLAUDE.md") || !strings.Contains(r, "may change it") {
		t.Errorf("block: %q", r)
	}
	if r := reason(gc("", bash("rm -rf ."))); !strings.HasPrefix(r, ". holds the person's style profile") {
		t.Errorf("a folder holding it: %q", r)
	}
}

func TestBlockSpan(t *testing.T) {
	for _, tc := range []struct {
		name, content, want string // want: the span's text, "" for none
	}{
		{"a block", guardClaude, guardBlock},
		{"none", "# Rules\n", ""},
		{"empty", "", ""},
		{"only quoted in a fence", "```\n" + block.Begin + "\n" + block.End + "\n```\n", ""},
		{"quoted in a fence, then a block", "```\n" + block.End + "\n```\n\n" + guardBlock + "\n", guardBlock},
		{"broken: no end", "a\n" + block.Begin + "\nb\n", block.Begin},
		{"broken: two blocks", guardBlock + "\n" + guardBlock + "\n", guardBlock + "\n" + guardBlock},
		{"CRLF", strings.ReplaceAll(guardClaude, "\n", "\r\n"), strings.ReplaceAll(guardBlock, "\n", "\r\n")},
		{"text after the end marker is outside", "<!-- sw:begin --> mine\nx\n<!-- sw:end --> mine too\n", "<!-- sw:begin --> mine\nx\n<!-- sw:end -->"},
	} {
		s, e, found := blockSpan([]byte(tc.content))
		got := ""
		if found {
			got = tc.content[s:e]
		}
		if got != tc.want {
			t.Errorf("%s: span %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestShellWrites: the command line is read as the shell reads it, and
// each path a command writes is found, with the folder it starts from.
func TestShellWrites(t *testing.T) {
	getenv := func(k string) string { return map[string]string{"HOME": "/home/ada", "USER": "ada"}[k] }
	for _, tc := range []struct {
		src  string
		want []string // each write's folder and path, "glob" for a pattern
	}{
		{`echo 'a b' "c $HOME" d\ e > "f $HOME"'g'\ h`, []string{"/w:f /home/adag h"}},
		{`a&&b>x||c|d>y;e>z`, []string{"/w:x", "/w:y", "/w:z"}},
		{`x 2>err >>out &>both <in >&2 2>&1 >&- 3>&1- &>>all >|clob <>rw`, []string{"/w:err", "/w:out", "/w:both", "/w:all", "/w:clob", "/w:rw"}},
		{"cat <<'EOF' >f\nline $x > g\nEOF\nnext > h", []string{"/w:f", "/w:h"}},
		{`echo "a\"b" $'c\'d' # > x`, nil},
		{`(cd p; rm a); rm b`, []string{"/w/p:a", "/w:b"}},
		{`cd p && rm a | cd q; rm b`, []string{"/w/p:a", "/w/p:b"}},
		{"r\\\nm a \\\n b", []string{"/w:a", "/w:b"}},
		{`P="x y"; rm $P "$P"`, []string{"/w:x", "/w:y", "/w:x y"}},
		{`rm {a,b}.yaml c{,.bak} d{1..2} {x..y}{,z} {e,{f,g}}`, []string{"/w:a.yaml", "/w:b.yaml", "/w:c", "/w:c.bak",
			"/w:d1", "/w:d2", "/w:x", "/w:xz", "/w:y", "/w:yz", "/w:e", "/w:f", "/w:g"}},
		{`for f in a b*; do rm "$f"; done`, []string{"/w:a", "/w:b* glob"}},
		{`rm 'a*' b\* c*`, []string{"/w:a*", "/w:b*", "/w:c* glob"}},
		{`rm $'x\x2fy' ~/z $UNSET/v $(pwd)/u`, []string{"/w:x/y", "/w:/home/ada/z", "/w:\x00/v", "/w:/w/u"}},
		{`rm ~ada/a ~bob/b ~+/c ~-/d ~"/e" f$((1+1)) ${#P} ${P:1}`, []string{"/w:/home/ada/a", "/w:\x00/b", "/w:/w/c",
			"/w:\x00/d", "/w:~/e", "/w:f\x01", "/w:\x01", "/w:\x00"}},
		{`P=a\ b\\c; rm $P "$P" <<< $P > "$P"`, []string{`/w:a b\c`, "/w:a", `/w:b\c`, `/w:a b\c`}},
		{`echo $(cd p; rm a) >(rm b) > c`, []string{"/w/p:a", "/w:b", "/w:c"}},
		{`f() { rm a; }; function g { rm b; }; if x; then rm c; fi; case y in y) rm d;; esac`, []string{"/w:a", "/w:b", "/w:c", "/w:d"}},
		{"cat <<EOF > /dev/null\n$(rm a)\nEOF", []string{"/w:a", "/w:/dev/null"}},
		{`echo ${x:-$(rm a)} && export D=q && rm $D`, []string{"/w:a", "/w:q"}},
		{"sh <<'EOF'\nrm a\\\\b\nEOF\nsh <<EOF\nrm c\\\\d $(pwd)\nEOF", []string{`/w:a\b`, "/w:cd", "/w:/w"}},
	} {
		writes, err := shellWrites(tc.src, "/w", getenv)
		if err != nil {
			t.Errorf("%q: %v", tc.src, err)
		}
		var got []string
		for _, w := range writes {
			s := w.dir + ":" + w.word.text
			if w.word.glob {
				s += " glob"
			}
			got = append(got, s)
		}
		if strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("%q:\n got %q\nwant %q", tc.src, got, tc.want)
		}
	}
}

// FuzzShellWrites: any command line is read without a panic and in
// bounded time, and what it writes is named.
func FuzzShellWrites(f *testing.F) {
	w := guardWorld{home: "/home/ada", root: "/home/ada/series"}
	for _, c := range append(profileWrites(w), legitimateActions(w)...) {
		if cmd, ok := c.input["command"].(string); ok {
			f.Add(cmd)
		}
	}
	for _, s := range []string{"$(", "${", ">(", "<<", "`", "'", "\"$(", "a\\", "$((", "<<-X\n\tX\n", "x >&", "for", "xargs -I", "find -exec"} {
		f.Add(s)
	}
	getenv := func(k string) string { return map[string]string{"HOME": "/home/ada"}[k] }
	f.Fuzz(func(t *testing.T, command string) {
		writes, _ := shellWrites(command, "/home/ada/series", getenv)
		for _, w := range writes {
			if w.word.text == "" || w.dir == "" {
				t.Errorf("%q: a write with no path or folder: %+v", command, w)
			}
		}
	})
}

// shellWrites returns what the command line src would write, run in dir,
// and the parser's first error when src (or a script inside it) is not
// shell it can read whole; what it could read is still looked at.
func shellWrites(src, dir string, getenv func(string) string) ([]shellWrite, error) {
	a := newShellAnalysis(dir, getenv, func() bool { return false })
	a.script(src)
	return a.writes, a.err
}
