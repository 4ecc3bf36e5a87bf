package prose

import (
	"math"
	"testing"
)

func TestStats(t *testing.T) {
	near := func(a, b float64) bool { return math.Abs(a-b) < 1e-9 }
	ten := []float64{10, 9, 8, 7, 6, 5, 4, 3, 2, 1}
	cases := []struct {
		name      string
		got, want float64
	}{
		{"median even", Median([]float64{4, 1, 3, 2}), 2.5},
		{"median odd", Median([]float64{5, 1, 3}), 3},
		{"median one", Median([]float64{7}), 7},
		// rank = 0.9 * 9 = 8.1: 9 + 0.1 * (10 - 9)
		{"p90", Percentile(ten, 90), 9.1},
		{"p0", Percentile(ten, 0), 1},
		{"p100", Percentile(ten, 100), 10},
		{"clamped", Percentile(ten, 150), 10},
		{"clamped low", Percentile(ten, -5), 1},
	}
	for _, c := range cases {
		if !near(c.got, c.want) {
			t.Errorf("%s = %v, want %v", c.name, c.got, c.want)
		}
	}
	if ten[0] != 10 {
		t.Error("Percentile sorted its input")
	}
	for name, v := range map[string]float64{
		"median": Median(nil), "percentile": Percentile(nil, 50), "nan p": Percentile(ten, math.NaN()),
	} {
		if !math.IsNaN(v) {
			t.Errorf("%s of nothing = %v, want NaN", name, v)
		}
	}
	ms := []Measurement{{Value: 3}, {Value: 1}}
	if v := Values(ms); len(v) != 2 || v[0] != 3 || v[1] != 1 {
		t.Errorf("Values = %v", v)
	}
}
