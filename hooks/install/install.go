package install

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"sw/hooks/git"
	"sw/profile/atomicfile"
	"sw/profile/collection"
)

// step is one hook's planned change: the line to report, and the work that
// makes it true (nil when there is nothing to do).
type step struct {
	result HookResult
	apply  func() error
}

// Install puts sw's shim in place for each hook sw listens to, in the folder
// git runs hooks from, sets memory.md to merge by keeping both sides' lines
// (see attributes.go), and, with opts.Agent, merges sw's entries into
// .claude/settings.json (see claude.go); it reports what it did.
//
// Installing twice is installing once: a shim that is already exactly right
// is not rewritten, and sw never chains its own shim. Every hook, and the
// settings file, is looked at before any file changes, so a ConflictError
// or a settings file that is not valid JSON leaves everything as it was.
// An error while writing stops there; the report then lists the hooks done.
func Install(repo *git.Repo, opts Options) (Report, error) {
	report, steps, err := plan(repo, func(pair hookPair) (step, error) {
		earlier := pair.hook == ReferenceTransaction && pair.current.noticesAtOnce()
		s, err := planInstall(pair, shimTextFor(pair.hook, opts.ReferenceTransaction || earlier, opts.Binary))
		if err == nil && earlier && !opts.ReferenceTransaction && s.result.Action == AlreadyInstalled {
			s.result.Detail = "noticing deleted suggestion branches at once, as asked earlier; 'sw hook uninstall' and a new install drop that"
		}
		return s, err
	})
	if err != nil {
		return report, err
	}
	attrs, err := planAttributes(repo, true)
	if err != nil {
		return report, err
	}
	var agent *agentStep
	if opts.Agent {
		s, err := planAgentInstall(repo.Root, agentConfig{binary: opts.Binary, sandbox: opts.Sandbox})
		if err != nil {
			return report, err
		}
		agent = &s
	}
	if err := os.MkdirAll(report.Dir, 0o755); err != nil {
		return report, fmt.Errorf("creating the hooks folder: %w", err)
	}
	// What an install killed midway left, and what keeps git from
	// offering such leftovers for a commit (a hooks folder may be in the
	// working tree, as husky's is).
	atomicfile.Sweep(report.Dir)
	atomicfile.Sweep(filepath.Dir(filepath.Join(repo.Root, ClaudeSettingsFile)))
	ExcludeTemporaryFiles(repo)
	return run(report, steps, attrs, agent)
}

// run applies the planned work in order, the hooks', the merge rule's,
// then the settings file's (agent nil: left out), adding each result to
// the report once its work is done.
func run(report Report, steps []step, attrs step, agent *agentStep) (Report, error) {
	for _, s := range steps {
		if err := apply(s.apply); err != nil {
			return report, fmt.Errorf("%s: %w", s.result.Hook, err)
		}
		report.Hooks = append(report.Hooks, s.result)
	}
	if err := apply(attrs.apply); err != nil {
		return report, err
	}
	report.Attributes = &attrs.result
	if agent == nil {
		return report, nil
	}
	if err := apply(agent.apply); err != nil {
		return report, fmt.Errorf("%s: %w", agent.result.File, err)
	}
	report.Agent = &agent.result
	return report, nil
}

// apply runs a step's work; nil is nothing to do.
func apply(work func() error) error {
	if work == nil {
		return nil
	}
	return work()
}

// ExcludeTemporaryFiles lists sw's temporary files in the repository's
// info/exclude, so that one a killed writer left behind is never
// committed by a `git add -A` before sw removes it. It is a precaution:
// a repository that refuses it still works.
func ExcludeTemporaryFiles(repo *git.Repo) {
	repo.Exclude(atomicfile.TempPattern, "sw's temporary files, left behind only by a writer killed midway (sw removes them)")
}

// RequireCollection says, when the repository is not a collection (no
// .sw.yaml at its top), that sw's hooks would have nothing to work on
// there, and what makes it one.
func RequireCollection(repo *git.Repo) error {
	_, err := os.Stat(filepath.Join(repo.Root, collection.SettingsFile))
	if errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("%s is a git repository, but not an sw collection yet: it has no %s. Run `sw init` at its top, then `sw hook install`",
			repo.Root, collection.SettingsFile)
	}
	return err
}

// plan looks at every hook before any file changes, and asks decide what
// to do with each.
func plan(repo *git.Repo, decide func(hookPair) (step, error)) (Report, []step, error) {
	dir, err := repo.HooksDir()
	if err != nil {
		return Report{}, nil, err
	}
	report := Report{Dir: dir}
	if scope, file := repo.ConfigScope("core.hooksPath"); scope == "global" || scope == "system" {
		report.Shared = fmt.Sprintf("the hooks folder %s is set by core.hooksPath in your %s git config (%s): every repository that uses it runs these hooks", dir, scope, file)
	}
	var steps []step
	for _, hook := range allHooks {
		pair, err := inspectHook(dir, hook)
		if err != nil {
			return report, nil, err
		}
		s, err := decide(pair)
		if err != nil {
			return report, nil, err
		}
		steps = append(steps, s)
	}
	return report, steps, nil
}

// planInstall decides what installing the shim text means for one hook,
// from what is on disk, without changing anything.
func planInstall(p hookPair, text string) (step, error) {
	cur, kept := p.current, p.chained
	result := HookResult{Hook: p.hook, Path: cur.path}
	var prepare func() error
	if kept.shim { // a copy of sw's own shim is never an earlier hook to run
		prepare = func() error { return remove(kept.path) }
		kept = hookFile{path: kept.path}
	}
	write := func() error { return writeHook(cur.path, text) }

	switch {
	case cur.shim && cur.version > ShimVersion:
		result.Action = AlreadyInstalled
		result.Detail = fmt.Sprintf("written by a newer sw (shim version %d); left as it is", cur.version)
		write = nil
	case cur.shim && cur.isExactShim(text):
		result.Action = AlreadyInstalled
		write = nil
	case cur.shim:
		result.Action = Updated
		result.Detail = fmt.Sprintf("from shim version %d", cur.version)
		if cur.editedShim(p.hook) {
			result.Detail = "the shim had been altered; your version is kept as " + p.hook + AlteredSuffix + ", and the shim rewritten"
			write = thenKeepAltered(cur, write)
		} else if was, now := shimBinary(cur.content), shimBinary([]byte(text)); cur.version == ShimVersion && was != now {
			result.Detail = "it called " + calling(was) + "; now " + calling(now)
		} else if cur.version == ShimVersion {
			result.Detail = "the shim's mode had been changed; set again"
		}
	case !cur.exists && !kept.exists:
		result.Action = Installed
	case !cur.exists:
		result.Action = Chained
		result.Detail = chainedDetail(p.hook, kept, "was already kept as")
	case !kept.exists:
		result.Action = Chained
		result.Detail = chainedDetail(p.hook, cur, "is kept as")
		write = sequence(func() error { return keepAside(cur.path, kept.path) }, write)
	case sameHook(cur, kept):
		// A hook manager that reinstalls itself (husky does on every npm
		// install) writes its hook over the shim: the very hook already kept.
		result.Action = Chained
		result.Detail = chainedDetail(p.hook, kept, "had been rewritten over sw's shim; one copy is kept as")
	default:
		return step{}, &ConflictError{Hook: p.hook, Path: cur.path, Chained: kept.path}
	}
	if prepare != nil {
		if result.Action == AlreadyInstalled {
			result.Action = Updated
		}
		result.Detail = joinDetail(result.Detail, "removed "+p.hook+ChainedSuffix+", a stray copy of sw's own shim")
	}
	return step{result: result, apply: sequence(prepare, write)}, nil
}

// sequence runs the non-nil fns in order, stopping at the first error; it is
// nil when there is nothing to run.
func sequence(fns ...func() error) func() error {
	var todo []func() error
	for _, fn := range fns {
		if fn != nil {
			todo = append(todo, fn)
		}
	}
	if len(todo) == 0 {
		return nil
	}
	return func() error {
		for _, fn := range todo {
			if err := fn(); err != nil {
				return err
			}
		}
		return nil
	}
}

// joinDetail joins two clauses of a HookResult's detail.
func joinDetail(a, b string) string {
	if a == "" {
		return b
	}
	return a + "; " + b
}

// chainedDetail says where the earlier hook is and whether it runs: one that
// is not executable stays ignored, as git ignored it.
func chainedDetail(hook string, earlier hookFile, how string) string {
	detail := "the earlier hook " + how + " " + hook + ChainedSuffix
	if !earlier.executable() {
		return detail + "; it is not executable, so git ignored it and sw does too"
	}
	return detail + " and runs first"
}
