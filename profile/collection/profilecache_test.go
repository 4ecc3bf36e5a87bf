package collection

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"sw/profile"
)

func TestProfileCacheSeesEveryChange(t *testing.T) {
	c := gitCollection(t)
	root := c.Root
	trustFreshFiles(t)
	rule := filepath.Join(root, "profile/preferences/x.yaml")
	os.MkdirAll(filepath.Dir(rule), 0o777)
	write := func(text string, age time.Duration) {
		t.Helper()
		if err := os.WriteFile(rule, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		at := time.Now().Add(-age)
		os.Chtimes(rule, at, at)
	}
	ruleText := func() string { return firstRule(t, c, "essay") }
	write("id: x\nrule: One.\n", time.Hour)
	if got := ruleText(); got != "One." {
		t.Fatalf("first read %q", got)
	}
	if _, err := os.Stat(filepath.Join(root, ".git/sw/profiles/essay.json")); err != nil {
		t.Fatalf("no cache written: %v", err)
	}
	// Same size, same modification time, other content: the change time
	// and the inode still tell.
	write("id: x\nrule: Two.\n", time.Hour)
	if got := ruleText(); got != "Two." {
		t.Errorf("a rewrite with the old mtime was missed: %q", got)
	}
	write("id: x\nrule: Three!\n", 0)
	if got := ruleText(); got != "Three!" {
		t.Errorf("a fresh change was missed: %q", got)
	}
	// A new file in the layer.
	os.WriteFile(filepath.Join(root, "profile/preferences/y.yaml"), []byte("id: y\nrule: Why.\n"), 0o644)
	if r, _ := c.Resolve("essay"); len(r.Rules) != 2 {
		t.Errorf("a new rule file was missed: %d rules", len(r.Rules))
	}
	// A broken file is never hidden by the cache.
	write("id: x\nrule: [broken]\n", time.Hour)
	if _, err := c.Resolve("essay"); err == nil {
		t.Error("a broken rule file was served from the cache")
	}
}

// A genre folder no genre reads fails the profile even when it was cached
// before the folder came, and renaming it is seen at once.
func TestProfileCacheSeesStrayGenres(t *testing.T) {
	c := gitCollection(t)
	root := c.Root
	trustFreshFiles(t)
	rule := filepath.Join(root, "profile/preferences/x.yaml")
	os.MkdirAll(filepath.Dir(rule), 0o777)
	os.WriteFile(rule, []byte("id: x\nrule: One.\n"), 0o644)
	if _, err := c.Resolve("essay"); err != nil {
		t.Fatal(err)
	}
	stray := filepath.Join(root, "profile/genres/Product Tech")
	os.MkdirAll(stray, 0o777)
	if _, err := c.Resolve("essay"); err == nil || !strings.Contains(err.Error(), "profile/genres/Product Tech: ") {
		t.Errorf("a stray genre folder was hidden by the cache: %v", err)
	}
	os.Rename(stray, filepath.Join(root, "profile/genres/product-tech"))
	if _, err := c.Resolve("essay"); err != nil {
		t.Errorf("after renaming: %v", err)
	}
}

// A rule file that is a symbolic link is read through the link, so an
// edit of the file it points to is a change of the profile, though the
// link itself stays as it was.
func TestProfileCacheSeesEditsBehindASymlink(t *testing.T) {
	c := gitCollection(t)
	root := c.Root
	trustFreshFiles(t)
	os.MkdirAll(filepath.Join(root, "profile/preferences"), 0o777)
	os.MkdirAll(filepath.Join(root, "shared"), 0o777)
	target := filepath.Join(root, "shared/x.yaml")
	if err := os.WriteFile(target, []byte("id: x\nrule: One.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("../../shared/x.yaml", filepath.Join(root, "profile/preferences/x.yaml")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	ruleText := func() string { return firstRule(t, c, "essay") }
	if got := ruleText(); got != "One." {
		t.Fatalf("first read %q", got)
	}
	if _, err := os.Stat(filepath.Join(root, ".git/sw/profiles/essay.json")); err != nil {
		t.Fatalf("no cache written: %v", err)
	}
	os.WriteFile(target, []byte("id: x\nrule: Two, longer.\n"), 0o644)
	if got := ruleText(); got != "Two, longer." {
		t.Errorf("an edit of the linked file was missed: %q", got)
	}
}

// A profile read within the racy window of a change is not kept: a second
// change in the same timestamp tick would look the same.
func TestProfileCacheKeepsNothingRacy(t *testing.T) {
	c := gitCollection(t)
	root := c.Root
	os.MkdirAll(filepath.Join(root, "profile/preferences"), 0o777)
	os.WriteFile(filepath.Join(root, "profile/preferences/x.yaml"), []byte("id: x\nrule: One.\n"), 0o644)
	if _, err := c.Resolve("essay"); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, ".git/sw/profiles/essay.json")); err == nil {
		t.Error("a profile read right after a change was cached")
	}
}

// gitCollection is a new collection with a git folder, where the cache lives.
func gitCollection(tb testing.TB) *Collection {
	tb.Helper()
	root := tb.TempDir()
	if err := os.Mkdir(filepath.Join(root, ".git"), 0o777); err != nil {
		tb.Fatal(err)
	}
	return &Collection{Root: root, Settings: DefaultSettings()}
}

// trustFreshFiles lets the caches keep what was read right after a change
// (a test's files are seconds old, and Chtimes sets their change time to
// now), for the rest of the test.
func trustFreshFiles(tb testing.TB) {
	old := racyWindow
	racyWindow = 0
	tb.Cleanup(func() { racyWindow = old })
}

// TestBinaryStampIsTheRunningBinary holds the stamp to what the path of the
// running binary says of it, however the stamp is found.
func TestBinaryStampIsTheRunningBinary(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Skip(err)
	}
	fi, err := os.Stat(exe)
	if err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf("%d.%d", fi.Size(), fi.ModTime().UnixNano()); binaryStamp() != want {
		t.Fatalf("stamp %q, want %q", binaryStamp(), want)
	}
}

// firstRule is the sentence of the first rule resolved for genre.
func firstRule(t *testing.T, c *Collection, genre string) string {
	t.Helper()
	r, err := c.Resolve(genre)
	if err != nil {
		t.Fatal(err)
	}
	return r.Rules[0].Rule.Rule
}

// TestProfileCacheGivesWhatTheFilesSay: a profile of every kind of rule,
// with a rule dropped for contradicting a hard limit, comes back from the
// cache exactly as resolved from its files; a cache file that is not one
// is passed over; a collection outside git has no cache.
func TestProfileCacheGivesWhatTheFilesSay(t *testing.T) {
	c := gitCollection(t)
	trustFreshFiles(t)
	files := map[string]string{
		"profile/hard-limits/no-jargon.yaml":      "id: no-jargon\nrule: Never use jargon.\navoid: [leverage, synergy]\n",
		"profile/genres/essay/length.yaml":        "id: length\nrule: Keep sentences short.\nmetric: {name: words_per_sentence, target: 14.5, max: 30}\nnote: learned\n",
		"profile/preferences/plain.yaml":          "id: plain\nrule: Prefer plain words.\nprefer: [use]\navoid: []\n",
		"profile/preferences/leverage-often.yaml": "id: leverage-often\nrule: Say leverage.\nprefer: [leverage]\n",
	}
	for rel, text := range files {
		os.MkdirAll(filepath.Dir(c.Path(rel)), 0o777)
		if err := os.WriteFile(c.Path(rel), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	fresh, err := c.Profile().Resolve("essay")
	if err != nil {
		t.Fatal(err)
	}
	if len(fresh.Dropped) == 0 {
		t.Fatal("the contradicting preference was not dropped: the test reads less than it should")
	}
	for i, what := range []string{"first read", "from the cache"} {
		got, err := c.Resolve("essay")
		if err != nil || !sameProfile(got, fresh) {
			t.Errorf("%s: %+v %v\nwant %+v", what, got, err, fresh)
		}
		if _, err := os.Stat(filepath.Join(c.Root, ".git/sw/profiles/essay.json")); err != nil && i == 0 {
			t.Fatalf("no cache written: %v", err)
		}
	}
	os.WriteFile(filepath.Join(c.Root, ".git/sw/profiles/essay.json"), []byte("{not json"), 0o644)
	if got, err := c.Resolve("essay"); err != nil || !sameProfile(got, fresh) {
		t.Errorf("with a broken cache file: %+v %v", got, err)
	}
	plain := &Collection{Root: t.TempDir(), Settings: DefaultSettings()}
	if plain.cacheDir() != "" {
		t.Error("a collection outside git has a cache folder")
	}
}

// sameProfile compares two resolved profiles as every reader of one sees
// them: an empty list and no list are alike.
func sameProfile(a, b *profile.Resolved) bool {
	ja, err1 := json.Marshal(a)
	jb, err2 := json.Marshal(b)
	return err1 == nil && err2 == nil && string(ja) == string(jb)
}
