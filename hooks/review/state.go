package review

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"time"

	"sw/hooks/git"
	"sw/profile"
	"sw/profile/analyze"
	"sw/profile/atomicfile"
	"sw/profile/feedback"
)

// State is sw's local memory of the review loop, kept in .git/sw/state.json:
// a cache of what git says, which a fresh clone or a deleted file rebuilds
// from the repository.
//
// One state serves every worktree (it lives in the common git folder), but
// the count of finished pieces is each worktree's own, since each has its
// own HEAD: the main worktree's at the top of the file, a linked one's under
// Worktrees. The commits analyses read (Analyses) are shared, so a piece one
// worktree's analysis read is not counted again in another.
type State struct {
	Version int `json:"version"`

	Count                       // this worktree's
	Worktrees map[string]*Count `json:"worktrees,omitempty"` // the linked worktrees', by git folder name
	// Analyses are the commits analyses read, oldest first (at most
	// keptAnalyses): what they reach is counted no more, in any worktree.
	Analyses []string `json:"analyses,omitempty"`
	// AnalysesMade counts the analyses recorded in Analyses: a worktree
	// whose count is older than the newest counts again.
	AnalysesMade int `json:"analyses_made,omitempty"`

	Decisions   int           `json:"decisions"`        // how many decisions sw has seen here, to order them
	Record      string        `json:"record,omitempty"` // sw's last record of rejections (see foldable)
	Suggestions []*Suggestion `json:"suggestions"`      // the ledger, pending and decided
	// Refs is what the watched refs pointed at when sw last reconciled;
	// when nothing moved, reconciling is a comparison.
	Refs map[string]string `json:"refs"`
	// ConfigStamp is the git config file (see configStamp) as of the last
	// look at the suggestions' upstreams.
	ConfigStamp string `json:"config_stamp,omitempty"`
	// The default branch's upstream and name, as read while the config
	// file (and the branches) were as the keys say (see defaultUpstream,
	// defaultTipFor).
	DefaultUpstream    string `json:"default_upstream,omitempty"`
	DefaultUpstreamKey string `json:"default_upstream_key,omitempty"`
	DefaultBranch      string `json:"default_branch,omitempty"`
	DefaultBranchKey   string `json:"default_branch_key,omitempty"`

	main     Count  // the main worktree's count, while a linked one's is loaded
	worktree string // the worktree loaded, "" for the main one

	LastError   string `json:"last_error,omitempty"`   // the last analysis failure, shown until one succeeds
	RecordError string `json:"record_error,omitempty"` // why rejections wait to be recorded, shown until they are
	// Skipped are the pieces the last analysis left out, shown until they
	// are finished again or an analysis reads them.
	Skipped []SkippedPiece `json:"skipped,omitempty"`
	// Waiting are the suggestions a full batch had no room for, heaviest
	// first: the next analysis proposes them again if the pieces still
	// say so; a memory audit's wait here until a batch has room.
	Waiting []Waiting `json:"waiting,omitempty"`

	unreadable []SkippedPiece // what this hook's commit finished that the analysis will leave out
}

// Status is what a hook tells the person after counting and reconciling.
type Status struct {
	Due             bool           // enough pieces are finished: an analysis should start
	RecordProblem   string         // why rejections wait to be recorded ("" when none do)
	AnalysisFailure string         // why the last analysis failed ("" once one succeeds)
	Unreadable      []SkippedPiece // pieces just finished that the analysis will leave out
}

// problems are what the person should hear about, one line each.
func (st *State) problems() []string {
	var out []string
	if st.RecordError != "" {
		out = append(out, "rejections not yet recorded in profile_feedback.json: "+st.RecordError)
	}
	if st.LastError != "" {
		out = append(out, "the last analysis failed, and runs again at the next commit: "+st.LastError)
	}
	for _, s := range st.Skipped {
		out = append(out, s.String())
	}
	return out
}

// Count is one worktree's count of the pieces finished since the last
// analysis, up to its HEAD.
type Count struct {
	Head     string         `json:"head"`     // the commit Pending was counted up to
	Analyzed string         `json:"analyzed"` // the commit the last analysis here read ("" before any)
	Pending  []PendingPiece `json:"pending"`  // pieces finished since, each once
	Seq      int            `json:"seq"`      // the last sequence number given to a pending piece
	// Latest is the piece the person finished last, whose genre a session
	// writes in when nothing in the working tree says otherwise.
	Latest       string `json:"latest,omitempty"`
	AnalysesSeen int    `json:"analyses_seen,omitempty"` // State.AnalysesMade as of this count

	fresh bool // none could be read: start from what git says (see startCounting)
}

// PendingPiece is a piece finished since the last analysis.
type PendingPiece struct {
	Path string `json:"path"`
	Seq  int    `json:"seq"` // order of counting, so an analysis takes only what it read
}

// Suggestion is one suggestion branch as sw knows it.
type Suggestion struct {
	ID        string    `json:"id"`
	Batch     string    `json:"batch"`
	Branch    string    `json:"branch"` // e.g. sw/3/sentence-length
	Layer     string    `json:"layer"`  // preferences or genres/<genre>
	Path      string    `json:"path"`   // the rule file it changes
	Signature string    `json:"signature"`
	Summary   string    `json:"summary"`
	Evidence  string    `json:"evidence"`
	Created   time.Time `json:"created"`

	Tip  string `json:"tip"`  // the commit sw wrote
	Seen string `json:"seen"` // the newest tip seen on the branch (the person may add commits)
	Blob string `json:"blob"` // the rule file's blob at Seen ("" when the suggestion removes it)
	// Remotes lists remote-tracking refs the branch was seen at: a pushed
	// suggestion whose remote branch disappears on fetch --prune is decided.
	Remotes  []string `json:"remotes,omitempty"`
	Upstream string   `json:"upstream,omitempty"` // the remote-tracking branch it follows (git push -u)

	// What the suggestion is about and rests on (see about.go); Back is
	// the time of the rejection it comes back over; FromPieces is unset on
	// a memory audit's, which no analysis withdraws.
	Measures   []string          `json:"measures,omitempty"`
	Measured   *profile.Measured `json:"measured,omitempty"`
	Weight     float64           `json:"weight,omitempty"`
	Back       string            `json:"back,omitempty"`
	FromPieces bool              `json:"from_pieces,omitempty"`

	Decision  string    `json:"decision,omitempty"` // accepted, rejected, withdrawn; "" while pending
	DecidedAt time.Time `json:"decided_at,omitzero"`
	Order     int       `json:"order,omitempty"`    // the decision's place among all decisions seen here
	How       string    `json:"how,omitempty"`      // how sw learnt of the decision, in words
	Recorded  bool      `json:"recorded,omitempty"` // a rejection written to profile_feedback.json
}

// Waiting is a suggestion that waits for a batch with room.
type Waiting struct {
	Suggestion analyze.Suggestion  `json:"suggestion"`
	FromPieces bool                `json:"from_pieces,omitempty"`
	Back       *feedback.Rejection `json:"back,omitempty"` // the rejection it comes back over
}

// Pending reports whether the suggestion awaits a decision.
func (s *Suggestion) Pending() bool { return s.Decision == "" }

// Modified reports whether the person has added commits to the branch.
func (s *Suggestion) Modified() bool { return s.Seen != "" && s.Seen != s.Tip }

// unrecorded reports a rejection not yet written to profile_feedback.json.
func (s *Suggestion) unrecorded() bool { return s.Decision == decisionRejected && !s.Recorded }

// stateVersion is the form of state.json; a state of another version is
// not read, and is rebuilt.
const stateVersion = 3

func (l *Loop) statePath() string { return filepath.Join(l.Dir, "state.json") }

// loadState reads the state, with this worktree's count; ok is false when
// there is none or it cannot be read, and a fresh one is returned.
func (l *Loop) loadState() (st *State, ok bool) {
	st = &State{}
	data, err := os.ReadFile(l.statePath())
	if err != nil || json.Unmarshal(data, st) != nil || st.Version != stateVersion {
		return &State{Version: stateVersion, Count: Count{fresh: true}, worktree: l.worktree()}, false
	}
	if len(st.Analyses) == 0 && st.Analyzed != "" {
		st.Analyses = []string{st.Analyzed} // from an sw that kept one
	}
	st.worktree = l.worktree()
	if st.worktree != "" {
		st.main = st.Count
		st.Count = Count{fresh: true}
		if c := st.Worktrees[st.worktree]; c != nil {
			st.Count = *c
		}
	}
	return st, true
}

// worktree names this worktree in the state: "" for the main one, else
// its git folder's name.
func (l *Loop) worktree() string {
	if filepath.Clean(l.Repo.GitDir) == filepath.Clean(l.Repo.CommonDir) {
		return ""
	}
	return filepath.Base(l.Repo.GitDir)
}

// forSaving puts this worktree's count in its place, and drops the counts
// of linked worktrees that have been removed.
func (l *Loop) forSaving(st *State) *State {
	out := *st
	out.Worktrees = map[string]*Count{}
	for name, c := range st.Worktrees {
		if _, err := os.Stat(filepath.Join(l.Repo.CommonDir, "worktrees", name)); err == nil {
			out.Worktrees[name] = c
		}
	}
	if st.worktree != "" {
		out.Count = st.main
		mine := st.Count
		out.Worktrees[st.worktree] = &mine
	}
	return &out
}

// saveState writes the state under the lock, whole by a rename, for the
// readers that skip the lock. It is not synced: a state lost in a crash is
// rebuilt.
func (l *Loop) saveState(st *State) error {
	data, err := json.MarshalIndent(l.forSaving(st), "", " ")
	if err != nil {
		return err
	}
	return atomicfile.Put(l.statePath(), append(data, '\n'))
}

// update reads the state under the lock, lets change modify it and saves
// it, unless change fails.
func (l *Loop) update(change func(st *State) error) (*State, error) {
	unlock, err := l.lock()
	if err != nil {
		return nil, err
	}
	defer unlock()
	st, _ := l.loadState()
	if err := change(st); err != nil {
		return st, err
	}
	return st, l.saveState(st)
}

// countAndReconcile is what every hook does to the state.
func (l *Loop) countAndReconcile(st *State) error {
	if err := l.count(st); err != nil {
		return err
	}
	return l.reconcile(st)
}

// seenAt is the commit ref pointed at when sw last reconciled, or zero.
func (st *State) seenAt(ref string) git.Hash {
	if h, ok := st.Refs[ref]; ok && ref != "" {
		return git.Hash(h)
	}
	return git.ZeroHash
}

// first returns the first suggestion of the ledger that ok accepts, or nil.
func (st *State) first(ok func(*Suggestion) bool) *Suggestion {
	if i := slices.IndexFunc(st.Suggestions, ok); i >= 0 {
		return st.Suggestions[i]
	}
	return nil
}

// find returns the suggestion on branch, or nil.
func (st *State) find(branch string) *Suggestion {
	return st.first(func(s *Suggestion) bool { return s.Branch == branch })
}

// pendingNamed lists the pending suggestions id names: by id or branch.
func (st *State) pendingNamed(id string) []*Suggestion {
	var out []*Suggestion
	for _, s := range st.Suggestions {
		if s.Pending() && (s.ID == id || s.Branch == id || "refs/heads/"+s.Branch == id) {
			out = append(out, s)
		}
	}
	return out
}

// pendingCount is how many suggestions await a decision.
func (st *State) pendingCount() int {
	n := 0
	for _, s := range st.Suggestions {
		if s.Pending() {
			n++
		}
	}
	return n
}

// pendingBatch returns the batch with suggestions awaiting a decision, or "".
func (st *State) pendingBatch() string {
	if s := st.first((*Suggestion).Pending); s != nil {
		return s.Batch
	}
	return ""
}
