package gitrepo

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeRefDeltaPack writes a version 2 pack and index holding one object,
// name, stored as a ref-delta on base. The checksums are left zero: sw's
// reader does not verify them, and the pack exists only to be damaged.
func writeRefDeltaPack(t *testing.T, objects, stem string, name, base Hash) {
	t.Helper()
	var delta bytes.Buffer
	delta.Write([]byte{1, 1, 0x01, 'x'}) // base size 1, result size 1, insert "x"
	var z bytes.Buffer
	zw := zlib.NewWriter(&z)
	zw.Write(delta.Bytes())
	zw.Close()

	var pack bytes.Buffer
	pack.WriteString("PACK")
	binary.Write(&pack, binary.BigEndian, uint32(2))
	binary.Write(&pack, binary.BigEndian, uint32(1))
	offset := uint32(pack.Len())
	pack.WriteByte(byte(typeRefDelta)<<4 | byte(delta.Len()))
	pack.Write(base[:])
	pack.Write(z.Bytes())
	pack.Write(make([]byte, 20))

	var idx bytes.Buffer
	idx.Write([]byte{0xff, 't', 'O', 'c', 0, 0, 0, 2})
	for i := 0; i < 256; i++ {
		n := uint32(0)
		if i >= int(name[0]) {
			n = 1
		}
		binary.Write(&idx, binary.BigEndian, n)
	}
	idx.Write(name[:])
	idx.Write(make([]byte, 4)) // crc32
	binary.Write(&idx, binary.BigEndian, offset)
	idx.Write(make([]byte, 40))

	dir := filepath.Join(objects, "pack")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for ext, data := range map[string][]byte{".pack": pack.Bytes(), ".idx": idx.Bytes()} {
		if err := os.WriteFile(filepath.Join(dir, stem+ext), data, 0o444); err != nil {
			t.Fatal(err)
		}
	}
}

// TestRefDeltaBasesInACircle: two damaged packs, each holding one object
// as a delta on the other's. Reading either is an error naming a pack, not
// a recursion that ends the process.
func TestRefDeltaBasesInACircle(t *testing.T) {
	r := newRepo(t)
	commitFiles(t, r.Root, "one", "a.md", "a\n")
	x, y := Hash{0x11, 1}, Hash{0x22, 2}
	objects := filepath.Join(r.CommonDir, "objects")
	writeRefDeltaPack(t, objects, "pack-x", x, y)
	writeRefDeltaPack(t, objects, "pack-y", y, x)
	for _, h := range []Hash{x, y} {
		_, err := r.Commit(h)
		if err == nil || !strings.Contains(err.Error(), "round in a circle") || !strings.Contains(err.Error(), ".pack") {
			t.Errorf("reading %s: %v, want an error about bases in a circle", h, err)
		}
	}
}
