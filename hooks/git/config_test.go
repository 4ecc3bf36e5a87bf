package git

import (
	"path/filepath"
	"strings"
	"testing"
)

func TestDefaultBranch(t *testing.T) {
	t.Run("unborn uses init.defaultBranch", func(t *testing.T) {
		r := newRepo(t)
		if b, err := r.DefaultBranch(); err != nil || b != "main" {
			t.Errorf("got %q %v", b, err)
		}
		git(t, r.Root, "config", "init.defaultBranch", "trunk")
		if b, _ := reopen(t, r).DefaultBranch(); b != "trunk" {
			t.Errorf("repo config: got %q", b)
		}
	})
	t.Run("an existing main or master beats a missing configured branch", func(t *testing.T) {
		r := newRepo(t)
		commitFiles(t, r.Root, "one", "a.md", "a\n")
		git(t, r.Root, "branch", "-m", "main", "master")
		git(t, r.Root, "config", "init.defaultBranch", "trunk")
		if b, _ := reopen(t, r).DefaultBranch(); b != "master" {
			t.Errorf("got %q", b)
		}
		git(t, r.Root, "branch", "main")
		if b, _ := reopen(t, r).DefaultBranch(); b != "main" {
			t.Errorf("got %q", b)
		}
		git(t, r.Root, "branch", "trunk")
		if b, _ := reopen(t, r).DefaultBranch(); b != "trunk" {
			t.Errorf("configured and existing: got %q", b)
		}
	})
	t.Run("one non-origin remote HEAD", func(t *testing.T) {
		up := newRepo(t)
		commitFiles(t, up.Root, "one", "a.md", "a\n")
		git(t, up.Root, "branch", "-m", "main", "develop")
		r := newRepo(t)
		git(t, r.Root, "remote", "add", "upstream", up.Root)
		git(t, r.Root, "fetch", "--quiet", "upstream")
		git(t, r.Root, "remote", "set-head", "upstream", "--auto")
		if b, _ := r.DefaultBranch(); b != "develop" {
			t.Errorf("got %q", b)
		}
		git(t, r.Root, "remote", "add", "fork", up.Root)
		git(t, r.Root, "fetch", "--quiet", "fork")
		git(t, r.Root, "remote", "set-head", "fork", "--auto")
		if b, _ := r.DefaultBranch(); b != "main" {
			t.Errorf("two remotes, no origin: got %q, want the local choice", b)
		}
	})
	t.Run("global config files", func(t *testing.T) {
		r := newRepo(t)
		xdg := filepath.Join(t.TempDir(), "xdg")
		writeFile(t, xdg, "git/config", "[init]\n\tdefaultBranch = from-xdg\n")
		t.Setenv("XDG_CONFIG_HOME", xdg)
		// ~/.gitconfig (main) is read after the XDG file and wins.
		if b, _ := r.DefaultBranch(); b != "main" {
			t.Errorf("got %q", b)
		}
		g := filepath.Join(t.TempDir(), "global")
		writeFile(t, g, "cfg", "[init]\n\tdefaultBranch = from-global\n")
		t.Setenv("GIT_CONFIG_GLOBAL", filepath.Join(g, "cfg"))
		if b, _ := reopen(t, r).DefaultBranch(); b != "from-global" {
			t.Errorf("GIT_CONFIG_GLOBAL: got %q", b)
		}
		sys := filepath.Join(g, "system")
		writeFile(t, g, "system", "[init]\n\tdefaultBranch = from-system\n")
		t.Setenv("GIT_CONFIG_GLOBAL", filepath.Join(g, "none"))
		t.Setenv("GIT_CONFIG_SYSTEM", sys)
		if b, _ := reopen(t, r).DefaultBranch(); b != "main" {
			t.Errorf("GIT_CONFIG_NOSYSTEM ignored: got %q", b)
		}
		t.Setenv("GIT_CONFIG_NOSYSTEM", "")
		if b, _ := reopen(t, r).DefaultBranch(); b != "from-system" {
			t.Errorf("GIT_CONFIG_SYSTEM: got %q", b)
		}
	})
}

func TestUpstreamLocalAndCustomRefspec(t *testing.T) {
	r := newRepo(t)
	commitFiles(t, r.Root, "one", "a.md", "a\n")
	git(t, r.Root, "branch", "--track", "feature", "main")
	if up, ok := r.Upstream("feature"); !ok || up != "refs/heads/main" {
		t.Errorf("local upstream = %q %v", up, ok)
	}
	git(t, r.Root, "config", "remote.hub.url", "/nowhere")
	git(t, r.Root, "config", "remote.hub.fetch", "+refs/heads/*:refs/remotes/hub-mirror/*")
	git(t, r.Root, "config", "branch.main.remote", "hub")
	git(t, r.Root, "config", "branch.main.merge", "refs/heads/trunk")
	if up, ok := reopen(t, r).Upstream("main"); !ok || up != "refs/remotes/hub-mirror/trunk" {
		t.Errorf("custom refspec = %q %v", up, ok)
	}
}

// TestTrackingRefIsWherePushPutsIt pushes to a named remote, one with a
// refspec of its own and a URL, and compares TrackingRef with the
// remote-tracking refs git push set.
func TestTrackingRefIsWherePushPutsIt(t *testing.T) {
	r := newRepo(t)
	commitFiles(t, r.Root, "one", "a.md", "a\n")
	remote := filepath.Join(t.TempDir(), "remote.git")
	git(t, r.Root, "init", "-q", "--bare", remote)
	git(t, r.Root, "remote", "add", "origin", remote)
	git(t, r.Root, "remote", "add", "hub", remote)
	git(t, r.Root, "config", "remote.hub.fetch", "+refs/heads/*:refs/remotes/hub-mirror/*")
	git(t, r.Root, "branch", "sw/1/x")
	for _, tc := range []struct{ remote, want string }{
		{"origin", "refs/remotes/origin/sw/1/x"},
		{"hub", "refs/remotes/hub-mirror/sw/1/x"},
		{remote, ""},
	} {
		git(t, r.Root, "push", "-q", tc.remote, "sw/1/x")
		got, ok := r.TrackingRef(tc.remote, "refs/heads/sw/1/x")
		if got != tc.want || ok != (tc.want != "") {
			t.Errorf("TrackingRef(%q) = %q, %v; want %q", tc.remote, got, ok, tc.want)
		}
	}
	out := git(t, r.Root, "for-each-ref", "--format=%(refname)", "refs/remotes/")
	if want := "refs/remotes/hub-mirror/sw/1/x\nrefs/remotes/origin/sw/1/x"; strings.TrimSpace(out) != want {
		t.Errorf("git push set:\n%s\nwant:\n%s", out, want)
	}
	if _, ok := r.TrackingRef("nowhere", "refs/heads/sw/1/x"); ok {
		t.Error("a remote that is not configured has a tracking ref")
	}
}

// TestConfigIsGits: values come from every file git reads, includes and
// conditional includes among them, as git resolves them.
func TestConfigIsGits(t *testing.T) {
	r := newRepo(t)
	commitFiles(t, r.Root, "one", "a.md", "a\n")
	inc := filepath.Join(t.TempDir(), "included")
	writeFile(t, filepath.Dir(inc), "included", "[init]\n\tdefaultBranch = trunk\n[branch \"main\"]\n\tremote = .\n\tmerge = refs/heads/Trunk\n")
	git(t, r.Root, "config", "includeIf.gitdir:"+r.Root+"/.path", inc)
	git(t, r.Root, "branch", "trunk")
	if b, err := r.DefaultBranch(); err != nil || b != "trunk" {
		t.Errorf("DefaultBranch through a conditional include = %q %v", b, err)
	}
	if up, ok := r.Upstream("main"); !ok || up != "refs/heads/Trunk" {
		t.Errorf("Upstream through an include = %q %v", up, ok)
	}
	if scope, file := r.ConfigScope("init.defaultBranch"); scope != "local" || file != inc {
		t.Errorf("ConfigScope = %q %q", scope, file)
	}
}

// reopen opens the repository again: a Repo reads git's configuration once,
// when first asked, as the short-lived process it serves would.
func reopen(t *testing.T, r *Repo) *Repo {
	t.Helper()
	again, err := At(r.Root)
	if err != nil {
		t.Fatal(err)
	}
	return again
}

// TestConfigChangedMeanwhile: a Repo that outlives a change to the
// repository's config (git push -u setting an upstream) reads it again.
func TestConfigChangedMeanwhile(t *testing.T) {
	r := newRepo(t)
	commitFiles(t, r.Root, "one", "a.md", "a\n")
	git(t, r.Root, "branch", "sw/1/x")
	if _, ok := r.Upstream("sw/1/x"); ok {
		t.Fatal("an upstream before any was set")
	}
	git(t, r.Root, "branch", "--set-upstream-to=main", "sw/1/x")
	if up, ok := r.Upstream("sw/1/x"); !ok || up != "refs/heads/main" {
		t.Errorf("after git branch --set-upstream-to: %q %v", up, ok)
	}
}
