package trust

import (
	"os"
	"path/filepath"
	"testing"
)

// collection makes a collection folder with a script in tools/ and a git
// folder, and a store in a configuration folder of its own.
func collection(t *testing.T) (root, gitDir string, s *Store) {
	t.Helper()
	base := t.TempDir()
	root = filepath.Join(base, "essays")
	for _, d := range []string{"tools", ".git"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o777); err != nil {
			t.Fatal(err)
		}
	}
	write(t, filepath.Join(root, "tools", "a.sh"), "echo one\n")
	write(t, filepath.Join(base, "elsewhere.sh"), "echo mine\n")
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(base, "config"))
	t.Setenv("HOME", filepath.Join(base, "home"))
	s, err := Open()
	if err != nil {
		t.Fatal(err)
	}
	return root, filepath.Join(root, ".git"), s
}

func write(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o666); err != nil {
		t.Fatal(err)
	}
}

func describe(t *testing.T, gitDir, root string, command ...string) *Analyzer {
	t.Helper()
	a, err := Describe(gitDir, root, command)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// TestDescribeTakesInTheCollectionsFiles: the words that name a file of
// the collection bring its content in; flags, programs on PATH and files
// outside the collection do not.
func TestDescribeTakesInTheCollectionsFiles(t *testing.T) {
	root, gitDir, _ := collection(t)
	a := describe(t, gitDir, root, "sh", "tools/a.sh", "--model", "big", "../elsewhere.sh", filepath.Join(root, "tools", "a.sh"))
	if len(a.Files) != 1 || a.Files["tools/a.sh"] == "" {
		t.Errorf("files %v, want tools/a.sh alone", a.Files)
	}
	if got := a.FileList(); got != "tools/a.sh" {
		t.Errorf("FileList() = %q", got)
	}
	if got := describe(t, gitDir, root, "my-analyzer", "--flag").Files; got != nil {
		t.Errorf("a command naming no file of the collection takes in %v", got)
	}
}

// TestTrustIsExact: a trusted analyzer is trusted as it was; another
// command, an edited script, another repository are not.
func TestTrustIsExact(t *testing.T) {
	root, gitDir, s := collection(t)
	a := describe(t, gitDir, root, "sh", "tools/a.sh")
	if ok, other, err := s.Trusted(a); ok || other || err != nil {
		t.Fatalf("trusted before sw trust: %v %v %v", ok, other, err)
	}
	if added, err := s.Trust(a); !added || err != nil {
		t.Fatalf("Trust: %v %v", added, err)
	}
	if added, err := s.Trust(describe(t, gitDir, root, "sh", "tools/a.sh")); added || err != nil {
		t.Errorf("trusting again added it again: %v %v", added, err)
	}
	if ok, _, err := s.Trusted(describe(t, gitDir, root, "sh", "tools/a.sh")); !ok || err != nil {
		t.Errorf("not trusted once trusted: %v", err)
	}
	for what, b := range map[string]*Analyzer{
		"another command":    describe(t, gitDir, root, "sh", "tools/a.sh", "--more"),
		"another repository": describe(t, filepath.Join(root, "..", "other.git"), root, "sh", "tools/a.sh"),
	} {
		if ok, _, _ := s.Trusted(b); ok {
			t.Errorf("%s is trusted", what)
		}
	}
	write(t, filepath.Join(root, "tools", "a.sh"), "echo two\n")
	ok, other, err := s.Trusted(describe(t, gitDir, root, "sh", "tools/a.sh"))
	if ok || !other || err != nil {
		t.Errorf("an edited script: trusted %v, another trusted here %v, %v", ok, other, err)
	}
	if n, err := s.Forget(a.Repository); n != 1 || err != nil {
		t.Errorf("Forget: %d %v", n, err)
	}
	if all, err := s.List(); len(all) != 0 || err != nil {
		t.Errorf("after Forget: %v %v", all, err)
	}
}

// TestStoreCorruptIsAnError: a list that cannot be read trusts nothing,
// and says where it is.
func TestStoreCorruptIsAnError(t *testing.T) {
	root, gitDir, s := collection(t)
	os.MkdirAll(filepath.Dir(s.Path), 0o700)
	write(t, s.Path, "{not json")
	if ok, _, err := s.Trusted(describe(t, gitDir, root, "sh")); ok || err == nil {
		t.Errorf("a corrupt list: trusted %v, %v", ok, err)
	}
	if _, err := s.Trust(describe(t, gitDir, root, "sh")); err == nil {
		t.Error("a corrupt list was written over")
	}
	if data, _ := os.ReadFile(s.Path); string(data) != "{not json" {
		t.Errorf("the corrupt list changed: %q", data)
	}
}

// TestTrustCoversFilesMadeLater: a command trusted while the script it
// names did not exist yet is not trusted once a pull brings the script,
// and a script named by its absolute path is taken in as by its relative
// one.
func TestTrustCoversFilesMadeLater(t *testing.T) {
	root, gitDir, s := collection(t)
	a := describe(t, gitDir, root, "sh", "tools/new.sh")
	if _, err := s.Trust(a); err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(root, "tools", "new.sh"), "echo pulled\n")
	if ok, other, err := s.Trusted(describe(t, gitDir, root, "sh", "tools/new.sh")); ok || !other || err != nil {
		t.Errorf("a script made after trust: trusted %v, another trusted here %v, %v", ok, other, err)
	}
	if got := describe(t, gitDir, root, filepath.Join(root, "tools", "a.sh")).Files; len(got) != 1 || got["tools/a.sh"] == "" {
		t.Errorf("a script named by its absolute path takes in %v", got)
	}
}

// TestForgetIsOneRepositorys: sw untrust in one repository leaves the
// trust given in others.
func TestForgetIsOneRepositorys(t *testing.T) {
	root, gitDir, s := collection(t)
	here := describe(t, gitDir, root, "sh", "tools/a.sh")
	there := describe(t, filepath.Join(root, "..", "other.git"), root, "sh", "tools/a.sh")
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
