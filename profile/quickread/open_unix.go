//go:build unix

package quickread

import (
	"io/fs"
	"os"
	"syscall"
)

// Open opens path for reading, like os.Open, without registering the
// descriptor with the poller. A folder opens too, for ReadDir.
func Open(path string) (*os.File, error) {
	fd, err := open(path)
	if err != nil {
		return nil, err
	}
	return os.NewFile(uintptr(fd), path), nil
}

// ReadFile reads the whole file at path, like os.ReadFile, with the system
// calls alone. Its errors are *fs.PathError values that errors.Is matches
// against fs.ErrNotExist and the like.
func ReadFile(path string) ([]byte, error) {
	data, _, _, err := read(path)
	return data, err
}

// read reads the file at path, and gives its stat data, or why fstat
// could not read them.
func read(path string) (data []byte, st syscall.Stat_t, statErr, err error) {
	fd, err := open(path)
	if err != nil {
		return nil, st, nil, err
	}
	defer syscall.Close(fd)
	size := 512
	if statErr = syscall.Fstat(fd, &st); statErr != nil {
		statErr = &fs.PathError{Op: "fstat", Path: path, Err: statErr}
	} else if st.Mode&syscall.S_IFMT == syscall.S_IFREG && st.Size < 1<<30 {
		size = int(st.Size) + 1 // one more byte, so the read that sees the end needs no growth
	}
	data = make([]byte, 0, size)
	for {
		n, err := syscall.Read(fd, data[len(data):cap(data)])
		switch {
		case err == syscall.EINTR:
			continue
		case err != nil:
			return nil, st, statErr, &fs.PathError{Op: "read", Path: path, Err: err}
		case n == 0:
			return data, st, statErr, nil
		}
		data = data[:len(data)+n]
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)]
		}
	}
}

func open(path string) (int, error) {
	for {
		fd, err := syscall.Open(path, syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
		if err != syscall.EINTR {
			if err != nil {
				return -1, &fs.PathError{Op: "open", Path: path, Err: err}
			}
			return fd, nil
		}
	}
}
