// Package binenc is the small length-prefixed binary form sw's local
// caches are written in (.git/sw/state, the cached settings and profiles).
// The hooks read them in every git commit and agent session, and in a
// fresh process the first JSON decoding of a type alone costs a tenth of a
// millisecond. These files are never exchanged or read by people; each
// starts with a version byte, and anything unexpected is an error that
// sends the caller back to the files the cache stands for.
package binenc

import (
	"encoding/binary"
	"errors"
	"hash/crc32"
	"math"
	"time"
)

// ErrCorrupt is what any malformed or truncated input gives.
var ErrCorrupt = errors.New("binenc: not a cache this sw wrote")

// Writer appends values to B; each method writes one value, which the
// Reader method of the same name reads back.
type Writer struct{ B []byte }

func (w *Writer) Byte(c byte)     { w.B = append(w.B, c) }
func (w *Writer) Uint(v uint64)   { w.B = binary.AppendUvarint(w.B, v) }
func (w *Writer) Int(v int64)     { w.B = binary.AppendVarint(w.B, v) }
func (w *Writer) Float(f float64) { w.B = binary.LittleEndian.AppendUint64(w.B, math.Float64bits(f)) }

func (w *Writer) Bool(b bool) {
	if b {
		w.Byte(1)
	} else {
		w.Byte(0)
	}
}

func (w *Writer) String(s string) {
	w.Uint(uint64(len(s)))
	w.B = append(w.B, s...)
}

// Bytes writes b as String writes a string.
func (w *Writer) Bytes(b []byte) {
	w.Uint(uint64(len(b)))
	w.B = append(w.B, b...)
}

// Strings writes a list; nil and empty read back alike, as nil.
func (w *Writer) Strings(list []string) {
	w.Uint(uint64(len(list)))
	for _, s := range list {
		w.String(s)
	}
}

// Time keeps the instant to the nanosecond (not the location); the zero
// time reads back as the zero time.
func (w *Writer) Time(t time.Time) {
	w.Bool(!t.IsZero())
	if !t.IsZero() {
		w.Int(t.Unix())
		w.Int(int64(t.Nanosecond()))
	}
}

// Seal returns record followed by its length and checksum (appended as
// append does, in record's spare capacity if it has some), for a file
// rewritten in place: a reader that meets it half rewritten, new bytes
// before old ones, sees a record that does not unseal rather than one that
// decodes to something never written.
func Seal(record []byte) []byte {
	b := binary.LittleEndian.AppendUint32(record, uint32(len(record)))
	return binary.LittleEndian.AppendUint32(b, crc32.ChecksumIEEE(record))
}

// Unseal returns the record Seal sealed in data, or false when
// data is not exactly one whole sealed record.
func Unseal(data []byte) ([]byte, bool) {
	n := len(data) - 8
	if n < 0 || binary.LittleEndian.Uint32(data[n:]) != uint32(n) ||
		binary.LittleEndian.Uint32(data[n+4:]) != crc32.ChecksumIEEE(data[:n]) {
		return nil, false
	}
	return data[:n], true
}

// Reader reads what a Writer wrote. The first problem sticks: every read
// after it gives a zero value, and Err reports it.
type Reader struct {
	data []byte
	err  error
}

// NewReader reads data.
func NewReader(data []byte) *Reader { return &Reader{data: data} }

// Err is the first problem met, or nil.
func (r *Reader) Err() error { return r.err }

// Done is Err, and also an error when bytes are left over.
func (r *Reader) Done() error {
	if r.err == nil && len(r.data) != 0 {
		r.fail()
	}
	return r.err
}

func (r *Reader) fail() { r.err, r.data = ErrCorrupt, nil }

func (r *Reader) Byte() byte {
	if len(r.data) < 1 {
		r.fail()
		return 0
	}
	c := r.data[0]
	r.data = r.data[1:]
	return c
}

func (r *Reader) Bool() bool {
	switch r.Byte() {
	case 0:
		return false
	case 1:
		return true
	}
	r.fail()
	return false
}

func (r *Reader) Uint() uint64 {
	v, n := binary.Uvarint(r.data)
	if n <= 0 {
		r.fail()
		return 0
	}
	r.data = r.data[n:]
	return v
}

func (r *Reader) Int() int64 {
	v, n := binary.Varint(r.data)
	if n <= 0 {
		r.fail()
		return 0
	}
	r.data = r.data[n:]
	return v
}

func (r *Reader) Float() float64 {
	if len(r.data) < 8 {
		r.fail()
		return 0
	}
	v := binary.LittleEndian.Uint64(r.data)
	r.data = r.data[8:]
	return math.Float64frombits(v)
}

// Len reads a count of things still to come, each taking a byte or more:
// a count larger than what is left is corrupt, not a reason to allocate.
func (r *Reader) Len() int {
	v := r.Uint()
	if v > uint64(len(r.data)) {
		r.fail()
		return 0
	}
	return int(v)
}

// Bytes reads what Writer.Bytes or String wrote, without copying: the slice shares
// the data the Reader reads.
func (r *Reader) Bytes() []byte {
	n := r.Len()
	if r.err != nil {
		return nil
	}
	b := r.data[:n:n]
	r.data = r.data[n:]
	return b
}

func (r *Reader) String() string {
	n := r.Len()
	if r.err != nil {
		return ""
	}
	s := string(r.data[:n])
	r.data = r.data[n:]
	return s
}

func (r *Reader) Strings() []string {
	n := r.Len()
	if n == 0 {
		return nil
	}
	out := make([]string, 0, n)
	for ; n > 0 && r.err == nil; n-- {
		out = append(out, r.String())
	}
	return out
}

func (r *Reader) Time() time.Time {
	if !r.Bool() {
		return time.Time{}
	}
	sec, nsec := r.Int(), r.Int()
	if nsec < 0 || nsec >= 1e9 {
		r.fail()
		return time.Time{}
	}
	return time.Unix(sec, nsec).UTC()
}
