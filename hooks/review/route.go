package review

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"sw/hooks/git"
	"sw/profile"
	"sw/profile/analyze"
	"sw/profile/check"
	"sw/profile/collection"
)

// Where a suggestion goes: a collection that follows a voice proposes
// what holds for the person's writing into the voice, where accepting it
// reaches every series, and what holds for this series only into its own
// profile/. A suggestion stays with the series when
//
//   - it changes (or removes) a rule file the series already has;
//   - it is about the series' template: every series has its own;
//   - most of the recent pieces of another series sharing the voice break
//     it: that series writes otherwise, so the habit is this one's.
//
// With no other series to go by, it goes to the voice: a person's habit
// is theirs until their writing says otherwise.

// templateKinds are the kinds of signature about the form of one series'
// pieces (a letter opens on its greeting, an essay does not). A metric
// rule that carries the template's lines only to measure around them is
// not one of them.
var templateKinds = []string{"boilerplate", "opening", "closing"}

// fellowPiecesRead is how many of another series' pieces the routing
// scores a suggestion against: the latest in git's path order, enough to
// see a habit, few enough to keep an analysis quick.
const fellowPiecesRead = 30

// place decides where each of p's suggestions goes, before anything is
// written, so sw analyze --dry-run says so too.
func (l *Loop) place(p *Proposal) error {
	v, err := l.VoiceLoop()
	if err != nil || v == nil {
		return err
	}
	def, err := l.defaultTip()
	if err != nil {
		return err
	}
	fellows := l.fellowLoops()
	// A piece counts once wherever it lives: one the analysis read, copied
	// into another series, is no evidence of how that series writes.
	read := map[string]bool{}
	for _, pc := range p.Request.Pieces {
		read[pc.Text] = true
	}
	p.voice, p.stays = v, make([]string, len(p.Suggestions))
	for i, s := range p.Suggestions {
		p.stays[i] = l.seriesOnly(def, fellows, read, s)
	}
	return nil
}

// where says where p's suggestion i goes; "" with no voice.
func (p *Proposal) where(i int) string {
	switch {
	case p.voice == nil || i >= len(p.stays):
		return ""
	case p.stays[i] == "":
		return "the voice " + p.voice.Shown
	}
	return "this series only: " + p.stays[i]
}

// route splits p as place decided, into the series' and the voice's (nil
// when nothing goes there). What goes to the voice is a proposal of its
// own, which withdraws nothing there (other series' suggestions
// wait there too), moves no count and names no commit of the collection's;
// the rest says in its evidence why it is not the voice's. p is left
// whole, for the report.
func (l *Loop) route(p *Proposal) (series, toVoice *Proposal) {
	if p.voice == nil {
		return p, nil
	}
	var mine, theirs []analyze.Suggestion
	for i, s := range p.Suggestions {
		if why := p.stays[i]; why != "" {
			l.logf("%s stays in this series: %s", s.ID, why)
			s.Evidence = strings.TrimRight(s.Evidence, "\n") + fmt.Sprintf("\n\nProposed for this series only, not for the voice %s: %s.", p.voice.Shown, why)
			mine = append(mine, s)
			continue
		}
		theirs = append(theirs, s)
	}
	mineOnly := *p
	mineOnly.Suggestions, mineOnly.toVoice = mine, map[string]bool{}
	if len(theirs) == 0 {
		return &mineOnly, nil
	}
	for _, s := range theirs {
		mineOnly.toVoice[s.Signature], mineOnly.toVoice[s.Path(collection.ProfileDir)] = true, true
	}
	return &mineOnly, &Proposal{Request: p.Request, Suggestions: theirs, about: p.about, seq: -1, fromPieces: p.fromPieces}
}

// seriesOnly says why suggestion s holds for this series only, or "".
func (l *Loop) seriesOnly(def tip, fellows []*Loop, read map[string]bool, s analyze.Suggestion) string {
	path := s.Path(collection.ProfileDir)
	if !def.hash.IsZero() {
		if _, ok, err := l.Repo.FileAt(def.hash, path); err == nil && ok {
			return "this series has its own " + path
		}
	}
	if s.Rule == nil {
		return "" // a rule only the voice has is removed there
	}
	for _, kind := range templateKinds {
		if strings.HasPrefix(s.Signature, kind+":") {
			return "it is about this series' template (" + kind + ")"
		}
	}
	for _, f := range fellows {
		if broke, n := f.breaks(s, read); n >= 2 && broke*2 > n {
			return fmt.Sprintf("%d of %s of %s break it", broke, plainCount(n, "piece"), l.shownPath(f.Coll.Root))
		}
	}
	return ""
}

// shownPath names another folder relative to the collection (../sketches)
// where it can.
func (l *Loop) shownPath(dir string) string {
	rel, err := filepath.Rel(l.Coll.Root, dir)
	if err != nil || filepath.IsAbs(rel) {
		return dir
	}
	return filepath.ToSlash(rel)
}

// fellowLoops opens the loops of the other series that follow the voice;
// one that cannot be opened is left out, and logged.
func (l *Loop) fellowLoops() []*Loop {
	link, err := l.Coll.Voice()
	if err != nil {
		return nil
	}
	roots, err := l.Coll.FellowSeries(link)
	if err != nil {
		l.logf("the other series sharing the voice left out: %v", err)
		return nil
	}
	var out []*Loop
	for _, root := range roots {
		c, err := collection.Open(root)
		if err == nil {
			var f *Loop
			if f, err = For(c); err == nil {
				out = append(out, f)
				continue
			}
		}
		l.logf("the series %s left out of where suggestions go: %v", root, err)
	}
	return out
}

// breaks scores a suggestion against this series' latest pieces (of its
// genre, for a genre's rule; none the analysis read, by their text): how
// many break its rule, of how many read.
func (l *Loop) breaks(s analyze.Suggestion, analysed map[string]bool) (broke, read int) {
	layer, genre, err := analyze.ParseLayer(s.Layer)
	if err != nil {
		return 0, 0
	}
	rule := profile.Sourced{Rule: *s.Rule, Layer: layer, Source: s.Path(collection.ProfileDir)}
	for _, pc := range l.latestPieces() {
		if genre != "" && pc.Genre != genre || analysed[pc.Text] {
			continue
		}
		read++
		res := check.Piece(pc.Path, []byte(pc.Text), pc.Genre, &profile.Resolved{Genre: pc.Genre, Rules: []profile.Sourced{rule}})
		if slices.ContainsFunc(append(res.Errors, res.Warnings...), func(f check.Finding) bool { return f.Rule == s.Rule.ID }) {
			broke++
		}
	}
	return broke, read
}

// latestPieces are this series' last fellowPiecesRead pieces at HEAD,
// with their genres, read once per analysis.
func (l *Loop) latestPieces() []analyze.Piece {
	if l.fellowPieces != nil {
		return *l.fellowPieces
	}
	var out []analyze.Piece
	l.fellowPieces = &out
	_, head, err := l.Repo.Head()
	if err != nil || head.IsZero() {
		return out
	}
	paths, err := l.Repo.FilesIn(head, git.Filter{File: l.Coll.Settings.IsPiece, Dir: l.Coll.Settings.MayHoldPieces})
	if err != nil {
		return out
	}
	if len(paths) > fellowPiecesRead {
		paths = paths[len(paths)-fellowPiecesRead:]
	}
	texts, err := l.readAt(head, paths)
	if err != nil {
		return out
	}
	for i, p := range paths {
		if texts[i].Data == nil {
			continue
		}
		if genre, err := l.pieceGenre(p, texts[i]); err == nil {
			out = append(out, analyze.Piece{Path: p, Genre: genre, Text: string(texts[i].Data)})
		}
	}
	return out
}
