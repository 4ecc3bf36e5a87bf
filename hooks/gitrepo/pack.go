package gitrepo

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"os"

	"sw/profile/quickread"
)

// pack is one pack file and its index, both opened on first use and
// mapped into memory where the platform allows (then the files are closed
// at once). Elsewhere the index is not loaded whole: the fan-out table is
// read once, and each lookup reads only the names that share the first
// byte, so a lookup costs one or two small reads however large the
// repository.
type pack struct {
	path, idxPath string

	idxOpened bool
	idxErr    error
	idx       *os.File // nil when idxMap is used
	idxMap    []byte
	version   int // index version: 1 or 2
	fanout    [256]uint32
	count     uint32

	packOpened bool
	packErr    error
	f          *os.File // nil when packMap is used
	packMap    []byte
	size       int64

	buf []byte // reused for name slices; guarded by the odb mutex
}

// readAt reads from the index, mapped or not.
func (p *pack) idxReadAt(b []byte, off int64) error {
	if p.idxMap != nil {
		if off < 0 || off+int64(len(b)) > int64(len(p.idxMap)) {
			return fmt.Errorf("%s: truncated pack index", p.idxPath)
		}
		copy(b, p.idxMap[off:])
		return nil
	}
	_, err := p.idx.ReadAt(b, off)
	return err
}

const (
	idxV2Header = 8
	idxFanout   = 256 * 4
)

func (p *pack) close() {
	if p.idx != nil {
		p.idx.Close()
	}
	if p.f != nil {
		p.f.Close()
	}
	if p.idxMap != nil {
		unmapFile(p.idxMap)
	}
	if p.packMap != nil {
		unmapFile(p.packMap)
	}
	p.idx, p.f, p.idxMap, p.packMap = nil, nil, nil, nil
}

func (p *pack) openIndex() error {
	if p.idxOpened {
		return p.idxErr
	}
	p.idxOpened = true
	p.idxErr = p.readFanout()
	return p.idxErr
}

func (p *pack) readFanout() error {
	f, err := quickread.Open(p.idxPath)
	if err != nil {
		return err
	}
	var head [idxV2Header + idxFanout]byte
	n, err := f.ReadAt(head[:], 0)
	if n < idxFanout {
		f.Close()
		return fmt.Errorf("%s: short pack index: %v", p.idxPath, err)
	}
	table := head[:idxFanout]
	p.version = 1
	if bytes.Equal(head[:4], []byte{0xff, 't', 'O', 'c'}) {
		if v := binary.BigEndian.Uint32(head[4:8]); v != 2 {
			f.Close()
			return fmt.Errorf("%s: pack index version %d is not supported", p.idxPath, v)
		}
		p.version = 2
		table = head[idxV2Header:]
	}
	for i := range p.fanout {
		p.fanout[i] = binary.BigEndian.Uint32(table[4*i:])
	}
	p.count = p.fanout[255]
	if fi, err := f.Stat(); err == nil {
		if m, err := mapFile(f, fi.Size()); err == nil {
			p.idxMap = m
			f.Close()
			return nil
		}
	}
	p.idx = f
	return nil
}

// find returns the offset of h in the pack, if the pack holds it.
func (p *pack) find(h Hash) (int64, bool, error) {
	if err := p.openIndex(); err != nil {
		return 0, false, err
	}
	lo := uint32(0)
	if h[0] > 0 {
		lo = p.fanout[h[0]-1]
	}
	hi := p.fanout[h[0]]
	if hi <= lo || hi > p.count {
		return 0, false, nil
	}
	stride, base := int64(20), int64(idxV2Header+idxFanout)
	if p.version == 1 {
		stride, base = 24, idxFanout
	}
	need := int(int64(hi-lo) * stride)
	start := base + int64(lo)*stride
	var buf []byte
	if p.idxMap != nil {
		if start+int64(need) > int64(len(p.idxMap)) {
			return 0, false, fmt.Errorf("%s: truncated pack index", p.idxPath)
		}
		buf = p.idxMap[start : start+int64(need)]
	} else {
		if cap(p.buf) < need {
			p.buf = make([]byte, need)
		}
		buf = p.buf[:need]
		if _, err := p.idx.ReadAt(buf, start); err != nil {
			return 0, false, fmt.Errorf("%s: %w", p.idxPath, err)
		}
	}
	nameAt := func(i int) []byte {
		if p.version == 1 {
			return buf[i*24+4 : i*24+24]
		}
		return buf[i*20 : i*20+20]
	}
	i, j := 0, int(hi-lo)
	for i < j {
		m := int(uint(i+j) >> 1)
		if bytes.Compare(nameAt(m), h[:]) < 0 {
			i = m + 1
		} else {
			j = m
		}
	}
	if i == int(hi-lo) || !bytes.Equal(nameAt(i), h[:]) {
		return 0, false, nil
	}
	if p.version == 1 {
		return int64(binary.BigEndian.Uint32(buf[i*24:])), true, nil
	}
	return p.offsetV2(lo + uint32(i))
}

// offsetV2 reads entry n's offset, following the 64-bit table for packs
// over 2 GiB.
func (p *pack) offsetV2(n uint32) (int64, bool, error) {
	var b [8]byte
	base := int64(idxV2Header+idxFanout) + int64(p.count)*24
	if err := p.idxReadAt(b[:4], base+int64(n)*4); err != nil {
		return 0, false, fmt.Errorf("%s: %w", p.idxPath, err)
	}
	off := binary.BigEndian.Uint32(b[:4])
	if off&0x80000000 == 0 {
		return int64(off), true, nil
	}
	large := base + int64(p.count)*4 + int64(off&0x7fffffff)*8
	if err := p.idxReadAt(b[:], large); err != nil {
		return 0, false, fmt.Errorf("%s: %w", p.idxPath, err)
	}
	return int64(binary.BigEndian.Uint64(b[:])), true, nil
}

func (p *pack) openPack() error {
	if p.packOpened {
		return p.packErr
	}
	p.packOpened = true
	f, err := quickread.Open(p.path)
	if err != nil {
		p.packErr = err
		return err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		p.packErr = err
		return err
	}
	var head [12]byte
	if _, err := f.ReadAt(head[:], 0); err != nil || !bytes.Equal(head[:4], []byte("PACK")) {
		f.Close()
		p.packErr = fmt.Errorf("%s: not a pack file", p.path)
		return p.packErr
	}
	p.size = fi.Size()
	if m, err := mapFile(f, p.size); err == nil {
		p.packMap = m
		f.Close()
		return nil
	}
	p.f = f
	return nil
}

// entry is the header of one object in a pack.
type entry struct {
	typ      objectType
	size     int64 // inflated size (of the delta, for deltas)
	dataOff  int64 // where the zlib stream starts
	baseOff  int64 // typeOfsDelta: the base's offset
	baseHash Hash  // typeRefDelta: the base's name
}

func (p *pack) entryAt(off int64) (entry, error) {
	if err := p.openPack(); err != nil {
		return entry{}, err
	}
	var b [32]byte
	var n int
	var err error
	if p.packMap != nil {
		if off >= 0 && off < int64(len(p.packMap)) {
			n = copy(b[:], p.packMap[off:])
		}
	} else {
		n, err = p.f.ReadAt(b[:], off)
	}
	if n == 0 {
		return entry{}, fmt.Errorf("%s: offset %d: %v", p.path, off, err)
	}
	bad := fmt.Errorf("%s: offset %d: corrupt object header", p.path, off)
	c := b[0]
	e := entry{typ: objectType(c >> 4 & 7), size: int64(c & 15)}
	i, shift := 1, 4
	for c&0x80 != 0 {
		if i >= n || shift > 56 {
			return entry{}, bad
		}
		c = b[i]
		i++
		e.size |= int64(c&0x7f) << shift
		shift += 7
	}
	switch e.typ {
	case typeOfsDelta:
		if i >= n {
			return entry{}, bad
		}
		c = b[i]
		i++
		rel := int64(c & 0x7f)
		for c&0x80 != 0 {
			if i >= n || rel > 1<<55 {
				return entry{}, bad
			}
			c = b[i]
			i++
			rel = (rel+1)<<7 | int64(c&0x7f)
		}
		if rel <= 0 || rel > off {
			return entry{}, bad
		}
		e.baseOff = off - rel
	case typeRefDelta:
		if i+20 > n {
			return entry{}, bad
		}
		copy(e.baseHash[:], b[i:i+20])
		i += 20
	case typeCommit, typeTree, typeBlob, typeTag:
	default:
		return entry{}, bad
	}
	e.dataOff = off + int64(i)
	return e, nil
}

// inflateAt reads size bytes of the zlib stream starting at off.
func (o *odb) inflateAt(p *pack, off, size int64) ([]byte, error) {
	if size < 0 || size > 1<<31 {
		return nil, fmt.Errorf("%s: object of %d bytes is too large", p.path, size)
	}
	var src io.Reader
	if p.packMap != nil {
		if off < 0 || off >= int64(len(p.packMap)) {
			return nil, fmt.Errorf("%s: offset %d is outside the pack", p.path, off)
		}
		if o.mr == nil {
			o.mr = new(bytes.Reader)
		}
		o.mr.Reset(p.packMap[off:])
		src = o.mr
	} else {
		sr := io.NewSectionReader(p.f, off, p.size-off)
		if o.br == nil {
			o.br = bufio.NewReaderSize(sr, 8<<10)
		} else {
			o.br.Reset(sr)
		}
		src = o.br
	}
	zr, err := o.zlibReader(src)
	if err != nil {
		return nil, fmt.Errorf("%s: offset %d: %w", p.path, off, err)
	}
	data := make([]byte, size)
	if _, err := io.ReadFull(zr, data); err != nil {
		return nil, fmt.Errorf("%s: offset %d: %w", p.path, off, err)
	}
	return data, nil
}

// readPacked returns the object at off, applying its chain of deltas. The
// chain is walked down to a base (or to an object already in the cache),
// then rebuilt upwards; every level is cached, so the next object sharing
// the chain (trees of neighbouring commits do) costs one delta.
func (o *odb) readPacked(p *pack, off int64) (objectType, []byte, error) {
	type step struct {
		p *pack
		e entry
		o int64
	}
	var chain []step
	var typ objectType
	var data []byte
	cur, curOff := p, off
	for {
		if c, ok := o.cache.get(cur, curOff); ok {
			typ, data = c.typ, c.data
			break
		}
		e, err := cur.entryAt(curOff)
		if err != nil {
			return 0, nil, err
		}
		if e.typ != typeOfsDelta && e.typ != typeRefDelta {
			if data, err = o.inflateAt(cur, e.dataOff, e.size); err != nil {
				return 0, nil, err
			}
			typ = e.typ
			o.cache.put(cur, curOff, typ, data)
			break
		}
		if len(chain) > 10000 {
			return 0, nil, fmt.Errorf("%s: delta chain too long at offset %d", p.path, off)
		}
		chain = append(chain, step{cur, e, curOff})
		if e.typ == typeOfsDelta {
			curOff = e.baseOff
			continue
		}
		baseOff, ok, err := cur.find(e.baseHash)
		if err != nil {
			return 0, nil, err
		}
		if ok {
			curOff = baseOff
			continue
		}
		// A base in another pack or loose (git does not write such packs
		// to disk, but a pack made by another tool may rely on it).
		if o.crossed >= maxCrossedBases {
			return 0, nil, fmt.Errorf("%s: offset %d: delta bases outside the pack lead round in a circle", cur.path, curOff)
		}
		o.crossed++
		typ, data, err = o.readLocked(e.baseHash)
		o.crossed--
		if err != nil {
			return 0, nil, err
		}
		break
	}
	for i := len(chain) - 1; i >= 0; i-- {
		s := chain[i]
		delta, err := o.inflateAt(s.p, s.e.dataOff, s.e.size)
		if err != nil {
			return 0, nil, err
		}
		if data, err = applyDelta(data, delta); err != nil {
			return 0, nil, fmt.Errorf("%s: offset %d: %w", s.p.path, s.o, err)
		}
		o.cache.put(s.p, s.o, typ, data)
	}
	return typ, data, nil
}
