package review

import (
	"errors"

	"sw/hooks/trust"
)

// UntrustedError is why the analyzer .sw.yaml names does not run: the
// person has not trusted it in this repository (see package trust).
type UntrustedError struct {
	Command string // as messages show it
	Changed bool   // another analyzer is trusted here: this one, or a file it names, changed since
	Err     error  // the trust list could not be read
}

func (e *UntrustedError) Error() string {
	what := "the analyzer command in .sw.yaml (`" + e.Command + "`)"
	switch {
	case e.Err != nil:
		return what + " does not run: sw cannot tell whether you trust it: " + e.Err.Error()
	case e.Changed:
		what += " is not the one trusted in this repository (it, or a file of the collection it names, has changed since)"
	default:
		what += " is not trusted in this repository"
	}
	return what + ", so sw does not run it; read what it runs, and if you trust it: sw trust"
}

func (e *UntrustedError) Unwrap() error { return e.Err }

// IsUntrusted reports whether err says the analyzer is not trusted.
func IsUntrusted(err error) bool {
	var u *UntrustedError
	return errors.As(err, &u)
}

// CheckTrust is nil when sw may run the analyzer .sw.yaml names: its own
// (no analyzer.command), or a command the person has trusted in this
// repository as it is now; otherwise an *UntrustedError. Nothing runs
// meanwhile, not the embedded analyzer either: the collection chose its
// analyzer, and its pieces wait for it.
func (l *Loop) CheckTrust() error {
	a, err := l.analyzer()
	if a == nil || err != nil {
		return err
	}
	untrusted := &UntrustedError{Command: a.CommandLine()}
	store, err := trust.Open()
	if err != nil {
		untrusted.Err = err
		return untrusted
	}
	ok, other, err := store.Trusted(a)
	switch {
	case err != nil:
		untrusted.Err = err
	case ok:
		return nil
	}
	untrusted.Changed = other
	return untrusted
}

// analyzer is the external analyzer .sw.yaml names, as it would run here;
// nil when it names none.
func (l *Loop) analyzer() (*trust.Analyzer, error) {
	command := l.Coll.Settings.Analyzer.Command
	if len(command) == 0 {
		return nil, nil
	}
	return trust.Describe(l.Repo.CommonDir, l.Coll.Root, command)
}

// Trust is `sw trust`: the person trusts the analyzer .sw.yaml names, as
// it is now, in this repository. It returns the analyzer (nil when there
// is no command to trust) and whether it was trusted already.
func (l *Loop) Trust() (a *trust.Analyzer, already bool, err error) {
	if a, err = l.analyzer(); a == nil || err != nil {
		return nil, false, err
	}
	store, err := trust.Open()
	if err != nil {
		return nil, false, err
	}
	added, err := store.Trust(a)
	if err == nil {
		l.logf("trusted the analyzer `%s`", a.CommandLine())
	}
	return a, !added, err
}

// Untrust is `sw untrust`: it forgets every analyzer trusted in this
// repository, and says how many there were.
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
