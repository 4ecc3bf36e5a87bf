package git

import (
	"errors"
	"io"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/cache"
	"github.com/go-git/go-git/v5/plumbing/object"
	"github.com/go-git/go-git/v5/storage/filesystem"
	"github.com/go-git/go-git/v5/storage/filesystem/dotgit"
)

// goGitReader reads through go-git's storage, opened on the repository's
// folders directly rather than through go-git's PlainOpen, which refuses
// extensions.worktreeConfig and reads a worktree's configuration sw has no
// use for. A linked worktree's storage takes HEAD from the worktree's own
// git folder and everything else from the common one.
type goGitReader struct {
	st    *filesystem.Storage
	trees map[Hash][]TreeEntry // trees already read: a hook asks for some twice
	repo  *Repo
}

// maxTrees bounds the trees a reader keeps.
const maxTrees = 256

// largeObject is the size above which go-git reads an object as it is
// used rather than whole into memory (a blob sw reads only the start of,
// or not at all when it is past what sw reads of a piece), and above which
// a tree, of some two thousand entries, is compared by git: starting git
// then costs less than decoding an entry per file here.
const largeObject = 64 << 10

func openGoGit(r *Repo) reader {
	fs := dotgit.NewRepositoryFilesystem(gitDirFS(r.GitDir), gitDirFS(r.CommonDir))
	st := filesystem.NewStorageWithOptions(fs, cache.NewObjectLRUDefault(), filesystem.Options{LargeObjectThreshold: largeObject})
	return &goGitReader{st: st, repo: r}
}

func toPlumbing(h Hash) plumbing.Hash { return plumbing.NewHash(string(h)) }

func fromPlumbing(h plumbing.Hash) Hash {
	if h.IsZero() {
		return ZeroHash
	}
	return Hash(h.String())
}

func (g *goGitReader) commit(h Hash) (*Commit, error) {
	c, err := object.GetCommit(g.st, toPlumbing(h))
	if err != nil {
		return nil, objectError("commit", h, err)
	}
	out := &Commit{
		Hash:      h,
		Tree:      fromPlumbing(c.TreeHash),
		Author:    Signature{c.Author.Name, c.Author.Email, c.Author.When},
		Committer: Signature{c.Committer.Name, c.Committer.Email, c.Committer.When},
		Message:   c.Message,
	}
	for _, p := range c.ParentHashes {
		out.Parents = append(out.Parents, fromPlumbing(p))
	}
	return out, nil
}

func (g *goGitReader) tree(h Hash) ([]TreeEntry, error) {
	if out, ok := g.trees[h]; ok {
		return out, nil
	}
	t, err := object.GetTree(g.st, toPlumbing(h))
	if err != nil {
		return nil, objectError("tree", h, err)
	}
	out := make([]TreeEntry, len(t.Entries))
	for i, e := range t.Entries {
		out[i] = TreeEntry{Name: e.Name, Mode: Mode(e.Mode), Hash: fromPlumbing(e.Hash)}
	}
	if g.trees == nil || len(g.trees) >= maxTrees {
		g.trees = map[Hash][]TreeEntry{}
	}
	g.trees[h] = out
	return out, nil
}

func (g *goGitReader) large(h Hash) bool {
	if _, ok := g.trees[h]; ok {
		return false // read already
	}
	o, err := g.st.EncodedObject(plumbing.TreeObject, toPlumbing(h))
	return err == nil && o.Size() > largeObject
}

func (g *goGitReader) blobUpTo(h Hash, limit int64) (Content, error) {
	b, err := object.GetBlob(g.st, toPlumbing(h))
	if err != nil {
		return Content{}, objectError("blob", h, err)
	}
	rd, err := b.Reader() // a large object is read as it is used: only what is read
	if err != nil {
		return Content{}, objectError("blob", h, err)
	}
	defer rd.Close()
	data, err := io.ReadAll(io.LimitReader(rd, limit))
	if err != nil {
		return Content{}, objectError("blob", h, err)
	}
	return Content{Data: data, Size: b.Size}, nil // io.ReadAll's data is never nil
}

func (g *goGitReader) hasCommit(h Hash) bool {
	_, err := g.st.EncodedObject(plumbing.CommitObject, toPlumbing(h))
	return err == nil
}

func (g *goGitReader) ref(name string) (Hash, bool, error) {
	ref, err := g.resolve(plumbing.ReferenceName(name))
	if err != nil || ref == nil {
		return ZeroHash, false, err
	}
	return fromPlumbing(ref.Hash()), true, nil
}

// resolve follows symbolic refs, as git does, a few levels at most; nil
// for a ref that does not exist or ends at an unborn branch.
func (g *goGitReader) resolve(name plumbing.ReferenceName) (*plumbing.Reference, error) {
	for range 5 {
		ref, err := g.st.Reference(name)
		if errors.Is(err, plumbing.ErrReferenceNotFound) {
			return nil, nil
		}
		if err != nil {
			return nil, err
		}
		if ref.Type() != plumbing.SymbolicReference {
			return ref, nil
		}
		name = ref.Target()
	}
	return nil, errors.New(string(name) + ": symbolic refs nested too deep")
}

func (g *goGitReader) symbolicRef(name string) (string, bool, error) {
	ref, err := g.st.Reference(plumbing.ReferenceName(name))
	if errors.Is(err, plumbing.ErrReferenceNotFound) {
		return "", false, nil
	}
	if err != nil || ref.Type() != plumbing.SymbolicReference {
		return "", false, err
	}
	return string(ref.Target()), true, nil
}

// refs reads every file under refs/ as go-git does, but for git's lock
// files: git updates a ref through <ref>.lock beside it, empty when made,
// and a git killed midway leaves one behind. go-git reads those as refs,
// and an empty one stops its walk; the git command, which knows them, then
// lists the refs instead.
func (g *goGitReader) refs(prefix string) (map[string]Hash, error) {
	iter, err := g.st.IterReferences()
	if errors.Is(err, dotgit.ErrEmptyRefFile) {
		return (&commandReader{repo: g.repo}).refs(prefix)
	}
	if err != nil {
		return nil, err
	}
	defer iter.Close()
	out := map[string]Hash{}
	err = iter.ForEach(func(ref *plumbing.Reference) error {
		name := string(ref.Name())
		if ref.Type() == plumbing.HashReference && strings.HasPrefix(name, prefix) && !strings.HasSuffix(name, ".lock") {
			out[name] = fromPlumbing(ref.Hash())
		}
		return nil
	})
	return out, err
}

// objectError names the object a read failed on.
func objectError(kind string, h Hash, err error) error {
	if errors.Is(err, plumbing.ErrObjectNotFound) {
		return &MissingError{Kind: kind, Hash: h}
	}
	return &ObjectError{Kind: kind, Hash: h, Err: err}
}
