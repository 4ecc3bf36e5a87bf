package main

import (
	"fmt"
	"sort"
)

// levelResult is everything measured with each writer's profile learned
// from level pieces (or all it has, when fewer).
type levelResult struct {
	level    int
	learned  map[string]int       // pieces each writer's profile was learned from
	credits  map[string][]float64 // each writer's held-out pieces' credit (see credit)
	delta    map[string][]float64 // the same, by Burrows' Delta on the same pieces
	votes    map[string]map[string]float64
	findings map[string]float64        // warnings per 1,000 words on the writer's own held-out pieces
	byRule   map[string]map[string]int // those warnings by writer, then rule id
	rules    int                       // rules in all the profiles
	accepted int                       // suggestions merged, all collections together
	topic    []flagged
	llmVoice []flagged // avoid rules on LLM prose's habits (see llmAvoid)
	boiler   []flagged
	wide     []flagged
	ruleIDs  map[string][]string
	ai       aiVoice // own held-out pieces against LLM prose
}

// flagged is a rule the audit found wanting.
type flagged struct {
	writer, rule, why string
}

// evaluate turns the writers' snapshots into each level's figures; llm
// are the held-out LLM pieces every snapshot checked too.
func evaluate(ws []*writer, llm []*piece, levels []int, snaps map[string]map[int]*snapshot) ([]levelResult, error) {
	marks := map[string]map[*piece][]bool{}
	others := map[string]*wordCounts{}
	for _, w := range ws {
		marks[w.name] = boilerplate(w.pieces)
		var rest []*piece
		for _, o := range ws {
			if o != w {
				rest = append(rest, o.pieces...)
			}
		}
		others[w.name] = countWords(rest)
	}
	var out []levelResult
	for _, level := range levels {
		r := levelResult{level: level, learned: map[string]int{}, credits: map[string][]float64{},
			votes: map[string]map[string]float64{}, findings: map[string]float64{}, byRule: map[string]map[string]int{}, ruleIDs: map[string][]string{}}
		at := map[string]*snapshot{}
		for _, w := range ws {
			k := min(level, len(w.train))
			snap := snaps[w.name][k]
			if snap == nil {
				return nil, fmt.Errorf("%s: no snapshot after %d pieces", w.name, k)
			}
			at[w.name], r.learned[w.name] = snap, k
			r.rules += len(snap.rules)
			r.accepted += snap.accepted
			a := &auditor{train: w.train[:k], marks: marks[w.name], others: others[w.name], llm: llm}
			for _, rl := range snap.rules {
				r.ruleIDs[w.name] = append(r.ruleIDs[w.name], rl.ID)
				if why := a.topicRule(rl); why != "" {
					r.topic = append(r.topic, flagged{w.name, rl.ID, why})
				}
				if why := a.llmAvoid(rl); why != "" {
					r.llmVoice = append(r.llmVoice, flagged{w.name, rl.ID, why})
				}
				if why := a.boilerplateRule(rl); why != "" {
					r.boiler = append(r.boiler, flagged{w.name, rl.ID, why})
				}
				if why := wideRule(rl); why != "" {
					r.wide = append(r.wide, flagged{w.name, rl.ID, why})
				}
			}
		}
		dm := newDelta(ws, r.learned)
		r.delta = deltaCredits(ws, dm)
		r.ai = measureAIVoice(ws, llm, at, dm)
		for _, w := range ws {
			found, words := 0, 0
			r.votes[w.name] = map[string]float64{}
			for _, p := range w.heldOut {
				found += at[w.name].checks[p.rel].Findings
				for id, n := range at[w.name].checks[p.rel].ByRule {
					if r.byRule[w.name] == nil {
						r.byRule[w.name] = map[string]int{}
					}
					r.byRule[w.name][id] += n
				}
				words += len(p.tokens)
				checks := map[string]checked{}
				for name, snap := range at {
					checks[name] = snap.checks[p.rel]
				}
				scores := likeness(checks)
				r.credits[w.name] = append(r.credits[w.name], credit(scores, w.name))
				win := winners(scores)
				sort.Strings(win)
				for _, name := range win {
					r.votes[w.name][name] += 1 / float64(len(win))
				}
			}
			r.findings[w.name] = perThousand(found, words)
		}
		out = append(out, r)
	}
	return out, nil
}
