package review

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"sw/hooks/git"
	"sw/profile"
	"sw/profile/analyze"
	"sw/profile/feedback"
)

// Outcome is what one analysis did.
type Outcome struct {
	Batch      string         `json:"batch"`
	Pieces     []string       `json:"pieces"`
	LeftOut    []SkippedPiece `json:"left_out"`   // pieces sw could not read, so not analysed
	Earlier    int            `json:"earlier"`    // pieces finished before the batch, read again with it
	Written    []*Suggestion  `json:"written"`    // branches created or refreshed
	Skipped    []Skipped      `json:"skipped"`    // suggestions not written, and why
	Suppressed []Suppressed   `json:"suppressed"` // rejected before, so not proposed again
	Withdrawn  []Withdrawn    `json:"withdrawn"`  // pending or waiting suggestions taken back
	Waiting    []string       `json:"waiting"`    // ids of the suggestions left for a later batch
	// Voice is what the analysis wrote in the voice (see route); Repo,
	// there, names the voice as .sw.yaml does.
	Voice *Outcome `json:"voice,omitempty"`
	Repo  string   `json:"repo,omitempty"`
}

// Withdrawn is a suggestion an analysis took back: a pending one, or one
// waiting for a later batch (no branch).
type Withdrawn struct {
	ID     string `json:"id"`
	Branch string `json:"branch"` // "" for one that was waiting
	Reason string `json:"reason"`
}

// Skipped is a suggestion the analyzer made that sw did not write.
type Skipped struct {
	ID     string `json:"id"`
	Kind   string `json:"kind"` // one of the Skip* constants
	Reason string `json:"reason"`
}

// Why a suggestion is not written.
const (
	SkipInProfile = "in-profile" // the default branch already has the rule (or lacks the file to remove)
	SkipLeftAlone = "left-alone" // the person has added commits to its branch
	SkipUnchanged = "unchanged"  // its branch already says the same
	SkipMoved     = "moved"      // its branch moved while sw wrote it
	SkipRemote    = "remote"     // its branch was fetched from a remote and is not here
	SkipSameThing = "same-thing" // a heavier suggestion of the answer is about the same thing
)

// Dropped says in a few words what the analysis proposed that sw did not
// write, e.g. "1 rejected before, 1 already in the profile".
func (o *Outcome) Dropped() string {
	var parts []string
	add := func(n int, what string) {
		if n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, what))
		}
	}
	count := map[string]int{}
	for _, s := range o.Skipped {
		count[s.Kind]++
	}
	unwaited := 0
	for _, w := range o.Withdrawn {
		if w.Branch == "" {
			unwaited++
		}
	}
	add(len(o.Suppressed), "rejected before")
	add(count[SkipInProfile], "already in the profile")
	add(count[SkipUnchanged], "unchanged")
	add(count[SkipLeftAlone], "on a branch you have changed")
	add(count[SkipMoved], "on a branch that moved meanwhile")
	add(count[SkipRemote], "kept as pushed")
	add(count[SkipSameThing], "about the same thing as another")
	add(len(o.Waiting), "waiting for a later batch")
	add(len(o.Withdrawn)-unwaited, "withdrawn from the batch")
	add(unwaited, "no longer waiting")
	return strings.Join(parts, ", ")
}

// Suppressed is a suggestion whose signature the person rejected.
type Suppressed struct {
	Signature string `json:"signature"`
	Reason    string `json:"reason"`
}

// Proposal is an analysis before anything is written, less what the
// person's rejections hold against.
type Proposal struct {
	Request     *analyze.Request
	Suggestions []analyze.Suggestion
	Suppressed  []Suppressed
	LeftOut     []SkippedPiece // pieces sw could not read, so not in Request
	head        git.Hash
	seq         int              // pending pieces up to this sequence number were read
	about       map[string]about // by signature
	// full says it read every pending piece and the earlier ones, so what
	// it does not propose the pieces no longer support; fromPieces that
	// an analysis of pieces made it, not a memory audit.
	full, fromPieces bool
	// toVoice names, by signature and rule file, what went to the voice
	// instead: the same pending here is withdrawn (see route).
	toVoice map[string]bool
	voice   *Loop    // the voice followed, or nil
	stays   []string // beside Suggestions: why each stays in the series, "" for the voice's
}

// Propose runs the analyzer on the pending pieces, or on paths, and applies
// the reject memory. It writes nothing: `sw analyze --dry-run` stops here.
func (l *Loop) Propose(ctx context.Context, paths []string) (*Proposal, error) {
	// A name that is no piece would otherwise leave nothing analysed
	// without a word; one not committed is refused as the request is made.
	for _, path := range paths {
		if !l.Coll.Settings.IsPiece(path) {
			return nil, fmt.Errorf("%s is not a piece: pieces are the Markdown files .sw.yaml's pieces.include matches, and sw's own files never are", path)
		}
	}
	st, err := l.update(l.count)
	if err != nil {
		return nil, err
	}
	head, err := l.headCommit()
	if err != nil {
		return nil, err
	}
	return l.propose(ctx, st, head, paths)
}

// propose is Propose on pieces as counted in st, read as of head.
func (l *Loop) propose(ctx context.Context, st *State, head git.Hash, paths []string) (p *Proposal, err error) {
	if err := l.CheckTrust(); err != nil {
		return nil, err // before anything is read: a clone's command never runs unasked
	}
	p = &Proposal{seq: st.Seq, head: head, fromPieces: true, full: paths == nil}
	var earlier []string
	if paths == nil {
		for _, pp := range st.Pending {
			paths = append(paths, pp.Path)
		}
		if earlier, err = l.earlier(head, paths); err != nil {
			return nil, err
		}
	} else {
		p.seq = -1 // named pieces: the count is left as it is
	}
	if p.Request, p.LeftOut, err = l.request(p.head, append(paths, earlier...), p.seq < 0, st); err != nil {
		return nil, err
	}
	markEarlier(p.Request, earlier)
	a := l.Coll.Settings.Analyzer
	resp, err := analyze.New(a.Command, a.Timeout, l.Coll.Root).Analyze(ctx, p.Request)
	if err != nil {
		return nil, err
	}
	p.Suggestions, p.Suppressed, p.about = l.judge(p.Request.Rejected, resp.Suggestions)
	return p, l.place(p)
}

// request gathers what the analyzer reads: the pieces at head, the profile
// for each genre, and the remembered rejections. A named piece head lacks
// is an error; a counted one was deleted since. A piece sw cannot read is
// left out, and listed with why.
func (l *Loop) request(head git.Hash, paths []string, named bool, st *State) (*analyze.Request, []SkippedPiece, error) {
	req := &analyze.Request{Version: 1, Profile: map[string]*profile.Resolved{}}
	var leftOut []SkippedPiece
	texts, err := l.readAt(head, paths)
	if err != nil {
		return nil, nil, err
	}
	for i, path := range paths {
		text := texts[i].Data
		if text == nil && named {
			return nil, nil, fmt.Errorf("%s is not committed; the analysis reads pieces as committed (git add and commit it first)", path)
		}
		if text == nil {
			continue // deleted since it was counted
		}
		genre, err := l.pieceGenre(path, texts[i])
		if err != nil {
			leftOut = append(leftOut, SkippedPiece{Path: path, Reason: err.Error()})
			continue
		}
		req.Pieces = append(req.Pieces, analyze.Piece{Path: path, Genre: genre, Text: string(text)})
		if req.Profile[genre] == nil {
			r, err := l.Coll.Resolve(genre)
			if err != nil {
				return nil, nil, fmt.Errorf("the profile cannot be read, so no analysis: %w", err)
			}
			req.Profile[genre] = r
		}
	}
	var present []string
	for _, p := range req.Pieces {
		present = append(present, p.Path)
	}
	since := git.Hash(st.Analyzed)
	if !l.Repo.HasCommit(since) {
		since = git.ZeroHash
	}
	drafts, err := l.drafts(head, since, present)
	if err != nil {
		return nil, nil, err
	}
	for i := range req.Pieces {
		req.Pieces[i].Drafts = drafts[req.Pieces[i].Path]
	}
	rejected, err := l.remembered(st)
	if err != nil {
		return nil, nil, err
	}
	req.Rejected = rejected
	return req, leftOut, nil
}

// remembered is every rejection the analysis must not propose again, the
// voice's included: a rejection there holds for every series.
func (l *Loop) remembered(st *State) ([]feedback.Rejection, error) {
	f, _, err := l.feedbackOnDefault()
	if err != nil {
		return nil, err
	}
	out := f.Rejections()
	voice, err := l.voiceRejections()
	if err != nil {
		return nil, err
	}
	out = append(out, voice...)
	return append(out, st.unrecordedRejections()...), nil
}

// unrecordedRejections are the rejections not yet in profile_feedback.json.
func (st *State) unrecordedRejections() []feedback.Rejection {
	var out []feedback.Rejection
	for _, s := range st.Suggestions {
		if s.unrecorded() {
			out = append(out, s.rejection(s.DecidedAt.Format(time.RFC3339)))
		}
	}
	return out
}

// Apply writes a proposal's suggestions as branches of the pending batch
// (or a new one), and takes the pieces it read off the count. What goes to
// the voice (see route) is written first: should the collection's part
// fail, the count stays, and the next analysis finds the voice's branches
// already saying the same.
func (l *Loop) Apply(p *Proposal) (*Outcome, error) {
	series, toVoice := l.route(p)
	var voice *Outcome
	var err error
	if v := p.voice; toVoice != nil {
		if def, err := v.defaultTip(); err != nil || def.hash.IsZero() {
			if err == nil {
				err = fmt.Errorf("nothing committed yet: its suggestions are branches on %s, so commit it first (%s commit)", def.name, v.GitCommand())
			}
			return nil, fmt.Errorf("the voice %s: %w", v.Shown, err)
		}
		if voice, err = v.Apply(toVoice); err != nil {
			return nil, fmt.Errorf("the voice %s: %w", v.Shown, err)
		}
		voice.Repo = v.Shown
		for _, s := range voice.Written {
			l.logf("wrote %s in the voice %s (%s)", s.Branch, v.Shown, s.Signature)
		}
	}
	var out *Outcome
	_, err = l.update(func(st *State) (err error) {
		out, err = l.apply(st, series)
		return err
	})
	if out != nil {
		out.Voice = voice
	}
	return out, err
}

func (l *Loop) apply(st *State, p *Proposal) (*Outcome, error) {
	if err := l.reconcile(st); err != nil {
		return nil, err
	}
	out := &Outcome{Suppressed: p.Suppressed}
	for _, piece := range p.Request.Pieces {
		if piece.Earlier {
			out.Earlier++
		} else {
			out.Pieces = append(out.Pieces, piece.Path)
		}
	}
	for _, s := range p.Suppressed {
		l.logf("dropped %s: %s", s.Signature, s.Reason)
	}
	out.LeftOut = p.LeftOut
	for _, s := range p.LeftOut {
		l.logf("%s", s)
	}
	if err := l.revise(st, p, out); err != nil {
		return nil, err
	}
	if p.seq >= 0 {
		st.Pending = slices.DeleteFunc(st.Pending, func(pp PendingPiece) bool { return pp.Seq <= p.seq })
		st.analysed(p.head)
		st.Skipped = p.LeftOut
	}
	st.LastError = ""
	st.Refs = nil // the branches moved: reconcile afresh next time
	return out, nil
}

// failed remembers an analysis failure for the next hook to say; the count
// stays, so the next commit tries again.
func (l *Loop) failed(err error) {
	l.logf("analysis failed: %v", err)
	l.update(func(st *State) error {
		st.LastError = err.Error()
		return nil
	})
}
