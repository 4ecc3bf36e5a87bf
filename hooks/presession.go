package hooks

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"text/template"

	"sw/hooks/git"
	"sw/hooks/install"
	"sw/hooks/review"
	"sw/profile"
	"sw/profile/block"
	"sw/profile/collection"
	"sw/templates"
)

// PreSession is `sw hook pre-session`, Claude Code's SessionStart hook (and
// any launcher's, called with no stdin): the resolved profile for the
// session's genre, written into CLAUDE.md's block. Claude Code may have
// read CLAUDE.md before this hook finished, so a block that had to change
// is also returned as additionalContext (see sessionContext). It always
// exits 0: a broken profile is reported (on stderr, and to the agent when
// called as a hook) and no file changes.
func PreSession(io IO) int {
	in, isHook := readAgentInput(io.Stdin)
	dir := io.Dir
	if isHook && in.Cwd != "" {
		dir = in.Cwd
	}
	c, err := collection.Find(dir)
	var text string
	if err == nil {
		text, err = refreshBlock(c, io)
	}
	off := hooksOffNote(dir)
	if off != "" {
		fmt.Fprintf(io.Stderr, "sw: %s\n", off)
	}
	// A voice .sw.yaml names that the person has not followed here: its
	// rules are left out.
	var voice string
	if c != nil {
		link, _ := c.Voice()
		voice = link.Note()
	}
	if voice != "" {
		fmt.Fprintf(io.Stderr, "sw: %s\n", voice)
		off = strings.TrimPrefix(off+"; "+voice, "; ")
	}
	if !isHook {
		off = ""
	}
	switch {
	case err != nil:
		msg := profile.OneLine(err)
		fmt.Fprintf(io.Stderr, "sw: writing profile not loaded: %s\n", msg)
		if isHook {
			writeContext(io, "SessionStart", agentText("agent/profile-problem.txt", msg), off)
		}
	case text != "" || off != "":
		writeContext(io, "SessionStart", text, off)
	}
	return 0
}

// hooksOffNote says, when a settings file of the project in dir turns
// Claude Code's hooks off, what that leaves undone; "" when none does.
// The session start may run all the same: another settings file may
// turn hooks on again, or a launcher runs this before Claude Code.
func hooksOffNote(dir string) string {
	repo, err := git.Find(dir)
	if err != nil {
		return ""
	}
	if off := install.HooksOff(repo.Root); len(off) > 0 {
		return install.HooksOffNote(off)
	}
	return ""
}

// refreshBlock rewrites c's block for the session's genre and returns what
// the session is to be handed, "" when CLAUDE.md already held the block.
func refreshBlock(c *collection.Collection, io IO) (string, error) {
	// What killed writers left is seen to first: undoing an interrupted
	// sw accept may put back rule files git left cut short, which the
	// profile needs, and finishing one deletes its branch, which a lock
	// git left beside it would stop.
	l, loopErr := review.For(c)
	seeToInterrupted(c, l, io)
	// Reconciling and finding the genre and the block wait for nothing of
	// each other, so they run side by side, each with a repository of its
	// own (review.For): go-git's storage is not safe to read from two
	// goroutines at once.
	reconciled := make(chan struct{})
	go func() {
		defer close(reconciled)
		reconcile(l, loopErr, io)
	}()
	defer func() { <-reconciled }()
	genre, why, err := sessionGenre(c, io.Getenv)
	if err != nil {
		return "", err
	}
	if op := operationUnderWay(c); op != "" {
		// A changed file in the working tree would stop `git rebase
		// --continue` and its kind: the block waits, and the session
		// gets it directly.
		r, err := c.Resolve(genre)
		if err != nil {
			return "", err
		}
		fmt.Fprintf(io.Stderr, "sw: a %s is in progress, so %s is left as it is until it ends; this session gets the profile directly\n", op, strings.Join(c.Settings.Targets, " and "))
		return sessionContext(genre, why, block.Render(r)), nil
	}
	text, changed, err := WriteBlock(c, genre)
	var busy *block.BusyError
	if errors.As(err, &busy) {
		// The profile is sound; only the file was in someone's hands.
		// The session gets the block directly, the file at the next one.
		fmt.Fprintf(io.Stderr, "sw: %s was being saved as the session started, so sw left it as it is; its block is written at the next session, and this one gets the profile directly\n", busy.File)
		return sessionContext(genre, why, text), nil
	}
	if err != nil || !changed {
		return "", err
	}
	return sessionContext(genre, why, text), nil
}

// sessionContext is what a starting session is handed with a block it may
// not have read in CLAUDE.md: why it writes in this genre, when sw chose
// it, then the block. The reason names a piece, which changes with every
// piece finished, so it never goes into CLAUDE.md, whose block changes only
// with the profile. An unchanged block means an unchanged genre: the
// session is handed nothing.
func sessionContext(genre, why, blockText string) string {
	if why == "" {
		return blockText
	}
	reason := agentText("agent/session-genre.txt", struct{ Genre, Why string }{genre, why})
	return reason + "\n\n" + blockText
}

// operationUnderWay names the git operation stopped half way in the
// collection's worktree, "" for none: git bisect, read-only, is none.
func operationUnderWay(c *collection.Collection) string {
	repo, err := git.At(c.Root)
	if err != nil {
		return ""
	}
	if op, busy := repo.InProgress(); busy && op != "bisect" {
		return op
	}
	return ""
}

// sessionGenre picks the genre a session writes in, and says why: SW_GENRE,
// else the settings' genre, else the genre of the piece changed most
// recently in the working tree, else that of the piece the person finished
// last, else "default".
func sessionGenre(c *collection.Collection, getenv func(string) string) (genre, why string, err error) {
	if g := getenv("SW_GENRE"); g != "" {
		g, err := profile.ParseGenre(g)
		if err != nil {
			return "", "", fmt.Errorf("SW_GENRE: %w", err)
		}
		if g != "" {
			return g, "set by SW_GENRE", nil
		}
	}
	if c.Settings.Genre != "" {
		return c.Settings.Genre, "set in " + collection.SettingsFile, nil
	}
	l, err := review.For(c)
	if err != nil {
		return collection.DefaultGenre, "", nil
	}
	if rel, err := l.Repo.RecentlyChangedIn(piecesIn(c)); err == nil && rel != "" {
		g, err := c.PieceGenre(rel)
		return g, "the genre of " + rel + ", the piece you are changing", err
	}
	if rel, err := l.LatestPiece(); err == nil && rel != "" {
		g, err := c.PieceGenre(rel)
		return g, "the genre of " + rel + ", your latest piece", err
	}
	return collection.DefaultGenre, "", nil
}

// writeContext prints Claude Code's hook output: text as
// additionalContext, note as a message shown to the person. HTML escaping
// is off: the block's marker comments should reach the agent as written.
func writeContext(io IO, event, text, note string) {
	type specific struct {
		HookEventName     string `json:"hookEventName"`
		AdditionalContext string `json:"additionalContext,omitempty"`
	}
	out := struct {
		HookSpecificOutput specific `json:"hookSpecificOutput"`
		SystemMessage      string   `json:"systemMessage,omitempty"`
	}{specific{event, text}, note}
	enc := json.NewEncoder(io.Stdout)
	enc.SetEscapeHTML(false)
	enc.Encode(out)
}

// agentText fills the template at name with data, trimmed. The tests fill
// each of sw's templates, so one that does not fill is a programming error.
func agentText(name string, data any) string {
	var b strings.Builder
	t := template.Must(template.New(name).Parse(templates.Text(name)))
	if err := t.Execute(&b, data); err != nil {
		panic(err)
	}
	return strings.TrimSpace(b.String())
}

// reconcile catches decisions made on suggestion branches since sw last
// ran (a branch deleted, a merge pulled from a host), as every hook does;
// an interrupted rejection record was seen to before (seeToInterrupted).
// l is the collection's review loop, or err why it has none (none outside
// git). A problem there is the loop's, never the session's: it is said on
// stderr, and the profile is written all the same.
func reconcile(l *review.Loop, err error, io IO) {
	if err == nil {
		err = l.Reconcile()
	}
	if err != nil && !errors.Is(err, git.ErrNotRepo) {
		fmt.Fprintf(io.Stderr, "sw: suggestion branches not reconciled: %s\n", profile.OneLine(err))
	}
}
