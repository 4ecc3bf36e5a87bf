package git

import "strings"

// Questions about history that git answers faster than a walk here. Each
// reads the whole history, so callers ask only when their own record is
// gone (a fresh clone, a lost .git/sw).

// MessagesWithLine returns the messages of the commits any ref reaches
// that hold a line beginning with prefix, newest first.
func (r *Repo) MessagesWithLine(prefix string) ([]string, error) {
	out, err := r.git("log", "--all", "-z", "--format=%B", "--fixed-strings", "--grep="+prefix)
	if err != nil {
		return nil, err
	}
	var msgs []string
	for _, msg := range strings.Split(string(out), "\x00") {
		for _, line := range strings.Split(msg, "\n") {
			if strings.HasPrefix(strings.TrimSpace(line), prefix) {
				msgs = append(msgs, msg)
				break
			}
		}
	}
	return msgs, nil
}

// NewestTrailer returns the value of the trailer key in the newest commit
// any ref reaches that carries it, or "".
func (r *Repo) NewestTrailer(key string) (string, error) {
	out, err := r.git("log", "--all", "-1", "--format=%(trailers:key="+key+",valueonly)", "--grep=^"+key+": ")
	return strings.TrimSpace(string(out)), err
}

// NewestAdding returns the newest commit in head's history that added the
// file at path; ok is false when none did.
func (r *Repo) NewestAdding(head Hash, path string) (Hash, bool, error) {
	return hashOut(r.git("log", "-1", "--diff-filter=A", "--format=%H", head.String(), "--", ":(literal)"+path))
}

// RefsContaining lists the refs (branches, tags, remote-tracking
// branches, the stash) whose history holds commit.
func (r *Repo) RefsContaining(commit Hash) ([]string, error) {
	out, err := r.git("for-each-ref", "--contains", commit.String(), "--format=%(refname)")
	return strings.Fields(string(out)), err
}
