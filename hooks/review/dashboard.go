package review

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/sergi/go-diff/diffmatchpatch"

	"sw/hooks/git"
	"sw/profile"
)

// Dashboard is what `sw review` shows.
type Dashboard struct {
	Pending       []PendingView `json:"pending"`
	Waiting       []WaitingView `json:"waiting"`
	Decided       []DecidedView `json:"decided"`
	PiecesPending int           `json:"pieces_pending"`      // finished since the last analysis
	Analyzing     bool          `json:"analyzing,omitempty"` // an analysis runs now
	BatchSize     int           `json:"batch_size"`
	Problems      []string      `json:"problems,omitempty"` // what stops the loop, one line each
	Notes         []string      `json:"notes,omitempty"`    // what sw saw to on the way, one line each
	// Voice is the dashboard of the voice the collection follows, whose
	// repository Repo names as .sw.yaml does.
	Voice         *Dashboard `json:"voice,omitempty"`
	Repo          string     `json:"repo,omitempty"`
	defaultBranch string
	isVoice       bool // the voice's own dashboard: it counts no pieces
}

// PendingView is one suggestion awaiting a decision.
type PendingView struct {
	ID        string    `json:"id"`
	Branch    string    `json:"branch"`
	Batch     string    `json:"batch"`
	Summary   string    `json:"summary"`
	Layer     string    `json:"layer"`
	Signature string    `json:"signature"`
	Evidence  string    `json:"evidence"`
	Created   time.Time `json:"created"`
	Modified  bool      `json:"modified"` // the person has added commits to the branch
	// Weight ranks the batch; Back, for a comeback, is when it was rejected.
	Weight   float64           `json:"weight,omitempty"`
	Measures []string          `json:"measures,omitempty"`
	Measured *profile.Measured `json:"measured,omitempty"`
	Back     string            `json:"back,omitempty"`
	Path     string            `json:"-"`
	Diff     string            `json:"-"`
	merge    string            // what to merge to accept: the branch, or where it was fetched to
	git      string            // git as run on the suggestion's repository: git -C ../my-voice for a voice's
	deletes  []string          // what to delete to reject
}

// WaitingView is a suggestion left for a later batch.
type WaitingView struct {
	ID      string  `json:"id"`
	Layer   string  `json:"layer"`
	Summary string  `json:"summary"`
	Weight  float64 `json:"weight,omitempty"`
}

// DecidedView is one decision sw has seen.
type DecidedView struct {
	ID        string    `json:"id"`
	Batch     string    `json:"batch"`
	Signature string    `json:"signature"`
	Decision  string    `json:"decision"`
	At        time.Time `json:"at"`
	How       string    `json:"how"`
	Branch    string    `json:"branch"`
	order     int
}

// recentDecisions is how many decisions the dashboard lists.
const recentDecisions = 20

// Review reconciles, then gathers the dashboard.
func (l *Loop) Review() (*Dashboard, error) {
	note, _, err := l.FinishAccept(true)
	if err != nil {
		return nil, err
	}
	if _, err := l.FinishRecord(); err != nil {
		return nil, err
	}
	count := l.countAndReconcile
	if l.isVoice {
		count = l.reconcile // a voice has no pieces to count
	}
	st, err := l.update(count)
	if err != nil {
		return nil, err
	}
	def, err := l.defaultTip()
	if err != nil {
		return nil, err
	}
	d := &Dashboard{Pending: []PendingView{}, Waiting: []WaitingView{}, Decided: []DecidedView{}, PiecesPending: len(st.Pending),
		BatchSize: l.Coll.Settings.BatchSize, Problems: append(st.problems(), l.analysisProblems(st)...), defaultBranch: def.name,
		Analyzing: l.AnalysisRunning(), isVoice: l.isVoice}
	voice, _ := l.Coll.Voice()
	for _, n := range []string{note, l.Coll.Settings.LegacyFeedbackWindow(), voice.Note()} {
		if n != "" {
			d.Notes = append(d.Notes, n)
		}
	}
	for _, s := range st.Suggestions {
		if s.Pending() {
			v := PendingView{ID: s.ID, Branch: s.Branch, Batch: s.Batch, Summary: s.Summary, Layer: s.Layer,
				Signature: s.Signature, Evidence: s.Evidence, Created: s.Created, Modified: s.Modified(), Path: s.Path,
				Weight: s.Weight, Measures: s.Measures, Measured: s.Measured, Back: s.Back}
			v.Diff = l.ruleDiff(def.hash, s)
			v.merge, v.deletes = l.howToDecide(s)
			v.git = l.GitCommand()
			d.Pending = append(d.Pending, v)
		} else if s.Decision != "" {
			d.Decided = append(d.Decided, DecidedView{ID: s.ID, Branch: s.Branch, Batch: s.Batch, Signature: s.Signature,
				Decision: s.Decision, At: s.DecidedAt, How: s.How, order: s.Order})
		}
	}
	for _, w := range st.Waiting {
		d.Waiting = append(d.Waiting, WaitingView{ID: w.Suggestion.ID, Layer: w.Suggestion.Layer, Summary: w.Suggestion.Summary, Weight: w.Suggestion.Weight})
	}
	// Heaviest first: what would change the agent's writing most.
	slices.SortStableFunc(d.Pending, func(a, b PendingView) int {
		return cmp.Or(cmp.Compare(b.Weight, a.Weight), strings.Compare(a.Branch, b.Branch))
	})
	// Newest first; the order sw saw them in breaks a tie within a second.
	slices.SortStableFunc(d.Decided, func(a, b DecidedView) int {
		return cmp.Or(b.At.Compare(a.At), cmp.Compare(b.order, a.order))
	})
	d.Decided = d.Decided[:min(len(d.Decided), recentDecisions)]
	l.voiceDashboard(d)
	return d, nil
}

// voiceDashboard adds to a collection's dashboard what waits in the voice
// it follows; a voice sw cannot read is a problem of the dashboard's, not
// its failure.
func (l *Loop) voiceDashboard(d *Dashboard) {
	v, err := l.VoiceLoop()
	if err == nil && v != nil {
		if d.Voice, err = v.Review(); err == nil {
			d.Voice.Repo = v.Shown
		}
	}
	if err != nil {
		d.Problems = append(d.Problems, "the voice's suggestions cannot be read: "+err.Error())
	}
}

// howToDecide names what to merge to accept a suggestion (its branch, or
// fetched only, its remote-tracking branch) and the git commands that
// delete it, here and on each remote it was pushed to.
func (l *Loop) howToDecide(s *Suggestion) (merge string, deletes []string) {
	merge = s.Branch
	git := l.GitCommand()
	_, local, _ := l.Repo.Ref("refs/heads/" + s.Branch)
	if local {
		deletes = append(deletes, git+" branch -D "+s.Branch)
	}
	for _, r := range s.Remotes {
		remote := remoteOf(r, s.Branch)
		if !local && merge == s.Branch {
			merge = remote + "/" + s.Branch
		}
		deletes = append(deletes, git+" push "+remote+" --delete "+s.Branch)
	}
	if len(deletes) == 0 {
		deletes = append(deletes, git+" branch -D "+s.Branch)
	}
	return merge, deletes
}

// ruleDiff is the suggestion's rule file against the default branch's.
func (l *Loop) ruleDiff(def git.Hash, s *Suggestion) string {
	read := func(commit git.Hash) string {
		if commit.IsZero() {
			return ""
		}
		if data, ok, err := l.fileAt(commit, s.Path); err == nil && ok {
			return string(data)
		}
		return ""
	}
	return lineDiff(read(def), read(git.Hash(s.Seen)))
}

// lineDiff renders a line diff: "-" lines only in a, "+" only in b.
func lineDiff(a, b string) string {
	dmp := diffmatchpatch.New()
	ca, cb, lines := dmp.DiffLinesToChars(a, b)
	diffs := dmp.DiffCharsToLines(dmp.DiffMain(ca, cb, false), lines)
	var out strings.Builder
	for _, d := range diffs {
		prefix := "  "
		switch d.Type {
		case diffmatchpatch.DiffDelete:
			prefix = "- "
		case diffmatchpatch.DiffInsert:
			prefix = "+ "
		}
		for _, line := range strings.SplitAfter(d.Text, "\n") {
			if line != "" {
				out.WriteString(prefix + strings.TrimSuffix(line, "\n") + "\n")
			}
		}
	}
	return out.String()
}

// DiffLinesShown is how many lines of a suggestion's diff sw review
// prints: a rule is a few lines, but a usage measure is hundreds, which
// would bury the other suggestions; git diff shows the rest.
const DiffLinesShown = 20

// shownDiff is what sw review prints of a diff: all of it when short;
// else at most DiffLinesShown changed lines, each taken out beside the one
// that took its place (a measure whose rates all moved shows old and new
// side by side, not twenty old ones), and how many lines are left out.
func shownDiff(diff string) (lines []string, more int) {
	all := strings.Split(strings.TrimRight(diff, "\n"), "\n")
	if len(all) <= DiffLinesShown {
		return all, 0
	}
	var out, in []string // a run of lines taken out, and the lines put in after it
	flush := func() {
		for i := range max(len(out), len(in)) {
			if i < len(out) {
				lines = append(lines, out[i])
			}
			if i < len(in) {
				lines = append(lines, in[i])
			}
		}
		out, in = nil, nil
	}
	for _, line := range all {
		switch {
		case strings.HasPrefix(line, "- "):
			if len(in) > 0 {
				flush()
			}
			out = append(out, line)
		case strings.HasPrefix(line, "+ "):
			in = append(in, line)
		default:
			flush()
		}
	}
	flush()
	if len(lines) > DiffLinesShown {
		lines = lines[:DiffLinesShown]
	}
	return lines, len(all) - len(lines)
}

// WriteText prints the dashboard for people: one line per suggestion,
// or with long, each with its evidence and diff.
func (d *Dashboard) WriteText(w io.Writer, now time.Time, long bool) error {
	var b strings.Builder
	for _, p := range d.Problems {
		fmt.Fprintf(&b, "Problem: %s\n", p)
	}
	for _, n := range d.Notes {
		fmt.Fprintf(&b, "Note: %s\n", n)
	}
	if len(d.Problems)+len(d.Notes) > 0 {
		b.WriteString("\n")
	}
	towards := fmt.Sprintf("%d of %s finished towards the next analysis.\n", d.PiecesPending, plainCount(d.BatchSize, "piece"))
	if d.Analyzing {
		// The count still holds the pieces it reads until it ends, and
		// "3 of 3 finished" beside no suggestions would read as stuck.
		towards = "An analysis is running now: its suggestions show here when it ends.\n"
	}
	if d.isVoice {
		towards = "The analyses of the series that follow this voice propose its suggestions.\n"
	}
	if len(d.Pending) == 0 {
		b.WriteString("No suggestions pending. " + towards)
		writeWaiting(&b, d.Waiting) // a measure never shown to the agent waits for a batch with a rule
	} else {
		fmt.Fprintf(&b, "Pending: batch %s, %d suggestion%s\n", d.Pending[0].Batch, len(d.Pending), plural(len(d.Pending)))
		d.writeBatch(&b, now, long, "\nsw review ID shows one with its evidence and diff (sw review --long: all of them).\n")
		b.WriteString("\n")
		writeWaiting(&b, d.Waiting)
		b.WriteString(towards)
	}
	d.writeVoice(&b, now, long)
	writeDecided(&b, "Recent decisions", d.Decided, now)
	if d.Voice != nil {
		writeDecided(&b, "Recent decisions in the voice "+d.Voice.Repo, d.Voice.Decided, now)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// writeDecided lists decisions under a title; nothing when there are none.
func writeDecided(b *strings.Builder, title string, decided []DecidedView, now time.Time) {
	if len(decided) == 0 {
		return
	}
	b.WriteString("\n" + title + "\n")
	for _, x := range decided {
		fmt.Fprintf(b, "  %-8s %s (batch %s), %s: %s\n", x.Decision, x.ID, x.Batch, age(now.Sub(x.At)), x.How)
	}
}

// writeBatch lists the pending batch: with long, each whole; else a line
// each (the id, the change in a phrase, the evidence in a number), then
// more, and how to decide, with the first for an example.
func (d *Dashboard) writeBatch(b *strings.Builder, now time.Time, long bool, more string) {
	if long {
		for _, p := range d.Pending {
			b.WriteString("\n")
			d.writeLong(b, p, now)
		}
		return
	}
	width := 0
	for _, p := range d.Pending {
		width = max(width, utf8.RuneCountInString(p.ID))
	}
	for _, p := range d.Pending {
		fmt.Fprintf(b, "  %-*s  %s%s\n", width, p.ID, p.Summary, p.tags())
	}
	b.WriteString(more)
	p := d.Pending[0]
	fmt.Fprintf(b, "Accept: sw accept ID, or %s merge %s; reject: sw reject ID, or %s branch -D %s.\n", p.git, p.merge, p.git, p.Branch)
}

// tags are what a short line says beside the summary.
func (p PendingView) tags() string {
	var tags []string
	if p.Measured != nil {
		tags = append(tags, plainCount(p.Measured.Pieces, "piece"))
	}
	if p.Back != "" {
		tags = append(tags, "back after your rejection"+on(p.Back))
	}
	if p.Modified {
		tags = append(tags, "has commits of yours")
	}
	if len(tags) == 0 {
		return ""
	}
	return " (" + strings.Join(tags, "; ") + ")"
}

// writeLong shows one suggestion whole, with how to decide it.
func (d *Dashboard) writeLong(b *strings.Builder, p PendingView, now time.Time) {
	fmt.Fprintf(b, "%s  (%s, %s)\n", p.ID, p.Layer, age(now.Sub(p.Created)))
	fmt.Fprintf(b, "  %s\n", p.Summary)
	for _, line := range strings.Split(p.Evidence, "\n") {
		fmt.Fprintf(b, "  evidence: %s\n", line)
	}
	if p.Modified {
		fmt.Fprintf(b, "  you have added commits to this branch; sw leaves it alone\n")
	}
	fmt.Fprintf(b, "  %s\n", p.Path)
	lines, more := shownDiff(p.Diff)
	for _, line := range lines {
		fmt.Fprintf(b, "    %s\n", line)
	}
	if more > 0 {
		fmt.Fprintf(b, "    ... %d more line%s: %s diff %s %s -- %s\n", more, plural(more), p.git, d.defaultBranch, p.merge, p.Path)
	}
	fmt.Fprintf(b, "  accept: %s merge %s   (or sw accept %s)\n", p.git, p.merge, p.ID)
	fmt.Fprintf(b, "  reject: %s   (or sw reject %s)\n", strings.Join(p.deletes, "; "), p.ID)
}

// WriteOne prints one pending suggestion whole, found by id or branch.
func (d *Dashboard) WriteOne(w io.Writer, now time.Time, id string) error {
	for _, p := range d.Pending {
		if p.ID == id || p.Branch == id {
			var b strings.Builder
			d.writeLong(&b, p, now)
			_, err := io.WriteString(w, b.String())
			return err
		}
	}
	if d.Voice != nil {
		return d.Voice.WriteOne(w, now, id)
	}
	return fmt.Errorf("no pending suggestion %q; `sw review` lists them", id)
}

// writeVoice lists, below a collection's own, what waits in its voice.
func (d *Dashboard) writeVoice(b *strings.Builder, now time.Time, long bool) {
	v := d.Voice
	if v == nil || len(v.Problems)+len(v.Pending) == 0 {
		return
	}
	b.WriteString("\n")
	for _, p := range v.Problems {
		fmt.Fprintf(b, "Problem in the voice %s: %s\n", v.Repo, p)
	}
	if len(v.Pending) == 0 {
		return
	}
	fmt.Fprintf(b, "In the voice %s (for every series that follows it): batch %s, %d suggestion%s\n", v.Repo, v.Pending[0].Batch, len(v.Pending), plural(len(v.Pending)))
	v.writeBatch(b, now, long, "")
	writeWaiting(b, v.Waiting)
}

// writeWaiting names the suggestions left for a later batch, if any.
func writeWaiting(b *strings.Builder, waiting []WaitingView) {
	var ids []string
	for _, x := range waiting {
		ids = append(ids, x.ID)
	}
	if len(ids) > 0 {
		fmt.Fprintf(b, "Waiting for a later batch: %s.\n", strings.Join(ids, ", "))
	}
}

// age says how long ago, roughly.
func age(d time.Duration) string {
	switch {
	case d < time.Minute:
		return "just now"
	case d < time.Hour:
		return plainCount(int(d/time.Minute), "minute") + " ago"
	case d < 48*time.Hour:
		return plainCount(int(d/time.Hour), "hour") + " ago"
	}
	return plainCount(int(d/(24*time.Hour)), "day") + " ago"
}

func plainCount(n int, unit string) string {
	return fmt.Sprintf("%d %s%s", n, unit, plural(n))
}
