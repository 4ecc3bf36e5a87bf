// Command gen derives the embedded general-English baseline
// (../../data/english.bin.gz) from the CMU Sphinx US English language model,
// the file en-us.lm.bin that pocketsphinx 5prealpha ships. ../../SOURCE.md
// says where that file comes from, its licence, and the checksums of input
// and output.
//
//	go run ./profile/baseline/internal/gen -lm path/to/en-us.lm.bin
//
// The language model is a trigram back-off model in Sphinx's binary "trie"
// layout. We keep, as occurrences per million words, the rates of its most
// frequent words, word pairs and word triples, plus each kept word's back-off
// weight; everything rarer is left out to keep the binary lean. Same input,
// same flags: same output bytes.
package main

import (
	"bytes"
	"cmp"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"log"
	"math"
	"math/bits"
	"os"
	"regexp"
	"slices"
	"sort"
)

func main() {
	lmPath := flag.String("lm", "", "path to en-us.lm.bin (required)")
	out := flag.String("o", "profile/baseline/data/english.bin.gz", "output file")
	limits := [3]int{}
	flag.IntVar(&limits[0], "words", 36000, "how many of the most frequent words to keep")
	flag.IntVar(&limits[1], "pairs", 36000, "how many of the most frequent word pairs to keep")
	flag.IntVar(&limits[2], "triples", 24000, "how many of the most frequent word triples to keep")
	flag.Parse()
	if *lmPath == "" {
		flag.Usage()
		os.Exit(2)
	}
	raw, err := os.ReadFile(*lmPath)
	if err != nil {
		log.Fatal(err)
	}
	m, err := parseTrie(raw)
	if err != nil {
		log.Fatalf("%s: %v", *lmPath, err)
	}
	data, st := build(m, limits)
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression) // header left empty: no name, no time
	zw.Write(data)
	if err := zw.Close(); err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(*out, buf.Bytes(), 0o644); err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%s: %d bytes (%d before gzip)\n", *out, buf.Len(), len(data))
	for n, name := range []string{"words", "pairs", "triples"} {
		fmt.Printf("  %d %s, %.4g down to %.4g per million\n", st.count[n], name, st.high[n], st.low[n])
	}
}

// Sphinx stores log probabilities as logarithms to base 1.0001.
var log10PerUnit = math.Log10(1.0001)

// model is the part of the language model we read. All probabilities are
// log10.
type model struct {
	words   []string
	logProb []float64             // P(w)
	logBack []float64             // back-off weight of w as a one-word context
	pairs   map[[2]uint32]float64 // P(b | a), keyed {a, b}
	triples []triple
}

type triple struct {
	w       [3]uint32
	logCond float64 // P(c | a b)
}

// parseTrie reads Sphinx's binary trie language model of order 3 (the US
// English model's order). Layout, all little-endian:
//
//	"Trie Language Model" | order u8 | count u32 × order
//	i32 (unused) | quantisation tables, each 65536 float32: pair
//	    probability, pair back-off, triple probability
//	words: (count1+1) × {prob f32, back-off f32, first pair u32}
//	pairs: bit-packed {word, back-off code 16, prob code 16, first triple}
//	triples: bit-packed {word, prob code 16}
//	i32 length | NUL-terminated word strings, in word order
//
// The trie is keyed backwards: the pairs under word b are the pairs "a b",
// each naming its first word a; the triples under pair "a b" name their
// first word too. Field widths are the bits needed for the largest value.
func parseTrie(b []byte) (*model, error) {
	const magic = "Trie Language Model"
	if !bytes.HasPrefix(b, []byte(magic)) {
		return nil, errors.New("not a Sphinx trie language model")
	}
	r := reader{b: b, p: len(magic)}
	if order := r.u8(); order != 3 {
		return nil, fmt.Errorf("order %d, want 3", order)
	}
	counts := [3]uint32{r.u32(), r.u32(), r.u32()}
	r.u32()
	const bins = 1 << 16
	pairProb := r.floats(bins)
	r.floats(bins) // pair back-off weights: only unseen triples would use them
	tripleProb := r.floats(bins)

	nWords := counts[0]
	m := &model{
		logProb: make([]float64, nWords),
		logBack: make([]float64, nWords),
		pairs:   make(map[[2]uint32]float64, counts[1]),
	}
	firstPair := make([]uint32, nWords+1)
	for i := range nWords + 1 {
		p, bo, next := r.f32(), r.f32(), r.u32()
		if i < nWords {
			m.logProb[i] = float64(p) * log10PerUnit
			m.logBack[i] = float64(bo) * log10PerUnit
		}
		firstPair[i] = next
	}

	wordBits := bitsFor(nWords)
	nextBits := bitsFor(counts[2])
	pairBits := wordBits + 32 + nextBits
	tripleBits := wordBits + 16
	pairMem := r.bytes(int((uint64(counts[1])+1)*uint64(pairBits)+7)/8 + 8)
	tripleMem := r.bytes(int((uint64(counts[2])+1)*uint64(tripleBits)+7)/8 + 8)
	strs := r.bytes(int(r.u32()))
	if r.err != nil {
		return nil, r.err
	}
	if r.p != len(b) {
		return nil, fmt.Errorf("%d unexpected trailing bytes", len(b)-r.p)
	}
	for w := range bytes.SplitSeq(strs, []byte{0}) {
		if len(m.words) < int(nWords) {
			m.words = append(m.words, string(w))
		}
	}
	if len(m.words) != int(nWords) {
		return nil, fmt.Errorf("%d word strings for %d words", len(m.words), nWords)
	}

	for last := range nWords {
		for e := firstPair[last]; e < firstPair[last+1]; e++ {
			at := uint64(e) * uint64(pairBits)
			mid := field(pairMem, at, wordBits)
			code := field(pairMem, at+uint64(wordBits)+16, 16)
			tBegin := field(pairMem, at+uint64(wordBits)+32, nextBits)
			tEnd := field(pairMem, at+uint64(pairBits)+uint64(wordBits)+32, nextBits)
			if mid >= nWords || tBegin > tEnd || tEnd > counts[2] {
				return nil, fmt.Errorf("pair %d is corrupt", e)
			}
			m.pairs[[2]uint32{mid, last}] = float64(pairProb[code]) * log10PerUnit
			for t := tBegin; t < tEnd; t++ {
				at := uint64(t) * uint64(tripleBits)
				first := field(tripleMem, at, wordBits)
				code := field(tripleMem, at+uint64(wordBits), 16)
				if first >= nWords {
					return nil, fmt.Errorf("triple %d is corrupt", t)
				}
				m.triples = append(m.triples, triple{
					w:       [3]uint32{first, mid, last},
					logCond: float64(tripleProb[code]) * log10PerUnit,
				})
			}
		}
	}
	return m, nil
}

// field reads a width-bit unsigned field starting at bit offset at.
func field(mem []byte, at uint64, width uint) uint32 {
	v := binary.LittleEndian.Uint32(mem[at>>3:])
	return v >> (at & 7) & (1<<width - 1)
}

func bitsFor(max uint32) uint { return uint(bits.Len32(max)) }

type reader struct {
	b   []byte
	p   int
	err error
}

func (r *reader) bytes(n int) []byte {
	if r.err != nil || n < 0 || r.p+n > len(r.b) {
		r.err = errors.New("truncated file")
		return make([]byte, max(n, 0))
	}
	s := r.b[r.p : r.p+n]
	r.p += n
	return s
}
func (r *reader) u8() uint8    { return r.bytes(1)[0] }
func (r *reader) u32() uint32  { return binary.LittleEndian.Uint32(r.bytes(4)) }
func (r *reader) f32() float32 { return math.Float32frombits(r.u32()) }
func (r *reader) floats(n int) []float32 {
	s := r.bytes(4 * n)
	f := make([]float32, n)
	for i := range f {
		f[i] = math.Float32frombits(binary.LittleEndian.Uint32(s[4*i:]))
	}
	return f
}

// isWord keeps what the analyzer counts as a word: lower-case letters, with
// inner apostrophes (don't, it's) or hyphens. It drops the model's sentence
// markers, spelled letters ("a.") and bare possessives ("actors'").
var isWord = regexp.MustCompile(`^[a-z]+(['-][a-z]+)*$`).MatchString

type stats struct {
	count     [3]int
	high, low [3]float64
}

// gram is a kept word sequence: ids into the kept word list, and its rate as
// log10 of occurrences per million words.
type gram struct {
	ids   []uint32
	logPM float64
}

// build lays out the embedded file (../../table.go reads it):
//
//	"swbl3" | u32 × 3: how many words, pairs, triples
//	f64 × 8: low end and step of the log10 scales of word rate, back-off
//	    weight, pair rate and triple rate
//	words in byte order, front-coded: u8 length of the prefix shared with
//	    the previous word, the rest of the word, '\n'. A word's id is its
//	    place in this order.
//	u8 × words: rate code | u8 × words: back-off code
//	pairs in id order, then triples in id order: each id as a uvarint, the
//	    difference from the same id of the previous entry while all ids before
//	    it repeat, else the id itself
//	u8 × pairs: rate code | u8 × triples: rate code
//
// A code c stands for 10^(low + c·step). Columns are stored one after the
// other so that gzip finds the runs.
func build(m *model, limits [3]int) ([]byte, stats) {
	// Rates are per million words: the model's word probabilities
	// renormalised over the words alone, without the sentence markers.
	var total float64
	for i, w := range m.words {
		if w != "<s>" && w != "</s>" && w != "<unk>" {
			total += math.Pow(10, m.logProb[i])
		}
	}
	logNorm := 6 - math.Log10(total)

	var words []gram
	for i, w := range m.words {
		if isWord(w) {
			words = append(words, gram{[]uint32{uint32(i)}, m.logProb[i] + logNorm})
		}
	}
	words = top(words, limits[0], func(a, b gram) int { return cmp.Compare(m.words[a.ids[0]], m.words[b.ids[0]]) })
	if len(words) > 1<<16 {
		log.Fatal("more than 65536 words do not fit 16-bit ids")
	}
	slices.SortFunc(words, func(a, b gram) int { return cmp.Compare(m.words[a.ids[0]], m.words[b.ids[0]]) })
	id := make(map[uint32]uint32, len(words))
	for k, g := range words {
		id[g.ids[0]] = uint32(k)
	}

	// condPair is log10 P(b | a), backing off as the model does when it
	// never saw the pair.
	condPair := func(a, b uint32) float64 {
		if c, ok := m.pairs[[2]uint32{a, b}]; ok {
			return c
		}
		return m.logBack[a] + m.logProb[b]
	}
	var pairs []gram
	for k, c := range m.pairs {
		a, ok1 := id[k[0]]
		b, ok2 := id[k[1]]
		if ok1 && ok2 {
			pairs = append(pairs, gram{[]uint32{a, b}, m.logProb[k[0]] + c + logNorm})
		}
	}
	var triples []gram
	for _, t := range m.triples {
		a, ok1 := id[t.w[0]]
		b, ok2 := id[t.w[1]]
		c, ok3 := id[t.w[2]]
		if ok1 && ok2 && ok3 {
			lp := m.logProb[t.w[0]] + condPair(t.w[0], t.w[1]) + t.logCond + logNorm
			triples = append(triples, gram{[]uint32{a, b, c}, lp})
		}
	}
	byIDs := func(a, b gram) int { return slices.Compare(a.ids, b.ids) }
	pairs = top(pairs, limits[1], byIDs)
	triples = top(triples, limits[2], byIDs)
	slices.SortFunc(pairs, byIDs)
	slices.SortFunc(triples, byIDs)

	var st stats
	var out bytes.Buffer
	out.WriteString("swbl3")
	binary.Write(&out, binary.LittleEndian, [3]uint32{uint32(len(words)), uint32(len(pairs)), uint32(len(triples))})
	rates := func(gs []gram) []float64 {
		v := make([]float64, len(gs))
		for i, g := range gs {
			v[i] = g.logPM
		}
		return v
	}
	backs := make([]float64, len(words))
	for k, g := range words {
		backs[k] = m.logBack[g.ids[0]]
	}
	columns := [][]float64{rates(words), backs, rates(pairs), rates(triples)}
	var scales [4][2]float64
	for i, col := range columns {
		scales[i][0], scales[i][1] = scale(col)
	}
	binary.Write(&out, binary.LittleEndian, scales)

	prev := ""
	for _, g := range words {
		w := m.words[g.ids[0]]
		shared := 0
		for shared < len(w) && shared < len(prev) && shared < 255 && w[shared] == prev[shared] {
			shared++
		}
		out.WriteByte(byte(shared))
		out.WriteString(w[shared:])
		out.WriteByte('\n')
		prev = w
	}
	writeCodes(&out, columns[0], scales[0])
	writeCodes(&out, columns[1], scales[1])
	for _, list := range [][]gram{pairs, triples} {
		var last []uint32
		for _, g := range list {
			same := last != nil
			for j, x := range g.ids {
				if same {
					out.Write(binary.AppendUvarint(nil, uint64(x-last[j])))
					same = x == last[j]
				} else {
					out.Write(binary.AppendUvarint(nil, uint64(x)))
				}
			}
			last = g.ids
		}
	}
	writeCodes(&out, columns[2], scales[2])
	writeCodes(&out, columns[3], scales[3])

	for n, col := range [][]float64{columns[0], columns[2], columns[3]} {
		st.count[n] = len(col)
		if len(col) > 0 {
			st.high[n] = math.Pow(10, slices.Max(col))
			st.low[n] = math.Pow(10, slices.Min(col))
		}
	}
	return out.Bytes(), st
}

// top keeps the n most frequent grams, ties broken by tie so that the choice
// does not depend on map order.
func top(gs []gram, n int, tie func(a, b gram) int) []gram {
	sort.SliceStable(gs, func(i, j int) bool {
		if gs[i].logPM != gs[j].logPM {
			return gs[i].logPM > gs[j].logPM
		}
		return tie(gs[i], gs[j]) < 0
	})
	return gs[:min(n, len(gs))]
}

// scale spreads the values' range over the 256 codes of a byte.
func scale(v []float64) (low, step float64) {
	if len(v) == 0 {
		return 0, 1
	}
	low, high := slices.Min(v), slices.Max(v)
	step = (high - low) / 255
	if step == 0 {
		step = 1
	}
	return low, step
}

func writeCodes(out *bytes.Buffer, v []float64, sc [2]float64) {
	for _, x := range v {
		c := math.Round((x - sc[0]) / sc[1])
		out.WriteByte(byte(min(max(c, 0), 255)))
	}
}
