//go:build !unix

package hooks

import "time"

// cpuTime is not measured here: benchmarks report wall time alone, and
// the guard's budget is kept by the clock.
func cpuTime() time.Duration { return 0 }
