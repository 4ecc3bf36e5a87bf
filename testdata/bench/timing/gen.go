package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// vocabulary for generated pieces: plain words, so pieces read like prose
// to the parser without being anyone's writing.
var vocabulary = strings.Fields(`the a walk city river morning light road house window letter friend
		winter garden story question answer reason habit train station evening market bread coffee
		quiet slow early late small long open close write read think remember notice keep find
		and but so because when while after before although since until
		I we you it they this that those these some many few every each
		is was were will would could should might can`)

// pieceText is a deterministic piece of about words words, in sentences
// and paragraphs, with front matter naming its genre.
func pieceText(n, words, version int) string {
	var b strings.Builder
	genre := "essay"
	if n%3 == 0 {
		genre = "review"
	}
	fmt.Fprintf(&b, "---\ntitle: Piece %d\ngenre: %s\n---\n", n, genre)
	seed := uint32(n*7919 + 1)
	next := func() int {
		seed ^= seed << 13
		seed ^= seed >> 17
		seed ^= seed << 5
		return int(seed % uint32(len(vocabulary)))
	}
	for w, sentence := 0, 0; w < words; sentence++ {
		length := 8 + next()%18
		for i := 0; i < length; i++ {
			word := vocabulary[next()]
			if i == 0 {
				word = strings.ToUpper(word[:1]) + word[1:]
			}
			b.WriteString(word)
			if i < length-1 {
				b.WriteByte(' ')
			}
		}
		w += length
		b.WriteString(". ")
		if sentence%5 == 4 {
			b.WriteString("\n\n")
		}
	}
	fmt.Fprintf(&b, "\n\nRevision %d.\n", version)
	return b.String()
}

// profileRules writes n rule files across the three layers.
func profileRules(root string, n int) {
	metrics := []string{"words_per_sentence", "words_per_paragraph", "sentences_per_paragraph", "semicolons_per_1k_words", "questions_per_1k_words"}
	for i := 0; i < n; i++ {
		var dir string
		switch {
		case i%10 == 0:
			dir = "profile/hard-limits"
		case i%3 == 0:
			dir = "profile/genres/essay"
		case i%3 == 1:
			dir = "profile/genres/review"
		default:
			dir = "profile/preferences"
		}
		id := fmt.Sprintf("rule-%03d", i)
		var body string
		switch i % 3 {
		case 0:
			m := metrics[i%len(metrics)]
			if dir == "profile/hard-limits" {
				body = fmt.Sprintf("metric: {name: %s, max: %d}\n", m, 400+i)
			} else {
				body = fmt.Sprintf("metric: {name: %s, target: %d, min: 1, max: %d}\n", m, 20+i%7, 300+i)
			}
		case 1:
			body = fmt.Sprintf("avoid: [\"phrase number %d\", \"another banned %d\"]\n", i, i)
		default:
			body = fmt.Sprintf("prefer: [\"walk\", \"habit %d\"]\n", i)
		}
		text := fmt.Sprintf("id: %s\nrule: Rule %d, a sentence the agent reads about style.\n%s", id, i, body)
		check(os.MkdirAll(filepath.Join(root, dir), 0o777))
		check(os.WriteFile(filepath.Join(root, dir, id+".yaml"), []byte(text), 0o644))
	}
}

// makeCollection makes a collection with pieces pieces, rules rules and a
// history of commits commits: the first adds every piece, each later one
// revises one piece. History is written with git fast-import, which makes
// ten thousand commits in seconds.
func (b *bench) makeCollection(dir string, pieces, commits, rules int) {
	b.run(b.work, nil, b.sw, "init", dir)
	profileRules(dir, rules)
	var s bytes.Buffer
	data := func(text string) { fmt.Fprintf(&s, "data %d\n%s\n", len(text), text) }
	for c := 1; c <= commits; c++ {
		fmt.Fprintf(&s, "commit refs/heads/main\ncommitter Bench <bench@example.com> %d +0000\n", 1700000000+c*60)
		if c == 1 {
			data("Add the pieces")
			for p := 0; p < pieces; p++ {
				fmt.Fprintf(&s, "M 100644 inline pieces/p%04d.md\n", p)
				data(pieceText(p, 250, 0))
			}
			continue
		}
		p := c % pieces
		data(fmt.Sprintf("Revise piece %d", p))
		fmt.Fprintf(&s, "M 100644 inline pieces/p%04d.md\n", p)
		data(pieceText(p, 250, c))
	}
	b.run(dir, s.Bytes(), "git", "fast-import", "--quiet")
	b.run(dir, nil, "git", "reset", "--quiet", "--hard", "main")
	b.run(dir, nil, "git", "add", "-A")
	b.run(dir, nil, "git", "commit", "--quiet", "-m", "Add sw's files and the profile")
	// sw caches a profile only once its files are two seconds old (a change
	// within a file system's timestamp tick could go unseen); people do not
	// start sessions that soon after writing a rule, so neither does the bench.
	time.Sleep(2100 * time.Millisecond)
}
