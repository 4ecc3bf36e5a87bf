package facts

import (
	"errors"
	"slices"
)

// foldCount is how many pieces the fold line stands for when the pieces
// listed are those and folded those of sw's own, and the date it carries
// (the newest folded piece's). It counts every piece not listed, following
// the change rather than listing the pieces, so that a commit costs what
// it changes, not what the collection holds:
//
//   - a listed piece folded counts one more, a folded one listed (a piece
//     with no date of its own, changed, takes the commit's) one fewer;
//     applied again, the same change moves nothing more;
//   - a piece added straight into the fold, or removed from it, moves the
//     count only while the file has not counted the change yet (counted);
//   - otherwise (no fold line yet, a count that does not read, own entries
//     that read as neither Before nor After) Update.All is counted.
//
// So the count stays true however often the same change is applied: the
// post-commit hook applies the pre-commit hook's again, and a commit that
// was stopped runs the pre-commit hook again.
func (l *autoLayout) foldCount(listed map[string]bool, folded []item) (int, string, error) {
	date := ""
	if l.cur.fold != nil && !l.u.Full {
		date = l.cur.fold.Date
	}
	for _, it := range folded {
		date = max(date, it.date)
	}
	if l.u.Full {
		n := 0
		for _, p := range l.u.Pieces {
			if !listed[p.Path] && !l.cur.taken[0][p.Path] && !l.unlistable[p.Path] {
				n++
			}
		}
		return n, date, nil
	}
	if l.cur.fold == nil && len(folded) == 0 {
		return 0, "", nil // no fold before, none now
	}
	wasListed := func(p string) bool { _, ok := l.cur.own[0][p]; return ok || l.cur.taken[0][p] }
	isListed := func(p string) bool { return listed[p] || l.cur.taken[0][p] }
	n := l.cur.folded
	for p := range l.cur.own[0] {
		if !isListed(p) && !l.removed[p] && !l.unlistable[p] {
			n++ // listed before, folded now
		}
	}
	for p := range listed {
		if !wasListed(p) && !l.added[p] {
			n-- // folded before, listed now
		}
	}
	moved := 0 // what the change brings into the fold, or takes out of it
	for p := range l.added {
		if !isListed(p) && !l.unlistable[p] && isPathKey(p) {
			moved++
		}
	}
	for p := range l.removed {
		if !wasListed(p) && isPathKey(p) {
			moved--
		}
	}
	if l.cur.fold != nil && l.cur.folded >= 0 {
		if moved == 0 {
			return n, date, nil
		}
		if yet, sure := l.counted(); sure && yet {
			return n, date, nil
		} else if sure {
			return n + moved, date, nil
		}
	}
	all, err := l.allPieces()
	if err != nil {
		return 0, "", err
	}
	n = 0
	for _, p := range all {
		if !isListed(p) && !l.unlistable[p] && isPathKey(p) {
			n++
		}
	}
	return n, date, nil
}

// counted tells whether the file's fold line counts the change already,
// and sure whether that can be told: not yet while the file's own entries
// read as Update.Before's, already while they read as Update.After's where
// those differ from Before's. Any other file (an update of sw's not
// committed, a file the person rewrote) cannot tell.
func (l *autoLayout) counted() (yet, sure bool) {
	cur := ownLines(l.cur)
	before, okBefore := ownLinesOf(l.u.Before)
	if okBefore && slices.Equal(cur, before) {
		return false, true
	}
	after, okAfter := ownLinesOf(l.u.After)
	if okAfter && slices.Equal(cur, after) && !(okBefore && slices.Equal(after, before)) {
		return true, true
	}
	return false, false
}

// ownLinesOf is ownLines of a memory.md's bytes; false for none, or bytes
// that do not read.
func ownLinesOf(data []byte) ([]string, bool) {
	if data == nil {
		return nil, false
	}
	m, err := Parse(File, data)
	if err != nil {
		return nil, false
	}
	return ownLines(m.auto()), true
}

// ownLines lists sw's own entries in a file, fold line and doubles
// included, sorted: two files that list the same hold the same entries of
// sw's.
func ownLines(s autoState) []string {
	var out []string
	add := func(e Entry) { out = append(out, e.Section+"\x00"+e.Key+"\x00"+e.Text+"\x00"+e.Date) }
	for slot := range s.own {
		for _, e := range s.own[slot] {
			add(*e)
		}
	}
	if s.fold != nil {
		add(*s.fold)
	}
	for _, e := range s.extra {
		add(e)
	}
	slices.Sort(out)
	return out
}

// allPieces asks Update.All, once.
func (l *autoLayout) allPieces() ([]string, error) {
	if !l.allAsked {
		l.allAsked = true
		if l.u.All == nil {
			return nil, errors.New("internal error: the pieces were not given to count the folded ones")
		}
		all, err := l.u.All()
		if err != nil {
			return nil, err
		}
		l.all = all
	}
	return l.all, nil
}
