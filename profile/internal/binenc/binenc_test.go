package binenc

import (
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
