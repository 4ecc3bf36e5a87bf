package main

import (
	"math"
	"sort"
)

// Burrows' Delta is the classic it is measured against: attribution that
// needs nothing but word counts. Given the same pieces each writer's
// collection learned from, it takes the deltaWords most frequent words of
// them all, turns each piece's rate of each word into a z-score (how many
// standard deviations, over all those pieces, it lies from their mean),
// and gives a held-out piece to the writer whose pieces' mean z-scores lie
// nearest to its own, by the mean absolute difference (Burrows 2002). It
// sees every writer's pieces at once, which sw's voice measure, learned
// from one writer's pieces alone, never does.
const deltaWords = 150

// deltaModel is Burrows' Delta learned from the pieces each writer's
// collection learned from: the words it reads, their mean and spread over
// all those pieces, and each writer's centroid of z-scores.
type deltaModel struct {
	words     []string
	mean, sd  []float64
	centroids map[string][]float64
}

// newDelta learns Delta from each writer's first learned[name] pieces.
func newDelta(ws []*writer, learned map[string]int) *deltaModel {
	var train []*piece
	for _, w := range ws {
		train = append(train, w.train[:learned[w.name]]...)
	}
	m := &deltaModel{words: mostFrequent(train, deltaWords), centroids: map[string][]float64{}}
	m.mean, m.sd = spread(train, m.words)
	for _, w := range ws {
		c := make([]float64, len(m.words))
		for _, p := range w.train[:learned[w.name]] {
			for i, v := range m.z(p) {
				c[i] += v / float64(learned[w.name])
			}
		}
		m.centroids[w.name] = c
	}
	return m
}

// z is p's rate of each word in z-scores.
func (m *deltaModel) z(p *piece) []float64 {
	r := rates(p, m.words)
	for i := range r {
		if m.sd[i] > 0 {
			r[i] = (r[i] - m.mean[i]) / m.sd[i]
		} else {
			r[i] = 0
		}
	}
	return r
}

// distances is Delta from p to every writer's centroid: the mean absolute
// difference of z-scores.
func (m *deltaModel) distances(p *piece) map[string]float64 {
	zp := m.z(p)
	out := map[string]float64{}
	for name, c := range m.centroids {
		d := 0.0
		for i := range c {
			d += math.Abs(zp[i] - c[i])
		}
		out[name] = d / float64(len(c))
	}
	return out
}

// deltaCredits attributes every held-out piece of ws by Burrows' Delta,
// each writer learning from its first learned[name] pieces, and gives
// each writer's held-out pieces' credit (see credit).
func deltaCredits(ws []*writer, m *deltaModel) map[string][]float64 {
	out := map[string][]float64{}
	for _, w := range ws {
		for _, p := range w.heldOut {
			scores := map[string]float64{}
			for name, d := range m.distances(p) {
				scores[name] = -d
			}
			out[w.name] = append(out[w.name], credit(scores, w.name))
		}
	}
	return out
}

// mostFrequent are the n words most used in pieces, most first (ties by
// the word, so every run picks the same).
func mostFrequent(pieces []*piece, n int) []string {
	wc := countWords(pieces)
	words := make([]string, 0, len(wc.count))
	for w := range wc.count {
		words = append(words, w)
	}
	sort.Slice(words, func(i, j int) bool {
		if wc.count[words[i]] != wc.count[words[j]] {
			return wc.count[words[i]] > wc.count[words[j]]
		}
		return words[i] < words[j]
	})
	return words[:min(n, len(words))]
}

// rates are p's rates of words, per 1,000 words.
func rates(p *piece, words []string) []float64 {
	index := make(map[string]int, len(words))
	for i, w := range words {
		index[w] = i
	}
	out := make([]float64, len(words))
	for _, t := range p.tokens {
		if i, ok := index[t]; ok {
			out[i]++
		}
	}
	for i := range out {
		out[i] = perThousand(int(out[i]), len(p.tokens))
	}
	return out
}

// spread is the mean and the standard deviation over pieces of each
// word's rate.
func spread(pieces []*piece, words []string) (mean, sd []float64) {
	mean, sd = make([]float64, len(words)), make([]float64, len(words))
	all := make([][]float64, len(pieces))
	for j, p := range pieces {
		all[j] = rates(p, words)
		for i, v := range all[j] {
			mean[i] += v / float64(len(pieces))
		}
	}
	for _, r := range all {
		for i, v := range r {
			sd[i] += (v - mean[i]) * (v - mean[i])
		}
	}
	for i := range sd {
		sd[i] = math.Sqrt(sd[i] / float64(max(len(pieces)-1, 1)))
	}
	return mean, sd
}
