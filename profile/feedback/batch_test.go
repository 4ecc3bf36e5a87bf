package feedback

import "testing"

func TestBatchNumber(t *testing.T) {
	for batch, want := range map[string]int{
		"1": 1, "42": 42, "999999999": 999999999,
		"0": 0, "": 0, "-1": 0, "+1": 0, "01": 0, "1e3": 0, "x": 0, " 1": 0,
		"1000000000":              0,
		"9223372036854775807":     0, // one past it is a negative int
		"99999999999999999999999": 0,
	} {
		n, ok := BatchNumber(batch)
		if n != want && ok || ok != (want > 0) {
			t.Errorf("BatchNumber(%q) = %d, %v; want %d, %v", batch, n, ok, want, want > 0)
		}
	}
}

func TestMaxBatchPassesOverNumbersOutOfBounds(t *testing.T) {
	f := New()
	for _, b := range []string{"3", "9223372036854775807", "1000000000", "x"} {
		f.Batches = append(f.Batches, Batch{Batch: b})
	}
	if got := f.MaxBatch(); got != 3 {
		t.Errorf("MaxBatch = %d, want 3", got)
	}
}
