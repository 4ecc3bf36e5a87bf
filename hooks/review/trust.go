package review

import (
	"errors"
	"strings"

	"sw/hooks/trust"
)

// UntrustedError is why the analyzer .sw.yaml names does not run: the
// person has not trusted it here as it is now (see package trust).
type UntrustedError struct {
	Command string // as messages show it
	trust.Verdict
	Err error // the trust list could not be read
}

func (e *UntrustedError) Error() string {
	what := "the analyzer command in .sw.yaml (`" + e.Command + "`)"
	switch {
	case e.Err != nil:
		return what + " does not run: sw cannot tell whether you trust it: " + e.Err.Error()
	case e.Nearest == nil && e.Other:
		what += " is not the one trusted in this repository (the command has changed since)"
	case e.Nearest == nil:
		what += " is not trusted in this repository"
	case e.Nearest.Snapshot == nil:
		what += " was trusted by an earlier sw, which took in only the files the command names, not all it could run"
	case e.Gone:
		what += " was trusted " + e.Nearest.AsOf() + ", which this repository no longer holds, so sw cannot tell what changed since"
	default:
		what += " is trusted in this repository, but what it could run has changed since: " + fewPaths(e.Changed)
		if c := e.Nearest.Snapshot.Commit; !c.IsZero() {
			what += " (git diff " + c.Short() + " shows how)"
		}
	}
	return what + ", so sw does not run it; read what it runs, and if you trust it: sw trust"
}

// fewPaths names the first few of paths, and how many more there are.
func fewPaths(paths []string) string {
	const shown = 3
	if len(paths) <= shown {
		return strings.Join(paths, ", ")
	}
	return strings.Join(paths[:shown], ", ") + " and " + plainCount(len(paths)-shown, "more file")
}

// IsUntrusted reports whether err says the analyzer is not trusted.
func IsUntrusted(err error) bool {
	var u *UntrustedError
	return errors.As(err, &u)
}

// CheckTrust is nil when sw may run the analyzer .sw.yaml names: its own,
// or a command trusted here with none of what it could run changed since;
// otherwise an *UntrustedError. The embedded analyzer does not stand in:
// the collection chose its analyzer, and its pieces wait for it.
func (l *Loop) CheckTrust() error {
	a, err := l.analyzer()
	if a == nil || err != nil {
		return err
	}
	untrusted := &UntrustedError{Command: a.CommandLine()}
	store, err := trust.Open()
	if err == nil {
		untrusted.Verdict, err = store.Check(a)
	}
	switch {
	case err != nil:
		untrusted.Err = err
	case untrusted.Trusted:
		return nil
	}
	return untrusted
}

// analyzer is the external analyzer .sw.yaml names; nil when none.
func (l *Loop) analyzer() (*trust.Analyzer, error) {
	if len(l.Coll.Settings.Analyzer.Command) == 0 {
		return nil, nil
	}
	return trust.Describe(l.Repo, l.Coll)
}

// Trust is `sw trust` of the analyzer .sw.yaml names, as it is now. It
// returns it (nil when none) and whether it was trusted already.
func (l *Loop) Trust() (a *trust.Analyzer, already bool, err error) {
	if a, err = l.analyzer(); a == nil || err != nil {
		return nil, false, err
	}
	store, err := trust.Open()
	if err != nil {
		return nil, false, err
	}
	added, err := store.Trust(a)
	if err == nil && added {
		l.logf("trusted the analyzer `%s` %s", a.CommandLine(), a.AsOf())
	}
	return a, !added, err
}

// KeepTrust runs change, sw's own edit to files a trust takes in (sw hook
// install merging into .claude/settings.json), and trusts the analyzer
// again if it was trusted before: sw's own edit is no one else's input.
func (l *Loop) KeepTrust(change func() error) error {
	trusted := l.CheckTrust() == nil
	if err := change(); err != nil || !trusted {
		return err
	}
	_, _, err := l.Trust()
	return err
}

// Untrust is `sw untrust`: it forgets every analyzer trusted here, and
// says how many.
func (l *Loop) Untrust() (int, error) {
	repo, err := trust.Repository(l.Repo.CommonDir)
	if err != nil {
		return 0, err
	}
	store, err := trust.Open()
	if err != nil {
		return 0, err
	}
	return store.Forget(repo)
}
