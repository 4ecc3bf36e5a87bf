package analyze

import (
	"strings"
	"testing"

	"sw/profile"
)

// Every suggestion of the embedded analyzer is weighed, so a batch can take
// the heaviest first, and carries its evidence in numbers, so a rejection
// can tell new evidence from the same: the measure of usage, which the
// agent never reads, weighs least.
func TestEverySuggestionIsWeighedAndMeasured(t *testing.T) {
	for _, papers := range [][]string{{"001", "008", "009"}, {"002", "003", "004", "005"}} {
		resp := analyzeOK(t, federalistBatch(t, papers))
		if len(resp.Suggestions) < 4 {
			t.Fatalf("%v: only %d suggestions", papers, len(resp.Suggestions))
		}
		var usage, lightest float64 = -1, 1e9
		for _, s := range resp.Suggestions {
			if s.Weight <= 0 {
				t.Errorf("%v: %s has no weight", papers, s.ID)
			}
			if strings.HasPrefix(s.Signature, "usage") {
				usage = s.Weight
				continue
			}
			lightest = min(lightest, s.Weight)
			m := s.Measured
			if s.Rule == nil {
				continue // a removal: final once rejected
			}
			if m == nil || m.Pieces < len(papers)-1 || m.Low > m.Value || m.Value > m.High || m.Low == m.High {
				t.Errorf("%v: %s measured %+v", papers, s.ID, m)
			}
		}
		if usage >= 0 && usage >= lightest {
			t.Errorf("%v: usage weighs %v, not less than the lightest rule (%v)", papers, usage, lightest)
		}
	}
}

func TestDecodeReadsWeightAndMeasured(t *testing.T) {
	data := strings.Replace(oneSuggestion, `, "signature": "sig"`, `, "signature": "sig", "weight": 2.5, "measured": {"pieces": 9, "value": 30, "low": 22.5, "high": 37.5}`, 1)
	resp, err := DecodeResponse([]byte(data))
	if err != nil {
		t.Fatal(err)
	}
	s := resp.Suggestions[0]
	if s.Weight != 2.5 || s.Measured == nil || *s.Measured != (profile.Measured{Pieces: 9, Value: 30, Low: 22.5, High: 37.5}) {
		t.Errorf("read weight %v, measured %+v", s.Weight, s.Measured)
	}
}
