package main

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"time"
)

// report prints the table, one column per level, then what lies behind
// its rows: the rules flagged, where each writer's held-out pieces went,
// and the rules each profile holds at the last level.
func report(out io.Writer, ws []*writer, rs []levelResult, took time.Duration, jobs int) {
	row := func(label string, cell func(r levelResult) string) {
		cells := make([]string, len(rs))
		for i, r := range rs {
			cells[i] = cell(r)
		}
		fmt.Fprintf(out, "| %s | %s |\n", label, strings.Join(cells, " | "))
	}
	header := make([]string, len(rs))
	for i, r := range rs {
		header[i] = fmt.Sprintf("%d pieces", r.level)
	}
	fmt.Fprintf(out, "| | %s |\n|---|%s\n", strings.Join(header, " | "), strings.Repeat("---|", len(rs)))
	for _, w := range ws {
		row(fmt.Sprintf("pieces learned from: %s (%d held out)", w.name, len(w.heldOut)), func(r levelResult) string {
			return fmt.Sprint(r.learned[w.name])
		})
	}
	row("**(a), (d) attribution by the voice measure, balanced accuracy**", func(r levelResult) string {
		return fmt.Sprintf("**%s**", percent(balancedAccuracy(r.credits)))
	})
	row(fmt.Sprintf("(a) Burrows' Delta on the same pieces (%d most frequent words)", deltaWords), func(r levelResult) string {
		return percent(balancedAccuracy(r.delta))
	})
	for _, w := range ws {
		row(fmt.Sprintf("  %s: hit rate", w.name), func(r levelResult) string { return percent(hitRate(r.credits[w.name])) })
	}
	row(fmt.Sprintf("**(f) AI voice: AUC, own held-out pieces vs LLM prose, by the voice measure (goal ≥ %.2f and ≥ Delta)**", aiGoal), func(r levelResult) string {
		return fmt.Sprintf("**%.3f**", meanOf(r.ai.voice))
	})
	row("(f) the same by Burrows' Delta", func(r levelResult) string { return fmt.Sprintf("%.3f", meanOf(r.ai.delta)) })
	row("(f) the worst writer, by the voice measure", func(r levelResult) string {
		return fmt.Sprintf("%.3f", worstOf(r.ai.voice))
	})
	row("**(b) warnings per 1,000 words, own held-out pieces (mean of writers)**", func(r levelResult) string {
		sum := 0.0
		for _, w := range ws {
			sum += r.findings[w.name]
		}
		return fmt.Sprintf("**%.2f**", sum/float64(len(ws)))
	})
	row("(b) the worst writer", func(r levelResult) string {
		worst := 0.0
		for _, w := range ws {
			worst = max(worst, r.findings[w.name])
		}
		return fmt.Sprintf("%.2f", worst)
	})
	for _, w := range ws {
		row(fmt.Sprintf("  %s", w.name), func(r levelResult) string { return fmt.Sprintf("%.2f", r.findings[w.name]) })
	}
	row("**(c) topic-word rules proposed**", func(r levelResult) string { return fmt.Sprintf("**%d** of %d", len(r.topic), r.rules) })
	row("(c) avoid rules on LLM prose's habits, used 10 times as often there as by the writer and the others (not topic rules)", func(r levelResult) string {
		return fmt.Sprintf("%d of %d", len(r.llmVoice), r.rules)
	})
	row("**(c) boilerplate rules proposed**", func(r levelResult) string { return fmt.Sprintf("**%d** of %d", len(r.boiler), r.rules) })
	row("**(c) rate rules wider than half to twice their target**", func(r levelResult) string { return fmt.Sprintf("**%d** of %d", len(r.wide), r.rules) })
	row("suggestions merged so far, all collections", func(r levelResult) string { return fmt.Sprint(r.accepted) })

	fmt.Fprintf(out, "\nRun time: %s (%d collections, %d at a time).\n", took.Round(time.Second), len(ws), jobs)
	for _, r := range rs {
		fmt.Fprintf(out, "\n%d pieces:\n", r.level)
		for _, f := range r.topic {
			fmt.Fprintf(out, "  topic rule: %s %s: %s\n", f.writer, f.rule, f.why)
		}
		for _, f := range r.boiler {
			fmt.Fprintf(out, "  boilerplate rule: %s %s: %s\n", f.writer, f.rule, f.why)
		}
		for _, f := range r.wide {
			fmt.Fprintf(out, "  wide rule: %s %s: %s\n", f.writer, f.rule, f.why)
		}
		for _, w := range ws {
			fmt.Fprintf(out, "  %s's held-out pieces went to: %s\n", w.name, votes(r.votes[w.name]))
		}
		fmt.Fprintf(out, "  AI voice AUC by writer, voice measure: %s; Delta: %s\n", votes(r.ai.voice), votes(r.ai.delta))
		for _, w := range ws {
			if len(r.byRule[w.name]) == 0 {
				continue
			}
			byRule := map[string]float64{}
			for id, n := range r.byRule[w.name] {
				byRule[id] = float64(n)
			}
			fmt.Fprintf(out, "  %s's warnings on own held-out pieces, by rule: %s\n", w.name, votes(byRule))
		}
	}
	last := rs[len(rs)-1]
	fmt.Fprintf(out, "\nRules after %d pieces:\n", last.level)
	for _, w := range ws {
		fmt.Fprintf(out, "  %s (%d): %s\n", w.name, len(last.ruleIDs[w.name]), strings.Join(last.ruleIDs[w.name], ", "))
	}
}

func percent(f float64) string {
	return fmt.Sprintf("%.0f%%", 100*f)
}

// votes lists where a writer's held-out pieces went, most first; a piece
// tied between n profiles counts 1/n to each.
func votes(v map[string]float64) string {
	names := make([]string, 0, len(v))
	for name := range v {
		names = append(names, name)
	}
	sort.Slice(names, func(i, j int) bool {
		if v[names[i]] != v[names[j]] {
			return v[names[i]] > v[names[j]]
		}
		return names[i] < names[j]
	})
	parts := make([]string, len(names))
	for i, name := range names {
		parts[i] = fmt.Sprintf("%s %.3g", name, v[name])
	}
	return strings.Join(parts, ", ")
}
