package gitrepo

import (
	"fmt"
	"os"
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
		if b, _ := r.DefaultBranch(); b != "trunk" {
			t.Errorf("repo config: got %q", b)
		}
	})
	t.Run("an existing main or master beats a missing configured branch", func(t *testing.T) {
		r := newRepo(t)
		commitFiles(t, r.Root, "one", "a.md", "a\n")
		git(t, r.Root, "branch", "-m", "main", "master")
		git(t, r.Root, "config", "init.defaultBranch", "trunk")
		if b, _ := r.DefaultBranch(); b != "master" {
			t.Errorf("got %q", b)
		}
		git(t, r.Root, "branch", "main")
		if b, _ := r.DefaultBranch(); b != "main" {
			t.Errorf("got %q", b)
		}
		git(t, r.Root, "branch", "trunk")
		if b, _ := r.DefaultBranch(); b != "trunk" {
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
		if b, _ := r.DefaultBranch(); b != "from-global" {
			t.Errorf("GIT_CONFIG_GLOBAL: got %q", b)
		}
		sys := filepath.Join(g, "system")
		writeFile(t, g, "system", "[init]\n\tdefaultBranch = from-system\n")
		t.Setenv("GIT_CONFIG_GLOBAL", filepath.Join(g, "none"))
		t.Setenv("GIT_CONFIG_SYSTEM", sys)
		if b, _ := r.DefaultBranch(); b != "main" {
			t.Errorf("GIT_CONFIG_NOSYSTEM ignored: got %q", b)
		}
		t.Setenv("GIT_CONFIG_NOSYSTEM", "")
		if b, _ := r.DefaultBranch(); b != "from-system" {
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
	if up, ok := r.Upstream("main"); !ok || up != "refs/remotes/hub-mirror/trunk" {
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

// TestConfigAgreesWithGit reads a configuration file full of the format's
// corners and compares every value with `git config --get-all`.
func TestConfigAgreesWithGit(t *testing.T) {
	r := newRepo(t)
	incDir := t.TempDir()
	writeFile(t, incDir, "inc.cfg", "[included]\n\tvalue = from include\n[core]\n\texcludesFile = ~/inc-ignore\n")
	writeFile(t, incDir, "cond.cfg", "[cond]\n\tgitdir = matched\n")
	writeFile(t, incDir, "branch.cfg", "[cond]\n\tbranch = matched\n")
	writeFile(t, incDir, "nomatch.cfg", "[cond]\n\tnever = matched\n")
	extra := "\n" +
		"[sw]\n" +
		"\tplain = value with  inner   spaces   \n" +
		"\tquoted = \"  kept  \" and \"#not a comment\" # a comment\n" +
		"\tescapes = tab\\there \\\"q\\\" back\\\\slash\n" +
		"\tcontinued = first \\\n  second\n" +
		"\tflag\n" +
		"\tMixedCase = yes ; comment\n" +
		"\tmulti = one\n" +
		"\tmulti = two\n" +
		"[Sw \"Sub.Section\"]\n" +
		"\tkey = sub value\n" +
		"[sw \"esc\\\"aped\"]\n" +
		"\tkey = escaped subsection\n" +
		"[sw.old]\n" +
		"\tkey = old style\n" +
		"[include]\n" +
		"\tpath = " + filepath.Join(incDir, "inc.cfg") + "\n" +
		"[includeIf \"gitdir:" + filepath.Dir(r.GitDir) + "/\"]\n" +
		"\tpath = " + filepath.Join(incDir, "cond.cfg") + "\n" +
		"[includeIf \"onbranch:ma*\"]\n" +
		"\tpath = " + filepath.Join(incDir, "branch.cfg") + "\n" +
		"[includeIf \"gitdir:/elsewhere/\"]\n" +
		"\tpath = " + filepath.Join(incDir, "nomatch.cfg") + "\n"
	f, err := os.OpenFile(filepath.Join(r.CommonDir, "config"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString(extra)
	f.Close()

	cfg, err := r.loadConfig()
	if err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{"sw.plain", "sw.quoted", "sw.escapes", "sw.continued", "sw.mixedcase",
		"sw.multi", "sw.Sub.Section.key", "sw.esc\"aped.key", "sw.old.key", "included.value", "cond.gitdir",
		"cond.branch", "cond.never", "user.name", "init.defaultbranch", "core.excludesfile"} {
		out, _ := gitInput(r.Root, "", "config", "--get-all", key)
		var want []string
		if out != "" {
			want = strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		}
		got := cfg.all(key)
		if strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("%s: got %q, git %q", key, got, want)
		}
	}
	// A key without "=" is a true boolean; git prints it as empty.
	if !cfg.boolean("sw.flag", false) {
		t.Error("a valueless key is not true")
	}
	if p, _ := cfg.path("core.excludesFile"); p != filepath.Join(os.Getenv("HOME"), "inc-ignore") {
		t.Errorf("path value = %q", p)
	}

	t.Setenv("GIT_CONFIG_COUNT", "1")
	t.Setenv("GIT_CONFIG_KEY_0", "sw.fromEnv")
	t.Setenv("GIT_CONFIG_VALUE_0", "env value")
	t.Setenv("GIT_CONFIG_PARAMETERS", "'sw.param'='it'\\''s' 'sw.bare'")
	cfg, err = r.loadConfig()
	if err != nil {
		t.Fatal(err)
	}
	wantConfig(t, cfg, map[string]string{"sw.fromenv": "env value", "sw.param": "it's", "sw.bare": "true"})
}

// TestConfigParametersAsGitQuotesThem reads GIT_CONFIG_PARAMETERS as git
// hands it to hooks and aliases for `git -c`: quotes and exclamation marks
// are escaped outside the quotes.
func TestConfigParametersAsGitQuotesThem(t *testing.T) {
	r := newRepo(t)
	env := git(t, r.Root, "-c", "sw.bang=a!b", "-c", "sw.quote=it's", "-c", "alias.showenv=!env", "showenv")
	var params string
	for _, line := range strings.Split(env, "\n") {
		if v, ok := strings.CutPrefix(line, "GIT_CONFIG_PARAMETERS="); ok {
			params = v
		}
	}
	if !strings.Contains(params, `\!`) {
		t.Fatalf("git did not escape the exclamation mark: %s", params)
	}
	t.Setenv("GIT_CONFIG_PARAMETERS", params)
	cfg, err := r.loadConfig()
	if err != nil {
		t.Fatal(err)
	}
	wantConfig(t, cfg, map[string]string{"sw.bang": "a!b", "sw.quote": "it's", "alias.showenv": "!env"})
}

// TestConfigBooleansAsGitReadsThem: words, and any integer (true unless
// zero), whatever its base or unit.
func TestConfigBooleansAsGitReadsThem(t *testing.T) {
	r := newRepo(t)
	values := []string{"yes", "Off", "2", "-1", "0", "0x10", "0x0", "010", "1k", "0m"}
	for i, v := range values {
		git(t, r.Root, "config", fmt.Sprintf("sw.b%d", i), v)
	}
	cfg, err := r.loadConfig()
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range values {
		key := fmt.Sprintf("sw.b%d", i)
		want := git(t, r.Root, "config", "--type=bool", "--get", key) == "true"
		for _, def := range []bool{true, false} {
			if got := cfg.boolean(key, def); got != want {
				t.Errorf("%s = %q: got %v (default %v), git %v", key, v, got, def, want)
			}
		}
	}
}

// TestConfigEdgesAsGitReadsThem holds the parser to `git config --list`
// on files that end oddly or hold what git refuses: each is read as git
// reads it, or refused where git refuses it.
func TestConfigEdgesAsGitReadsThem(t *testing.T) {
	dir := t.TempDir()
	for _, src := range []string{
		"[sw]\n\tx = abc\\",           // a backslash at the end of the file
		"[sw]\n\tx = abc \\\n",        // a continuation into the end of the file
		"[sw]\n\tx = abc \\\n  def\n", // a continuation, spaces on both sides
		"[sw]\n\tx = \"abc",           // a quote left open at the end of the file
		"[sw]\n\tflag # comment\n",    // a comment after a key alone
		"[sw]\n\tflag ; comment\n",    // the other comment sign
		"[sw]\n\tflag   \n\ty = 1",    // a key alone, spaces after it; no final newline
		"[sw]\n\tx = a # c\n\tz\n",    // a comment after a value
		"[sw]\n\tx = \"a ; b\"  \n",   // a comment sign inside quotes
	} {
		path := filepath.Join(dir, "config")
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		out, gitErr := gitInput(dir, "", "config", "-f", path, "--list")
		cr := &configReader{cfg: &config{}, gitDir: filepath.Join(dir, ".git"), depth: 10}
		err := cr.parse(path, []byte(src))
		if (err != nil) != (gitErr != nil) {
			t.Errorf("%q: sw says %v, git %v", src, err, gitErr)
			continue
		}
		if err != nil {
			continue
		}
		var got []string
		for _, key := range []string{"sw.x", "sw.flag", "sw.y", "sw.z"} {
			for _, v := range cr.cfg.all(key) {
				if key == "sw.flag" || key == "sw.z" {
					v = "" // git lists a key alone without a value
				}
				got = append(got, key+"="+v)
			}
		}
		want := strings.ReplaceAll(strings.TrimSuffix(out, "\n"), "\n", "|")
		want = strings.NewReplacer("sw.flag|", "sw.flag=|", "sw.z|", "sw.z=|").Replace(want + "|")
		if strings.Join(got, "|")+"|" != want {
			t.Errorf("%q: sw %q, git %q", src, strings.Join(got, "|")+"|", want)
		}
	}
}

// wantConfig checks the value cfg gives each key.
func wantConfig(t *testing.T, cfg *config, want map[string]string) {
	t.Helper()
	for key, v := range want {
		if got, _ := cfg.get(key); got != v {
			t.Errorf("%s = %q, want %q", key, got, v)
		}
	}
}
