package main

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
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

// importStream is a git fast-import stream of commits to main, one a
// minute from a fixed date, so that every run builds the same history.
type importStream struct {
	bytes.Buffer
	commits int
}

func (s *importStream) data(text string) { fmt.Fprintf(s, "data %d\n%s\n", len(text), text) }

// commit starts a commit with message; its files follow, each by file.
func (s *importStream) commit(message string) {
	s.commits++
	fmt.Fprintf(s, "commit refs/heads/main\ncommitter Bench <bench@example.com> %d +0000\n", 1700000000+s.commits*60)
	s.data(message)
}

func (s *importStream) file(path, text string) {
	fmt.Fprintf(s, "M 100644 inline %s\n", path)
	s.data(text)
}

// piecePath is where piece n lives: all in one folder, as many writers
// keep them, which is the largest tree a commit changes.
func piecePath(n int) string { return fmt.Sprintf("pieces/p%05d.md", n) }

// spec is a collection to generate: pieces pieces of about words words,
// rules rules, and a history of commits commits.
type spec struct{ pieces, commits, rules, words int }

// makeCollection makes a collection of pieces of 250 words (see spec).
func (b *bench) makeCollection(dir string, pieces, commits, rules int) {
	b.makeCollectionOf(dir, spec{pieces: pieces, commits: commits, rules: rules, words: 250})
}

// makeCollectionOf makes the collection sp in dir: the first commit adds
// every piece, each later one revises one piece, and a last one adds sw's
// files. History is written with git fast-import, which makes ten
// thousand commits in seconds, and the folder of pieces with git mktree
// (see piecesTree).
func (b *bench) makeCollectionOf(dir string, sp spec) {
	b.run(b.work, nil, b.sw, "init", dir)
	profileRules(dir, sp.rules)
	tree := b.piecesTree(dir, sp)
	var s importStream
	for c := 1; c <= sp.commits; c++ {
		if c == 1 {
			s.commit("Add the pieces")
			fmt.Fprintf(&s, "M 040000 %s %s\n", tree, path.Dir(piecePath(0)))
			continue
		}
		p := c % sp.pieces
		s.commit(fmt.Sprintf("Revise piece %d", p))
		s.file(piecePath(p), pieceText(p, sp.words, c))
	}
	b.run(dir, s.Bytes(), "git", "fast-import", "--quiet")
	b.run(dir, nil, "git", "reset", "--quiet", "--hard", "main")
	b.run(dir, nil, "git", "add", "-A")
	b.run(dir, nil, "git", "commit", "--quiet", "-m", "Add sw's files and the profile")
	settle()
}

// piecesTree writes the pieces of sp as they are first written, and the
// folder that holds them, and returns the folder's tree. fast-import
// writes the pieces; git mktree, which sorts its entries once, makes the
// folder: fast-import would look each new entry up among those before it,
// which takes minutes for a hundred thousand pieces.
func (b *bench) piecesTree(dir string, sp spec) string {
	var s importStream
	for p := 0; p < sp.pieces; p++ {
		fmt.Fprintf(&s, "blob\nmark :%d\n", p+1)
		s.data(pieceText(p, sp.words, 0))
	}
	marks := filepath.Join(b.work, "marks")
	b.run(dir, s.Bytes(), "git", "fast-import", "--quiet", "--export-marks="+marks)
	data, err := os.ReadFile(marks)
	check(err)
	var entries bytes.Buffer
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var mark int
		var blob string
		if _, err := fmt.Sscanf(line, ":%d %s", &mark, &blob); err != nil {
			check(fmt.Errorf("fast-import's mark %q: %v", line, err))
		}
		fmt.Fprintf(&entries, "100644 blob %s\t%s\n", blob, path.Base(piecePath(mark-1)))
	}
	return strings.TrimSpace(string(b.run(dir, entries.Bytes(), "git", "mktree")))
}

// settle waits until the files just written are two seconds old. sw caches
// a profile only once its files are that old (a change within a file
// system's timestamp tick could go unseen); people do not start sessions
// that soon after writing a rule, so neither does the bench.
func settle() { time.Sleep(2100 * time.Millisecond) }

// agentTrailer marks a commit as an agent's, as Claude Code writes it; the
// default agent_commits patterns in .sw.yaml match it.
const agentTrailer = "Co-Authored-By: Claude <noreply@anthropic.com>"

// agentDraft is text as an agent might have drafted it before the person
// edited it into text: the same sentences, with filler the person deletes.
func agentDraft(text string) string {
	sentences := strings.SplitAfter(text, ". ")
	for i := 1; i < len(sentences); i += 3 {
		if s := sentences[i]; len(s) > 1 && s[0] >= 'A' && s[0] <= 'Z' {
			sentences[i] = "It is worth noting that " + strings.ToLower(s[:1]) + s[1:]
		}
	}
	return strings.Join(sentences, "") + "\nIn conclusion, the walk was a meaningful journey.\n"
}

// makeAnalyzeCollection makes a collection whose history of commits
// commits ends with pending pieces finished since sw's files were
// committed: what `sw analyze` reads. Agents wrote some commits all along
// (every seventh revision); of the pending pieces, two in three were
// drafted by an agent and then edited by the person, the rest only
// revised by the person. Every pending piece's newest commit is the
// person's, so each may have a draft somewhere in its history.
func (b *bench) makeAnalyzeCollection(dir string, pieces, commits, pending, rules int) {
	b.run(b.work, nil, b.sw, "init", dir)
	profileRules(dir, rules)
	// sw's files go into the history itself, so that commits before and
	// after them stay in date order and the count is exactly commits.
	own := map[string]string{}
	check(filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			if err == nil && d.Name() == ".git" {
				return filepath.SkipDir
			}
			return err
		}
		data, err := os.ReadFile(path)
		rel, _ := filepath.Rel(dir, path)
		own[filepath.ToSlash(rel)] = string(data)
		return err
	}))
	names := make([]string, 0, len(own))
	for name := range own {
		names = append(names, name)
	}
	sort.Strings(names)

	drafted := func(i int) bool { return i%3 != 2 }
	late := 0 // commits after sw's files
	for i := 0; i < pending; i++ {
		late++
		if drafted(i) {
			late++
		}
	}
	early := commits - 1 - late
	if early < 2 {
		check(fmt.Errorf("%d commits is too few for %d pending pieces", commits, pending))
	}
	var s importStream
	s.commit("Add the pieces")
	for p := 0; p < pieces; p++ {
		s.file(piecePath(p), pieceText(p, 250, 0))
	}
	for c := 2; c <= early; c++ {
		p := c % pieces
		text := pieceText(p, 250, c)
		if c%7 == 0 {
			s.commit(fmt.Sprintf("Draft a revision of piece %d\n\n%s", p, agentTrailer))
			s.file(piecePath(p), agentDraft(text))
			continue
		}
		s.commit(fmt.Sprintf("Revise piece %d", p))
		s.file(piecePath(p), text)
	}
	s.commit("Add sw's files and the profile")
	for _, name := range names {
		s.file(name, own[name])
	}
	for i := 0; i < pending; i++ {
		p := i * pieces / pending
		text := pieceText(p, 250, commits+i)
		if drafted(i) {
			s.commit(fmt.Sprintf("Draft piece %d\n\n%s", p, agentTrailer))
			s.file(piecePath(p), agentDraft(text))
		}
		s.commit(fmt.Sprintf("Finish piece %d", p))
		s.file(piecePath(p), text)
	}
	b.run(dir, s.Bytes(), "git", "fast-import", "--quiet")
	b.run(dir, nil, "git", "reset", "--quiet", "--hard", "main")
}
