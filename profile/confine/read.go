package confine

import (
	"fmt"
	"io"
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
	kind := "a special file"
	switch {
	case e.Mode.IsDir():
		kind = "a folder"
	case e.Mode&fs.ModeDevice != 0:
		kind = "a device"
	case e.Mode&fs.ModeNamedPipe != 0:
		kind = "a named pipe"
	case e.Mode&fs.ModeSocket != 0:
		kind = "a socket"
	}
	return kind + ", not a regular file; sw reads only regular files"
}

// ReadFile is os.ReadFile for a file sw reads as text: a regular file, or
// a *NotRegularError, so that a link to /dev/zero or a named pipe cannot
// keep sw reading, or waiting, forever. The file is opened without
// waiting (a named pipe with no writer would block the open itself) and
// its type is taken from the open file, not from its name.
func ReadFile(path string) ([]byte, error) {
	return readFile(os.OpenFile, path, path, -1, false)
}

// TooLargeError is ReadFileUpTo's answer for a file larger than it reads.
type TooLargeError struct {
	Path string
	Size int64 // at least this: the file may still be growing
}

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("%s is %d bytes, more than sw reads of it", e.Path, e.Size)
}

// ReadFileUpTo is ReadFile for a file of at most limit bytes. Of a larger
// one no more than limit bytes are read, and the error is a
// *TooLargeError: a file that grows as it is read is caught too.
func ReadFileUpTo(path string, limit int64) ([]byte, error) {
	return readFile(os.OpenFile, path, path, limit, false)
}

// readFile is ReadFile of the file open (os.OpenFile, or a collection's
// os.Root's) opens at path, up to limit bytes when limit is not negative:
// of a larger file, its first limit bytes when start is set, else a
// *TooLargeError. Errors name the file as name.
func readFile(open func(string, int, fs.FileMode) (*os.File, error), path, name string, limit int64, start bool) ([]byte, error) {
	f, err := open(path, os.O_RDONLY|openNoWait, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, &NotRegularError{Path: name, Mode: fi.Mode()}
	}
	if limit >= 0 && fi.Size() > limit && !start {
		return nil, &TooLargeError{Path: name, Size: fi.Size()}
	}
	var r io.Reader = f
	if limit >= 0 {
		r = io.LimitReader(f, limit+1) // one byte more: a file that grew
	}
	data, err := io.ReadAll(r)
	switch {
	case err != nil:
		return nil, err
	case limit < 0 || int64(len(data)) <= limit:
		return data, nil
	case start:
		return data[:limit], nil
	}
	return nil, &TooLargeError{Path: name, Size: int64(len(data))}
}

// Read is ReadFile of the file that path, a file of the collection at
// root, leads to (see Path); errors name it as name.
func Read(root, path, name string) ([]byte, error) {
	return read(root, path, name, -1, false)
}

// ReadStart is Read of no more than the first n bytes of the file.
func ReadStart(root, path, name string, n int64) ([]byte, error) {
	return read(root, path, name, n, true)
}

// read opens the file through the collection's os.Root, so that a link
// swapped in after Path's look still cannot lead the read out of it.
func read(root, path, name string, limit int64, start bool) ([]byte, error) {
	f, rel, err := find(root, path, name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readFile(f.OpenFile, rel, name, limit, start)
}
