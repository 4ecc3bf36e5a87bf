package prose

import "testing"

// TestOffsetMap builds maps as the builder does, a byte or a run at a
// time with cuts between, and asks where bytes come from.
func TestOffsetMap(t *testing.T) {
	type add struct{ at, src int }
	cases := []struct {
		name string
		adds []add
		cut  int // after the adds; -1 for none
		want map[int]int
		runs int
	}{
		{"one run", []add{{0, 10}}, -1, map[int]int{0: 10, 5: 15}, 1},
		{"bytes that follow on make no run", []add{{0, 10}, {1, 11}, {2, 12}}, -1, map[int]int{2: 12, 3: 13}, 1},
		{"a gap in the source starts a run", []add{{0, 10}, {4, 20}}, -1, map[int]int{0: 10, 3: 13, 4: 20, 6: 22}, 2},
		{"a rune of several bytes from one place", []add{{0, 10}, {1, 10}, {4, 18}}, -1, map[int]int{0: 10, 1: 10, 4: 18}, 3},
		{"cut drops the runs after it", []add{{0, 10}, {4, 20}, {8, 40}}, 5, map[int]int{4: 20, 7: 23}, 2},
		{"cut at a run's start drops it", []add{{0, 10}, {4, 20}}, 4, map[int]int{3: 13}, 1},
		{"cut everything", []add{{0, 10}, {4, 20}}, 0, map[int]int{}, 0},
	}
	for _, c := range cases {
		var m offsetMap
		for _, a := range c.adds {
			m.add(a.at, a.src)
		}
		m.src(c.adds[len(c.adds)-1].at) // leaves last at the latest run, as the builder does
		if c.cut >= 0 {
			m.cut(c.cut)
		}
		if len(m.runs) != c.runs {
			t.Errorf("%s: %d runs, want %d", c.name, len(m.runs), c.runs)
		}
		for _, i := range []int{7, 6, 5, 4, 3, 2, 1, 0} { // backwards too, which starts the search over
			if want, ok := c.want[i]; ok {
				if got := m.src(i); got != want {
					t.Errorf("%s: byte %d from %d, want %d", c.name, i, got, want)
				}
			}
		}
	}
}
