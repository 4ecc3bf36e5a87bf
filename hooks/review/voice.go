package review

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"sw/hooks/git"
	"sw/profile/collection"
)

// A voice's suggestions live in the voice's repository, beside the rules
// they would change, so that accepting one reaches every series at once. A
// collection that follows it opens the voice's loop beside its own: its
// analyses write there, and its hooks and sw review reconcile and show what
// waits there. The voice's loop has default settings (a voice has no
// .sw.yaml) and its state in its own .git/sw; it only holds suggestions.

// VoiceLoop opens the loop of the voice the collection follows, or nil
// when it follows none (a voice named but not followed is not the person's
// say-so) or the voice is no git repository (suggestions stay here).
func (l *Loop) VoiceLoop() (*Loop, error) {
	if l.isVoice {
		return nil, nil
	}
	link, err := l.Coll.Voice()
	if err != nil || !link.Followed {
		return nil, err
	}
	v, err := openVoice(link.Root)
	if errors.Is(err, git.ErrNotRepo) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("the voice %s: %w", link.Named, err)
	}
	v.Shown = link.Named
	v.Now = l.Now
	return v, nil
}

// openVoice opens the loop of the voice repository whose top is root.
func openVoice(root string) (*Loop, error) {
	c, err := collection.Open(root) // no .sw.yaml: default settings
	if err != nil {
		return nil, err
	}
	l, err := For(c)
	if err != nil {
		return nil, err
	}
	l.isVoice = true
	return l, nil
}

// OpenAny opens the loop of the collection at or above dir, or of the
// voice repository there: sw review, accept and reject work in either.
func OpenAny(dir string) (*Loop, error) {
	l, err := Open(dir)
	if !errors.Is(err, collection.ErrNotCollection) {
		return l, err
	}
	repo, gitErr := git.Find(dir)
	if gitErr != nil || !collection.IsVoice(repo.Root) {
		return nil, err
	}
	return openVoice(repo.Root)
}

// IsVoice says the loop is a voice's, not a collection's.
func (l *Loop) IsVoice() bool { return l.isVoice }

// GitCommand is how the person runs git on the loop's repository: git,
// or git -C ../my-voice for the voice.
func (l *Loop) GitCommand() string {
	shown := filepath.ToSlash(l.Shown)
	if shown == "" {
		return "git"
	}
	if rest, ok := strings.CutPrefix(shown, "~/"); ok {
		return "git -C ~/" + shellQuoted([]string{rest}) // the shell's home, unquoted
	}
	return "git -C " + shellQuoted([]string{shown})
}

// Deciding is the loop that holds the pending suggestion id: this one, or
// the voice's when it is pending there and not here.
func (l *Loop) Deciding(id string) (*Loop, error) {
	v, err := l.VoiceLoop()
	if err != nil || v == nil {
		return l, err
	}
	if l.pendingHere(id) || !v.pendingHere(id) {
		return l, nil
	}
	return v, nil
}

// pendingHere says id is pending here, once reconciled.
func (l *Loop) pendingHere(id string) bool {
	if err := l.Reconcile(); err != nil {
		return false
	}
	st, _ := l.loadState()
	return len(st.pendingNamed(id)) > 0
}

// reconcileVoice catches what the person decided in the voice's
// repository, where no hook of sw runs. A problem there is only logged.
func (l *Loop) reconcileVoice() {
	v, err := l.VoiceLoop()
	if err == nil && v != nil {
		err = v.Reconcile()
	}
	if err != nil {
		l.logf("the voice's suggestions not reconciled: %v", err)
	}
}
