package baseline

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
)

// table is the decoded baseline. Rates stay one-byte codes read through a
// 256-entry table: as precise as the file (steps of about 5 %) at an eighth
// of the memory of float64s.
type table struct {
	id    map[string]uint16 // word -> id
	words grams             // one id per entry
	back  []uint8           // back-off code, by word id
	pairs grams             // ids a<<16 | b
	trips grams             // ids a<<32 | b<<16 | c

	backOff [256]float64 // back-off factor (not its log)
	floor   float64      // rate assumed for an unlisted word
}

// grams is one sorted list of word sequences with their rate codes.
type grams struct {
	key  []uint64 // packed 16-bit ids, ascending; nil for words (key = id)
	code []uint8
	rate [256]float64 // per million words
}

func (g *grams) find(key uint64) (float64, bool) {
	if i, ok := slices.BinarySearch(g.key, key); ok {
		return g.rate[g.code[i]], true
	}
	return 0, false
}

var errCorrupt = errors.New("baseline: corrupt data")

// decode reads the file internal/gen writes; its layout is documented there.
func decode(gz []byte) (*table, error) {
	if len(gz) < 4 {
		return nil, errCorrupt
	}
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		return nil, err
	}
	// gzip ends with the inflated size: read into a buffer of that size
	// rather than grow one, then read on to EOF so the checksum is checked.
	size := binary.LittleEndian.Uint32(gz[len(gz)-4:])
	if size > 16<<20 {
		return nil, errCorrupt
	}
	raw := make([]byte, size)
	if _, err := io.ReadFull(zr, raw); err != nil {
		return nil, err
	}
	if n, err := zr.Read(make([]byte, 1)); n != 0 || err != io.EOF {
		return nil, errCorrupt
	}
	const magic = "swbl3"
	const head = len(magic) + 3*4 + 8*8
	if len(raw) < head || string(raw[:len(magic)]) != magic {
		return nil, errors.New("baseline: unknown data format")
	}
	p := len(magic)
	var n [3]int
	for i := range n {
		n[i] = int(binary.LittleEndian.Uint32(raw[p:]))
		p += 4
	}
	var sc [8]float64
	for i := range sc {
		sc[i] = math.Float64frombits(binary.LittleEndian.Uint64(raw[p:]))
		p += 8
	}
	if n[0] > 1<<16 {
		return nil, fmt.Errorf("baseline: %d words do not fit 16-bit ids", n[0])
	}

	t := &table{id: make(map[string]uint16, n[0])}
	for c := range 256 {
		t.words.rate[c] = math.Pow(10, sc[0]+float64(c)*sc[1])
		t.backOff[c] = math.Pow(10, sc[2]+float64(c)*sc[3])
		t.pairs.rate[c] = math.Pow(10, sc[4]+float64(c)*sc[5])
		t.trips.rate[c] = math.Pow(10, sc[6]+float64(c)*sc[7])
	}

	// Front-coded words: rebuild them into one buffer so that all the map's
	// keys share one allocation.
	text := make([]byte, 0, 8*n[0])
	ends := make([]int, n[0])
	prevStart := 0
	for i := range n[0] {
		if p >= len(raw) {
			return nil, errCorrupt
		}
		shared := int(raw[p])
		p++
		nl := bytes.IndexByte(raw[p:], '\n')
		if nl < 0 || shared > len(text)-prevStart {
			return nil, errCorrupt
		}
		start := len(text)
		text = append(text, text[prevStart:prevStart+shared]...)
		text = append(text, raw[p:p+nl]...)
		p += nl + 1
		ends[i] = len(text)
		prevStart = start
	}
	all := string(text)
	start := 0
	for i, end := range ends {
		t.id[all[start:end]] = uint16(i)
		start = end
	}
	if len(t.id) != n[0] {
		return nil, errCorrupt
	}

	if len(raw) < p+2*n[0] {
		return nil, errCorrupt
	}
	t.words.code = raw[p : p+n[0] : p+n[0]]
	t.back = raw[p+n[0] : p+2*n[0] : p+2*n[0]]
	p += 2 * n[0]

	if t.pairs.key, p, err = readKeys(raw, p, n[1], 2, n[0]); err != nil {
		return nil, err
	}
	if t.trips.key, p, err = readKeys(raw, p, n[2], 3, n[0]); err != nil {
		return nil, err
	}
	if len(raw) != p+n[1]+n[2] {
		return nil, errCorrupt
	}
	t.pairs.code = raw[p : p+n[1] : p+n[1]]
	t.trips.code = raw[p+n[1]:]

	// A word the list leaves out is rarer than every word it keeps: take
	// half the rarest kept rate rather than guess how much rarer.
	t.floor = math.Inf(1)
	for _, c := range t.words.code {
		t.floor = min(t.floor, t.words.rate[c]/2)
	}
	return t, nil
}

// readKeys reads count sequences of width ids each, delta-coded as
// internal/gen writes them, and packs each into a uint64.
func readKeys(raw []byte, p, count, width, nWords int) ([]uint64, int, error) {
	keys := make([]uint64, count)
	last := make([]uint64, width)
	for i := range keys {
		same := i > 0
		var key uint64
		for j := range width {
			v, k := binary.Uvarint(raw[p:])
			if k <= 0 {
				return nil, p, errCorrupt
			}
			p += k
			if same {
				v += last[j]
				same = v == last[j]
			}
			if v >= uint64(nWords) {
				return nil, p, errCorrupt
			}
			last[j] = v
			key = key<<16 | v
		}
		if i > 0 && key <= keys[i-1] {
			return nil, p, errCorrupt
		}
		keys[i] = key
	}
	return keys, p, nil
}

// word is the rate and id of a normalised word; ok is false, and the rate
// the floor, for a word the table does not list.
func (t *table) word(w string) (rate float64, id uint16, ok bool) {
	id, ok = t.id[w]
	if !ok {
		return t.floor, 0, false
	}
	return t.words.rate[t.words.code[id]], id, true
}

// pair estimates how many times per million words a is followed by b: a
// listed pair's own rate, or what the language model says of a pair it holds
// no rate for, rate(a) × back-off(a) × P(b). That can err either way for the
// pairs it holds below our cut-off, but only pairs of two frequent words can
// come out above it, and those the model holds so low are ungrammatical ("to
// of"). It is not capped at the cut-off: a pruned pair can be frequent, and
// too low an estimate is the harmful error, making a common phrase look like
// a writer's signature.
func (t *table) pair(a, b string) float64 {
	ra, ia, oka := t.word(a)
	rb, ib, okb := t.word(b)
	if oka && okb {
		if r, ok := t.pairs.find(uint64(ia)<<16 | uint64(ib)); ok {
			return r
		}
	}
	back := 1.0
	if oka {
		back = t.backOff[t.back[ia]]
	}
	return ra * back * rb / 1e6
}

// triple estimates how many times per million words a, b, c occur in a row:
// the listed rate, or else rate(a b) × P(c | b). The model would also
// weigh that by the back-off weight of the context "a b", which we do not
// keep; it is usually below 1, so the estimate tends to err high, the safe
// side for the same reason as in pair.
func (t *table) triple(a, b, c string) float64 {
	_, ia, oka := t.word(a)
	rb, ib, okb := t.word(b)
	_, ic, okc := t.word(c)
	if oka && okb && okc {
		if r, ok := t.trips.find(uint64(ia)<<32 | uint64(ib)<<16 | uint64(ic)); ok {
			return r
		}
	}
	return t.pair(a, b) * min(t.pair(b, c)/rb, 1)
}
