package git

import "strings"

// Worktree is one working tree of the repository, as `git worktree list`
// tells it: the main one first, then linked ones.
type Worktree struct {
	Path     string
	Head     Hash
	Branch   string // the full ref checked out, "" when detached
	Detached bool
}

// Worktrees lists the repository's working trees.
func (r *Repo) Worktrees() ([]Worktree, error) {
	out, err := r.git("worktree", "list", "--porcelain", "-z")
	if err != nil {
		return nil, err
	}
	var list []Worktree
	var cur *Worktree
	for _, line := range strings.Split(string(out), "\x00") {
		key, value, _ := strings.Cut(line, " ")
		switch key {
		case "worktree":
			list = append(list, Worktree{Path: value})
			cur = &list[len(list)-1]
		case "HEAD":
			if cur != nil {
				cur.Head, _ = ParseHash(value)
			}
		case "branch":
			if cur != nil {
				cur.Branch = value
			}
		case "detached":
			if cur != nil {
				cur.Detached = true
			}
		}
	}
	return list, nil
}
