package review

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"sw/profile/analyze"
)

const agentTrailer = "\n\nCo-Authored-By: Claude <noreply@anthropic.com>\n"

// The agent's drafts come from git history: for each piece, the last
// version a commit marked as the agent's wrote before the person's final
// one. ArgRewrite students' first drafts are committed as the agent's, their
// third drafts as the person's, and what the analyzer then says to avoid is
// exactly what it says given the drafts directly: the edit signals reach it
// through git.
func TestAgentDraftsFromHistory(t *testing.T) {
	l := newCollection(t)
	root := l.Repo.Root
	corpus := func(rel string) string {
		b, err := os.ReadFile(filepath.Join("..", "..", "testdata", "corpus", "argrewrite", rel))
		if err != nil {
			t.Skip("corpus:", err)
		}
		return string(b)
	}
	students := []string{"1", "2", "3", "4", "5", "6", "8", "9", "10", "11", "13", "14"}
	var paths []string
	want := map[string][]string{}
	for _, s := range students {
		path := "pieces/" + s + ".md"
		paths = append(paths, path)
		draft, final := corpus("draft1/"+s+".txt"), corpus("draft3/"+s+".txt")
		write(t, filepath.Join(root, path), draft)
		runGit(t, root, "add", path)
		runGit(t, root, "commit", "-q", "-m", "Draft essay "+s+agentTrailer)
		write(t, filepath.Join(root, path), final)
		runGit(t, root, "commit", "-q", "-am", "Revise essay "+s)
		want[path] = []string{draft}
	}
	// A piece only the agent has written has no edits of the person's yet;
	// one the agent revised after the person has the agent's newest version
	// before the person's last.
	write(t, filepath.Join(root, "pieces/agent.md"), "Written by the agent alone.\n")
	runGit(t, root, "add", "pieces/agent.md")
	runGit(t, root, "commit", "-q", "-m", "Agent piece"+agentTrailer)
	paths = append(paths, "pieces/agent.md")
	want["pieces/agent.md"] = []string{}
	for i, text := range []string{"First agent draft.\n", "Person's text.\n", "Second agent draft.\n", "Person's final.\n"} {
		write(t, filepath.Join(root, "pieces/mixed.md"), text)
		runGit(t, root, "add", "pieces/mixed.md")
		msg := "Person edits"
		if i%2 == 0 {
			msg = "Agent writes" + agentTrailer
		}
		runGit(t, root, "commit", "-q", "-m", msg)
	}
	paths = append(paths, "pieces/mixed.md")
	want["pieces/mixed.md"] = []string{"Second agent draft.\n"}

	p, err := l.Propose(context.Background(), paths)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string][]string{}
	for _, piece := range p.Request.Pieces {
		got[piece.Path] = piece.Drafts
	}
	if !reflect.DeepEqual(got, want) {
		for path := range want {
			if !reflect.DeepEqual(got[path], want[path]) {
				t.Errorf("%s: drafts %.60q, want %.60q", path, got[path], want[path])
			}
		}
	}

	direct, err := analyze.Embedded{}.Analyze(context.Background(), p.Request)
	if err != nil {
		t.Fatal(err)
	}
	var avoid []string
	for _, s := range p.Suggestions {
		if strings.HasPrefix(s.Signature, "avoid:phrase:") {
			avoid = append(avoid, s.Signature)
		}
	}
	if len(avoid) == 0 {
		t.Error("no avoid suggestion came from the drafts in git history")
	}
	a, _ := json.Marshal(p.Suggestions)
	b, _ := json.Marshal(direct.Suggestions)
	if string(a) != string(b) {
		t.Errorf("through git the analyzer said\n%s\nwith the drafts given directly\n%s", a, b)
	}
	t.Logf("avoid suggestions from git history: %v", avoid)
}

// TestAgentDraftsWithOwnPatterns: the agent_commits of .sw.yaml say which
// commits are the agent's. With a pattern of the person's own, a commit
// carrying it gives a draft and Claude Code's trailer no longer does; an
// empty list turns drafts off.
func TestAgentDraftsWithOwnPatterns(t *testing.T) {
	for _, tc := range []struct {
		name, settings string
		want           map[string][]string
	}{
		{"own pattern", "batch_size: 3\nagent_commits:\n  - \"Drafted-By: * robot\"\n", map[string][]string{
			"pieces/robot.md": {"Robot's draft.\n"}, "pieces/claude.md": {}}},
		{"defaults", "batch_size: 3\n", map[string][]string{
			"pieces/robot.md": {}, "pieces/claude.md": {"Claude's draft.\n"}}},
		{"turned off", "batch_size: 3\nagent_commits: []\n", map[string][]string{
			"pieces/robot.md": {}, "pieces/claude.md": {}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l := newCollection(t)
			root := l.Repo.Root
			write(t, filepath.Join(root, ".sw.yaml"), tc.settings)
			runGit(t, root, "commit", "-q", "--allow-empty", "-am", "Settings")
			for path, trailer := range map[string]string{
				"pieces/robot.md":  "\n\nDrafted-By: the house robot\n",
				"pieces/claude.md": agentTrailer,
			} {
				name := "Robot's"
				if strings.Contains(path, "claude") {
					name = "Claude's"
				}
				write(t, filepath.Join(root, path), name+" draft.\n")
				runGit(t, root, "add", path)
				runGit(t, root, "commit", "-q", "-m", "Draft"+trailer)
				write(t, filepath.Join(root, path), "The person's final.\n")
				runGit(t, root, "commit", "-q", "-am", "Revise")
			}
			l, err := Open(root)
			if err != nil {
				t.Fatal(err)
			}
			p, err := l.Propose(context.Background(), []string{"pieces/robot.md", "pieces/claude.md"})
			if err != nil {
				t.Fatal(err)
			}
			got := map[string][]string{}
			for _, piece := range p.Request.Pieces {
				got[piece.Path] = piece.Drafts
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("drafts %q, want %q", got, tc.want)
			}
		})
	}
}

// TestDraftsAroundTheLastAnalysis: an agent's draft committed before the
// last analysis and finished by the person after it is this batch's draft;
// one the person had already finished before that analysis was read then,
// and is not read again.
func TestDraftsAroundTheLastAnalysis(t *testing.T) {
	l := newCollection(t)
	root := l.Repo.Root
	commit := func(path, text, msg string) string {
		write(t, filepath.Join(root, path), text)
		runGit(t, root, "add", path)
		runGit(t, root, "commit", "-q", "-m", msg)
		return runGit(t, root, "rev-parse", "HEAD")
	}
	commit("pieces/old.md", "The agent's old draft.\n", "Draft old"+agentTrailer)
	commit("pieces/old.md", "The person's old final.\n", "Finish old")
	commit("pieces/monday.md", "The agent's Monday draft.\n", "Draft monday"+agentTrailer)
	analyzed := commit("pieces/other.md", "Another piece.\n", "Finish other")
	if _, err := l.update(func(st *State) error {
		st.Analyzed = strings.TrimSpace(analyzed)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	commit("pieces/old.md", "The person's old piece, revised.\n", "Revise old")
	commit("pieces/monday.md", "The person's Wednesday final.\n", "Finish monday")
	commit("pieces/new.md", "The agent's new draft.\n", "Draft new"+agentTrailer)
	commit("pieces/new.md", "The person's new final.\n", "Finish new")

	p, err := l.Propose(context.Background(), []string{"pieces/old.md", "pieces/monday.md", "pieces/new.md"})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string][]string{}
	for _, piece := range p.Request.Pieces {
		got[piece.Path] = piece.Drafts
	}
	want := map[string][]string{
		"pieces/old.md":    {},
		"pieces/monday.md": {"The agent's Monday draft.\n"},
		"pieces/new.md":    {"The agent's new draft.\n"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("drafts %q, want %q", got, want)
	}
}
