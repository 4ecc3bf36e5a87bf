package prose

import "testing"

func TestSentences(t *testing.T) {
	cases := []struct {
		name, src string
		want      []string
	}{
		{"titles", "Mr. Smith went to Washington. He stayed.",
			[]string{"Mr. Smith went to Washington.", "He stayed."}},
		{"initials, decimals, a.m.", "Dr. J. Smith arrived at 3.5 p.m. on Friday. Then he left.",
			[]string{"Dr. J. Smith arrived at 3.5 p.m. on Friday.", "Then he left."}},
		{"etc. ends before a capital", "We saw cats, dogs, etc. The end came.",
			[]string{"We saw cats, dogs, etc.", "The end came."}},
		{"etc. goes on before lower case", "Cats, dogs, etc. were there.", []string{"Cats, dogs, etc. were there."}},
		{"e.g. and i.e.", "Use e.g. Python or i.e. Go. Fine.", []string{"Use e.g. Python or i.e. Go.", "Fine."}},
		{"U.S. before a name", "The U.S. Senate voted. It passed.", []string{"The U.S. Senate voted.", "It passed."}},
		{"U.S. ending a sentence", "He lives in the U.S. The weather is mild.",
			[]string{"He lives in the U.S.", "The weather is mild."}},
		{"initial before a name", "J. R. R. Tolkien wrote it.", []string{"J. R. R. Tolkien wrote it."}},
		{"capital letter ending a sentence", "We chose plan B. It worked.", []string{"We chose plan B.", "It worked."}},
		{"I ends a sentence", "Nobody but I. Then silence.", []string{"Nobody but I.", "Then silence."}},
		{"No. before a number", "See No. 5 for details. Then stop.", []string{"See No. 5 for details.", "Then stop."}},
		{"money", "It cost $3.50. That was cheap.", []string{"It cost $3.50.", "That was cheap."}},
		{"closing quote", `He said "Stop." Then he left.`, []string{`He said "Stop."`, "Then he left."}},
		{"curly closing quote", "He said “Stop.” Then he left.", []string{"He said “Stop.”", "Then he left."}},
		{"quoted question goes on", `"Why?" she asked. "Because!"`, []string{`"Why?" she asked.`, `"Because!"`}},
		{"brackets", "(This is an aside.) Then more.", []string{"(This is an aside.)", "Then more."}},
		{"ellipsis then capital", "Wait... What happened? Nothing!", []string{"Wait...", "What happened?", "Nothing!"}},
		{"ellipsis then lower case", "Wait… what? Fine.", []string{"Wait… what?", "Fine."}},
		{"interrobang", "Really?! Yes.", []string{"Really?!", "Yes."}},
		{"missing space", "The car was fast.It crashed.", []string{"The car was fast.", "It crashed."}},
		{"no terminator", "No terminator at the end", []string{"No terminator at the end"}},
		{"lower-case i", "i went home. i'm tired. i.e. done.", []string{"i went home.", "i'm tired. i.e. done."}},
		{"semicolons do not split", "It goes on; and on; and on.", []string{"It goes on; and on; and on."}},
		{"line break inside", "One sentence that\ncontinues here. Next.", []string{"One sentence that continues here.", "Next."}},
		{"paragraph end closes", "First without end\n\nSecond.", []string{"First without end", "Second."}},
		{"punctuation only is no sentence", "Hello.\n\n...\n\n— !", []string{"Hello."}},
		{"sentence opens with a quote", `Done. "Next one," he said.`, []string{"Done.", `"Next one," he said.`}},
		{"ordinal word numbering a point", "First. How it will tend to grow. Second. In what manner.",
			[]string{"First. How it will tend to grow.", "Second. In what manner."}},
		{"numbers and ordinals numbering points", "Four cases. 1. For disputes. 2. For captures. 2d. The tenure. IV. The rest.",
			[]string{"Four cases.", "1. For disputes.", "2. For captures.", "2d. The tenure.", "IV. The rest."}},
		{"a label asked is a sentence", "Second? In what manner.", []string{"Second?", "In what manner."}},
		{"a label is a label only as a sentence opens", "He came first. Then second. Lastly.",
			[]string{"He came first.", "Then second.", "Lastly."}},
		{"dash before the next sentence", "It ended. — And then?", []string{"It ended.", "— And then?"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := Parse([]byte(c.src))
			if got := sentenceTexts(d); !equalStrings(got, c.want) {
				t.Errorf("sentences %q, want %q", got, c.want)
			}
		})
	}
}

func TestTerminators(t *testing.T) {
	d := Parse([]byte("One. Two? Three! Four… Five... Six?! Seven"))
	want := []rune{'.', '?', '!', '…', '…', '?', 0}
	if len(d.Sentences) != len(want) {
		t.Fatalf("%d sentences, want %d", len(d.Sentences), len(want))
	}
	for i, s := range d.Sentences {
		if s.Terminator != want[i] {
			t.Errorf("sentence %q ends with %q, want %q", s.Text, s.Terminator, want[i])
		}
	}
}

// TestSentencePositions: a sentence is where its first word is, and
// knows its words and paragraph.
func TestSentencePositions(t *testing.T) {
	d := Parse([]byte("Intro line.\n\n\"Quoted start,\" she said. Next\none."))
	type got struct {
		line, col, para, words int
	}
	want := []got{{1, 1, 0, 2}, {3, 2, 1, 4}, {3, 27, 1, 2}}
	for i, s := range d.Sentences {
		g := got{int(s.Line), int(s.Col), s.Paragraph, s.Words.Len()}
		if i >= len(want) || g != want[i] {
			t.Errorf("sentence %d %q = %+v", i, s.Text, g)
		}
		for _, w := range d.WordsOf(s.Words) {
			if int(w.Sentence) != i || int(w.Paragraph) != s.Paragraph {
				t.Errorf("word %q points at sentence %d, paragraph %d", w.Text, w.Sentence, w.Paragraph)
			}
		}
	}
	if len(d.Sentences) != len(want) {
		t.Errorf("%d sentences, want %d", len(d.Sentences), len(want))
	}
}

func TestAbbrevKind(t *testing.T) {
	cases := map[string]uint8{
		"mr": abbrevTitle, "messrs": abbrevTitle, "e.g": abbrevTitle, "i.e": abbrevTitle, "approx": abbrevTitle,
		"st": abbrevTitle, "viz": abbrevTitle,
		"no": abbrevNumber, "p": abbrevNumber, "pp": abbrevNumber, "fig": abbrevNumber, "sept": abbrevNumber,
		"dec": abbrevNumber, "ed": abbrevNumber,
		"": 0, "mister": 0, "m": 0, "Mr": 0, "e.g.": 0, "nov.": 0, "december": 0, "the": 0,
	}
	for w, want := range cases {
		if got := abbrevKind(w); got != want {
			t.Errorf("abbrevKind(%q) = %d, want %d", w, got, want)
		}
	}
}
