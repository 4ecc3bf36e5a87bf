package prose

// offsetMap says where in the source the bytes of a buffer built from it
// come from, so positions survive the markup's removal. It keeps one
// entry per run of source bytes (a line, the text between two bits of
// markup) rather than four bytes per byte of text.
type offsetMap struct {
	runs []offsetRun
	last int // the run of the latest lookup, where the next one starts
}

// offsetRun says the buffer's bytes from index at on come one for one
// from the source bytes from offset src on, up to the next run.
type offsetRun struct{ at, src int32 }

// add records that the buffer's byte at index at comes from source offset
// src; the bytes after it count on from there. (The bytes after the first
// of a rune decoded from a character reference are off, and no one asks
// where those are.)
func (m *offsetMap) add(at, src int) {
	if n := len(m.runs); n > 0 {
		r := m.runs[n-1]
		if int(r.src)+at-int(r.at) == src {
			return // the latest run reaches it already
		}
	}
	m.runs = append(m.runs, offsetRun{int32(at), int32(src)})
}

// cut forgets the buffer's bytes from index n on.
func (m *offsetMap) cut(n int) {
	k := len(m.runs)
	for k > 0 && int(m.runs[k-1].at) >= n {
		k--
	}
	m.runs = m.runs[:k]
	m.last = min(m.last, max(k-1, 0))
}

// src returns the source offset of the buffer's byte at index i. Callers
// ask in buffer order, so the search goes on from the latest answer.
func (m *offsetMap) src(i int) int {
	k := m.last
	if k >= len(m.runs) || int(m.runs[k].at) > i {
		k = 0
	}
	for k+1 < len(m.runs) && int(m.runs[k+1].at) <= i {
		k++
	}
	m.last = k
	r := m.runs[k]
	return int(r.src) + i - int(r.at)
}
