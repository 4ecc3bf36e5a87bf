package git

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// FileRef names a file as a commit holds it.
type FileRef struct {
	Commit Hash
	Path   string
}

// Content is a file as read with a limit: all of it, or its first limit
// bytes. Data is empty, not nil, for an empty file; nil for a file that is
// not there (or is a folder, or a submodule). Size is the file's.
type Content struct {
	Data []byte
	Size int64
}

// TooBig reports whether the file is larger than what was read of it.
func (c Content) TooBig() bool { return c.Size > int64(len(c.Data)) }

// ReadFiles reads many files at once, at most limit bytes of each: one
// `git cat-file --batch` answers them all, where reading each in turn
// would pay for its commit and trees again.
func (r *Repo) ReadFiles(refs []FileRef, limit int64) ([]Content, error) {
	names := make([]string, len(refs))
	for i, ref := range refs {
		names[i] = ref.Commit.String() + ":" + ref.Path
	}
	return r.catBatch(nil, names, limit, func(i int) (Content, error) {
		blob, ok, err := r.FileAt(refs[i].Commit, refs[i].Path)
		if err != nil || !ok {
			return Content{}, err
		}
		return r.BlobUpTo(blob, limit)
	})
}

// catBatch reads the blobs git names (commit:path, :path for the index, a
// hash), at most limit bytes of each, all through one `git cat-file
// --batch` run with env added. A name git does not find, or that names no
// blob, reads as nothing; what git sends past the limit is passed over.
// --batch reads a name a line: a name with a line break is read by one(i)
// instead.
func (r *Repo) catBatch(env, names []string, limit int64, one func(i int) (Content, error)) ([]Content, error) {
	out := make([]Content, len(names))
	var asked []int
	for i, n := range names {
		if !strings.ContainsAny(n, "\n\r") {
			asked = append(asked, i)
			continue
		}
		var err error
		if out[i], err = one(i); err != nil {
			return nil, err
		}
	}
	if len(asked) == 0 {
		return out, nil
	}
	var input strings.Builder
	for _, i := range asked {
		input.WriteString(names[i] + "\n")
	}
	cmd := command(r.Root, env, "cat-file", "--batch")
	cmd.Stdin = strings.NewReader(input.String())
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	rd := bufio.NewReaderSize(stdout, 64<<10)
	readErr := func() error {
		for _, i := range asked {
			header, err := rd.ReadString('\n')
			if err != nil {
				return fmt.Errorf("git cat-file --batch ended early: %w", err)
			}
			f := strings.Fields(header)
			if len(f) != 3 {
				continue // "<name> missing", or ambiguous: no such file
			}
			size, err := strconv.ParseInt(f[2], 10, 64)
			if err != nil || size < 0 {
				return fmt.Errorf("git cat-file --batch said %q", header)
			}
			keep := min(size, limit)
			if f[1] != "blob" {
				keep = 0
			}
			data := make([]byte, keep)
			_, err = io.ReadFull(rd, data)
			if err == nil {
				_, err = io.CopyN(io.Discard, rd, size-keep+1) // the rest, then a line break
			}
			if err != nil {
				return fmt.Errorf("git cat-file --batch ended early: %w", err)
			}
			if f[1] == "blob" {
				out[i] = Content{Data: data, Size: size}
			}
		}
		return nil
	}()
	io.Copy(io.Discard, rd)
	if err := cmd.Wait(); err != nil && readErr == nil {
		readErr = &GitError{Args: []string{"cat-file", "--batch"}, Msg: err.Error(), Code: cmd.ProcessState.ExitCode()}
	}
	if readErr != nil {
		return nil, readErr
	}
	return out, nil
}
