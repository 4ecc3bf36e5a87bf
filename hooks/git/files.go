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
	var input strings.Builder
	var asked []int // which refs went to git: a path with a line break cannot
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
		fmt.Fprintf(&input, "%s:%s\n", ref.Commit, ref.Path)
	}
	cmd := exec.Command("git", "cat-file", "--batch")
	cmd.Dir = r.Root
	cmd.Env = append(cleanEnv(), ownCommand)
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
