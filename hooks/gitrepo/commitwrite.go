package gitrepo

import (
	"fmt"
	"os"
	"strings"
	"time"
)

// CommitSpec is what WriteCommit needs.
//
// An empty Name or Email in Author or Committer is filled in as git fills it:
// GIT_AUTHOR_NAME / GIT_AUTHOR_EMAIL (GIT_COMMITTER_* for the committer),
// then author.* / committer.* from git config, then user.name / user.email,
// then EMAIL for the address. A zero When takes GIT_AUTHOR_DATE /
// GIT_COMMITTER_DATE when set, else the current time; a non-zero When is
// used as given (as `git commit --date` beats the environment). Leave When
// zero to behave like git, which is what tests pinning dates rely on.
type CommitSpec struct {
	Tree      Hash
	Parents   []Hash
	Author    Signature
	Committer Signature
	Message   string // a trailing newline is added when missing
}

// WriteCommit stores a commit object and returns its name. The tree and the
// parents must exist. No ref moves: pair it with UpdateRef.
func (r *Repo) WriteCommit(spec CommitSpec) (Hash, error) {
	o, err := r.objects()
	if err != nil {
		return Hash{}, err
	}
	if spec.Tree.IsZero() {
		return Hash{}, fmt.Errorf("writing a commit: no tree")
	}
	if spec.Tree == emptyTree {
		// Git knows the empty tree without storing it; fsck wants it stored.
		if _, err := o.write(typeTree, nil); err != nil {
			return Hash{}, err
		}
	} else if _, err := r.tree(spec.Tree); err != nil {
		return Hash{}, fmt.Errorf("writing a commit: tree %s: %w", spec.Tree, err)
	}
	for _, p := range spec.Parents {
		if _, err := r.readObject(p, typeCommit); err != nil {
			return Hash{}, fmt.Errorf("writing a commit: parent %s: %w", p, err)
		}
	}
	if strings.ContainsRune(spec.Message, 0) {
		return Hash{}, fmt.Errorf("writing a commit: the message holds a NUL byte")
	}
	var cfg *config
	lazyConfig := func() *config {
		if cfg == nil {
			if c, err := r.loadConfig(); err == nil {
				cfg = c
			} else {
				cfg = &config{}
			}
		}
		return cfg
	}
	author, err := completeSignature(spec.Author, "AUTHOR", "author", lazyConfig)
	if err != nil {
		return Hash{}, err
	}
	committer, err := completeSignature(spec.Committer, "COMMITTER", "committer", lazyConfig)
	if err != nil {
		return Hash{}, err
	}

	var b strings.Builder
	fmt.Fprintf(&b, "tree %s\n", spec.Tree)
	for _, p := range spec.Parents {
		fmt.Fprintf(&b, "parent %s\n", p)
	}
	fmt.Fprintf(&b, "author %s\n", formatSignature(author))
	fmt.Fprintf(&b, "committer %s\n", formatSignature(committer))
	b.WriteByte('\n')
	b.WriteString(spec.Message)
	if spec.Message != "" && !strings.HasSuffix(spec.Message, "\n") {
		b.WriteByte('\n')
	}
	return o.write(typeCommit, []byte(b.String()))
}

// completeSignature fills the blanks of s the way git does for the role
// ("AUTHOR" or "COMMITTER" in the environment, "author" or "committer" in
// config) and checks it is one git fsck accepts.
func completeSignature(s Signature, env, key string, cfg func() *config) (Signature, error) {
	pick := func(current, envName, cfgKey, fallbackKey string) string {
		if current != "" {
			return current
		}
		if v := os.Getenv(envName); v != "" {
			return v
		}
		if v, ok := cfg().get(cfgKey); ok && v != "" {
			return v
		}
		v, _ := cfg().get(fallbackKey)
		return v
	}
	s.Name = strings.TrimSpace(pick(s.Name, "GIT_"+env+"_NAME", key+".name", "user.name"))
	s.Email = strings.TrimSpace(pick(s.Email, "GIT_"+env+"_EMAIL", key+".email", "user.email"))
	if s.Email == "" {
		s.Email = os.Getenv("EMAIL")
	}
	if s.When.IsZero() {
		if v := os.Getenv("GIT_" + env + "_DATE"); v != "" {
			t, err := parseGitDate(v)
			if err != nil {
				return s, fmt.Errorf("GIT_%s_DATE: %w", env, err)
			}
			s.When = t
		} else {
			s.When = time.Now()
		}
	}
	switch {
	case s.Name == "":
		return s, fmt.Errorf("no %s name: set user.name with `git config --global user.name \"Your Name\"`", key)
	case s.Email == "":
		return s, fmt.Errorf("no %s email: set user.email with `git config --global user.email you@example.com`", key)
	case strings.ContainsAny(s.Name, "<>\n"), strings.ContainsAny(s.Email, "<>\n"):
		return s, fmt.Errorf("%s %q <%s>: names and emails cannot hold '<', '>' or a newline", key, s.Name, s.Email)
	}
	return s, nil
}
