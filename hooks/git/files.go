package git

import (
	"bufio"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
)

// FileRef names a file as a commit holds it.
type FileRef struct {
	Commit Hash
	Path   string
}

// Content is a file as read with a limit: all of it when it is no larger,
// else its first limit bytes. Data is what was read: empty, not nil, for
// an empty file; nil for a file that is not there (or is a folder, or a
// submodule). Size is what the file holds.
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
	out := make([]Content, len(refs))
	if len(refs) == 0 {
		return out, nil
	}
	var names []string
	var asked []int // which refs go to git --batch: a path with a line break cannot
	for i, ref := range refs {
		if strings.ContainsAny(ref.Path, "\n\r") {
			blob, ok, err := r.FileAt(ref.Commit, ref.Path)
			if err == nil && ok {
				out[i], err = r.BlobUpTo(blob, limit)
			}
			if err != nil {
				return nil, err
			}
			continue
		}
		asked = append(asked, i)
		names = append(names, ref.Commit.String()+":"+ref.Path)
	}
	blobs, err := r.catBatch(nil, names, limit)
	if err != nil {
		return nil, err
	}
	for j, i := range asked {
		out[i] = blobs[j]
	}
	return out, nil
}

// catBatch reads the blobs git names (commit:path, :path for the index, a
// hash), at most limit bytes of each, all through one `git cat-file
// --batch` run with env added. A name git does not find, or that names no
// blob, reads as nothing; what git sends past the limit is passed over.
func (r *Repo) catBatch(env, names []string, limit int64) ([]Content, error) {
	out := make([]Content, len(names))
	if len(names) == 0 {
		return out, nil
	}
	var input strings.Builder
	for _, n := range names {
		input.WriteString(n + "\n")
	}
	cmd := exec.Command("git", "cat-file", "--batch")
	cmd.Dir = r.Root
	cmd.Env = append(append(cleanEnv(), ownCommand), env...)
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
		for i := range names {
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
