package binenc

import (
	"os"

	"sw/profile/quickread"
)

// WriteFile writes record, sealed, to the cache file at path, in place: over the old bytes, then cut to length. A cache stands
// for files git carries, so it is neither synced nor replaced by rename: a
// new file per commit costs a hook more than everything else it writes (a
// fresh inode, every time). Nor is it emptied first: on ext4, truncating a
// file and writing it again makes close start writing it out, 0.14 ms of
// every commit. A torn or half rewritten file, which a crash or a reader
// that skips the writer's lock can meet, does not unseal.
func WriteFile(path string, record []byte) error {
	sealed := Seal(record)
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE, 0o666)
	if err != nil {
		return err
	}
	_, err = f.Write(sealed)
	if err == nil {
		err = f.Truncate(int64(len(sealed)))
	}
	if closeErr := f.Close(); err == nil {
		err = closeErr
	}
	return err
}

// ReadFile returns the record a WriteFile left at path; ok is false when
// there is none, or the file does not hold exactly one whole record.
func ReadFile(path string) (record []byte, ok bool) {
	data, err := quickread.ReadFile(path)
	if err != nil {
		return nil, false
	}
	return Unseal(data)
}
