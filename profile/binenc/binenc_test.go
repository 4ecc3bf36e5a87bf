package binenc

import (
	"slices"
	"strings"
	"testing"
	"time"
)

func TestRoundTrip(t *testing.T) {
	at := time.Date(2026, 11, 30, 10, 0, 0, 123, time.UTC)
	var w Writer
	w.Byte(7)
	w.Bool(true)
	w.Uint(300)
	w.Int(-5)
	w.Float(2.5)
	w.String("héllo")
	w.Strings([]string{"a", ""})
	w.Strings(nil)
	w.Time(at)
	w.Time(time.Time{})
	r := NewReader(w.B)
	if r.Byte() != 7 || !r.Bool() || r.Uint() != 300 || r.Int() != -5 || r.Float() != 2.5 || r.String() != "héllo" {
		t.Fatal("scalars differ")
	}
	if s := r.Strings(); len(s) != 2 || s[0] != "a" || s[1] != "" {
		t.Fatalf("strings %q", s)
	}
	if r.Strings() != nil || !r.Time().Equal(at) || !r.Time().IsZero() {
		t.Fatal("nil list or times differ")
	}
	if err := r.Done(); err != nil {
		t.Fatal(err)
	}
	// Every prefix is refused, never read as something else.
	for i := range w.B {
		r := NewReader(w.B[:i])
		r.Byte()
		r.Bool()
		r.Uint()
		r.Int()
		r.Float()
		_ = r.String()
		r.Strings()
		r.Strings()
		r.Time()
		r.Time()
		if r.Done() == nil {
			t.Fatalf("a cut at %d read whole", i)
		}
	}
}

func FuzzReader(f *testing.F) {
	f.Add([]byte{1, 5, 'h', 'e', 'l', 'l', 'o'})
	f.Fuzz(func(t *testing.T, data []byte) {
		r := NewReader(data)
		r.Strings()
		r.Time()
		r.Float()
		r.Done()
	})
}

func TestSealedRecordsUnsealWholeOnly(t *testing.T) {
	older := &Writer{}
	older.String(strings.Repeat("old state ", 40))
	newer := &Writer{}
	newer.String(strings.Repeat("new ", 30))
	oldB, newB := Seal(older.B), Seal(newer.B)
	if got, ok := Unseal(newB); !ok || NewReader(got).String() != strings.Repeat("new ", 30) {
		t.Fatalf("a whole record did not unseal: %q %v", got, ok)
	}
	// New bytes written over old ones, before the file is cut to length,
	// and every cut of a whole record.
	mixed := append(slices.Clone(newB), oldB[len(newB):]...)
	if _, ok := Unseal(mixed); ok {
		t.Fatal("a half rewritten file unsealed")
	}
	for n := range len(newB) {
		if _, ok := Unseal(newB[:n]); ok {
			t.Fatalf("the first %d bytes unsealed", n)
		}
	}
	flipped := slices.Clone(newB)
	flipped[3] ^= 1
	if _, ok := Unseal(flipped); ok {
		t.Fatal("a changed byte unsealed")
	}
}
