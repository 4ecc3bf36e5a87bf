package main

import (
	"fmt"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
)

// snapshot is a writer's profile after learning from its first pieces,
// and every held-out piece of every writer checked against it.
type snapshot struct {
	accepted int // suggestions merged so far
	rules    []rule
	checks   map[string]checked // by the held-out piece's corpus path
}

// sizesFor are the numbers of pieces a writer's snapshots are taken at:
// each level, or every piece the writer has to learn from when it has
// fewer.
func sizesFor(w *writer, levels []int) []int {
	var sizes []int
	for _, l := range levels {
		if n := min(l, len(w.train)); !slices.Contains(sizes, n) {
			sizes = append(sizes, n)
		}
	}
	sort.Ints(sizes)
	return sizes
}

// learn runs one writer's collection through the commit loop: the
// writer's pieces committed one by one in the order written, every
// suggestion accepted as it arrives, and at each size a snapshot.
// heldOut maps the path of each held-out piece, as sw check is given it,
// to its corpus path.
func (s *session) learn(work string, w *writer, sizes []int, heldOut map[string]string) (map[int]*snapshot, error) {
	c, err := s.startCollection(filepath.Join(work, "collections", strings.ReplaceAll(strings.ToLower(w.name), " ", "-")))
	if err != nil {
		return nil, err
	}
	paths := make([]string, 0, len(heldOut))
	for path := range heldOut {
		paths = append(paths, path)
	}
	sort.Strings(paths)
	snaps := map[int]*snapshot{}
	accepted := 0
	for i, p := range w.train[:sizes[len(sizes)-1]] {
		if err := c.commit(p); err != nil {
			return nil, err
		}
		n, err := c.acceptAll()
		if err != nil {
			return nil, err
		}
		accepted += n
		if !slices.Contains(sizes, i+1) {
			continue
		}
		n, err = c.analyzeRest()
		if err != nil {
			return nil, err
		}
		accepted += n
		snap, err := c.snapshot(paths, heldOut)
		if err != nil {
			return nil, err
		}
		snap.accepted = accepted
		snaps[i+1] = snap
	}
	return snaps, nil
}

// snapshot reads the profile as it stands and checks every held-out piece
// against it.
func (c *collection) snapshot(paths []string, heldOut map[string]string) (*snapshot, error) {
	rules, err := c.rules()
	if err != nil {
		return nil, err
	}
	byPath, err := c.check(paths)
	if err != nil {
		return nil, err
	}
	snap := &snapshot{rules: rules, checks: map[string]checked{}}
	for path, res := range byPath {
		snap.checks[heldOut[path]] = res
	}
	return snap, nil
}

// learnAll runs every writer's collection, jobs at a time, longest first.
func (s *session) learnAll(work string, ws []*writer, levels []int, heldOut map[string]string, jobs int) (map[string]map[int]*snapshot, error) {
	order := slices.Clone(ws)
	sort.SliceStable(order, func(i, j int) bool { return len(order[i].train) > len(order[j].train) })
	var (
		mu    sync.Mutex
		wg    sync.WaitGroup
		all   = map[string]map[int]*snapshot{}
		first error
		queue = make(chan *writer)
	)
	for range max(1, jobs) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for w := range queue {
				snaps, err := s.learn(work, w, sizesFor(w, levels), heldOut)
				mu.Lock()
				if err != nil && first == nil {
					first = fmt.Errorf("%s: %w", w.name, err)
				}
				all[w.name] = snaps
				mu.Unlock()
			}
		}()
	}
	for _, w := range order {
		queue <- w
	}
	close(queue)
	wg.Wait()
	return all, first
}
