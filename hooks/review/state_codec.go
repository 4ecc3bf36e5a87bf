package review

import (
	"sort"

	"sw/profile/binenc"
)

// The state is kept in binary form: every hook reads it and most write it,
// and in a fresh process the first JSON decoding and encoding of a type
// cost several times the rest of the hook's bookkeeping. `sw review --json`
// shows the ledger for people.

func (st *State) encode() []byte {
	w := &binenc.Writer{}
	w.Byte(byte(stateVersion))
	w.String(st.Head)
	w.String(st.Analyzed)
	w.Uint(uint64(len(st.Pending)))
	for _, p := range st.Pending {
		w.String(p.Path)
		w.Int(int64(p.Seq))
	}
	w.Int(int64(st.Seq))
	w.Int(int64(st.Decisions))
	w.Uint(uint64(len(st.Suggestions)))
	for _, s := range st.Suggestions {
		for _, f := range []string{s.ID, s.Batch, s.Branch, s.Layer, s.Path, s.Signature, s.Summary, s.Evidence} {
			w.String(f)
		}
		w.Time(s.Created)
		for _, f := range []string{s.Tip, s.Seen, s.Blob} {
			w.String(f)
		}
		w.Strings(s.Remotes)
		w.String(s.Upstream)
		w.String(s.Decision)
		w.Time(s.DecidedAt)
		w.Int(int64(s.Order))
		w.String(s.How)
		w.Bool(s.Recorded)
	}
	names := make([]string, 0, len(st.Refs))
	for name := range st.Refs {
		names = append(names, name)
	}
	sort.Strings(names)
	w.Bool(st.Refs != nil)
	w.Uint(uint64(len(names)))
	for _, name := range names {
		w.String(name)
		w.String(st.Refs[name])
	}
	w.String(st.ConfigStamp)
	w.String(st.LastError)
	w.String(st.RecordError)
	return w.B
}

func decodeState(data []byte) (*State, bool) {
	r := binenc.NewReader(data)
	if int(r.Byte()) != stateVersion {
		return nil, false
	}
	st := &State{Version: stateVersion, Head: r.String(), Analyzed: r.String()}
	for n := r.Len(); n > 0 && r.Err() == nil; n-- {
		st.Pending = append(st.Pending, PendingPiece{Path: r.String(), Seq: int(r.Int())})
	}
	st.Seq = int(r.Int())
	st.Decisions = int(r.Int())
	for n := r.Len(); n > 0 && r.Err() == nil; n-- {
		s := &Suggestion{}
		for _, f := range []*string{&s.ID, &s.Batch, &s.Branch, &s.Layer, &s.Path, &s.Signature, &s.Summary, &s.Evidence} {
			*f = r.String()
		}
		s.Created = r.Time()
		for _, f := range []*string{&s.Tip, &s.Seen, &s.Blob} {
			*f = r.String()
		}
		s.Remotes = r.Strings()
		s.Upstream = r.String()
		s.Decision = r.String()
		s.DecidedAt = r.Time()
		s.Order = int(r.Int())
		s.How = r.String()
		s.Recorded = r.Bool()
		st.Suggestions = append(st.Suggestions, s)
	}
	hasRefs, n := r.Bool(), r.Len()
	if hasRefs != (n > 0) && n > 0 {
		return nil, false // refs listed, yet said to be none
	}
	if hasRefs {
		st.Refs = make(map[string]string, n)
	}
	for ; n > 0 && r.Err() == nil; n-- {
		name := r.String()
		st.Refs[name] = r.String()
	}
	st.ConfigStamp = r.String()
	st.LastError = r.String()
	st.RecordError = r.String()
	return st, r.Done() == nil
}
