package facts

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// sw keeps two kinds of entry itself, after every commit: a "Pieces
// written" line per piece and a "Stance and arguments" entry per piece
// whose front matter states a stance, each keyed by the piece's path with
// the source sw, which is how sw knows them for its own:
//
//	- **pieces/walking.md:** On walking (essay): Slow beats fast. (sw, 2026-01-10)
//
// Those, and the line that stands for the pieces folded away to keep the
// file within its budget, are the only entries sw rewrites or removes. A
// person's entry for a piece (its path as the key or the source) stands
// for that piece in its section: sw then writes none beside it.

// autoSource is the source of the entries sw keeps itself.
const autoSource = "sw"

// foldKey keys the line that stands for the pieces folded away.
const foldKey = "earlier-pieces"

// foldText is the fold line's text, and how its count is read back.
var foldText = regexp.MustCompile("^…and ([0-9]+) earlier pieces?, see `git log`$")

func foldEntry(n int, date string) Entry {
	noun := "pieces"
	if n == 1 {
		noun = "piece"
	}
	return Entry{Section: Sections[1], sec: 1, Key: foldKey, Source: autoSource, Date: date,
		Text: fmt.Sprintf("…and %d earlier %s, see `git log`", n, noun)}
}

// Update is a change to the collection's pieces, for UpdateAuto to bring
// sw's entries in line with.
type Update struct {
	Pieces  []PieceFacts // the pieces added or changed; with Full, every piece
	Removed []string     // the paths of the pieces gone
	// Full: Pieces is the whole collection (sw facts rebuild). sw's
	// entries for any other piece go, folded pieces are laid out afresh,
	// and a piece's date never comes from the entry already there.
	Full bool
	// All lists every piece, asked once, only when the fold line's count
	// cannot follow the change (see foldCount).
	All func() ([]string, error)
	// Before is memory.md as the commit the change starts from holds it
	// (HEAD, for what a commit stages); After, as the commit the change
	// makes holds it, once made; nil when not known. They tell whether the
	// fold line counts the change yet, so that the same change applied
	// twice counts once without listing every piece.
	Before, After []byte
	// DateOf dates a piece that gives no date and has no entry of sw's to
	// keep the date of: the day the commit that added it was made. ""
	// leaves the piece out.
	DateOf func(path string) string
	Budget Budget
}

// Tally counts the entries of one section that an update added, rewrote,
// took out, and folded into the fold line.
type Tally struct{ Added, Changed, Removed, Folded int }

// Updated is what UpdateAuto did.
type Updated struct {
	Pieces, Stances Tally
	Folded          int    // the pieces the fold line stands for now
	Over            string // past the budget with every listed piece folded: what to tell the person
	Wrote           bool   // the file changed
}

// Report says in a line what the update did to the file named name, "" for
// nothing.
func (u Updated) Report(name string) string {
	if !u.Wrote {
		return ""
	}
	var parts []string
	for i, t := range []Tally{u.Pieces, u.Stances} {
		var n []string
		for j, c := range []int{t.Added, t.Changed, t.Removed, t.Folded} {
			if c > 0 {
				n = append(n, fmt.Sprintf("%d %s", c, [...]string{"added", "rewritten", "removed", "folded"}[j]))
			}
		}
		if len(n) > 0 {
			parts = append(parts, Sections[i+1]+": "+strings.Join(n, ", "))
		}
	}
	if len(parts) == 0 {
		parts = append(parts, "sw's entries put back in order")
	}
	s := name + ": " + strings.Join(parts, "; ")
	if u.Folded > 0 {
		s += fmt.Sprintf(" (%d earlier pieces in one line, to keep within the budget)", u.Folded)
	}
	return s
}

// item is one of sw's entries as it is to stand: the piece it is for, its
// date and the entry, which, kept, stands as it is in the file.
type item struct {
	path, date string
	e          Entry
	kept       bool // the entry read from the file: its lines stay as they are
}

// text is the item's lines as they are to stand.
func (l *autoLayout) text(it item) string {
	if it.kept {
		return l.m.raw(it.e)
	}
	return it.e.line()
}

// raw is an entry's lines as they stand in the file.
func (m *Memory) raw(e Entry) string {
	return string(m.data[m.lines[e.first].Start:m.lines[e.last].End])
}

func byDateThenPath(a, b item) int {
	return cmp.Or(strings.Compare(a.date, b.date), strings.Compare(a.path, b.path))
}

// UpdateAuto returns data, a memory.md named name in errors, with sw's own
// entries brought in line with the change u describes, and what it did. A
// file already in line comes back as it is. The person's entries are never
// touched: when the file would pass u.Budget, the oldest "Pieces written"
// lines sw keeps fold into one (`…and 40 earlier pieces, see git log`),
// and when it is past it still, Updated.Over says so.
func UpdateAuto(name string, data []byte, u Update) ([]byte, Updated, error) {
	m, err := Parse(name, data)
	if err != nil {
		return nil, Updated{}, err
	}
	l := autoLayout{m: m, cur: m.auto(), u: u, eol: m.eol}
	l.apply()
	if l.inLine() {
		return data, Updated{}, nil
	}
	l.materialize()
	out, res, err := l.fit()
	if err != nil {
		return nil, Updated{}, err
	}
	res.Wrote = !bytes.Equal(out, data)
	if err := l.check(name, out); err != nil {
		return nil, Updated{}, err
	}
	return out, res, nil
}

// autoState is what a file holds of sw's own entries.
type autoState struct {
	own    [2]map[string]*Entry // sw's entries by piece, "Pieces written" and "Stance and arguments": in the Memory's Entries
	extra  []Entry              // a second entry of sw's for one piece, or a second fold line: they go
	taken  [2]map[string]bool   // pieces a person's entry stands for, in each section
	fold   *Entry
	folded int // the fold line's count; -1 when it cannot be read
}

// auto reads sw's own entries, and the rest, from m.
func (m *Memory) auto() autoState {
	s := autoState{}
	for i := range s.own {
		s.own[i], s.taken[i] = make(map[string]*Entry, len(m.Entries)), map[string]bool{}
	}
	for i := range m.Entries {
		e := &m.Entries[i]
		slot := e.sec - 1
		if slot != 0 && slot != 1 {
			continue
		}
		switch {
		case e.Source == autoSource && slot == 0 && e.Key == foldKey:
			if s.fold != nil {
				s.extra = append(s.extra, *e)
				continue
			}
			s.fold, s.folded = e, -1
			if c := foldText.FindStringSubmatch(e.Text); c != nil {
				s.folded, _ = strconv.Atoi(c[1])
			}
		case e.Source == autoSource && isPathKey(e.Key):
			if _, twice := s.own[slot][e.Key]; twice {
				s.extra = append(s.extra, *e)
				continue
			}
			s.own[slot][e.Key] = e
		default:
			for _, p := range []string{e.Key, e.Source} {
				if isPathKey(p) {
					s.taken[slot][p] = true
				}
			}
		}
	}
	return s
}

// isOwn reports whether e is one of sw's own entries.
func isOwn(e Entry) bool {
	return e.Source == autoSource && (e.sec == 1 || e.sec == 2) && (isPathKey(e.Key) || e.sec == 1 && e.Key == foldKey)
}

// own lists sw's own entries, fold line and doubles included.
func (m *Memory) own() []Entry {
	var own []Entry
	for _, e := range m.Entries {
		if isOwn(e) {
			own = append(own, e)
		}
	}
	return own
}

// personEntries are the entries that are not sw's own, as they read.
func (m *Memory) personEntries() []string {
	var out []string
	for _, e := range m.Entries {
		if !isOwn(e) {
			out = append(out, e.Section+"|"+e.String())
		}
	}
	return out
}

// autoLayout is an update being worked out.
type autoLayout struct {
	m   *Memory
	cur autoState
	u   Update
	eol string

	// touched are the entries the change calls for, for the pieces it
	// touches: nil for none.
	touched    [2]map[string]*item
	seen       map[string]bool    // the pieces of Update.Pieces
	want       [2]map[string]item // every entry to stand, by piece (see materialize)
	added      map[string]bool    // pieces the change adds
	removed    map[string]bool
	unlistable map[string]bool // pieces whose path cannot key an entry
	all        []string        // Update.All's answer, once asked
	allAsked   bool

	laid     [2][]item // what render laid out last, for check
	laidFold *Entry
}

// apply works out the entries the change calls for, before any folding.
func (l *autoLayout) apply() {
	l.added, l.removed, l.unlistable, l.seen = map[string]bool{}, map[string]bool{}, map[string]bool{}, map[string]bool{}
	l.touched = [2]map[string]*item{{}, {}}
	for _, p := range l.u.Pieces {
		l.seen[p.Path] = true
		if p.Added {
			l.added[p.Path] = true
		}
		date := p.Date
		if old, ok := l.cur.own[0][p.Path]; date == "" && ok && !l.u.Full {
			date = old.Date
		}
		if date == "" && l.u.DateOf != nil {
			date = l.u.DateOf(p.Path)
		}
		pe, ok := p.pieceEntry(date)
		if !ok {
			l.unlistable[p.Path] = true // never counted as folded either
		}
		l.touch(0, p.Path, pe, ok)
		se, ok := p.stanceEntry(date)
		l.touch(1, p.Path, se, ok)
	}
	for _, p := range l.u.Removed {
		l.removed[p] = true
		l.touched[0][p], l.touched[1][p] = nil, nil
	}
}

// touch makes e the entry for piece p in slot, or, when !ok or a person's
// entry stands for p there, none. An entry that reads as the one there is
// kept as it is.
func (l *autoLayout) touch(slot int, p string, e Entry, ok bool) {
	if !ok || l.cur.taken[slot][p] {
		l.touched[slot][p] = nil
		return
	}
	it := &item{path: p, date: e.Date, e: e}
	if old, had := l.cur.own[slot][p]; had && old.Text == e.Text && old.Date == e.Date {
		it.e, it.kept = *old, true
	}
	l.touched[slot][p] = it
}

// materialize works out every entry that is to stand: those in the file,
// as the change leaves them; with Update.Full, only those of its pieces.
func (l *autoLayout) materialize() {
	for slot := range l.want {
		l.want[slot] = map[string]item{}
		for p, e := range l.cur.own[slot] {
			if !l.u.Full || l.seen[p] {
				l.want[slot][p] = item{path: p, date: e.Date, e: *e, kept: true}
			}
		}
		for p, it := range l.touched[slot] {
			if it == nil {
				delete(l.want[slot], p)
			} else {
				l.want[slot][p] = *it
			}
		}
	}
}

// inLine reports whether the file already holds what the change calls
// for, and nothing the change does moves the fold line: the hooks' common
// case (the post-commit hook after the pre-commit hook's work), answered
// without laying the file out again.
func (l *autoLayout) inLine() bool {
	if l.u.Full || len(l.cur.extra) > 0 || l.cur.fold != nil && l.cur.folded < 0 {
		return false
	}
	fold := l.cur.fold != nil
	same := func(p string) bool {
		for slot := range l.touched {
			it := l.touched[slot][p]
			_, had := l.cur.own[slot][p]
			if (it != nil) != had || it != nil && !it.kept {
				return false
			}
		}
		it := l.touched[0][p]
		return !fold || it == nil || it.date >= l.cur.fold.Date
	}
	for _, p := range l.u.Pieces {
		if !same(p.Path) || fold && p.Added && l.touched[0][p.Path] == nil && !l.cur.taken[0][p.Path] {
			return false
		}
	}
	for _, p := range l.u.Removed {
		if !same(p) || fold && !l.cur.taken[0][p] {
			return false // a piece gone that may have been folded: count again
		}
	}
	return true
}

// fit lays the entries out, folding the oldest pieces until the file is
// within the budget, or none is left to fold.
func (l *autoLayout) fit() ([]byte, Updated, error) {
	pieces := slices.SortedFunc(maps.Values(l.want[0]), byDateThenPath)
	// Pieces dated before the fold's newest are in it: "earlier" stays true.
	k := 0
	if l.cur.fold != nil && !l.u.Full {
		for k < len(pieces) && pieces[k].date < l.cur.fold.Date {
			k++
		}
	}
	out, folded, err := l.render(pieces, k)
	for err == nil && l.over(out) && k < len(pieces) {
		k = l.moreToFold(out, pieces, k, folded)
		out, folded, err = l.render(pieces, k)
	}
	if err != nil {
		return nil, Updated{}, err
	}
	res := Updated{Folded: folded}
	res.Pieces = tally(l.cur.own[0], l.want[0], pieces[:k])
	res.Stances = tally(l.cur.own[1], l.want[1], nil)
	if l.over(out) {
		res.Over = fmt.Sprintf("%d lines and %d bytes, past its budget of %d lines and %d bytes with every piece sw lists folded into one line; the rest is yours, and sw drops none of it: sw facts check shows where",
			countLines(out), len(out), l.u.Budget.Lines, l.u.Budget.Bytes)
	}
	return out, res, nil
}

// tally compares the entries of a section before and after; folded are
// the pieces that stand in the fold line.
func tally(before map[string]*Entry, after map[string]item, folded []item) Tally {
	var t Tally
	gone := map[string]bool{}
	for _, it := range folded {
		gone[it.path] = true
	}
	for p, it := range after {
		old, had := before[p]
		switch {
		case gone[p] && !had:
		case gone[p]:
			t.Folded++
		case !had:
			t.Added++
		case !it.kept && old.line() != it.e.line():
			t.Changed++
		}
	}
	for p := range before {
		if _, ok := after[p]; !ok {
			t.Removed++
		}
	}
	return t
}

// over reports whether data is past the budget (zero is no limit).
func (l *autoLayout) over(data []byte) bool {
	b := l.u.Budget
	return b.Lines > 0 && countLines(data) > b.Lines || b.Bytes > 0 && len(data) > b.Bytes
}

// moreToFold is how many of pieces, oldest first, to fold so that data,
// laid out with k folded, comes within the budget: worked out from the
// lines and bytes each saves, and at least one more.
func (l *autoLayout) moreToFold(data []byte, pieces []item, k, folded int) int {
	lines, bytes := countLines(data)-l.u.Budget.Lines, len(data)-l.u.Budget.Bytes
	if folded == 0 { // the fold line comes in
		lines++
		bytes += len(foldEntry(len(pieces), pieces[len(pieces)-1].date).line()) + len(l.eol)
	}
	for k < len(pieces) {
		t := l.text(pieces[k])
		lines -= strings.Count(t, "\n") + 1
		bytes -= len(t) + len(l.eol)
		k++
		if (l.u.Budget.Lines <= 0 || lines <= 0) && (l.u.Budget.Bytes <= 0 || bytes <= 0) {
			break
		}
	}
	return k
}

// render lays out the file with the oldest k pieces folded, and returns
// it and the fold line's count.
func (l *autoLayout) render(pieces []item, k int) ([]byte, int, error) {
	listed := map[string]bool{}
	for _, it := range pieces[k:] {
		listed[it.path] = true
	}
	n, date, err := l.foldCount(listed, pieces[:k])
	if err != nil {
		return nil, 0, err
	}
	l.laid = [2][]item{pieces[k:], slices.SortedFunc(maps.Values(l.want[1]), byDateThenPath)}
	l.laidFold = nil
	var blocks [2][]string
	for slot, items := range l.laid {
		for _, it := range items {
			blocks[slot] = append(blocks[slot], l.text(it))
		}
	}
	if n > 0 {
		fold := foldEntry(n, date)
		l.laidFold = &fold
		line := fold.line()
		if old := l.cur.fold; old != nil && old.Text == fold.Text && old.Date == fold.Date {
			line = l.m.raw(*old)
		}
		blocks[0] = append(blocks[0], line)
	}
	out, err := l.m.spliceAuto(l.m.own(), blocks)
	return out, n, err
}

// check reads out back and holds it to what was laid out last: the
// person's entries as they were, and sw's as written. It costs a parse of
// a small file, against ever writing a memory.md that reads otherwise.
func (l *autoLayout) check(name string, out []byte) error {
	back, err := Parse(name, out)
	if err != nil {
		return fmt.Errorf("%s: internal error: the update would not read back: %v", name, err)
	}
	got := back.auto()
	if !slices.Equal(back.personEntries(), l.m.personEntries()) || len(got.extra) > 0 {
		return fmt.Errorf("%s: internal error: the update would change entries that are not sw's", name)
	}
	for slot, want := range l.laid {
		if len(got.own[slot]) != len(want) {
			return fmt.Errorf("%s: internal error: %d of sw's entries in %s read back, not %d", name, len(got.own[slot]), Sections[slot+1], len(want))
		}
		for _, it := range want {
			if e, ok := got.own[slot][it.path]; !ok || e.Text != it.e.Text || e.Date != it.e.Date {
				return fmt.Errorf("%s: internal error: sw's entry for %s does not read back as written", name, it.path)
			}
		}
	}
	if (got.fold == nil) != (l.laidFold == nil) || got.fold != nil && got.fold.Text != l.laidFold.Text {
		return fmt.Errorf("%s: internal error: the fold line does not read back as written", name)
	}
	return nil
}

// spliceAuto returns the file with the entries remove taken out and each
// section's block of lines put in their place: where the section's first
// removed entry stood, else after the section's entries (see insert). An
// entry taken out takes a blank line with it when it stood between two,
// as Remove does.
func (m *Memory) spliceAuto(remove []Entry, blocks [2][]string) ([]byte, error) {
	slices.SortFunc(remove, func(a, b Entry) int { return a.first - b.first })
	anchored := [2]bool{}
	var out bytes.Buffer
	out.Grow(len(m.data) + 1024)
	pos, lastCut := 0, -1
	for i := 0; i < len(remove); i++ {
		e := remove[i]
		start := m.lines[e.first].Start
		slot := e.sec - 1
		if !anchored[slot] && len(blocks[slot]) > 0 {
			anchored[slot] = true
			out.Write(m.data[pos:start])
			out.WriteString(strings.Join(blocks[slot], m.eol))
			if m.lines[e.last].HasEOL {
				out.WriteString(m.eol)
			}
			pos, lastCut = m.afterEOL(e.last), e.last
			continue
		}
		// A run of entries taken out, one after another, goes as one.
		f, last := e.first, e.last
		for i+1 < len(remove) && remove[i+1].first == last+1 && (anchored[remove[i+1].sec-1] || len(blocks[remove[i+1].sec-1]) == 0) {
			i++
			last = remove[i].last
		}
		if f > 0 && f-1 > lastCut && m.blank(f-1) && (last+1 == len(m.lines) || m.blank(last+1)) {
			start = m.lines[f-1].Start
		}
		out.Write(m.data[pos:start])
		pos, lastCut = m.afterEOL(last), last
	}
	out.Write(m.data[pos:])
	data := out.Bytes()
	// A file that ended without a line break still does.
	if n := len(m.data); n > 0 && m.data[n-1] != '\n' {
		data = bytes.TrimSuffix(data, []byte(m.eol))
	}
	for slot, block := range blocks {
		if anchored[slot] || len(block) == 0 {
			continue
		}
		at, err := Parse("", data)
		if err != nil {
			return nil, err
		}
		if data, _, _, err = at.insert(slot+1, strings.Join(block, m.eol), false); err != nil {
			return nil, err
		}
	}
	return data, nil
}

// countLines counts a file's lines as Parse does.
func countLines(data []byte) int {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	n := bytes.Count(data, []byte("\n"))
	if len(data) > 0 && data[len(data)-1] != '\n' {
		n++
	}
	return n
}

// UpdateFile applies UpdateAuto to the memory.md at path, named name in
// errors, and writes it atomically when it changed, over the file as it
// was read (a change saved meanwhile is read again). A file that does not
// exist is left so: sw init makes it, the person keeps it.
func UpdateFile(path, name string, u Update) (Updated, error) {
	var res Updated
	err := rewrite(path, name, func(data []byte, exists bool) ([]byte, error) {
		if !exists {
			res = Updated{}
			return nil, nil
		}
		out, r, err := UpdateAuto(name, data, u)
		res = r
		if err != nil || !r.Wrote {
			return nil, err
		}
		return out, nil
	})
	return res, err
}

// Exists reports whether the file at path is there to update.
func Exists(path string) bool {
	_, err := os.Stat(path)
	return !errors.Is(err, fs.ErrNotExist)
}

// WithoutOwn returns data, memory.md as read from name, with sw's own
// entries (its "Pieces written" lines, its stances, the fold line) taken
// out: what the person wrote. Two files that read the same without them
// differ only in what sw keeps, so a hook may stage one over the other.
func WithoutOwn(name string, data []byte) ([]byte, error) {
	m, err := Parse(name, data)
	if err != nil {
		return nil, err
	}
	return m.spliceAuto(m.own(), [2][]string{})
}
