package git

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/go-git/go-git/v5/plumbing/object"
)

// commandReader reads through the git command, for the repositories go-git
// would misread (read.go's needsGit). It runs a process for each question:
// slower, never wrong.
type commandReader struct {
	repo *Repo
}

func (c *commandReader) git(args ...string) ([]byte, error) { return c.repo.git(args...) }

func (c *commandReader) commit(h Hash) (*Commit, error) {
	raw, err := c.git("cat-file", "commit", h.String())
	if err != nil {
		return nil, &MissingError{Kind: "commit", Hash: h}
	}
	head, msg, _ := bytes.Cut(raw, []byte("\n\n"))
	out := &Commit{Hash: h, Message: string(msg)}
	for _, line := range strings.Split(string(head), "\n") {
		key, value, _ := strings.Cut(line, " ")
		switch key {
		case "tree":
			out.Tree, err = ParseHash(value)
		case "parent":
			var p Hash
			p, err = ParseHash(value)
			out.Parents = append(out.Parents, p)
		case "author":
			out.Author, err = parseSignature(value)
		case "committer":
			out.Committer, err = parseSignature(value)
		}
		if err != nil {
			return nil, &ObjectError{Kind: "commit", Hash: h, Err: err}
		}
	}
	return out, nil
}

// parseSignature reads "Name <email> 1700000000 +0100", with go-git's
// reader of signatures.
func parseSignature(s string) (Signature, error) {
	var sig object.Signature
	sig.Decode([]byte(s))
	if sig.Email == "" && !strings.Contains(s, "<>") || sig.When.IsZero() {
		return Signature{}, fmt.Errorf("not a signature: %q", s)
	}
	return Signature{Name: sig.Name, Email: sig.Email, When: sig.When}, nil
}

func (c *commandReader) tree(h Hash) ([]TreeEntry, error) {
	raw, err := c.git("ls-tree", "-z", h.String())
	if err != nil {
		return nil, &MissingError{Kind: "tree", Hash: h}
	}
	var out []TreeEntry
	for _, rec := range strings.Split(string(raw), "\x00") {
		meta, name, ok := strings.Cut(rec, "\t")
		if !ok {
			continue
		}
		f := strings.Fields(meta)
		if len(f) != 3 {
			return nil, &ObjectError{Kind: "tree", Hash: h, Err: fmt.Errorf("unexpected line %q", rec)}
		}
		mode, err1 := strconv.ParseUint(f[0], 8, 32)
		hash, err2 := ParseHash(f[2])
		if err1 != nil || err2 != nil {
			return nil, &ObjectError{Kind: "tree", Hash: h, Err: fmt.Errorf("unexpected line %q", rec)}
		}
		out = append(out, TreeEntry{Name: name, Mode: Mode(mode), Hash: hash})
	}
	return out, nil
}

func (c *commandReader) blobUpTo(h Hash, limit int64) (Content, error) {
	got, err := c.repo.catBatch(nil, []string{h.String()}, limit, nil)
	if err != nil {
		return Content{}, err
	}
	if got[0].Data == nil && got[0].Size == 0 {
		return Content{}, &MissingError{Kind: "blob", Hash: h}
	}
	return got[0], nil
}

// large is false: every tree is git's to read here already.
func (c *commandReader) large(Hash) bool { return false }

func (c *commandReader) hasCommit(h Hash) bool {
	_, err := c.git("cat-file", "-e", h.String()+"^{commit}")
	return err == nil
}

func (c *commandReader) ref(name string) (Hash, bool, error) {
	return hashOut(c.git("rev-parse", "--verify", "--quiet", name))
}

func (c *commandReader) symbolicRef(name string) (string, bool, error) {
	out, err := c.git("symbolic-ref", "--quiet", name)
	if exitedWith(err, 1) {
		return "", false, nil
	}
	if err != nil {
		return "", false, err
	}
	return strings.TrimSpace(string(out)), true, nil
}

func (c *commandReader) refs(prefix string) (map[string]Hash, error) {
	out, err := c.git("for-each-ref", "--format=%(objectname) %(refname) %(symref)")
	if err != nil {
		return nil, err
	}
	refs := map[string]Hash{}
	for _, line := range strings.Split(string(out), "\n") {
		f := strings.Fields(line)
		if len(f) != 2 || !strings.HasPrefix(f[1], prefix) {
			continue // blank, or a symbolic ref (a third field)
		}
		if h, err := ParseHash(f[0]); err == nil {
			refs[f[1]] = h
		}
	}
	return refs, nil
}
