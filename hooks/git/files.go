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

// ReadFiles reads many files at once: one `git cat-file --batch` answers
// them all, where reading each in turn would pay for its commit and trees
// again. A file the commit lacks (or a folder, or a submodule there) reads
// as nil; an empty file as an empty, non-nil slice.
func (r *Repo) ReadFiles(refs []FileRef) ([][]byte, error) {
	out := make([][]byte, len(refs))
	if len(refs) == 0 {
		return out, nil
	}
	var names []string
	var asked []int // which refs go to git --batch: a path with a line break cannot
	for i, ref := range refs {
		if strings.ContainsAny(ref.Path, "\n\r") {
			blob, ok, err := r.FileAt(ref.Commit, ref.Path)
			if err == nil && ok {
				out[i], err = r.Blob(blob)
			}
			if err != nil {
				return nil, err
			}
			continue
		}
		asked = append(asked, i)
		names = append(names, ref.Commit.String()+":"+ref.Path)
	}
	blobs, err := r.catBatch(nil, names)
	if err != nil {
		return nil, err
	}
	for j, i := range asked {
		out[i] = blobs[j]
	}
	return out, nil
}

// catBatch reads the blobs git names (commit:path, :path for the index),
// all through one `git cat-file --batch` run with env added. A name git
// does not find, or that names no blob, reads as nil.
func (r *Repo) catBatch(env, names []string) ([][]byte, error) {
	out := make([][]byte, len(names))
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
			size, err := strconv.Atoi(f[2])
			if err != nil {
				return fmt.Errorf("git cat-file --batch said %q", header)
			}
			data := make([]byte, size+1) // the content, then a line break
			if _, err := io.ReadFull(rd, data); err != nil {
				return fmt.Errorf("git cat-file --batch ended early: %w", err)
			}
			if f[1] == "blob" {
				out[i] = data[:size]
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
