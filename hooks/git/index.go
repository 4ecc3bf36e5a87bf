package git

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// A commit hook works on the index git is committing, named by
// GIT_INDEX_FILE in its environment: a temporary index for a commit of
// named paths, else the worktree's own index or its lock. Each function
// here takes that name ("" for the worktree's own index).

// indexEnv is the environment that points git at indexFile.
func indexEnv(indexFile string) []string {
	if indexFile == "" {
		return nil
	}
	return []string{"GIT_INDEX_FILE=" + indexFile}
}

// IsOwnIndex reports whether indexFile (as a hook was given it, relative
// to the top of the working tree or absolute) is this worktree's own
// index or its lock, which git renames over it when the commit is made:
// what is staged there stays staged. Any other is a temporary index, whose
// content is gone after the commit.
func (r *Repo) IsOwnIndex(indexFile string) bool {
	if indexFile == "" {
		return true
	}
	dir, name := filepath.Split(r.fromTop(indexFile))
	if name != "index" && name != "index.lock" {
		return false
	}
	dir, gitDir := filepath.Clean(dir), filepath.Clean(r.GitDir)
	if dir == gitDir {
		return true
	}
	a, errA := filepath.EvalSymlinks(dir)
	b, errB := filepath.EvalSymlinks(gitDir)
	return errA == nil && errB == nil && a == b
}

// Keeps reports whether the filter keeps the file at a slash path: the
// file, and every folder above it.
func (f Filter) Keeps(path string) bool { return f.file(path) && f.dirsOf(path) }

// StagedChange is a file the commit being made changes against HEAD: how
// (git's status letter: A, M, D or T), the blob the index holds there
// (zero for a file the commit deletes, or a submodule), and the one HEAD
// holds (zero for a file the commit adds).
type StagedChange struct {
	Path   string
	Status string
	Blob   Hash
	From   Hash
}

// StagedChangesWithStatus is StagedChanges with how each file changes, and
// the blob it changes to, which Blob reads in this process: one git
// command for what a commit stages. On an unborn branch every staged file
// is added.
func (r *Repo) StagedChangesWithStatus(indexFile string) ([]StagedChange, error) {
	out, err := r.gitWithEnv(indexEnv(indexFile), "diff", "--cached", "--raw", "--no-abbrev", "--no-renames", "-z")
	if err != nil {
		return nil, err
	}
	raw, err := parseRawDiff(out)
	if err != nil {
		return nil, err
	}
	changes := make([]StagedChange, len(raw))
	for i, ch := range raw {
		changes[i] = StagedChange{Path: ch.Path, Status: ch.Status, Blob: ch.To, From: ch.From}
	}
	return changes, nil
}

// ReadStaged reads the files at the slash paths as indexFile holds them,
// each of at most limit bytes (see Content), through one `git cat-file
// --batch`. A path the index lacks reads as nothing.
func (r *Repo) ReadStaged(indexFile string, paths []string, limit int64) ([]Content, error) {
	names := make([]string, len(paths))
	for i, p := range paths {
		names[i] = ":" + p
	}
	return r.catBatch(indexEnv(indexFile), names, limit, func(i int) (Content, error) {
		// git names this one as an argument.
		h, err := r.gitWithEnv(indexEnv(indexFile), "rev-parse", "--verify", "--quiet", names[i])
		if blob, ok, _ := hashOut(h, err); ok && !blob.IsZero() {
			return r.BlobUpTo(blob, limit)
		}
		return Content{}, nil
	})
}

// StagedFiles lists the files indexFile holds that keep accepts, in git's
// order.
func (r *Repo) StagedFiles(indexFile string, keep Filter) ([]string, error) {
	out, err := r.gitWithEnv(indexEnv(indexFile), "ls-files", "-z")
	if err != nil {
		return nil, err
	}
	var paths []string
	for _, p := range strings.Split(string(out), "\x00") {
		if p != "" && keep.Keeps(p) && (len(paths) == 0 || paths[len(paths)-1] != p) {
			paths = append(paths, p) // a file in conflict is listed once a stage
		}
	}
	return paths, nil
}

// FilesIn lists the files (blobs and symlinks) a commit holds that keep
// accepts, in git's path order, read in this process.
func (r *Repo) FilesIn(commit Hash, keep Filter) ([]string, error) {
	changes, err := r.ChangedFilesIn(ZeroHash, commit, keep)
	if err != nil {
		return nil, err
	}
	paths := make([]string, len(changes))
	for i, c := range changes {
		paths[i] = c.Path
	}
	return paths, nil
}

// Stage stages the working tree's file at the slash path in indexFile, as
// `git add` does: what the commit being made will hold.
func (r *Repo) Stage(indexFile, path string) error {
	_, err := r.gitWithEnv(indexEnv(indexFile), "add", "--", ":(literal)"+path)
	return err
}

// MatchesIndex reports whether the working tree's file at the slash path
// is what indexFile holds as git sees it, with its line-ending conversions
// and filters applied: `git diff --quiet`.
func (r *Repo) MatchesIndex(indexFile, path string) (bool, error) {
	_, err := r.gitWithEnv(indexEnv(indexFile), "diff", "--quiet", "--", ":(literal)"+path)
	return yes(err)
}

// AuthorDate is the time git would give the author of a commit made now:
// GIT_AUTHOR_DATE when it is set, else now, in the author's time zone. In
// a hook, git hands over the date it chose in its internal form, "@<unix
// seconds> <zone>", which is read as it is; any other form is git's to
// read (git var), at the cost of a process.
func (r *Repo) AuthorDate() (time.Time, error) {
	set := os.Getenv("GIT_AUTHOR_DATE")
	if set == "" {
		return time.Now(), nil
	}
	if v, ok := strings.CutPrefix(set, "@"); ok {
		if t, err := gitTime(v); err == nil {
			return t, nil
		}
	}
	out, err := r.git("var", "GIT_AUTHOR_IDENT")
	if err != nil {
		return time.Time{}, err
	}
	return identTime(strings.TrimSpace(string(out)))
}

// identTime reads the time at the end of git's "Name <email> 1700000000
// +0100".
func identTime(ident string) (time.Time, error) {
	t, err := gitTime(ident[strings.LastIndexByte(ident, '>')+1:])
	if err != nil {
		return time.Time{}, fmt.Errorf("git var said %q, not an identity with a date", ident)
	}
	return t, nil
}

// gitTime reads git's internal form of a time: "1700000000 +0100".
func gitTime(s string) (time.Time, error) {
	f := strings.Fields(s)
	if len(f) != 2 {
		return time.Time{}, fmt.Errorf("%q is not seconds and a time zone", s)
	}
	secs, err := strconv.ParseInt(f[0], 10, 64)
	if err != nil {
		return time.Time{}, err
	}
	zone, err := time.Parse("-0700", f[1])
	if err != nil {
		return time.Time{}, err
	}
	return time.Unix(secs, 0).In(zone.Location()), nil
}

// AddedDates finds, for each file in head's history that keep accepts,
// when the newest commit that added it was written (its author date, in
// the author's time zone): one walk of the history, by `git log`. Only
// the paths given are looked for, when there are any.
func (r *Repo) AddedDates(head Hash, keep func(path string) bool, paths ...string) (map[string]time.Time, error) {
	args := append([]string{"log", "-z", "--no-renames", "--diff-filter=A", "--name-only", "--format=%x1e%aI%x1f", head.String(), "--"}, Literal(paths)...)
	dates := map[string]time.Time{}
	err := r.eachRecord(args, '\x1e', func(rec string) bool {
		date, files, ok := strings.Cut(rec, "\x1f")
		when, err := time.Parse(time.RFC3339, date)
		if !ok || err != nil {
			return true
		}
		for _, p := range strings.Split(strings.TrimLeft(files, "\x00\n"), "\x00") {
			if _, seen := dates[p]; p != "" && !seen && (keep == nil || keep(p)) {
				dates[p] = when // newest first: the latest add wins
			}
		}
		return true
	})
	if err != nil {
		return nil, err
	}
	return dates, nil
}
