package block

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"sw/profile/atomicfile"
)

// TestWriteFileKeepsAnInPlaceSave races WriteFile against an editor that
// saves CLAUDE.md in place, as nano and many Node tools do: it truncates
// the file, and only then writes the new text, a moment later. sw must
// never replace the file while it is cut short, nor while the editor
// writes: after both, the person's new text is in the file, whole.
func TestWriteFileKeepsAnInPlaceSave(t *testing.T) {
	rounds := 200
	if testing.Short() {
		rounds = 40
	}
	defer setQuiet(50 * time.Millisecond)()
	path := filepath.Join(t.TempDir(), "CLAUDE.md")
	lost := 0
	for round := range rounds {
		person := personText(round)
		old := person + "\n" + Begin + "\nprofile " + fmt.Sprint(round) + "\n" + End + "\n"
		if err := os.WriteFile(path, []byte(old), 0o644); err != nil {
			t.Fatal(err)
		}
		// Saved long ago: sw has no reason to wait for it.
		longAgo := time.Now().Add(-time.Hour)
		os.Chtimes(path, longAgo, longAgo)
		saved := personText(round+1) + "\n" + Begin + "\nprofile " + fmt.Sprint(round) + "\n" + End + "\n"
		var wg sync.WaitGroup
		wg.Add(2)
		go func() {
			defer wg.Done()
			time.Sleep(time.Duration(rand.IntN(1500)) * time.Microsecond)
			saveInPlace(t, path, []byte(saved), time.Duration(rand.IntN(10000))*time.Microsecond)
		}()
		go func() {
			defer wg.Done()
			time.Sleep(time.Duration(rand.IntN(1500)) * time.Microsecond)
			WriteFile(path, "CLAUDE.md", Begin+"\nprofile "+fmt.Sprint(round+1)+"\n"+End)
		}()
		wg.Wait()
		got, _ := os.ReadFile(path)
		if !bytes.Contains(got, []byte(personText(round+1))) {
			lost++
			t.Logf("round %d: the save was lost; the file holds %q", round, got)
		}
	}
	if lost > 0 {
		t.Errorf("%d of %d in-place saves lost", lost, rounds)
	}
	if ents, _ := os.ReadDir(filepath.Dir(path)); len(ents) != 1 {
		t.Errorf("left behind: %v", ents)
	}
}

// personText is a person's rules, a few kilobytes, different each round.
func personText(round int) string {
	var b bytes.Buffer
	fmt.Fprintf(&b, "# House rules, version %d\n", round)
	for i := range 60 {
		fmt.Fprintf(&b, "- rule %d of version %d: spell it out, never abbreviate.\n", i, round)
	}
	return b.String()
}

// saveInPlace is an editor saving in place: truncate, pause, write.
func saveInPlace(t *testing.T, path string, data []byte, pause time.Duration) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_TRUNC|os.O_CREATE, 0o644)
	if err != nil {
		t.Error(err)
		return
	}
	time.Sleep(pause)
	if _, err := f.Write(data); err != nil {
		t.Error(err)
	}
	f.Close()
}

// setQuiet sets how long a file must have stood still before it is
// replaced, and returns what puts it back.
func setQuiet(d time.Duration) func() {
	was := atomicfile.Quiet
	atomicfile.Quiet = d
	return func() { atomicfile.Quiet = was }
}
