package trust

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"sw/hooks/git"
	"sw/profile/collection"
)

// essays makes a collection in a git repository, with an analyzer script
// that sources a library, a piece and a rule, all committed, and a store
// in a configuration folder of its own. git runs with a home of its own.
func essays(t *testing.T, command ...string) (root string, s *Store) {
	t.Helper()
	base := t.TempDir()
	home := filepath.Join(base, "home")
	root = filepath.Join(base, "essays")
	write(t, filepath.Join(home, ".gitconfig"), "[user]\n\tname = Ada\n\temail = ada@example.com\n[init]\n\tdefaultBranch = main\n")
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(base, "config"))
	t.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	words, _ := json.Marshal(command)
	write(t, filepath.Join(root, ".sw.yaml"), "analyzer:\n  command: "+string(words)+"\n")
	write(t, filepath.Join(root, "tools", "a.sh"), ". tools/lib.sh\n")
	write(t, filepath.Join(root, "tools", "lib.sh"), "echo one\n")
	write(t, filepath.Join(root, "pieces", "a.md"), "I walk.\n")
	write(t, filepath.Join(root, "profile", "preferences", "short.yaml"), "id: short\nrule: Be short.\n")
	write(t, filepath.Join(root, ".gitignore"), "build/\n")
	gitIn(t, root, "init", "-q")
	commit(t, root, "Start")
	s, err := Open()
	if err != nil {
		t.Fatal(err)
	}
	return root, s
}

func write(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o666); err != nil {
		t.Fatal(err)
	}
}

func gitIn(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

func commit(t *testing.T, root, msg string) {
	t.Helper()
	gitIn(t, root, "add", "-A")
	gitIn(t, root, "commit", "-q", "--allow-empty", "-m", msg)
}

// describe reads the analyzer of the collection at root as it is now.
func describe(t *testing.T, root string) *Analyzer {
	t.Helper()
	c, err := collection.Open(root)
	if err != nil {
		t.Fatal(err)
	}
	repo, err := git.At(root)
	if err != nil {
		t.Fatal(err)
	}
	a, err := Describe(repo, c)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func check(t *testing.T, s *Store, root string) Verdict {
	t.Helper()
	v, err := s.Check(describe(t, root))
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestCodeLeavesOutTheWriting: a trust takes in every file but the
// writing and sw's record of it.
func TestCodeLeavesOutTheWriting(t *testing.T) {
	s := collection.DefaultSettings()
	s.Targets = append(s.Targets, "AGENTS.md")
	code := Code(s)
	for path, want := range map[string]bool{
		"tools/lib.sh": true, "Makefile": true, ".sw.yaml": true, ".claude/settings.json": true,
		".claude/commands/x.md": true, "README.md": true, "anpkg/__init__.py": true,
		"pieces/a.md": false, "walking.md": false, "memory.md": false, "profile_feedback.json": false,
		"CLAUDE.md": false, "AGENTS.md": false, "profile/preferences/short.yaml": false,
	} {
		if got := code.File(path) && (!strings.Contains(path, "/") || code.Dir(path[:strings.Index(path, "/")])); got != want {
			t.Errorf("%s taken in: %v, want %v", path, got, want)
		}
	}
}

// TestTrustTakesInWhatRuns: a trusted `sh tools/a.sh` is trusted until a
// file it could run changes (the library it sources, committed or only
// edited, or a new file beside it), not when a piece or a rule does.
func TestTrustTakesInWhatRuns(t *testing.T) {
	root, s := essays(t, "sh", "tools/a.sh")
	if v := check(t, s, root); v.Trusted || v.Nearest != nil || v.Other {
		t.Fatalf("before sw trust: %+v", v)
	}
	if added, err := s.Trust(describe(t, root)); !added || err != nil {
		t.Fatalf("Trust: %v %v", added, err)
	}
	if added, err := s.Trust(describe(t, root)); added || err != nil {
		t.Errorf("trusting again added it again: %v %v", added, err)
	}
	write(t, filepath.Join(root, "pieces", "b.md"), "I read.\n")
	write(t, filepath.Join(root, "profile", "preferences", "short.yaml"), "id: short\nrule: Be shorter.\n")
	write(t, filepath.Join(root, "memory.md"), "# Facts\n")
	write(t, filepath.Join(root, "build", "cache.sh"), "echo built\n")
	commit(t, root, "A piece, a rule, facts")
	if v := check(t, s, root); !v.Trusted {
		t.Errorf("the writing changed and the trust went: %+v", v)
	}
	for _, c := range []struct {
		name string
		edit func()
		want []string
	}{
		{"an edit", func() { write(t, filepath.Join(root, "tools", "lib.sh"), "echo two\n") }, []string{"tools/lib.sh"}},
		{"the edit committed", func() { commit(t, root, "lib") }, []string{"tools/lib.sh"}},
		{"a new file", func() { write(t, filepath.Join(root, "Makefile"), "all:\n") }, []string{"Makefile", "tools/lib.sh"}},
	} {
		c.edit()
		if v := check(t, s, root); v.Trusted || v.Nearest == nil || !slices.Equal(v.Changed, c.want) {
			t.Errorf("%s: trusted %v, changed %q, want %q", c.name, v.Trusted, v.Changed, c.want)
		}
	}
}

// TestTrustIsOneCommandInOneRepository: another command, or the same
// one in another clone, is not trusted.
func TestTrustIsOneCommandInOneRepository(t *testing.T) {
	root, s := essays(t, "sh", "tools/a.sh")
	if _, err := s.Trust(describe(t, root)); err != nil {
		t.Fatal(err)
	}
	clone := filepath.Join(filepath.Dir(root), "clone")
	gitIn(t, filepath.Dir(root), "clone", "-q", root, clone)
	if v := check(t, s, clone); v.Trusted || v.Other || v.Nearest != nil {
		t.Errorf("a clone: %+v", v)
	}
	write(t, filepath.Join(root, ".sw.yaml"), "analyzer:\n  command: [sh, tools/a.sh, --more]\n")
	if v := check(t, s, root); v.Trusted || !v.Other || v.Nearest != nil {
		t.Errorf("another command: %+v", v)
	}
}

// TestTrustTakesInTheFilesNamed: a file the command names is taken in even
// where the rest would not be: an ignored script, a piece.
func TestTrustTakesInTheFilesNamed(t *testing.T) {
	root, s := essays(t, "sh", "build/run.sh", "pieces/a.md")
	write(t, filepath.Join(root, "build", "run.sh"), "echo one\n")
	if _, err := s.Trust(describe(t, root)); err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(root, "build", "run.sh"), "echo two\n")
	write(t, filepath.Join(root, "pieces", "a.md"), "I run.\n")
	commit(t, root, "piece")
	if v := check(t, s, root); v.Trusted || !slices.Equal(v.Changed, []string{"build/run.sh", "pieces/a.md"}) {
		t.Errorf("named files changed: trusted %v, changed %q", v.Trusted, v.Changed)
	}
}

// TestEarlierTrustIsAskedAgain: a trust an earlier sw wrote (version 1,
// the named files' digests) is read, never trusted, and replaced by sw
// trust; the list is written back as this version.
func TestEarlierTrustIsAskedAgain(t *testing.T) {
	root, s := essays(t, "sh", "tools/a.sh")
	a := describe(t, root)
	old := `{"version": 1, "trusted": [{"repository": ` + quote(a.Repository) + `, "command": ["sh", "tools/a.sh"], "files": {"tools/a.sh": "00"}}]}`
	write(t, s.Path, old)
	v := check(t, s, root)
	if v.Trusted || v.Nearest == nil || v.Nearest.Snapshot != nil {
		t.Fatalf("an earlier trust: %+v", v)
	}
	if added, err := s.Trust(a); !added || err != nil {
		t.Fatalf("Trust: %v %v", added, err)
	}
	all, err := s.List()
	if err != nil || len(all) != 1 || all[0].Snapshot == nil {
		t.Errorf("after trusting again: %v %v", all, err)
	}
	if data, _ := os.ReadFile(s.Path); !strings.Contains(string(data), `"version": 2`) {
		t.Errorf("written as %s", data)
	}
	if v := check(t, s, root); !v.Trusted {
		t.Errorf("not trusted once trusted again: %+v", v)
	}
}

func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// TestTrustKeepsAFewPerCommand: trusting one command again and again (a
// pull each time) keeps the newest few, not every one.
func TestTrustKeepsAFewPerCommand(t *testing.T) {
	root, s := essays(t, "sh", "tools/a.sh")
	for i := range keepPerCommand + 2 {
		write(t, filepath.Join(root, "tools", "lib.sh"), strings.Repeat("echo\n", i+1))
		commit(t, root, "lib")
		if added, err := s.Trust(describe(t, root)); !added || err != nil {
			t.Fatalf("Trust %d: %v %v", i, added, err)
		}
	}
	all, err := s.List()
	if err != nil || len(all) != keepPerCommand {
		t.Fatalf("%d trusts kept, want %d: %v", len(all), keepPerCommand, err)
	}
	if v := check(t, s, root); !v.Trusted {
		t.Errorf("the newest trust is not kept: %+v", v)
	}
}

// TestStoreCorruptIsAnError: a list that cannot be read trusts nothing,
// and says where it is.
func TestStoreCorruptIsAnError(t *testing.T) {
	root, s := essays(t, "sh")
	write(t, s.Path, "{not json")
	if v, err := s.Check(describe(t, root)); v.Trusted || err == nil {
		t.Errorf("a corrupt list: trusted %v, %v", v.Trusted, err)
	}
	if _, err := s.Trust(describe(t, root)); err == nil {
		t.Error("a corrupt list was written over")
	}
	if data, _ := os.ReadFile(s.Path); string(data) != "{not json" {
		t.Errorf("the corrupt list changed: %q", data)
	}
}

// TestForgetIsOneRepositorys: sw untrust in one repository leaves the
// trust given in others.
func TestForgetIsOneRepositorys(t *testing.T) {
	root, s := essays(t, "sh", "tools/a.sh")
	clone := filepath.Join(filepath.Dir(root), "clone")
	gitIn(t, filepath.Dir(root), "clone", "-q", root, clone)
	here, there := describe(t, root), describe(t, clone)
	for _, a := range []*Analyzer{here, there} {
		if _, err := s.Trust(a); err != nil {
			t.Fatal(err)
		}
	}
	if n, err := s.Forget(here.Repository); n != 1 || err != nil {
		t.Fatalf("Forget: %d %v", n, err)
	}
	all, err := s.List()
	if err != nil || len(all) != 1 || all[0].Repository != there.Repository {
		t.Errorf("after forgetting one repository: %v %v", all, err)
	}
}

// TestVerdictNamesTheNearestTrust: with several trusts of one command, a
// refusal names what changed since the one nearest to now, not since the
// newest.
func TestVerdictNamesTheNearestTrust(t *testing.T) {
	root, s := essays(t, "sh", "tools/a.sh")
	if _, err := s.Trust(describe(t, root)); err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(root, "tools", "lib.sh"), "echo two\n")
	write(t, filepath.Join(root, "Makefile"), "all:\n")
	commit(t, root, "two")
	if _, err := s.Trust(describe(t, root)); err != nil {
		t.Fatal(err)
	}
	gitIn(t, root, "checkout", "-q", "HEAD~1")
	write(t, filepath.Join(root, "tools", "extra.sh"), "echo extra\n")
	if v := check(t, s, root); v.Trusted || !slices.Equal(v.Changed, []string{"tools/extra.sh"}) {
		t.Errorf("near the first trust: trusted %v, changed %q", v.Trusted, v.Changed)
	}
}

// TestLeftOutNamesEachTarget: the trust message lists what it leaves out
// as a sentence does, however many instruction files there are.
func TestLeftOutNamesEachTarget(t *testing.T) {
	s := collection.DefaultSettings()
	if got, want := LeftOut(s), "the pieces, profile/, memory.md, profile_feedback.json and CLAUDE.md"; got != want {
		t.Errorf("LeftOut = %q, want %q", got, want)
	}
	s.Targets = append(s.Targets, "AGENTS.md")
	if got, want := LeftOut(s), "the pieces, profile/, memory.md, profile_feedback.json, CLAUDE.md and AGENTS.md"; got != want {
		t.Errorf("LeftOut = %q, want %q", got, want)
	}
}
