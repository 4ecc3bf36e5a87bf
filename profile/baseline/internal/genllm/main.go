// Command genllm derives the embedded LLM-prose word counts
// (../../data/llm.tsv) from the baseline half of the LLM-written sample in
// testdata/corpus/llm (baseline.jsonl: one JSON object a line, its "text"
// one text a language model wrote). ../../SOURCE.md says where the sample
// comes from and under which licence; the other half, heldout.jsonl, is
// never read here: `make eval` keeps it for the held-out check.
//
//	go run ./profile/baseline/internal/genllm
//
// Each text is read as sw reads a piece (package prose), so a word here is
// a word to the analyzer and to sw check. The file lists, sorted by word,
// every word used at least -min times in all: how many times, and in how
// many texts of each kind (the sample's "domain": news, stories) at the
// fewest, which tells a habit of the models' from the subject of one kind
// of text ("residents" in the news, "wilderness" in stories). Same input,
// same flags: same output bytes.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"math"
	"os"
	"slices"

	"sw/profile/prose"
)

func main() {
	in := flag.String("in", "testdata/corpus/llm/baseline.jsonl", "the LLM-written texts, one JSON object with a \"text\" a line")
	out := flag.String("o", "profile/baseline/data/llm.tsv", "output file")
	least := flag.Int("min", 3, "the fewest uses a word needs to be listed")
	flag.Parse()
	raw, err := os.ReadFile(*in)
	if err != nil {
		log.Fatal(err)
	}
	data, err := build(raw, *least)
	if err != nil {
		log.Fatalf("%s: %v", *in, err)
	}
	if err := os.WriteFile(*out, data, 0o644); err != nil {
		log.Fatal(err)
	}
}

// tally is one word's uses in the sample, and the texts using it by kind.
type tally struct {
	uses  int
	texts map[string]int
}

// build counts the words of every text in raw and writes the table: a
// first line "#words" and the words read in all, then "word uses texts"
// for each word used at least least times, tab-separated, sorted by word,
// where texts is the fewest texts of any one kind that use it.
func build(raw []byte, least int) ([]byte, error) {
	counts := map[string]*tally{}
	kinds := map[string]bool{}
	total := 0
	sc := bufio.NewScanner(bytes.NewReader(raw))
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for line := 1; sc.Scan(); line++ {
		var rec struct {
			Domain string `json:"domain"`
			Text   string `json:"text"`
		}
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			return nil, fmt.Errorf("line %d: %v", line, err)
		}
		kinds[rec.Domain] = true
		d := prose.Parse([]byte(rec.Text))
		total += d.WordCount()
		seen := map[string]bool{}
		for _, w := range d.Words {
			t := counts[w.Text]
			if t == nil {
				t = &tally{texts: map[string]int{}}
				counts[w.Text] = t
			}
			t.uses++
			if !seen[w.Text] {
				seen[w.Text] = true
				t.texts[rec.Domain]++
			}
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	words := make([]string, 0, len(counts))
	for w, t := range counts {
		if t.uses >= least {
			words = append(words, w)
		}
	}
	slices.Sort(words)
	var b bytes.Buffer
	fmt.Fprintf(&b, "#words\t%d\n", total)
	for _, w := range words {
		fewest := math.MaxInt
		for k := range kinds {
			fewest = min(fewest, counts[w].texts[k])
		}
		fmt.Fprintf(&b, "%s\t%d\t%d\n", w, counts[w].uses, fewest)
	}
	return b.Bytes(), nil
}
