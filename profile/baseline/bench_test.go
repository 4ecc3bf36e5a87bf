package baseline

import "testing"

// BenchmarkLoad is the one-time cost the first rate lookup pays: inflate
// the embedded file and build the word map.
func BenchmarkLoad(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := decode(englishData); err != nil {
			b.Fatal(err)
		}
	}
}

var benchWords = []string{"the", "house", "serendipity", "Writing", "don't", "qwzxv", "however", "tapestry"}

func BenchmarkPerMillion(b *testing.B) {
	get()
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		PerMillion(benchWords[i%len(benchWords)])
		i++
	}
}

func BenchmarkIsFunctionWord(b *testing.B) {
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		IsFunctionWord(benchWords[i%len(benchWords)])
		i++
	}
}

var benchPhrases = [][]string{
	{"of", "course"}, {"at", "the", "end"}, {"it", "turns", "out"},
	{"house", "serendipity"}, {"long", "story", "short"}, {"in", "fact"},
}

func BenchmarkPhrasePerMillion(b *testing.B) {
	get()
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		PhrasePerMillion(benchPhrases[i%len(benchPhrases)])
		i++
	}
}
