package collection

import (
	"time"

	"sw/profile/binenc"
)

// The parsed settings are cached in binary form (see cache.go): every hook
// opens the collection, and in a fresh process parsing .sw.yaml, or even
// decoding JSON, costs more than the rest of the hook's reading.

const settingsVersion = 1

func encodeSettings(s Settings) []byte {
	w := &binenc.Writer{}
	w.Byte(settingsVersion)
	w.Int(int64(s.BatchSize))
	w.String(s.Genre)
	w.Strings(s.Pieces.Include)
	w.Strings(s.Pieces.Exclude)
	w.Int(int64(s.FeedbackWindow))
	w.Strings(s.Analyzer.Command)
	w.Int(int64(s.Analyzer.Timeout))
	w.Bool(s.AgentCommits != nil)
	w.Strings(s.AgentCommits)
	return w.B
}

func decodeSettings(data []byte) (Settings, bool) {
	r := binenc.NewReader(data)
	if r.Byte() != settingsVersion {
		return Settings{}, false
	}
	var s Settings
	s.BatchSize = int(r.Int())
	s.Genre = r.String()
	s.Pieces.Include = r.Strings()
	s.Pieces.Exclude = r.Strings()
	s.FeedbackWindow = int(r.Int())
	s.Analyzer.Command = r.Strings()
	s.Analyzer.Timeout = time.Duration(r.Int())
	hasAgents := r.Bool()
	s.AgentCommits = r.Strings()
	if hasAgents && s.AgentCommits == nil {
		s.AgentCommits = []string{} // set, and empty: agent drafts turned off
	}
	return s, r.Done() == nil
}
