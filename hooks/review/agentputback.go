package review

import "sw/hooks/git"

// PutBackProfile takes what is staged for the profile back out of the
// index after a refused command. A file staged as a suggestion branch has
// it (a squash or cherry-pick) goes back to HEAD's in the working tree too,
// unless edited since: its branch keeps that text. Any other change is only
// unstaged: it may be the person's own edit.
func PutBackProfile(repo *git.Repo) (restored, unstaged []string, err error) {
	changes, err := repo.StagedChangesWithStatus("")
	if err != nil {
		return nil, nil, err
	}
	var staged []git.StagedChange
	var paths []string
	for _, c := range changes {
		if isProfilePath(c.Path) {
			staged = append(staged, c)
			paths = append(paths, c.Path)
		}
	}
	edited, err := repo.EditedSinceStaged(paths)
	if err != nil || len(staged) == 0 {
		return nil, nil, err
	}
	rules, err := newRefRules(repo)
	if err != nil {
		return nil, nil, err
	}
	for _, c := range staged {
		if !edited[c.Path] && rules.suggested(c.Path, c.Blob) {
			restored = append(restored, c.Path)
		} else {
			unstaged = append(unstaged, c.Path)
		}
	}
	if len(restored) > 0 {
		if err := repo.RestoreFromHead(restored); err != nil {
			return nil, nil, err
		}
	}
	if len(unstaged) > 0 {
		if err := repo.Unstage(unstaged); err != nil {
			return restored, nil, err
		}
	}
	return restored, unstaged, nil
}

// suggested reports whether a suggestion branch holds blob at path (zero:
// no file).
func (r *refRules) suggested(path string, blob git.Hash) bool {
	for _, t := range r.tips {
		got, ok, err := r.repo.FileAt(t.hash, path)
		if err == nil && ok == !blob.IsZero() && got == blob {
			return true
		}
	}
	return false
}
