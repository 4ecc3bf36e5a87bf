package collection

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// A voice is followed only where the person said so, for the voice they
// named: a clone elsewhere, or another voice named in the same place, is
// not.
func TestVoiceFollowedOnlyWhereThePersonSaidSo(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	t.Setenv("HOME", t.TempDir())
	top := t.TempDir()
	voice := filepath.Join(top, "my-voice")
	if err := os.MkdirAll(filepath.Join(voice, ProfileDir), 0o777); err != nil {
		t.Fatal(err)
	}
	mine := &Collection{Root: filepath.Join(top, "essays"), Settings: Settings{Voice: "../my-voice"}}
	clone := &Collection{Root: filepath.Join(top, "copy"), Settings: Settings{Voice: "../my-voice"}}
	for _, c := range []*Collection{mine, clone} {
		if err := os.MkdirAll(c.Root, 0o777); err != nil {
			t.Fatal(err)
		}
	}
	if err := mine.FollowVoice(voice); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		c    *Collection
		want bool
	}{{mine, true}, {clone, false}} {
		link, err := tc.c.Voice()
		if err != nil {
			t.Fatal(err)
		}
		if link.Root != voice || link.Followed != tc.want {
			t.Errorf("%s: got %+v, want %s followed %v", tc.c.Root, link, voice, tc.want)
		}
		if got := link.Note() != ""; got == tc.want {
			t.Errorf("%s: note %q", tc.c.Root, link.Note())
		}
	}
	mine.Settings.Voice = "../other-voice"
	if link, _ := mine.Voice(); link.Followed {
		t.Errorf("another voice named in a collection that follows one is followed: %+v", link)
	}
}

// ~/ is the home folder; a path is otherwise from the collection.
func TestVoiceRoot(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	for _, tc := range []struct{ named, want string }{
		{"~/voices/mine", filepath.Join(home, "voices", "mine")},
		{"../mine", filepath.Join("/srv", "mine")},
		{"mine/", filepath.Join("/srv/essays", "mine")},
		{"/abs/mine", "/abs/mine"},
	} {
		got, err := voiceRoot("/srv/essays", tc.named)
		if err != nil || got != tc.want {
			t.Errorf("voiceRoot(%q) = %q, %v; want %q", tc.named, got, err, tc.want)
		}
	}
}

// SetVoice changes the voice line alone, or adds one, keeping every other
// byte of the person's file; a file it cannot read stays as it was.
func TestSetVoiceKeepsThePersonsBytes(t *testing.T) {
	for _, tc := range []struct{ name, before, want string }{
		{"replaces the line", "# mine\r\nbatch_size: 4\r\nvoice: \"\"\r\ngenre: essay # note\r\n", "# mine\r\nbatch_size: 4\r\nvoice: ../my-voice\r\ngenre: essay # note\r\n"},
		{"adds one", "batch_size: 4", "batch_size: 4\nvoice: ../my-voice\n"},
		{"last line without a line ending", "voice: old", "voice: ../my-voice"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			if err := os.WriteFile(filepath.Join(root, SettingsFile), []byte(tc.before), 0o640); err != nil {
				t.Fatal(err)
			}
			c := &Collection{Root: root}
			if err := c.SetVoice("../my-voice"); err != nil {
				t.Fatal(err)
			}
			got, _ := os.ReadFile(filepath.Join(root, SettingsFile))
			if string(got) != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
	root := t.TempDir()
	broken := "batch_size: [\n"
	os.WriteFile(filepath.Join(root, SettingsFile), []byte(broken), 0o644)
	if err := (&Collection{Root: root}).SetVoice("../v"); err == nil {
		t.Error("a broken .sw.yaml took a voice line")
	}
	if got, _ := os.ReadFile(filepath.Join(root, SettingsFile)); string(got) != broken {
		t.Errorf("a broken .sw.yaml changed: %q", got)
	}
}

// Two series that take up a voice at once (sw voice use in two terminals,
// or two clones set up by a script) both stay followed: voices.json is
// read again when another sw wrote it meanwhile, not written over.
func TestFollowingAtOnceLosesNoSeries(t *testing.T) {
	t.Setenv("HOME", t.TempDir())
	const series = 4
	for round := range 20 {
		t.Setenv("XDG_CONFIG_HOME", t.TempDir())
		top := t.TempDir()
		voice := filepath.Join(top, "voice")
		if err := os.MkdirAll(filepath.Join(voice, ProfileDir), 0o777); err != nil {
			t.Fatal(err)
		}
		start := make(chan struct{})
		errs := make(chan error, series)
		for i := range series {
			c := &Collection{Root: filepath.Join(top, fmt.Sprintf("series-%d", i))}
			go func() { <-start; errs <- c.FollowVoice(voice) }()
		}
		close(start)
		for range series {
			if err := <-errs; err != nil {
				t.Fatal(err)
			}
		}
		l, err := readVoices()
		if err != nil {
			t.Fatal(err)
		}
		if len(l.Follow) != series {
			t.Fatalf("round %d: %d of %d series followed: %v", round, len(l.Follow), series, l.Follow)
		}
	}
}
