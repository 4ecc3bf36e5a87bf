package confine

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
)

// NotRegularError is ReadFile's answer for a file that is not a regular
// file: a device, a named pipe, a socket, a folder.
type NotRegularError struct {
	Path string
	Mode fs.FileMode
}

func (e *NotRegularError) Error() string { return e.Path + " is " + e.Describe() }

// Describe is the error without the file's name, for a message that gives
// it already.
func (e *NotRegularError) Describe() string {
	return kind(e.Mode) + ", not a regular file; sw reads only regular files"
}

// kind names a file's type in words.
func kind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a folder"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	}
	return "a special file"
}

// ReadFile is os.ReadFile for a file sw reads as text: a regular file, or
// a *NotRegularError, so that a link to /dev/zero or a named pipe cannot
// keep sw reading, or waiting, forever. The file is opened without
// waiting (a named pipe with no writer would block the open itself) and
// its type is taken from the open file, not from its name.
func ReadFile(path string) ([]byte, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|openNoWait, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, &NotRegularError{Path: path, Mode: fi.Mode()}
	}
	var b bytes.Buffer
	if size := fi.Size(); size > 0 && size < 1<<30 {
		b.Grow(int(size) + bytes.MinRead)
	}
	if _, err := b.ReadFrom(f); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// Read is ReadFile of the file that path, a file of the collection at
// root, leads to (see Path); errors name it as name.
func Read(root, path, name string) ([]byte, error) {
	target, err := Path(root, path, name)
	if err != nil {
		return nil, err
	}
	data, err := ReadFile(target)
	var notRegular *NotRegularError
	if errors.As(err, &notRegular) {
		notRegular.Path = name
	}
	return data, err
}
