package gitrepo

import (
	"bytes"
	"compress/zlib"
	"fmt"
	"os"
	"path/filepath"
	"strconv"

	"github.com/pjbgf/sha1cd"
)

// objectHash is the name git gives content of a type: the SHA-1 of
// "<type> <size>\x00" followed by the content. It is computed with
// collision detection, as git does (sha1dc), by the library go-git links
// anyway: crypto/sha1 would add the standard library's FIPS packages and
// their initialisation to every sw process.
func objectHash(typ objectType, data []byte) Hash {
	h := sha1cd.New()
	h.Write(objectHeader(typ, len(data)))
	h.Write(data)
	var out Hash
	h.Sum(out[:0])
	return out
}

func objectHeader(typ objectType, size int) []byte {
	b := make([]byte, 0, 24)
	b = append(b, typ.String()...)
	b = append(b, ' ')
	b = strconv.AppendInt(b, int64(size), 10)
	return append(b, 0)
}

// write stores an object as a loose file, as git does for everything it
// creates outside a fetch or a gc: zlib-compressed header and content in
// objects/xx/yyyy, written to a temporary file in the same folder and renamed
// into place, read-only. An object that already exists anywhere (loose,
// packed, in an alternate) is not written again, so writing is idempotent
// and a concurrent writer of the same object is harmless: both write the
// same bytes under the same name.
func (o *odb) write(typ objectType, data []byte) (Hash, error) {
	h := objectHash(typ, data)
	if o.has(h) {
		return h, nil
	}
	var buf bytes.Buffer
	zw := zlib.NewWriter(&buf)
	zw.Write(objectHeader(typ, len(data)))
	zw.Write(data)
	if err := zw.Close(); err != nil {
		return Hash{}, err
	}
	final := loosePath(o.dirs[0], h)
	dir := filepath.Dir(final)
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return Hash{}, fmt.Errorf("writing object %s: %w", h, err)
	}
	tmp, err := os.CreateTemp(dir, "tmp_obj_")
	if err != nil {
		return Hash{}, fmt.Errorf("writing object %s: %w", h, err)
	}
	_, werr := tmp.Write(buf.Bytes())
	if cerr := tmp.Close(); werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Chmod(tmp.Name(), 0o444)
	}
	if werr == nil {
		werr = os.Rename(tmp.Name(), final)
		if werr != nil {
			if _, err := os.Stat(final); err == nil {
				werr = nil // another writer got there first
			}
		}
	}
	if werr != nil {
		os.Remove(tmp.Name())
		return Hash{}, fmt.Errorf("writing object %s: %w", h, werr)
	}
	return h, nil
}
