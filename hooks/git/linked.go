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
	for _, line := range strings.Split(string(out), "\x00") {
		key, value, _ := strings.Cut(line, " ")
		if key == "worktree" {
			list = append(list, Worktree{Path: value})
			continue
		}
		if len(list) == 0 {
			continue
		}
		switch cur := &list[len(list)-1]; key {
		case "HEAD":
			cur.Head, _ = ParseHash(value)
		case "branch":
			cur.Branch = value
		case "detached":
			cur.Detached = true
		}
	}
	return list, nil
}
