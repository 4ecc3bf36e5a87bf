package main

import (
	"maps"
	"slices"
)

// aiVoice is how well a measure tells each writer's own held-out pieces
// from the held-out LLM pieces, by their distance from the writer's
// profile (or Delta centroid): the AUC of each writer, then their mean.
// The goal is aiGoal or more for the voice measure, and no less than
// Delta's.
type aiVoice struct {
	voice, delta map[string]float64 // AUC by writer
}

// aiGoal is the AUC the voice measure should reach.
const aiGoal = 0.90

// auc is the area under the ROC curve of a distance that should put
// others (LLM pieces) further away than own (the writer's pieces): the
// share of (own, other) pairs where the other lies further, a tie
// counting half. Nothing to compare gives 0.5, a coin's.
func auc(own, others []float64) float64 {
	if len(own) == 0 || len(others) == 0 {
		return 0.5
	}
	wins := 0.0
	for _, o := range own {
		for _, x := range others {
			switch {
			case x > o+tieMargin:
				wins++
			case x >= o-tieMargin:
				wins += 0.5
			}
		}
	}
	return wins / float64(len(own)*len(others))
}

// meanOf is the mean of a writer-keyed figure, summed in the writers'
// order so that every run prints the same digits.
func meanOf(m map[string]float64) float64 {
	names := slices.Sorted(maps.Keys(m))
	values := make([]float64, len(names))
	for i, name := range names {
		values[i] = m[name]
	}
	return mean(values)
}

// voiceDistance is how far sw check puts a piece from a writer's voice:
// the usage distance, or, for a profile without a usage measure, how far
// its score falls short of 1.
func voiceDistance(c checked) float64 {
	if c.Usage != nil {
		return *c.Usage
	}
	return 1 - c.Score
}

// measureAIVoice takes each writer's AUC, by the voice measure (at[name]
// is the writer's snapshot) and by Delta (m), between its held-out pieces
// and llm.
func measureAIVoice(ws []*writer, llm []*piece, at map[string]*snapshot, m *deltaModel) aiVoice {
	out := aiVoice{voice: map[string]float64{}, delta: map[string]float64{}}
	if len(llm) == 0 {
		return out
	}
	for _, w := range ws {
		var ownV, othersV, ownD, othersD []float64
		for _, p := range w.heldOut {
			ownV = append(ownV, voiceDistance(at[w.name].checks[p.rel]))
			ownD = append(ownD, m.distances(p)[w.name])
		}
		for _, p := range llm {
			othersV = append(othersV, voiceDistance(at[w.name].checks[p.rel]))
			othersD = append(othersD, m.distances(p)[w.name])
		}
		out.voice[w.name], out.delta[w.name] = auc(ownV, othersV), auc(ownD, othersD)
	}
	return out
}

// worstOf is the lowest of a writer-keyed figure.
func worstOf(m map[string]float64) float64 {
	worst := 1.0
	for _, v := range m {
		worst = min(worst, v)
	}
	return worst
}
