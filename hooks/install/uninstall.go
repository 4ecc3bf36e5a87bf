package install

import (
	"sw/hooks/git"
)

// Uninstall takes sw's shims away from the folder git runs hooks from and
// puts back each hook that was there before, the same file, bytes and
// mode; hooks that are not sw's are left alone. It also takes sw's merge
// rule for memory.md and sw's entries in .claude/settings.json out (see
// claude.go). As with Install, everything is looked at before any file
// changes, so a ConflictError (a foreign hook where sw's shim was, with
// the earlier hook still kept aside) or a settings file that is not valid
// JSON leaves everything as it was.
func Uninstall(repo *git.Repo) (Report, error) {
	report, steps, err := plan(repo, planUninstall)
	if err != nil {
		return report, err
	}
	attrs, err := planAttributes(repo, false)
	if err != nil {
		return report, err
	}
	agent, err := planAgentUninstall(repo.Root)
	if err != nil {
		return report, err
	}
	return run(report, steps, attrs, &agent)
}

// planUninstall decides what uninstalling means for one hook, from what is
// on disk, without changing anything.
func planUninstall(p hookPair) (step, error) {
	cur, kept := p.current, p.chained
	result := HookResult{Hook: p.hook, Path: cur.path}
	var prepare func() error
	if kept.shim { // a stray copy of sw's own shim is nothing to put back
		prepare = func() error { return remove(kept.path) }
		kept = hookFile{path: kept.path}
	}
	var work func() error
	switch {
	case (cur.shim || !cur.exists) && kept.exists:
		result.Action = Restored
		result.Detail = "the earlier hook is back from " + p.hook + ChainedSuffix
		work = func() error { return putBack(kept.path, cur.path) }
	case cur.shim:
		result.Action = Removed
		work = func() error { return remove(cur.path) }
	case !kept.exists:
		result.Action = NotInstalled
		if cur.exists {
			result.Detail = "the hook there is not sw's; left alone"
		}
	case sameHook(cur, kept):
		result.Action = Restored
		result.Detail = "the earlier hook was already back in place; removed the copy kept as " + p.hook + ChainedSuffix
		work = func() error { return remove(kept.path) }
	default:
		return step{}, &ConflictError{Hook: p.hook, Path: cur.path, Chained: kept.path}
	}
	if cur.editedShim(p.hook) && work != nil {
		result.Detail = joinDetail(result.Detail, "the shim had been altered; your version is kept as "+p.hook+AlteredSuffix)
		work = thenKeepAltered(cur, work)
	}
	if prepare != nil {
		if result.Action == NotInstalled {
			result.Action = Removed
		}
		result.Detail = joinDetail(result.Detail, "removed "+p.hook+ChainedSuffix+", a stray copy of sw's own shim")
	}
	return step{result: result, apply: sequence(prepare, work)}, nil
}
