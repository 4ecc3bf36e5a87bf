package prose

import (
	"math"
	"reflect"
	"sync"
	"testing"
)

// TestPerUnitMetrics: one value per sentence or paragraph, at its first
// word. Counted by hand; columns are 1-based character counts.
func TestPerUnitMetrics(t *testing.T) {
	cases := []struct {
		metric  string
		measure func(*Doc) []Measurement
		src     string
		want    []Measurement
	}{
		// "I came." = 2 words at 1:1; "I saw the city!" = 4 at 1:9;
		// "Did I win?" = 3 at 1:25.
		{"words_per_sentence", (*Doc).SentenceWords, "I came. I saw the city! Did I win?",
			[]Measurement{{2, Position{1, 1, 0}}, {4, Position{1, 9, 8}}, {3, Position{1, 25, 24}}}},
		// Self-driving is one word, "3.5" one, don't one: 5 words, and the
		// sentence runs on over a second line.
		{"words_per_sentence", (*Doc).SentenceWords, "Self-driving cars don't cost 3.5 —\nor do they",
			[]Measurement{{8, Position{1, 1, 0}}}},
		// "One. Two." = 2 sentences at 1:1; "Three." = 1 at 3:1; the list
		// item "Four. Five. Six." is no paragraph; the heading is none.
		{"sentences_per_paragraph", (*Doc).ParagraphSentences, "One. Two.\n\nThree.\n\n- Four. Five. Six.\n\n# Heading\n",
			[]Measurement{{2, Position{1, 1, 0}}, {1, Position{3, 1, 11}}}},
		// The same paragraphs hold 2 and 1 words.
		{"words_per_paragraph", (*Doc).ParagraphWords, "One. Two.\n\nThree.\n\n- Four. Five. Six.\n\n# Heading\n",
			[]Measurement{{2, Position{1, 1, 0}}, {1, Position{3, 1, 11}}}},
		{"words_per_sentence", (*Doc).SentenceWords, "", []Measurement{}},
		{"words_per_paragraph", (*Doc).ParagraphWords, "```\ncode only\n```\n", []Measurement{}},
	}
	for _, c := range cases {
		if got := c.measure(Parse([]byte(c.src))); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s of %q = %v, want %v", c.metric, c.src, got, c.want)
		}
	}
}

// TestRateMetrics: per 1,000 words, on ten-word snippets unless said, so
// the value is the count times 100. The comment before each case lists
// the words (numbered) and what counts.
func TestRateMetrics(t *testing.T) {
	cases := []struct {
		metric  string
		measure func(*Doc) []Measurement
		src     string
		want    float64
	}{
		// It1 was2 I3 think4 fine5 really6 a-b7 ok8 and9 done10;
		// em dashes: "—", "—", "--" = 3; "----" is no dash, a-b a hyphen.
		{"em_dashes_per_1k_words", rate(EmDashes), "It was—I think—fine -- really, a-b ---- ok and done.", 300},
		// word--word and word---word count too, and a run of ——: 3.
		// Wait1 what2 no3 yes4 so5 it6 goes7 on8 and9 on10.
		{"em_dashes_per_1k_words", rate(EmDashes), "Wait--what? No---yes. So —— it goes on and on.", 300},
		// Read1 pages2 10 3 20 4 and5 a6 spaced7 hyphen8 not9
		// self-driving10; en dashes: "10–20", " – ", " - " = 3.
		{"en_dashes_per_1k_words", rate(EnDashes), "Read pages 10–20 – and a spaced - hyphen, not self-driving.", 300},
		// One1 two2 three3 and4 four5 five6 six7 seven8 eight9 nine10;
		// semicolons: 2.
		{"semicolons_per_1k_words", rate(Semicolons), "One; two; three and four, five six seven eight nine.", 200},
		// At1 10 2 30 3 we4 met5 one6 thing7 then8 another9 end10;
		// colons: "met:", "another:" = 2; 10:30 is a time.
		{"colons_per_1k_words", rate(Colons), "At 10:30 we met: one thing, then another: end.", 200},
		// He1 quietly2 left3 see4 below5 and6 then7 maybe8 came9 back10;
		// opening parentheses: 3.
		{"parentheses_per_1k_words", rate(Parentheses), "He (quietly) left (see below) and then (maybe) came back.", 300},
		// Why1 Who2 knows3 I4 do5 Fine6 then7 Really8 No9 way10;
		// sentences ending ?: "Why?", "knows?", "Really?!" = 3.
		{"questions_per_1k_words", rate(Questions), "Why? Who knows? I do! Fine then. Really?! No way.", 300},
		// same text; ending ! and no ?: "I do!" = 1.
		{"exclamations_per_1k_words", rate(Exclamations), "Why? Who knows? I do! Fine then. Really?! No way.", 100},
		// "Why?" inside a sentence ending in "." is no question:
		// Why1 she2 asked3 and4 left5 then6 came7 back8 here9 again10.
		{"questions_per_1k_words", rate(Questions), `"Why?" she asked and left, then came back here again.`, 0},
		// I1 don't2 know3 it's4 John's5 car6 we're7 told8 they'd9 go10;
		// contractions: don't, it's, we're, they'd = 4; John's possessive.
		{"contractions_per_1k_words", rate(Contractions), "I don't know; it's John's car, we're told they'd go.", 400},
		// I'm1 sure2 my3 dog4 and5 I6 saw7 me8 there9 myself10;
		// first person singular: I'm, my, I, me, myself = 5.
		{"first_person_singular_per_1k_words", rate(FirstSingular), "I'm sure my dog and I saw me there myself.", 500},
		// That1 is2 mine3 i.e4 not5 yours6 it7 is8 ours9 now10;
		// first person singular: mine = 1 (i.e. is no I).
		{"first_person_singular_per_1k_words", rate(FirstSingular), "That is mine, i.e. not yours; it is ours now.", 100},
		// We1 know2 our3 US4 trip5 lets6 us7 see8 what's9 ours10;
		// first person plural: We, our, us, ours = 4; US is the country.
		{"first_person_plural_per_1k_words", rate(FirstPlural), "We know our US trip lets us see what's ours.", 400},
		// Let's1 go2 said3 we4 and5 ourselves6 too7 we've8 been9 told10;
		// first person plural: Let's, we, ourselves, we've = 4.
		{"first_person_plural_per_1k_words", rate(FirstPlural), "Let's go, said we, and ourselves too; we've been told.", 400},
		// You1 said2 your3 keys4 were5 yours6 you're7 on8 your9 own10;
		// second person: You, your, yours, you're, your = 5.
		{"second_person_per_1k_words", rate(SecondPerson), "You said your keys were yours; you're on your own.", 500},
		// One1 Text2 here3 Two4 More5 text6 more7 words8 here9 now10;
		// headings: "# One" and the underlined "Two" = 2.
		{"headings_per_1k_words", rate(Headings), "# One\n\nText here.\n\nTwo\n===\n\nMore text, more words here now.", 200},
		// Intro1 words2 here3 alpha4 beta5 gamma6 delta7 epsilon8 zeta9
		// eta10; list items: alpha, gamma, delta (nested), epsilon = 4.
		{"list_items_per_1k_words", rate(ListItems), "Intro words here:\n\n- alpha beta\n- gamma\n  * delta\n\n1. epsilon zeta eta\n", 400},
		// Hello1 there2 world3 = 3 words; the code block has none.
		{"words_per_piece", (*Doc).PieceWords, "Hello there, world.\n\n```\nnot these words\n```\n", 3},
		// Three words, one semicolon: 1 * 1000 / 3.
		{"semicolons_per_1k_words", rate(Semicolons), "One; two three.", 1000.0 / 3},
		{"semicolons_per_1k_words", rate(Semicolons), "", 0},
		{"questions_per_1k_words", rate(Questions), "```\n?\n```", 0},
	}
	for _, c := range cases {
		d := Parse([]byte(c.src))
		got := c.measure(d)
		if len(got) != 1 {
			t.Fatalf("%s: %d measurements, want 1", c.metric, len(got))
		}
		if math.Abs(got[0].Value-c.want) > 1e-9 {
			t.Errorf("%s of %q = %v, want %v (words %q)", c.metric, c.src, got[0].Value, c.want, texts(d.Words))
		}
		if want := d.start(); got[0].Position != want {
			t.Errorf("%s at %+v, want the first word at %+v", c.metric, got[0].Position, want)
		}
	}
}

func TestScopeString(t *testing.T) {
	for s, want := range map[Scope]string{PerSentence: "sentence", PerParagraph: "paragraph", PerPiece: "piece", 0: "Scope(0)"} {
		if s.String() != want {
			t.Errorf("%d.String() = %q", int(s), s.String())
		}
	}
}

// TestMeasureConcurrently: the word-kind tallies are made on the first
// Count that needs them; goroutines measuring one Doc at once agree.
func TestMeasureConcurrently(t *testing.T) {
	const src = "I think we're fine; you don't mind, do you? Let's go, as we said."
	d := Parse([]byte(src))
	names := []func(*Doc) []Measurement{rate(Contractions), rate(FirstSingular), rate(FirstPlural), rate(SecondPerson)}
	got := make([][]Measurement, 4*len(names))
	var wg sync.WaitGroup
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[i] = names[i%len(names)](d)
		}()
	}
	wg.Wait()
	for i, ms := range got {
		want := names[i%len(names)](Parse([]byte(src)))
		if !reflect.DeepEqual(ms, want) {
			t.Errorf("count %d: %v, want %v", i%len(names), ms, want)
		}
	}
}
