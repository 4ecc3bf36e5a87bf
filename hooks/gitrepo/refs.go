package gitrepo

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"sw/profile/quickread"
)

// Refs are read from git's files directly: loose refs (one file per ref),
// then packed-refs. Names are always full ("refs/heads/main", "HEAD"): sw
// never guesses what a short name meant. Refs that belong to one worktree
// (HEAD, refs/bisect/, refs/worktree/, refs/rewritten/, and pseudo-refs such
// as ORIG_HEAD) are read from its GitDir; all others from the CommonDir, so
// a linked worktree sees the same branches as the main one.

// Head returns the branch HEAD is on ("refs/heads/main") and the commit it
// points to. On a detached HEAD branchRef is "". On an unborn branch (a new
// repository, or `git switch --orphan`) h is zero and err is nil.
func (r *Repo) Head() (branchRef string, h Hash, err error) {
	h, target, ok, err := r.readLooseRef("HEAD")
	if err != nil {
		return "", Hash{}, err
	}
	if !ok {
		return "", Hash{}, fmt.Errorf("%s: no HEAD file", r.GitDir)
	}
	if target == "" {
		return "", h, nil
	}
	h, _, err = r.Ref(target)
	return target, h, err
}

// headBranchName is HEAD's branch without "refs/heads/", for includeIf
// onbranch: conditions.
func (r *Repo) headBranchName() (string, bool) {
	ref, _, err := r.Head()
	if err != nil {
		return "", false
	}
	return strings.CutPrefix(ref, "refs/heads/")
}

// Ref resolves a full ref name to the object it points to, following
// symbolic refs. ok is false when the ref does not exist (or is a symbolic
// ref to a branch that does not exist yet).
func (r *Repo) Ref(name string) (Hash, bool, error) {
	for depth := 0; depth < 6; depth++ {
		h, target, ok, err := r.readRef(name)
		if err != nil || !ok {
			return Hash{}, false, err
		}
		if target == "" {
			return h, true, nil
		}
		name = target
	}
	return Hash{}, false, fmt.Errorf("%s: symbolic refs nested too deeply", name)
}

// SymbolicRef returns the ref a symbolic ref points to, such as
// "refs/remotes/origin/main" for "refs/remotes/origin/HEAD". ok is false
// when name does not exist or is an ordinary ref.
func (r *Repo) SymbolicRef(name string) (target string, ok bool, err error) {
	_, target, exists, err := r.readLooseRef(name)
	if err != nil || !exists || target == "" {
		return "", false, err
	}
	return target, true, nil
}

// Refs returns every ref under refs/ whose full name starts with prefix
// (say "refs/heads/sw/"; "" for all), loose and packed, a loose ref winning
// over a packed one of the same name, as in git. Symbolic refs appear
// resolved; dangling ones are left out.
func (r *Repo) Refs(prefix string) (map[string]Hash, error) {
	out := map[string]Hash{}
	symbolic := map[string]string{}
	// Walk the deepest folder the prefix names, never above refs/.
	dirPart := prefix[:strings.LastIndexByte(prefix, '/')+1]
	if !strings.HasPrefix(dirPart, "refs/") {
		dirPart = "refs/"
	}
	base := r.refDir(dirPart)
	err := walkLooseRefs(filepath.Join(base, filepath.FromSlash(dirPart)), dirPart, func(name string) {
		if !strings.HasPrefix(name, prefix) {
			return
		}
		h, target, ok, err := r.readLooseRef(name)
		switch {
		case err != nil || !ok:
			// A broken or vanished ref: git warns and carries on.
		case target != "":
			symbolic[name] = target
		default:
			out[name] = h
		}
	})
	if err != nil {
		return nil, err
	}
	packed, err := r.packedRefs()
	if err != nil {
		return nil, err
	}
	for name, h := range packed.refs {
		if !strings.HasPrefix(name, prefix) {
			continue
		}
		if _, loose := out[name]; loose {
			continue
		}
		if _, loose := symbolic[name]; loose {
			continue
		}
		out[name] = h
	}
	for name, target := range symbolic {
		if h, ok, err := r.Ref(target); err == nil && ok {
			out[name] = h
		}
	}
	return out, nil
}

// refDir is the folder a ref's loose file lives under.
func (r *Repo) refDir(name string) string {
	if isWorktreeRef(name) {
		return r.GitDir
	}
	return r.CommonDir
}

func isWorktreeRef(name string) bool {
	if !strings.HasPrefix(name, "refs/") {
		return true // HEAD and the pseudo-refs: ORIG_HEAD, MERGE_HEAD, ...
	}
	for _, p := range []string{"refs/bisect/", "refs/worktree/", "refs/rewritten/"} {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}

// readRef reads one level of a ref: loose first, then packed.
func (r *Repo) readRef(name string) (h Hash, target string, ok bool, err error) {
	h, target, ok, err = r.readLooseRef(name)
	if err != nil || ok {
		return h, target, ok, err
	}
	if isWorktreeRef(name) {
		return Hash{}, "", false, nil
	}
	packed, err := r.packedRefs()
	if err != nil {
		return Hash{}, "", false, err
	}
	h, ok = packed.refs[name]
	return h, "", ok, nil
}

// walkLooseRefs calls visit with the name of every file under dir, whose
// ref name starts with name (ending in a slash), leaving out lock files. A
// folder that is not there, or is a file, holds no refs.
func walkLooseRefs(dir, name string, visit func(name string)) error {
	ents, err := quickread.ReadDir(dir)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR) {
			return nil
		}
		return err
	}
	for _, e := range ents {
		switch {
		case e.IsDir():
			if err := walkLooseRefs(filepath.Join(dir, e.Name()), name+e.Name()+"/", visit); err != nil {
				return err
			}
		case !strings.HasSuffix(e.Name(), ".lock"):
			visit(name + e.Name())
		}
	}
	return nil
}

// readLooseRef reads a loose ref file: an object name, or "ref: <target>".
func (r *Repo) readLooseRef(name string) (h Hash, target string, ok bool, err error) {
	b, err := quickread.ReadFile(filepath.Join(r.refDir(name), filepath.FromSlash(name)))
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.EISDIR) || errors.Is(err, syscall.ENOTDIR) {
			return Hash{}, "", false, nil
		}
		return Hash{}, "", false, err
	}
	b = bytes.TrimRight(b, " \t\r\n")
	if t, isSym := bytes.CutPrefix(b, []byte("ref:")); isSym {
		return Hash{}, string(bytes.TrimSpace(t)), true, nil
	}
	if len(b) > 40 {
		b = b[:40] // git ignores what follows the name (FETCH_HEAD's notes)
	}
	h, valid := parseHashBytes(b)
	if !valid {
		return Hash{}, "", false, fmt.Errorf("%s: broken ref %q", name, b)
	}
	return h, "", true, nil
}

// packedRefsFile is a parsed packed-refs, kept until the file changes.
type packedRefsFile struct {
	stamp fileStamp
	refs  map[string]Hash
}

type fileStamp struct {
	mtime time.Time
	size  int64
	ok    bool
}

func stampOf(path string) fileStamp {
	fi, err := os.Stat(path)
	if err != nil {
		return fileStamp{}
	}
	return fileStamp{fi.ModTime(), fi.Size(), true}
}

// packedRefs reads packed-refs: a header comment, "<name> <ref>" lines and
// "^<name>" lines giving the peeled value of the tag above (ignored: sw
// wants what the ref points to).
func (r *Repo) packedRefs() (*packedRefsFile, error) {
	path := filepath.Join(r.CommonDir, "packed-refs")
	stamp := stampOf(path)
	st := r.state()
	st.mu.Lock()
	cached := st.packed
	st.mu.Unlock()
	if cached != nil && cached.stamp == stamp {
		return cached, nil
	}
	p := &packedRefsFile{stamp: stamp, refs: map[string]Hash{}}
	if stamp.ok {
		b, err := quickread.ReadFile(path)
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
		for _, line := range bytes.Split(b, []byte{'\n'}) {
			line = bytes.TrimRight(line, "\r")
			if len(line) == 0 || line[0] == '#' || line[0] == '^' {
				continue
			}
			hex, name, found := bytes.Cut(line, []byte{' '})
			h, ok := parseHashBytes(hex)
			if !found || !ok {
				return nil, fmt.Errorf("%s: unreadable line %q", path, line)
			}
			p.refs[string(name)] = h
		}
	}
	st.mu.Lock()
	st.packed = p
	st.mu.Unlock()
	return p, nil
}
