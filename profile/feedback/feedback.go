// Package feedback is the reject memory, profile_feedback.json: every
// suggestion the person rejected, so that no analysis proposes it again. A
// rejection is a stronger signal than an acceptance, so this file is
// treated as the person's: it is never silently reset, never trimmed to a
// window, and a corrupt one stops sw from writing rather than from reading
// what it can. It stays small because a newer rejection of the same thing
// takes the place of the older one (see Add).
package feedback

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"sw/profile"
)

// Version is the file format this sw writes. It reads version 1 too,
// whose window of batches remembered no longer applies: every rejection
// is kept.
const Version = 2

// File is profile_feedback.json.
type File struct {
	Version int `json:"version"`
	// Window is version 1's number of batches remembered: read, never
	// written.
	Window  int     `json:"window,omitempty"`
	Batches []Batch `json:"batches"`
}

// Batch is one batch's rejections.
type Batch struct {
	Batch    string      `json:"batch"`
	Rejected []Rejection `json:"rejected"`
}

// Rejection is one rejected suggestion: what it was (its id, signature
// and measures, in its layer) and what it rested on (Measured), so that it
// is known again whatever a later analysis calls it, and its evidence can
// be told apart from new evidence.
type Rejection struct {
	ID         string            `json:"id"`
	Signature  string            `json:"signature"`
	Summary    string            `json:"summary"`
	Layer      string            `json:"layer"`
	RejectedAt string            `json:"rejected_at"` // RFC 3339
	Measures   []string          `json:"measures,omitempty"`
	Measured   *profile.Measured `json:"measured,omitempty"`
	// Back says the suggestion had come back once already, on new
	// evidence, when it was rejected: it never comes back again.
	Back bool `json:"back,omitempty"`
}

// New returns an empty file.
func New() *File {
	return &File{Version: Version, Batches: []Batch{}}
}

// Parse reads the file strictly: an unknown field or a value of the wrong
// kind is an error with its line and column, never a reset.
func Parse(name string, data []byte) (*File, error) {
	at := func(offset int64, msg string) error { // offset -1: unknown
		e := &profile.Error{File: name, Msg: msg}
		if offset >= 0 && offset <= int64(len(data)) {
			before := data[:offset]
			e.Line, e.Col = bytes.Count(before, []byte("\n"))+1, len(before)-bytes.LastIndexByte(before, '\n')
		}
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
		return nil, at(jsonError(data, err))
	}
	end := dec.InputOffset()
	if _, err := dec.Token(); err != io.EOF {
		return nil, at(start(data, end), "unexpected text after the JSON object")
	}
	switch {
	case f.Version != 1 && f.Version != Version:
		return nil, at(keyAt(data, "version"), fmt.Sprintf("version %d is not one this sw reads (1 or %d)", f.Version, Version))
	case f.Version == 1 && f.Window < 1:
		return nil, at(keyAt(data, "window"), "window must be 1 or more")
	case f.Version == Version && keyAt(data, "window") >= 0:
		return nil, at(keyAt(data, "window"), fmt.Sprintf("window is not part of version %d: every rejection is remembered", Version))
	}
	n := 0
	for _, b := range f.Batches {
		for _, r := range b.Rejected {
			if r.Signature == "" {
				return nil, at(rejectionAt(data, n), fmt.Sprintf("batch %s: rejection %q has no signature", b.Batch, r.ID))
			}
			if m := r.Measured; m != nil && !(m.Pieces >= 1 && m.Low <= m.Value && m.Value <= m.High) {
				return nil, at(rejectionAt(data, n), fmt.Sprintf("batch %s: rejection %q: measured needs pieces of 1 or more and low <= value <= high", b.Batch, r.ID))
			}
			n++
		}
	}
	if f.Batches == nil {
		f.Batches = []Batch{}
	}
	f.Version, f.Window = Version, 0 // written back as this sw writes it
	return &f, nil
}

// jsonError is where in data a decoding error is, and its message.
func jsonError(data []byte, err error) (offset int64, msg string) {
	offset = -1
	switch e := err.(type) {
	case *json.SyntaxError:
		offset = e.Offset - 1 // the offending byte, not the one after it
	case *json.UnmarshalTypeError:
		offset = e.Offset
	}
	msg = "not valid: " + strings.TrimPrefix(err.Error(), "json: ")
	switch err {
	case io.EOF:
		msg, offset = "not valid: the file is empty", -1
	case io.ErrUnexpectedEOF:
		msg, offset = "not valid: the file ends before the JSON does", int64(len(data))
	}
	return offset, msg
}

// RejectedAt is when the file says the suggestion id, with signature, was
// rejected in batch; "" when it does not hold that rejection. A nil file
// holds none.
func (f *File) RejectedAt(batch, id, signature string) string {
	if f == nil {
		return ""
	}
	for _, b := range f.Batches {
		for _, r := range b.Rejected {
			if b.Batch == batch && r.ID == id && r.Signature == signature {
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

// Add records a rejection in batch. A rejection already held of the same
// thing in the same layer (its id, signature or a measure) gives way to the
// new one, which carries what the person saw last, so the file holds one
// rejection per thing however often it was said. A signature already in the
// batch is not added twice.
func (f *File) Add(batch string, r Rejection, at time.Time) {
	if r.RejectedAt == "" {
		r.RejectedAt = at.UTC().Format(time.RFC3339)
	}
	sameSignature := func(old Rejection) bool { return old.Signature == r.Signature }
	if i, ok := f.batchIndex(batch); ok && slices.ContainsFunc(f.Batches[i].Rejected, sameSignature) {
		return
	}
	r.Back = f.dropSame(r) || r.Back
	i, ok := f.batchIndex(batch)
	if !ok {
		f.Batches = slices.Insert(f.Batches, i, Batch{Batch: batch, Rejected: []Rejection{}})
	}
	f.Batches[i].Rejected = append(f.Batches[i].Rejected, r)
}

// batchIndex is where batch is in the file's batches, or would go.
func (f *File) batchIndex(batch string) (int, bool) {
	return slices.BinarySearchFunc(f.Batches, batch, func(b Batch, batch string) int { return compareBatches(b.Batch, batch) })
}

// dropSame takes out the rejections r takes the place of (see Add), and
// the batches left empty; back says one of them had come back already.
func (f *File) dropSame(r Rejection) (back bool) {
	for i := range f.Batches {
		f.Batches[i].Rejected = slices.DeleteFunc(f.Batches[i].Rejected, func(old Rejection) bool {
			same := old.Layer == r.Layer && sameThing(old, r.ID, r.Signature, r.Measures)
			back = back || same && old.Back
			return same
		})
	}
	f.Batches = slices.DeleteFunc(f.Batches, func(b Batch) bool { return len(b.Rejected) == 0 })
	return back
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
	if batch == "" || len(batch) > len(strconv.Itoa(MaxBatchNumber)) || batch[0] == '0' || strings.Trim(batch, "0123456789") != "" {
		return 0, false
	}
	n, _ = strconv.Atoi(batch)
	return n, n <= MaxBatchNumber
}

// compareBatches orders batch ids: numbers by value, then anything else by
// text.
func compareBatches(a, b string) int {
	na, okA := BatchNumber(a)
	nb, okB := BatchNumber(b)
	switch {
	case okA && okB:
		return cmp.Compare(na, nb)
	case okA:
		return -1
	case okB:
		return 1
	}
	return strings.Compare(a, b)
}

// Rejections lists every rejection the file holds, oldest batch first.
func (f *File) Rejections() []Rejection {
	var out []Rejection
	for _, b := range f.Batches {
		out = append(out, b.Rejected...)
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
