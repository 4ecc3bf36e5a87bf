//go:build !unix

package guard

import "time"

// cpuTime is not measured here: benchmarks report wall time alone, and
// the guard's budget is kept by the clock.
func CPUTime() time.Duration { return 0 }
