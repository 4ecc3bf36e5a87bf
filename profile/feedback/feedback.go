// Package feedback is the reject memory, profile_feedback.json: the
// suggestions the person rejected in the most recent batches, so that the
// next analysis does not propose them again. A rejection is a stronger
// signal than an acceptance, so this file is treated as the person's: it is
// never silently reset, and a corrupt one stops sw from writing rather than
// from reading what it can.
package feedback

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"time"

	"sw/profile"
)

// Version is the file format this sw reads and writes.
const Version = 1

// File is profile_feedback.json.
type File struct {
	Version int     `json:"version"`
	Window  int     `json:"window"`
	Batches []Batch `json:"batches"`
}

// Batch is one batch's rejections.
type Batch struct {
	Batch    string      `json:"batch"`
	Rejected []Rejection `json:"rejected"`
}

// Rejection is one rejected suggestion.
type Rejection struct {
	ID         string `json:"id"`
	Signature  string `json:"signature"`
	Summary    string `json:"summary"`
	Layer      string `json:"layer"`
	RejectedAt string `json:"rejected_at"` // RFC 3339
}

// New returns an empty file remembering window batches.
func New(window int) *File {
	return &File{Version: Version, Window: window, Batches: []Batch{}}
}

// Parse reads the file strictly: an unknown field or a value of the wrong
// kind is an error with its line and column, never a reset.
func Parse(name string, data []byte) (*File, error) {
	at := func(offset int64, msg string) error {
		e := &profile.Error{File: name, Msg: msg}
		e.Line, e.Col = lineCol(data, offset)
		return e
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var f File
	if err := dec.Decode(&f); err != nil {
		if strings.HasPrefix(err.Error(), "json: unknown field ") {
			if key, offset := unknownKey(data); offset >= 0 {
				return nil, at(offset, fmt.Sprintf("not valid: unknown field %q", key))
			}
		}
		return nil, jsonError(name, data, err)
	}
	end := dec.InputOffset()
	if _, err := dec.Token(); err != io.EOF {
		return nil, at(start(data, end), "unexpected text after the JSON object")
	}
	switch {
	case f.Version != Version:
		return nil, at(keyAt(data, "version"), fmt.Sprintf("version %d is not one this sw reads (%d)", f.Version, Version))
	case f.Window < 1:
		return nil, at(keyAt(data, "window"), "window must be 1 or more")
	}
	n := 0
	for _, b := range f.Batches {
		for _, r := range b.Rejected {
			if r.Signature == "" {
				return nil, at(rejectionAt(data, n), fmt.Sprintf("batch %s: rejection %q has no signature", b.Batch, r.ID))
			}
			n++
		}
	}
	if f.Batches == nil {
		f.Batches = []Batch{}
	}
	return &f, nil
}

// lineCol turns a byte offset into a 1-based line and column; 0, 0 when the
// offset is unknown.
func lineCol(data []byte, offset int64) (line, col int) {
	if offset < 0 || offset > int64(len(data)) {
		return 0, 0
	}
	before := data[:offset]
	return bytes.Count(before, []byte("\n")) + 1, len(before) - bytes.LastIndexByte(before, '\n')
}

// jsonError places a decoding error at a line and column.
func jsonError(name string, data []byte, err error) error {
	var offset int64 = -1
	switch e := err.(type) {
	case *json.SyntaxError:
		offset = e.Offset - 1 // the offending byte, not the one after it
	case *json.UnmarshalTypeError:
		offset = e.Offset
	}
	msg := strings.TrimPrefix(err.Error(), "json: ")
	switch err {
	case io.EOF:
		msg, offset = "the file is empty", -1
	case io.ErrUnexpectedEOF:
		msg, offset = "the file ends before the JSON does", int64(len(data))
	}
	e := &profile.Error{File: name, Msg: "not valid: " + msg}
	e.Line, e.Col = lineCol(data, offset)
	return e
}

// RejectedAt is when the file says the suggestion id, with signature, was
// rejected in batch; "" when it does not hold that rejection. A nil file
// holds none.
func (f *File) RejectedAt(batch, id, signature string) string {
	if f == nil {
		return ""
	}
	for _, b := range f.Batches {
		if b.Batch != batch {
			continue
		}
		for _, r := range b.Rejected {
			if r.ID == id && r.Signature == signature {
				return r.RejectedAt
			}
		}
	}
	return ""
}

// Encode writes the file as people read it: indented, newest batch last.
func (f *File) Encode() []byte {
	b, err := json.MarshalIndent(f, "", "  ")
	if err != nil {
		panic(err) // strings and numbers only
	}
	return append(b, '\n')
}

// Add records a rejection in batch and keeps the most recent window
// batches that had rejections. A signature already in that batch is not
// added twice.
func (f *File) Add(batch string, r Rejection, window int, at time.Time) {
	if r.RejectedAt == "" {
		r.RejectedAt = at.UTC().Format(time.RFC3339)
	}
	f.Window = window
	i := sort.Search(len(f.Batches), func(i int) bool { return !batchLess(f.Batches[i].Batch, batch) })
	if i == len(f.Batches) || f.Batches[i].Batch != batch {
		f.Batches = append(f.Batches, Batch{})
		copy(f.Batches[i+1:], f.Batches[i:])
		f.Batches[i] = Batch{Batch: batch, Rejected: []Rejection{}}
	}
	for _, old := range f.Batches[i].Rejected {
		if old.Signature == r.Signature {
			return
		}
	}
	f.Batches[i].Rejected = append(f.Batches[i].Rejected, r)
	f.trim()
}

// trim keeps the newest Window batches.
func (f *File) trim() {
	if extra := len(f.Batches) - f.Window; extra > 0 {
		f.Batches = append([]Batch(nil), f.Batches[extra:]...)
	}
}

// MaxBatchNumber bounds a batch's number. A batch is a few pieces' worth
// of writing, so no collection comes near it; a bigger number came from
// elsewhere (a cloned reject memory, a branch name, a forged trailer), and
// counting on from it would run past what an int holds, on 32-bit systems
// first.
const MaxBatchNumber = 999_999_999

// BatchNumber reads a batch id as sw numbers batches: a decimal number
// from 1 to MaxBatchNumber, without sign or leading zeros. ok is false for
// anything else, which is an id but not a number to count on from.
func BatchNumber(batch string) (n int, ok bool) {
	if batch == "" || len(batch) > len(strconv.Itoa(MaxBatchNumber)) || batch[0] == '0' {
		return 0, false
	}
	for _, c := range []byte(batch) {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, n <= MaxBatchNumber
}

// batchLess orders batch ids: numbers by value, then anything else by text.
func batchLess(a, b string) bool {
	na, okA := BatchNumber(a)
	nb, okB := BatchNumber(b)
	switch {
	case okA && okB:
		return na < nb
	case okA:
		return true
	case okB:
		return false
	}
	return a < b
}

// Remembered returns the rejected signatures within the window, with the
// summary each was rejected under.
func (f *File) Remembered() map[string]Rejection {
	out := map[string]Rejection{}
	start := len(f.Batches) - f.Window
	if start < 0 {
		start = 0
	}
	for _, b := range f.Batches[start:] {
		for _, r := range b.Rejected {
			out[r.Signature] = r
		}
	}
	return out
}

// MaxBatch is the highest batch number in the file (see BatchNumber), 0
// if none.
func (f *File) MaxBatch() int {
	max := 0
	for _, b := range f.Batches {
		if n, ok := BatchNumber(b.Batch); ok && n > max {
			max = n
		}
	}
	return max
}
