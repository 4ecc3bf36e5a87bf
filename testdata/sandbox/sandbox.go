// Package sandbox is the place the harnesses under testdata (make eval,
// make reliability) run sw in: a home folder of its own, a git
// configuration naming an author and nothing of whoever runs it, and the
// sw under test first on PATH under the name git hooks call. sw's own
// settings (SW_*), git's (GIT_*) and an agent's (CLAUDE*) are left out of
// the environment, so the machine's never leak in.
package sandbox

import (
	"os"
	"path/filepath"
	"strings"
)

// Sandbox is a prepared place: SW is the sw on PATH (exec looks a name up
// in the caller's PATH, not the sandbox's, so start it by this path), Env
// the environment for every command run there.
type Sandbox struct {
	SW, Home string
	Env      []string
}

// New prepares work/bin, with sw linked in, and work/home, whose
// .gitconfig holds gitConfig's lines beneath an author called name. The
// environment sets SW_ANALYZE=inline, so the commit that finishes a batch
// returns with its suggestions already written as branches.
func New(work, sw, name, email, gitConfig string) (*Sandbox, error) {
	bin, home := filepath.Join(work, "bin"), filepath.Join(work, "home")
	for _, dir := range []string{bin, home} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, err
		}
	}
	abs, err := filepath.Abs(sw)
	if err != nil {
		return nil, err
	}
	s := &Sandbox{SW: filepath.Join(bin, "sw"), Home: home}
	if err := os.Symlink(abs, s.SW); err != nil {
		return nil, err
	}
	settings := "[user]\n\tname = " + name + "\n\temail = " + email + "\n[init]\n\tdefaultBranch = main\n[gc]\n\tauto = 0\n" + gitConfig
	if err := os.WriteFile(filepath.Join(home, ".gitconfig"), []byte(settings), 0o644); err != nil {
		return nil, err
	}
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		if !kept(name) {
			continue
		}
		s.Env = append(s.Env, kv)
	}
	s.Env = append(s.Env, "HOME="+home, "XDG_CONFIG_HOME="+filepath.Join(home, ".config"), "GIT_CONFIG_NOSYSTEM=1",
		"SW_ANALYZE=inline", "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	return s, nil
}

// kept says whether the variable called name passes into the sandbox.
func kept(name string) bool {
	switch name {
	case "HOME", "PATH", "XDG_CONFIG_HOME":
		return false
	}
	return !strings.HasPrefix(name, "GIT_") && !strings.HasPrefix(name, "SW_") && !strings.HasPrefix(name, "CLAUDE")
}
