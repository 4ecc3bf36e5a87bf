package gitrepo

import (
	"bytes"
	"container/heap"
	"errors"
	"fmt"
	"os/exec"
	"strconv"
)

// IsAncestor reports whether commit a is reachable from commit b (a commit
// is its own ancestor), as `git merge-base --is-ancestor a b` would.
//
// The walk paints commits from both ends, newest first, as git's merge-base
// does: commits reached from b, commits reached from a, and "stale" commits
// reached from both, which cannot lead to a (they are a's own ancestors) and
// are not followed further for b. The answer is exact without assuming
// anything about clocks: true when a is reached from b; false when no commit
// reached from b alone is left to visit. Dates only choose the order, which
// keeps the walk short: to find a recent commit it visits the commits newer
// than it; to rule one out, the commits since the two histories met.
//
// One bound keeps a bad case cheap: if the walk must visit, from b alone, a
// commit more than a day (of clock-skew slack) older than a, the histories
// have not met where they usually do (a branch of old commits was merged, or
// a is unrelated to b), and the answer is left to git itself, whose
// commit-graph makes that case fast.
//
// Checks against the same b share work: the commits reached from b, newest
// first, are kept in the Repo, so asking about fifty merged suggestions
// walks the branch once, not fifty times.
func (r *Repo) IsAncestor(a, b Hash) (bool, error) {
	if a == b {
		return true, nil
	}
	if found, err := r.reachedFrom(a, b); err != nil || found {
		return found, err
	}
	found, decided, err := r.paintWalk(a, b)
	if err != nil || decided {
		return found, err
	}
	return r.gitIsAncestor(a, b)
}

// IsAncestorSince is IsAncestor(a, b) for an a known not to be an ancestor
// of prev, an earlier tip of b's branch. A hook asks this after every
// commit about each pending suggestion, and the branch has usually moved by
// a commit or a merge on top of prev: then only what those commits brought
// in can hold a, and the check reads them alone instead of every commit
// since a was made. If prev is not a few first parents below b (a reset, a
// rebase, a long fetch), it is IsAncestor.
func (r *Repo) IsAncestorSince(a, b, prev Hash) (bool, error) {
	if prev.IsZero() {
		return r.IsAncestor(a, b)
	}
	var sides []Hash // parents of merges since prev, other than the first
	for h, steps := b, 0; h != prev; steps++ {
		if h == a {
			return true, nil
		}
		n, err := r.node(h)
		if err != nil {
			return false, err
		}
		if len(n.parents) == 0 || steps == maxSince {
			return r.IsAncestor(a, b)
		}
		sides = append(sides, n.parents[1:]...)
		h = n.parents[0]
	}
	// A path from b to a cannot pass through prev's history, which does not
	// hold a: it runs through the first-parent line walked above (a was not
	// on it) or through a merged side.
	for _, p := range sides {
		if ok, err := r.IsAncestor(a, p); err != nil || ok {
			return ok, err
		}
	}
	return false, nil
}

// maxSince bounds the first-parent steps IsAncestorSince takes looking for
// the earlier tip.
const maxSince = 64

// descent is the part of b's history walked so far, newest first: every
// commit reached, and the queue of those whose parents are still unread.
type descent struct {
	reached map[Hash]bool
	queue   commitQueue
}

// maxDescents bounds how many branches keep a descent.
const maxDescents = 16

// reachedFrom looks for a among the commits reachable from b, extending
// b's shared descent down to a day before a's date. A true answer is exact;
// false only means the cheap search did not find a.
func (r *Repo) reachedFrom(a, b Hash) (bool, error) {
	na, err := r.node(a)
	if err != nil {
		return false, err
	}
	st := r.state()
	st.descentMu.Lock()
	defer st.descentMu.Unlock()
	d := st.descents[b]
	if d == nil {
		nb, err := r.node(b)
		if err != nil {
			return false, err
		}
		if st.descents == nil || len(st.descents) >= maxDescents {
			st.descents = map[Hash]*descent{}
		}
		d = &descent{reached: map[Hash]bool{b: true}, queue: commitQueue{{b, nb.time}}}
		st.descents[b] = d
	}
	if d.reached[a] {
		return true, nil
	}
	bound := na.time - skewSlack
	found := false
	for !found && d.queue.Len() > 0 && d.queue[0].time >= bound {
		c := heap.Pop(&d.queue).(queued)
		n, err := r.node(c.h)
		if err != nil {
			return false, err
		}
		for _, p := range n.parents {
			if d.reached[p] {
				continue
			}
			np, err := r.node(p)
			if err != nil {
				return false, err
			}
			d.reached[p] = true
			heap.Push(&d.queue, queued{p, np.time})
			found = found || p == a
		}
	}
	return found, nil
}

const (
	fromA = 1 << iota
	fromB
	stale
)

// skewSlack is how much older than a a commit reached from b may be before
// the walk hands over to git.
const skewSlack = 24 * 60 * 60

// maxWalk caps the commits one check may visit before handing over to git.
const maxWalk = 200000

func (r *Repo) paintWalk(a, b Hash) (found, decided bool, err error) {
	na, err := r.node(a)
	if err != nil {
		return false, false, err
	}
	nb, err := r.node(b)
	if err != nil {
		return false, false, err
	}
	bound := na.time - skewSlack
	flags := map[Hash]uint8{a: fromA, b: fromB}
	done := map[Hash]uint8{} // the flags a commit had when last visited
	q := &commitQueue{}
	heap.Push(q, queued{a, na.time})
	heap.Push(q, queued{b, nb.time})
	for visited := 0; q.hasBOnly(flags); visited++ {
		if visited > maxWalk {
			return false, false, nil
		}
		c := heap.Pop(q).(queued)
		f := flags[c.h]
		if done[c.h] == f {
			continue // already visited with these flags
		}
		done[c.h] = f
		if f&(fromA|fromB) == fromA|fromB {
			f |= stale
			flags[c.h] = f
		}
		if f&(fromB|stale|fromA) == fromB && c.time < bound {
			return false, false, nil // the bound gives up: ask git
		}
		n, err := r.node(c.h)
		if err != nil {
			return false, false, err
		}
		for _, p := range n.parents {
			if flags[p]&f == f {
				continue
			}
			flags[p] |= f
			if p == a && f&fromB != 0 {
				return true, true, nil
			}
			np, err := r.node(p)
			if err != nil {
				return false, false, err
			}
			heap.Push(q, queued{p, np.time})
		}
	}
	return false, true, nil
}

func (r *Repo) gitIsAncestor(a, b Hash) (bool, error) {
	cmd := exec.Command("git", "merge-base", "--is-ancestor", a.String(), b.String())
	cmd.Dir = r.Root
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return true, nil
	case errors.As(err, &exit) && exit.ExitCode() == 1:
		return false, nil
	}
	return false, fmt.Errorf("git merge-base --is-ancestor: %s", bytes.TrimSpace(stderr.Bytes()))
}

// commitNode is what an ancestry walk needs of a commit.
type commitNode struct {
	parents []Hash
	time    int64 // committer time, seconds
}

func (r *Repo) node(h Hash) (*commitNode, error) {
	st := r.state()
	if n, ok := lookup(st, &st.nodes, h); ok {
		return n, nil
	}
	// A commit already read whole (a hook's HEAD) is not inflated again.
	cc, read := lookup(st, &st.commits, h)
	data := cc.raw
	if !read {
		var err error
		if data, err = r.readObject(h, typeCommit); err != nil {
			return nil, err
		}
	}
	n, err := parseNode(data)
	if err != nil {
		return nil, fmt.Errorf("commit %s: %w", h, err)
	}
	remember(st, &st.nodes, maxCachedNodes, h, n)
	return n, nil
}

// parseNode reads only the parent and committer lines of a commit.
func parseNode(data []byte) (*commitNode, error) {
	n := &commitNode{}
	for len(data) > 0 {
		nl := bytes.IndexByte(data, '\n')
		if nl < 0 {
			nl = len(data)
		}
		line := data[:nl]
		data = data[min(nl+1, len(data)):]
		if len(line) == 0 {
			break
		}
		if rest, ok := bytes.CutPrefix(line, []byte("parent ")); ok {
			h, ok := parseHashBytes(rest)
			if !ok {
				return nil, fmt.Errorf("bad parent line %q", line)
			}
			n.parents = append(n.parents, h)
		} else if rest, ok := bytes.CutPrefix(line, []byte("committer ")); ok {
			gt := bytes.LastIndexByte(rest, '>')
			if gt < 0 {
				continue
			}
			fields := bytes.Fields(rest[gt+1:])
			if len(fields) > 0 {
				n.time, _ = strconv.ParseInt(string(fields[0]), 10, 64)
			}
		}
	}
	return n, nil
}

// commitQueue pops the newest commit first.
type queued struct {
	h    Hash
	time int64
}

type commitQueue []queued

func (q commitQueue) Len() int           { return len(q) }
func (q commitQueue) Less(i, j int) bool { return q[i].time > q[j].time }
func (q commitQueue) Swap(i, j int)      { q[i], q[j] = q[j], q[i] }
func (q *commitQueue) Push(x any)        { *q = append(*q, x.(queued)) }
func (q *commitQueue) Pop() any {
	old := *q
	x := old[len(old)-1]
	*q = old[:len(old)-1]
	return x
}

// hasBOnly reports whether a queued commit is reached from b and not yet
// known to be an ancestor of a: only such a commit can still lead to a.
func (q commitQueue) hasBOnly(flags map[Hash]uint8) bool {
	for _, c := range q {
		if flags[c.h]&(fromA|fromB|stale) == fromB {
			return true
		}
	}
	return false
}
