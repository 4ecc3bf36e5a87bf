package git

import (
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"time"

	gitconfig "github.com/go-git/go-git/v5/plumbing/format/config"
)

// reader is how objects and refs are read: through go-git's storage where
// go-git reads the repository right (gogit.go), else through the git
// command (command.go). Everything else in the package is built on these
// few questions, so both ways answer alike.
type reader interface {
	commit(h Hash) (*Commit, error)
	// tree lists a tree's entries in git's order.
	tree(h Hash) ([]TreeEntry, error)
	// large reports whether the tree h is larger than largeObject.
	large(h Hash) bool
	// blobUpTo reads at most limit bytes of a blob.
	blobUpTo(h Hash, limit int64) (Content, error)
	// hasCommit reports whether the repository holds commit h.
	hasCommit(h Hash) bool
	// ref reads a ref (HEAD included), following symbolic refs; ok is
	// false when it does not exist or points at an unborn branch.
	ref(name string) (h Hash, ok bool, err error)
	// symbolicRef reads where a symbolic ref points, without following it.
	symbolicRef(name string) (target string, ok bool, err error)
	// refs lists the refs whose full names start with prefix.
	refs(prefix string) (map[string]Hash, error)
}

// Signature is who made a commit and when. When keeps the time zone the
// commit recorded.
type Signature struct {
	Name  string
	Email string
	When  time.Time
}

// Commit is a commit as sw reads it.
type Commit struct {
	Hash      Hash
	Tree      Hash
	Parents   []Hash
	Author    Signature
	Committer Signature
	Message   string // as stored: usually a subject line, a blank line, a body
}

// Mode is a tree entry's file mode, as git records it.
type Mode uint32

// The modes git writes. Old repositories may hold others (100664); they read
// as regular files.
const (
	ModeFile    Mode = 0o100644
	ModeSymlink Mode = 0o120000
	ModeDir     Mode = 0o040000
)

// IsDir reports whether the entry is a subtree.
func (m Mode) IsDir() bool { return m&0o170000 == 0o040000 }

// IsBlob reports whether the entry's object is a blob: a file or a symlink.
func (m Mode) IsBlob() bool { return m&0o170000 == 0o100000 || m == ModeSymlink }

// TreeEntry is one entry of a tree.
type TreeEntry struct {
	Name string // one path segment
	Mode Mode
	Hash Hash
}

// reader opens the repository's reader on first use. Which one is decided
// from the repository's own configuration, before any object is read.
func (r *Repo) reader() (reader, error) {
	r.readOnce.Do(func() {
		var why string
		if why, r.rdErr = r.needsGit(); why != "" {
			r.rd = &commandReader{repo: r}
		} else if r.rdErr == nil {
			r.rd = openGoGit(r)
		}
	})
	return r.rd, r.rdErr
}

// goGitExtensions are the repository extensions go-git's storage reads
// correctly: worktreeConfig changes only which files hold configuration,
// which sw reads through git itself; noop changes nothing.
var goGitExtensions = map[string]bool{"worktreeconfig": true, "noop": true, "noop-v1": true}

// needsGit reads core.repositoryFormatVersion and the extensions.* keys of
// the repository's config file and says which of them go-git cannot be
// trusted with (objectFormat=sha256, refStorage=reftable, partialClone, a
// key it does not know, a format version above 1), or objects borrowed
// through an alternates file.
func (r *Repo) needsGit() (string, error) {
	// Objects borrowed from another repository: go-git resolves the
	// alternates file's relative paths differently from git.
	if _, err := os.Stat(filepath.Join(r.CommonDir, "objects", "info", "alternates")); err == nil {
		return "objects/info/alternates", nil
	}
	f, err := os.Open(filepath.Join(r.CommonDir, "config"))
	if errors.Is(err, os.ErrNotExist) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	defer f.Close()
	cfg := gitconfig.New()
	if err := gitconfig.NewDecoder(f).Decode(cfg); err != nil {
		return "", fmt.Errorf("%s: %w", f.Name(), err)
	}
	switch v := cfg.Section("core").Option("repositoryformatversion"); v {
	case "", "0", "1":
	default:
		return "core.repositoryFormatVersion = " + v, nil
	}
	for _, o := range cfg.Section("extensions").Options {
		key, value := strings.ToLower(o.Key), strings.ToLower(o.Value)
		if !goGitExtensions[key] && !(key == "objectformat" && value == "sha1") {
			return "extensions." + key, nil
		}
	}
	return "", nil
}

// open is the reader, or when it cannot be opened one that fails with why.
func (r *Repo) open() reader {
	rd, err := r.reader()
	if err != nil {
		return failing{err}
	}
	return rd
}

type failing struct{ err error }

func (f failing) commit(Hash) (*Commit, error)             { return nil, f.err }
func (f failing) tree(Hash) ([]TreeEntry, error)           { return nil, f.err }
func (f failing) large(Hash) bool                          { return false }
func (f failing) blobUpTo(Hash, int64) (Content, error)    { return Content{}, f.err }
func (f failing) hasCommit(Hash) bool                      { return false }
func (f failing) ref(string) (Hash, bool, error)           { return ZeroHash, false, f.err }
func (f failing) symbolicRef(string) (string, bool, error) { return "", false, f.err }
func (f failing) refs(string) (map[string]Hash, error)     { return nil, f.err }

// Commit reads the commit h.
func (r *Repo) Commit(h Hash) (*Commit, error) { return r.open().commit(h) }

// HasCommit reports whether the repository holds the commit h.
func (r *Repo) HasCommit(h Hash) bool { return !h.IsZero() && r.open().hasCommit(h) }

// Blob reads a file's content.
func (r *Repo) Blob(h Hash) ([]byte, error) {
	c, err := r.BlobUpTo(h, math.MaxInt64)
	return c.Data, err
}

// BlobUpTo reads at most limit bytes of a file (see Content): nothing past
// them is read into memory.
func (r *Repo) BlobUpTo(h Hash, limit int64) (Content, error) { return r.open().blobUpTo(h, limit) }

// Tree returns the entries of the tree h in git's order. The slice may be
// shared with later calls: read it, never change it.
func (r *Repo) Tree(h Hash) ([]TreeEntry, error) { return r.open().tree(h) }

// largeTree reports whether the tree h (zero: none) is too large to
// decode here, where comparing it is git's work (see diffTreesByGit).
func (r *Repo) largeTree(h Hash) bool { return !h.IsZero() && r.open().large(h) }

// Head returns the branch HEAD names ("refs/heads/main"; "" when HEAD is
// detached) and the commit it points at (zero on an unborn branch).
func (r *Repo) Head() (branchRef string, h Hash, err error) {
	rd := r.open()
	if target, ok, err := rd.symbolicRef("HEAD"); err != nil {
		return "", "", err
	} else if ok {
		branchRef = target
	}
	h, _, err = rd.ref("HEAD")
	return branchRef, h, err
}

// Ref reads a ref by its full name, following symbolic refs. ok is false
// when it does not exist.
func (r *Repo) Ref(name string) (Hash, bool, error) { return r.open().ref(name) }

// SymbolicRef returns where a symbolic ref points (a full ref name); ok is
// false when name is not a symbolic ref.
func (r *Repo) SymbolicRef(name string) (string, bool, error) { return r.open().symbolicRef(name) }

// Refs lists the refs whose full names start with prefix (such as
// "refs/heads/sw/"), with what they point at. Symbolic refs are left out.
func (r *Repo) Refs(prefix string) (map[string]Hash, error) { return r.open().refs(prefix) }
