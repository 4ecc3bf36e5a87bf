package main

import (
	"bytes"
	"math"
	"strings"
	"testing"
	"time"
)

func TestAUCIsTheShareOfPairsTheOtherLiesFurther(t *testing.T) {
	for _, c := range []struct {
		name        string
		own, others []float64
		want        float64
	}{
		{"every LLM piece further", []float64{0.5, 0.6}, []float64{0.9, 1.2, 0.7}, 1},
		{"every LLM piece nearer", []float64{2, 3}, []float64{1}, 0},
		{"ties count half", []float64{1, 1}, []float64{1, 1}, 0.5},
		{"mixed", []float64{0.5, 1.5}, []float64{1, 2}, 0.75},
		{"one tie among four", []float64{1, 2}, []float64{2, 3}, 0.875},
		{"nothing to compare", nil, []float64{1}, 0.5},
	} {
		if got := auc(c.own, c.others); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("%s: auc = %g, want %g", c.name, got, c.want)
		}
	}
}

func TestVoiceDistanceFallsBackOnTheScore(t *testing.T) {
	d := 1.25
	if got := voiceDistance(checked{Usage: &d, Score: 0.2}); got != 1.25 {
		t.Errorf("with a usage measure: %g", got)
	}
	if got := voiceDistance(checked{Score: 0.75}); got != 0.25 {
		t.Errorf("without: %g", got)
	}
}

// The table prints the AI-voice rows: the voice measure's mean AUC with
// the goal beside it, Delta's, and the worst writer's.
func TestReportPrintsTheAIVoiceRow(t *testing.T) {
	ws := []*writer{{name: "A", heldOut: []*piece{{}}}, {name: "B", heldOut: []*piece{{}}}}
	r := levelResult{level: 3, learned: map[string]int{"A": 3, "B": 3}, credits: map[string][]float64{}, delta: map[string][]float64{},
		votes: map[string]map[string]float64{}, findings: map[string]float64{}, byRule: map[string]map[string]int{}, ruleIDs: map[string][]string{},
		ai: aiVoice{voice: map[string]float64{"A": 1, "B": 0.8}, delta: map[string]float64{"A": 0.7, "B": 0.6}}}
	var b bytes.Buffer
	report(&b, ws, []levelResult{r}, time.Second, 1)
	for _, want := range []string{
		"| **(f) AI voice: AUC, own held-out pieces vs LLM prose, by the voice measure (goal ≥ 0.90 and ≥ Delta)** | **0.900** |",
		"| (f) the same by Burrows' Delta | 0.650 |",
		"| (f) the worst writer, by the voice measure | 0.800 |",
		"AI voice AUC by writer, voice measure: A 1, B 0.8; Delta: A 0.7, B 0.6",
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, b.String())
		}
	}
}

// An avoid rule on a word the writer's pieces never use, and LLM prose
// uses in several pieces and far more than other writers do, is counted
// apart; one on any other content word is still a topic rule.
func TestAvoidingLLMProseHabitsIsNoTopicRule(t *testing.T) {
	llm := []*piece{mkPiece("A testament to years."), mkPiece("Truly a testament of years."), mkPiece("A testament, and years."), mkPiece("Nothing here.")}
	others := countWords([]*piece{mkPiece(strings.Repeat("The magistrate kept a diary of hours for years. ", 20) + "A testament.")})
	a := &auditor{train: []*piece{mkPiece("Powers vested upon the legislature.")}, others: others, llm: llm}
	habit := rule{ID: "avoid-testament", Avoid: []string{"testament"}}
	if why := a.topicRule(habit); why != "" {
		t.Errorf("avoid-testament is a topic rule: %s", why)
	}
	if a.llmAvoid(habit) == "" {
		t.Error("avoid-testament is not counted as LLM prose's habit")
	}
	for _, r := range []rule{{ID: "avoid-legislature", Avoid: []string{"legislature"}}, {ID: "avoid-magistrate", Avoid: []string{"magistrate"}},
		{ID: "avoid-hours", Avoid: []string{"hours"}}, {ID: "avoid-years", Avoid: []string{"years"}}} {
		if a.topicRule(r) == "" || a.llmAvoid(r) != "" {
			t.Errorf("%s: want a topic rule, not LLM prose's habit", r.ID)
		}
	}
}

func TestLLMPiecesJoinTextsOfOneKind(t *testing.T) {
	ps, err := loadLLM("../corpus")
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) < 20 {
		t.Fatalf("%d LLM pieces", len(ps))
	}
	for _, p := range ps {
		if len(p.tokens) < llmPieceWords || p.writer != llmWriter || !strings.HasPrefix(p.rel, "llm/") {
			t.Errorf("%s: %d words, writer %q", p.rel, len(p.tokens), p.writer)
		}
	}
}
