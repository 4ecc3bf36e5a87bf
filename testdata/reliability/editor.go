package main

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

// editorRounds races a session's hook against an editor that saves
// CLAUDE.md in place, as nano and many Node tools do: it empties the file,
// pauses a moment, and writes the person's new text. Each round the block
// must change (the session's genre alternates), and the person's save must
// be in the file afterwards, whole.
func (w *world) editorRounds(t *table, base string, rounds, jobs int) {
	r := t.row("editor", "saves CLAUDE.md in place as a session starts")
	var wg sync.WaitGroup
	for lane := range jobs {
		dir := filepath.Join(w.work, "editor", fmt.Sprint(lane))
		if err := copyTree(base, dir); err != nil {
			r.tally(false, "copying: "+err.Error())
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			for round := lane; round < rounds; round += jobs {
				held, why := w.editorRound(dir, round)
				r.tally(held, why)
			}
		}()
	}
	wg.Wait()
}

func (w *world) editorRound(dir string, round int) (bool, string) {
	path := filepath.Join(dir, "CLAUDE.md")
	now := readFile(path)
	i := strings.Index(now, "<!-- sw:begin")
	if i < 0 {
		return false, "CLAUDE.md has no block to start the round with"
	}
	blockPart := now[i:]
	writeFile(path, editorText(round)+blockPart)
	longAgo := time.Now().Add(-time.Hour)
	os.Chtimes(path, longAgo, longAgo)
	saved := editorText(round+1) + blockPart // the editor's buffer: what it loaded, edited
	genre := []string{"essay", "review"}[round%2]
	var session result
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		session = w.run(dir, opts{stdin: []byte(sessionStart), env: []string{"SW_GENRE=" + genre}}, "sw", "hook", "pre-session")
	}()
	var editErr error
	go func() {
		defer wg.Done()
		time.Sleep(time.Duration(rand.IntN(40_000)) * time.Microsecond)
		editErr = saveInPlace(path, saved, time.Duration(rand.IntN(5_000))*time.Microsecond)
	}()
	wg.Wait()
	switch got := readFile(path); {
	case editErr != nil:
		return false, "the editor: " + editErr.Error()
	case session.code != 0:
		return false, "the session's hook: " + session.String()
	case !strings.Contains(got, editorText(round+1)):
		return false, fmt.Sprintf("the save was lost: CLAUDE.md begins %q", oneLine(got, 80))
	case len(leftovers(dir)) > 0:
		return false, "temporary files left: " + strings.Join(leftovers(dir), ", ")
	}
	return true, ""
}

// editorText is the person's rules as saved in round n.
func editorText(n int) string {
	return fmt.Sprintf("# House rules, version %d\n\nSpell numbers out below ten.\n\n", n)
}

// saveInPlace is an editor saving in place: empty the file, pause, write.
func saveInPlace(path, text string, pause time.Duration) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_TRUNC|os.O_CREATE, 0o644)
	if err != nil {
		return err
	}
	time.Sleep(pause)
	_, err = f.WriteString(text)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}
