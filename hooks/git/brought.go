package git

// What a command the agent is about to run would write into the working
// tree, asked by the guard before it runs: the paths, from the top of the
// working tree, that a merge, cherry-pick, revert or stash would bring.

// PathsBrought returns the paths that differ between tip and its merge
// base with base: what merging tip into base changes (base HEAD), or what
// applying tip's own change does (base tip^). Revisions are read as git
// reads them (a branch, HEAD~2, stash@{0}); one git does not know is an
// error.
func (r *Repo) PathsBrought(base, tip string) ([]string, error) {
	return r.PathsDifferingFrom(base + "..." + tip)
}

// PathsDifferingFrom returns the paths where the working tree differs
// from rev: what resetting the working tree to rev would write.
func (r *Repo) PathsDifferingFrom(rev string) ([]string, error) {
	out, err := r.git("diff", "--name-only", "-z", "--no-renames", "--no-ext-diff", "--no-textconv", rev, "--")
	if err != nil {
		return nil, err
	}
	return nulList(out), nil
}
