package install

import "fmt"

// ConflictError is returned when a hook file is not sw's shim although sw's
// copy of the earlier hook, <hook>.sw-chained, is still there: something
// replaced the shim. Installing would chain one hook and lose the other;
// uninstalling would overwrite the newcomer. Only the person can tell which
// one they want, so nothing is changed, for any hook.
type ConflictError struct {
	Hook    string // the hook's name
	Path    string // the hook file git runs, now not sw's shim
	Chained string // the earlier hook sw kept
}

func (e *ConflictError) Error() string {
	return fmt.Sprintf("%s: %s is not sw's shim, yet %s (the earlier hook sw kept aside) is still there, "+
		"so something replaced sw's shim; nothing was changed. Keep the hook you want: "+
		"delete %s to keep the current one, or move it over %s to go back to the earlier one, then run the command again",
		e.Hook, e.Path, e.Chained, e.Chained, e.Path)
}
