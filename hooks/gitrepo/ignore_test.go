package gitrepo

import (
	"strings"
	"testing"
)

// TestIgnoreAgreesWithGit puts one .gitignore at a time in a repository
// and compares, for many files, our verdict with `git check-ignore`.
func TestIgnoreAgreesWithGit(t *testing.T) {
	r := newRepo(t)
	files := []string{
		"a.md", "b.txt", "x/a.md", "x/y/a.md", "x/y/z/deep.md", "doc/a.md", "doc/sub/a.md",
		"foo", "x/foo", "foo.bar/x.md", "abc.md", "a[b].md", "#hash.md", "!bang.md", "sp ace.md",
		"trail.md", "build/out.md", "sub/build/out.md", "Caps.MD", "q1.md", "qq.md", "a-b/c.md",
	}
	for _, f := range files {
		writeFile(t, r.Root, f, "x")
	}
	patterns := []string{
		"*.md", "a.md", "/a.md", "x/", "x/*", "x/**", "x/**/a.md", "**/a.md", "**/y", "doc/**/a.md",
		"*.md\n!a.md", "*\n!*/\n!*.md", "x\n!x/y/a.md", "foo", "foo/", "/foo", "build/", "/build/",
		"a\\[b\\].md", "a[b].md", "\\#hash.md", "\\!bang.md", "sp ace.md", "trail.md   ", "trail.md\\ ",
		"[ab]*.md", "[!a]*.md", "[a-c]*.md", "[[:upper:]]*", "q?.md", "q*.md", "*.MD", "x/y", "y/a.md",
		"**/z/*", "a-b/", "x/**/", "*/a.md", "x/*/a.md", "**", "foo.bar",
	}
	for _, pat := range patterns {
		writeFile(t, r.Root, ".gitignore", pat+"\n")
		out, _ := gitInput(r.Root, strings.Join(files, "\n")+"\n", "check-ignore", "--stdin", "--no-index")
		gitSays := map[string]bool{}
		for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
			gitSays[line] = true
		}
		ig := &ignorer{}
		stack := &ignoreStack{file: parseIgnore(strings.Split(pat, "\n"), "")}
		for _, f := range files {
			if got := ignoredWithParents(ig, f, stack); got != gitSays[f] {
				t.Errorf("pattern %q, file %q: ignored=%v, git says %v", pat, f, got, gitSays[f])
			}
		}
	}
}

func ignoredWithParents(ig *ignorer, p string, stack *ignoreStack) bool {
	for i := 0; i < len(p); i++ {
		if p[i] == '/' && ig.ignored(p[:i], true, stack) {
			return true
		}
	}
	return ig.ignored(p, false, stack)
}

func TestWildmatch(t *testing.T) {
	for _, c := range []struct {
		pat, text      string
		pathname, fold bool
		want           bool
	}{
		{"*", "a/b", false, false, true},
		{"*", "a/b", true, false, false},
		{"**", "a/b", true, false, true},
		{"a/**/b", "a/b", true, false, true},
		{"a/**/b", "a/x/y/b", true, false, true},
		{"a**b", "a/b", true, false, false},
		{"a**b", "axxb", true, false, true},
		{"[a-c]x", "bx", true, false, true},
		{"[!a-c]x", "bx", true, false, false},
		{"[]]", "]", true, false, true},
		{"[[:digit:]]*", "7up", true, false, true},
		{"\\*", "*", true, false, true},
		{"\\*", "x", true, false, false},
		{"ABC", "abc", true, true, true},
		{"[A-C]", "b", true, true, true},
		{"[abc", "a", true, false, false},
		{"/home/**", "/home/me/x", true, false, true},
	} {
		if got := wildmatch(c.pat, c.text, c.pathname, c.fold); got != c.want {
			t.Errorf("wildmatch(%q, %q, pathname=%v, fold=%v) = %v", c.pat, c.text, c.pathname, c.fold, got)
		}
	}
}
