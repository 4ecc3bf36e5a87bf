package facts

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"unicode/utf8"

	"sw/profile/prose"
)

// Budget is the size memory.md should keep within, since the agent loads
// it whole: so many lines and so many bytes (.sw.yaml's facts_budget).
type Budget struct {
	Lines int `json:"lines"`
	Bytes int `json:"bytes"`
}

// Piece is a piece of the collection as CheckFile reads it: its slash path
// from the collection root, and its text.
type Piece struct {
	Path string
	Text []byte
}

// Kinds of CheckFinding.
const (
	KindBudget      = "budget"
	KindDuplicate   = "duplicate"
	KindRestatement = "restatement"
)

// CheckFinding is one thing Check found in memory.md, at its line.
type CheckFinding struct {
	Line int    `json:"line"`
	Kind string `json:"kind"` // KindBudget, KindDuplicate or KindRestatement
	Text string `json:"text"` // the entry's text; for a budget, the line's
	Why  string `json:"why"`
}

// Checked is `sw facts check`'s report: the findings, in the order of
// their lines, and the file's size against its budget.
type Checked struct {
	Findings []CheckFinding `json:"findings"`
	Lines    int            `json:"lines"`
	Bytes    int            `json:"bytes"`
	Budget   Budget         `json:"budget"`
}

// Restatement thresholds: an entry restates a sentence of a piece when at
// least restateMin of its content words, and at least restateShare of
// them, appear in that sentence in the same order.
const (
	restateMin   = 6
	restateShare = 0.8
)

// CheckFile holds mem, a memory.md named file in errors, to the restraint a
// file the agent loads whole needs (`sw facts check`): its size against
// budget (zero: no limit), and its findings, each at its line:
//
//   - budget: the file is longer than budget's lines or bytes (at the first
//     line past it). sw never drops an entry to fit: a person wrote it.
//   - duplicate: an entry whose text is an earlier entry's after case,
//     spacing and punctuation (as `sw facts add` compares them).
//   - restatement: an entry that mostly repeats a sentence of a piece,
//     which a reader gets from the piece (see restateMin). Entries under
//     "Pieces written" are left out: their summaries are meant to stand for
//     the pieces. So are the stances sw copies from the pieces' front
//     matter: sw would only write them again.
func CheckFile(mem []byte, file string, budget Budget, pieces []Piece) (Checked, error) {
	m, err := Parse(file, mem)
	if err != nil {
		return Checked{}, err
	}
	fs := []CheckFinding{}
	fs = append(fs, m.overBudget(budget)...)
	fs = append(fs, m.duplicates()...)
	fs = append(fs, m.restatements(pieces)...)
	slices.SortStableFunc(fs, func(a, b CheckFinding) int { return a.Line - b.Line })
	return Checked{Findings: fs, Lines: len(m.lines), Bytes: len(mem), Budget: budget}, nil
}

// overBudget reports the lines and the bytes past the budget.
func (m *Memory) overBudget(b Budget) []CheckFinding {
	var fs []CheckFinding
	if n := len(m.lines); b.Lines > 0 && n > b.Lines {
		fs = append(fs, CheckFinding{Line: b.Lines + 1, Kind: KindBudget, Text: m.lineText(b.Lines),
			Why: fmt.Sprintf("%d lines, %d over the budget of %d lines; shorten or remove entries (sw never drops one a person wrote)", n, n-b.Lines, b.Lines)})
	}
	if n := len(m.data); b.Bytes > 0 && n > b.Bytes && len(m.lines) > 0 {
		i := 0
		for i+1 < len(m.lines) && m.lines[i+1].Start <= b.Bytes {
			i++
		}
		fs = append(fs, CheckFinding{Line: m.lines[i].Num, Kind: KindBudget, Text: m.lineText(i),
			Why: fmt.Sprintf("%d bytes, %d over the budget of %d bytes; shorten or remove entries (sw never drops one a person wrote)", n, n-b.Bytes, b.Bytes)})
	}
	return fs
}

// lineText is the text of the line at index i, spaces trimmed.
func (m *Memory) lineText(i int) string {
	l := m.lines[i]
	return strings.TrimSpace(string(m.data[l.Start:l.End]))
}

// duplicates reports each entry that repeats an earlier one.
func (m *Memory) duplicates() []CheckFinding {
	var fs []CheckFinding
	first := map[string]Entry{}
	for _, e := range m.Entries {
		n := normalized(e.Text)
		if n == "" {
			continue
		}
		if x, ok := first[n]; ok {
			fs = append(fs, CheckFinding{Line: e.Line, Kind: KindDuplicate, Text: e.Text,
				Why: fmt.Sprintf("the same fact as line %d (%s); keep one", x.Line, x.Section)})
			continue
		}
		first[n] = e
	}
	return fs
}

// sentence is a sentence of a piece, its content words in order.
type sentence struct {
	piece string
	line  int
	text  string
	words []string
}

// restatements reports each entry that mostly repeats a sentence of a
// piece, naming the sentence that it repeats most.
func (m *Memory) restatements(pieces []Piece) []CheckFinding {
	var sents []sentence
	index := map[string][]int{} // content word → sentences holding it
	for _, p := range pieces {
		d := prose.Parse(p.Text)
		for _, s := range d.Sentences {
			words := contentWords(d.WordsOf(s.Words))
			if len(words) < restateMin {
				continue
			}
			i := len(sents)
			sents = append(sents, sentence{piece: p.Path, line: int(s.Line), text: s.Text, words: words})
			for _, w := range dedupe(words) {
				index[w] = append(index[w], i)
			}
		}
	}
	var fs []CheckFinding
	for _, e := range m.Entries {
		if e.sec == 1 || isOwn(e) { // Pieces written, and what sw copies from a piece's front matter
			continue
		}
		d := prose.Parse([]byte(e.Text))
		words := contentWords(d.Words)
		need := max(restateMin, int(restateShare*float64(len(words))+0.999))
		if len(words) < need {
			continue
		}
		shared := map[int]int{}
		for _, w := range dedupe(words) {
			for _, i := range index[w] {
				shared[i]++
			}
		}
		best, bestN := -1, 0
		for i, n := range shared {
			if n < need {
				continue
			}
			if l := inOrder(words, sents[i].words); l >= need && (l > bestN || l == bestN && i < best) {
				best, bestN = i, l
			}
		}
		if best < 0 {
			continue
		}
		s := sents[best]
		fs = append(fs, CheckFinding{Line: e.Line, Kind: KindRestatement, Text: e.Text,
			Why: fmt.Sprintf("restates %s:%d, %q (%d of its %d content words): a reader gets it from the piece", s.piece, s.line, quote(s.text), bestN, len(words))})
	}
	return fs
}

// contentWords are the words that carry a sentence's meaning, in order:
// every word but the commonest function words.
func contentWords(ws []prose.Word) []string {
	var out []string
	for _, w := range ws {
		if t := strings.Trim(w.Text, "'"); t != "" && !functionWords[t] {
			out = append(out, t)
		}
	}
	return out
}

func dedupe(ws []string) []string {
	s := slices.Clone(ws)
	slices.Sort(s)
	return slices.Compact(s)
}

// inOrder is how many of a's words appear in b in the same order: the
// length of their longest common subsequence.
func inOrder(a, b []string) int {
	prev, cur := make([]int, len(b)+1), make([]int, len(b)+1)
	for i := range a {
		for j := range b {
			switch {
			case a[i] == b[j]:
				cur[j+1] = prev[j] + 1
			case prev[j+1] >= cur[j]:
				cur[j+1] = prev[j+1]
			default:
				cur[j+1] = cur[j]
			}
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// quote shortens a sentence to about 60 characters, at a space.
func quote(s string) string {
	const most = 60
	if utf8.RuneCountInString(s) <= most {
		return s
	}
	cut := 0
	for i := range s {
		if utf8.RuneCountInString(s[:i]) > most {
			break
		}
		if s[i] == ' ' {
			cut = i
		}
	}
	if cut == 0 {
		cut = len(string([]rune(s)[:most]))
	}
	return strings.TrimRight(s[:cut], " ,;:") + "…"
}

// functionWords are the English words left out of a restatement's count:
// they say little of what a sentence is about, and every sentence has them.
var functionWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`a an the and or but nor so yet if then than
		of in on at to for from by with as into onto about over under after before
		up down out off through between against during without within
		is are was were be been being am do does did has have had having
		will would shall should can could may might must
		not no it its it's this that these those there here
		i me my mine we us our ours you your yours he him his she her hers
		they them their theirs who whom whose which what when where why how
		all any each every some such other both either neither own same
		also just only very too more most much many again once`) {
		m[w] = true
	}
	return m
}()

// WriteText writes the report for a person: each finding as
// `file:line: kind: why`, then a line on the whole.
func (c Checked) WriteText(w io.Writer, file string) error {
	for _, f := range c.Findings {
		if _, err := fmt.Fprintf(w, "%s:%d: %s: %s\n", file, f.Line, f.Kind, f.Why); err != nil {
			return err
		}
	}
	size := fmt.Sprintf("%d lines of %d, %d bytes of %d", c.Lines, c.Budget.Lines, c.Bytes, c.Budget.Bytes)
	found := plural(len(c.Findings), "finding", "findings")
	if len(c.Findings) == 0 {
		found = "no findings"
	}
	_, err := fmt.Fprintf(w, "%s: %s (%s)\n", file, found, size)
	return err
}
