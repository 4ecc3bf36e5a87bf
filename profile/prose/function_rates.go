package prose

import "sync"

// MarkerWords are the function words whose rates sw measures, each as a
// metric of its own (upon_per_1k_words). How often a writer uses them
// follows the writer, not the subject (the Federalist studies since
// Mosteller and Wallace rest on such rates). The list is fixed, chosen
// from that literature: words every piece uses, so a rate can be measured
// on one piece, and whose rates differ between writers. It is never
// learned from pieces, so no subject can reach it.
var MarkerWords = []string{
	"the", "of", "to", "and", "by", "on", "upon", "which", "would",
	"may", "must", "shall", "this", "there", "an", "ought", "therefore",
}

// markerIndex maps each marker word to its place in MarkerWords.
var markerIndex = sync.OnceValue(func() map[string]int {
	m := make(map[string]int, len(MarkerWords))
	for i, w := range MarkerWords {
		m[w] = i
	}
	return m
})

// MarkerUses is how often the i-th of MarkerWords occurs in the piece.
func (d *Doc) MarkerUses(i int) int { return d.markers()[i] }

// markers returns how often each marker word occurs, counting them the
// first time a metric asks.
func (d *Doc) markers() []int {
	d.markerOnce.Do(func() {
		d.markerCounts = make([]int, len(MarkerWords))
		index := markerIndex()
		for i := range d.Words {
			if k, ok := index[d.Words[i].Text]; ok {
				d.markerCounts[k]++
			}
		}
	})
	return d.markerCounts
}
