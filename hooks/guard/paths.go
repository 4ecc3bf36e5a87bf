package guard

import (
	"errors"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strings"

	"sw/hooks/git"
	"sw/hooks/install"
	"sw/profile/collection"
	"sw/profile/confine"
)

// Where a path stands for the guard: in the profile, in a file whose
// block or entries are kept, in git's own files, or outside all of them.

type pathKind int

// The kinds of place, from free to strictest: a path spelled several
// ways stands where its strictest spelling does.
const (
	outside         pathKind = iota
	holdsProfile             // a folder that holds something kept: the collection's root or above, .claude, .git
	inTarget                 // a target file, whose block is kept
	inAgentSettings          // Claude Code's settings, whose sw entries are kept
	inGit                    // git's own files: config, refs, hooks
	inSwSettings             // .sw.yaml
	inProfile                // profile/ or profile_feedback.json: never written
)

// location is where a path stands in a collection.
type location struct {
	kind pathKind
	rel  string // relative to the collection's root, for the reason
	file string // the path, absolute, to read a target file
	fold bool   // names compare without case
	// held is, for a folder that holds something kept, the strictest
	// thing it holds, and heldRel where that is.
	held    pathKind
	heldRel string
}

// stricter reports whether l should stand for a path rather than
// other: its kind is stricter, or as strict and holding more.
func (l location) stricter(other location) bool {
	return l.kind > other.kind || l.kind == other.kind && l.held > other.held
}

// read reads a target file. Where names compare without case, a name in
// another case is the same file, and the file is found as such a file
// system finds it.
func (l location) read() ([]byte, error) {
	data, err := confine.ReadFile(l.file) // a link to a device is not read forever
	if l.fold && errors.Is(err, os.ErrNotExist) {
		if p, ok := foldedPath(l.file); ok {
			return confine.ReadFile(p)
		}
	}
	return data, err
}

// foldedPath finds the file at p, each name in it matched in any case.
func foldedPath(p string) (string, bool) {
	if _, err := os.Lstat(p); err == nil {
		return p, true
	}
	dir := filepath.Dir(p)
	if dir == p {
		return "", false
	}
	dir, ok := foldedPath(dir)
	if !ok {
		return "", false
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return "", false
	}
	for _, e := range entries {
		if strings.EqualFold(e.Name(), filepath.Base(p)) {
			return filepath.Join(dir, e.Name()), true
		}
	}
	return "", false
}

// guardScope is a collection as the guard compares paths with it.
type guardScope struct {
	roots   []string // its root as found, and with links resolved
	profile string   // the profile's folder, relative
	targets []string // target files, relative, beyond every CLAUDE.md and AGENTS.md
	fold    bool     // names compare without case
	repo    *git.Repo
	// gitDirs are the repository's git folders (its own and the one its
	// worktrees share), and the hooks folder git runs when
	// core.hooksPath puts it elsewhere (found on first need: it takes a
	// git command).
	gitDirs     []string
	hooksLooked bool
	// voice is the voice repository the collection's .sw.yaml names
	// (absolute; "" for none), followed or not: its profile is the
	// person's as much as the collection's own.
	voice string
}

// locate finds where p, relative to base unless absolute, stands: each of
// its spellings (as written and cleaned, with links resolved) in the
// project's collection and in the collection holding p, the strictest
// answer winning.
func (g *guard) locate(p, base string) location {
	if home := g.getenv("HOME"); home != "" && (p == "~" || strings.HasPrefix(p, "~/")) {
		p = home + p[1:]
	}
	raw := p
	if !filepath.IsAbs(raw) {
		raw = base + string(filepath.Separator) + raw
	}
	spellings := []string{filepath.Clean(raw), realPath(raw)}
	best := location{file: spellings[0]}
	for _, s := range g.scopesFor(spellings) {
		for _, sp := range spellings {
			if at := s.locate(sp); at.stricter(best) {
				at.file, at.fold = best.file, s.fold
				best = at
			}
		}
	}
	for _, sp := range spellings {
		if at := g.locateSettings(sp); at.stricter(best) {
			at.file = best.file
			best = at
		}
	}
	return best
}

// locateSettings places p against the settings files outside the
// collection that keep it the person's: Claude Code's, of the project and
// the person's own (disableAllHooks there turns sw's hooks off as well);
// git's own of the person (core.hooksPath there turns them off for every
// repository); and sw's folder of their configuration (the analyzers
// they trust, the voices they follow).
func (g *guard) locateSettings(p string) location {
	home := g.getenv("HOME")
	type kept struct {
		path   string
		kind   pathKind
		folder bool // anything below it
	}
	var files []kept
	for _, top := range []string{g.getenv("CLAUDE_PROJECT_DIR"), home} {
		if top != "" {
			for _, f := range install.ProjectSettingsFiles {
				files = append(files, kept{path: filepath.Join(top, filepath.FromSlash(f)), kind: inAgentSettings})
			}
		}
	}
	if config := g.configDir(); config != "" {
		files = append(files, kept{path: filepath.Join(config, "git", "config"), kind: inGit},
			kept{path: filepath.Join(config, "sw"), kind: inSwSettings, folder: true})
	}
	if home != "" {
		files = append(files, kept{path: filepath.Join(home, ".gitconfig"), kind: inGit})
	}
	var best location
	for _, f := range files {
		at := location{}
		if rel, in := within(f.path, p); in && (rel == "." || f.folder) {
			at = location{kind: f.kind, rel: shownPath(p, home)}
		} else if _, above := within(p, f.path); above {
			at = location{kind: holdsProfile, rel: shownPath(p, home), held: f.kind, heldRel: shownPath(f.path, home)}
		}
		if at.stricter(best) {
			best = at
		}
	}
	return best
}

// configDir is the person's configuration folder as sw and git find it
// (os.UserConfigDir, from the guard's own environment); "" when there is
// none.
func (g *guard) configDir() string {
	switch {
	case runtime.GOOS == "windows":
		return g.getenv("AppData")
	case runtime.GOOS == "darwin":
		if home := g.getenv("HOME"); home != "" {
			return filepath.Join(home, "Library", "Application Support")
		}
	case g.getenv("XDG_CONFIG_HOME") != "":
		return g.getenv("XDG_CONFIG_HOME")
	case g.getenv("HOME") != "":
		return filepath.Join(g.getenv("HOME"), ".config")
	}
	return ""
}

// shownPath is p for a reason: from ~ when in the home folder.
func shownPath(p, home string) string {
	if rel, in := within(home, p); home != "" && in {
		return "~/" + rel
	}
	return filepath.ToSlash(p)
}

// scopesFor returns the collections to hold paths against: the project's,
// and, for a path outside it, the one the path is in.
func (g *guard) scopesFor(spellings []string) []*guardScope {
	var out []*guardScope
	project := g.scopeAt(g.dir)
	if project != nil {
		out = append(out, project)
		if v := g.voiceScope(project.voice); v != nil {
			out = append(out, v)
		}
	}
	for _, sp := range spellings {
		if project != nil && project.holds(sp) {
			continue
		}
		if s := g.scopeAt(filepath.Dir(sp)); s != nil && s != project {
			out = append(out, s)
		}
	}
	return out
}

// scopeAt opens the collection dir is in, or nil. A collection whose
// settings are broken is still protected, at the nearest folder above
// with .sw.yaml.
func (g *guard) scopeAt(dir string) *guardScope {
	if s, ok := g.scopes[dir]; ok {
		return s
	}
	var s *guardScope
	c, err := collection.Find(dir)
	switch {
	case err == nil:
		link, _ := c.Voice()
		s = &guardScope{roots: []string{c.Root}, profile: c.Profile().Dir, targets: c.Settings.Targets, voice: link.Root}
	case !errors.Is(err, collection.ErrNotCollection):
		if root := nearestSettings(dir); root != "" {
			s = &guardScope{roots: []string{root}, profile: collection.ProfileDir}
		}
	}
	if s != nil {
		s = g.open(s)
	}
	g.scopes[dir] = s
	return s
}

// open returns the scope already open at s's root, or else s, with its
// root's links resolved, its case folding and its git folders found.
func (g *guard) open(s *guardScope) *guardScope {
	if known := g.scopeWithRoot(s.roots[0]); known != nil {
		return known
	}
	if real := realPath(s.roots[0]); real != s.roots[0] {
		s.roots = append(s.roots, real)
	}
	s.fold = g.folds(s.roots[0])
	s.findGit()
	return s
}

// voiceScope is the voice repository at root as a scope to hold paths
// against, or nil for none: its profile and profile_feedback.json, its
// git folder, and the folders holding them.
func (g *guard) voiceScope(root string) *guardScope {
	if root == "" {
		return nil
	}
	if known := g.scopeWithRoot(root); known != nil {
		return known
	}
	s := g.open(&guardScope{roots: []string{root}, profile: collection.ProfileDir})
	g.scopes[root] = s
	return s
}

// findGit finds the repository the collection is in, and its git
// folders, without running git.
func (s *guardScope) findGit() {
	repo, err := git.Find(s.roots[0])
	if err != nil {
		return
	}
	s.repo = repo
	for _, d := range []string{repo.GitDir, repo.CommonDir, filepath.Join(repo.Root, ".git")} {
		s.addGitDir(d)
	}
}

func (s *guardScope) addGitDir(d string) {
	for _, sp := range []string{filepath.Clean(d), realPath(d)} {
		if !slices.Contains(s.gitDirs, sp) {
			s.gitDirs = append(s.gitDirs, sp)
		}
	}
}

// lookForHooksDir adds the hooks folder git runs, where core.hooksPath
// puts it outside the git folder (husky's, say), once: it runs git.
func (s *guardScope) lookForHooksDir() {
	if s.hooksLooked || s.repo == nil {
		return
	}
	s.hooksLooked = true
	if dir, err := s.repo.HooksDir(); err == nil {
		s.addGitDir(dir)
	}
}

func (g *guard) scopeWithRoot(root string) *guardScope {
	for _, s := range g.scopes {
		if s != nil && s.roots[0] == root {
			return s
		}
	}
	return nil
}

func nearestSettings(dir string) string {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return ""
	}
	for d := abs; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, collection.SettingsFile)); err == nil {
			return d
		}
		if filepath.Dir(d) == d {
			return ""
		}
	}
}

// foldsCase reports whether the file system at root finds a name in
// another case: .sw.yaml, there in every collection, asked for as
// .SW.YAML.
func foldsCase(root string) bool {
	a, err := os.Stat(filepath.Join(root, collection.SettingsFile))
	if err != nil {
		return false
	}
	b, err := os.Stat(filepath.Join(root, strings.ToUpper(collection.SettingsFile)))
	return err == nil && os.SameFile(a, b)
}

func (s *guardScope) norm(p string) string {
	if s.fold {
		return strings.ToLower(p)
	}
	return p
}

// holds reports whether p is the root or inside it.
func (s *guardScope) holds(p string) bool {
	for _, root := range s.roots {
		if _, ok := within(s.norm(root), s.norm(p)); ok {
			return true
		}
	}
	return false
}

// locate places p, absolute and clean, in the collection.
func (s *guardScope) locate(p string) location {
	best := s.locateGit(p)
	for _, root := range s.roots {
		rel, in := within(s.norm(root), s.norm(p))
		if !in {
			if _, above := within(s.norm(p), s.norm(root)); above {
				if at := (location{kind: holdsProfile, rel: ".", held: inProfile}); at.stricter(best) {
					best = at
				}
			}
			continue
		}
		shown := rel
		if rel != "." && len(p) >= len(rel) && s.fold {
			shown = filepath.ToSlash(p[len(p)-len(rel):]) // in the case it was given
		}
		if at := s.kindOf(rel); at.stricter(best) {
			at.rel = shown
			best = at
		}
	}
	return best
}

// locateGit places p against the repository's git folders. In them, only
// the list of files git leaves untracked here (info/exclude) and lock
// files are the agent's to write: git leaves a lock behind when it stops
// mid-way, and removing it is how one carries on.
func (s *guardScope) locateGit(p string) location {
	var best location
	for _, d := range s.gitDirs {
		rel, in := within(s.norm(d), s.norm(p))
		var at location
		switch {
		case in && (rel == "info/exclude" || strings.HasSuffix(rel, ".lock")):
			continue
		case in:
			at = location{kind: inGit, rel: s.shownRel(p)}
		default:
			if _, above := within(s.norm(p), s.norm(d)); !above {
				continue
			}
			at = location{kind: holdsProfile, rel: s.shownRel(p), held: inGit, heldRel: s.shownRel(d)}
		}
		if at.stricter(best) {
			best = at
		}
	}
	return best
}

// shownRel is p relative to the collection's root, for a reason, or as
// it is when outside.
func (s *guardScope) shownRel(p string) string {
	for _, root := range s.roots {
		if rel, in := within(root, p); in {
			return rel
		}
	}
	return filepath.ToSlash(p)
}

// kindOf places rel, relative to the root and inside it.
func (s *guardScope) kindOf(rel string) location {
	profile := s.norm(s.profile)
	switch {
	case rel == ".":
		return location{kind: holdsProfile, held: inProfile}
	case rel == profile || strings.HasPrefix(rel, profile+"/") || rel == s.norm(collection.FeedbackFile):
		return location{kind: inProfile}
	case strings.HasPrefix(profile, rel+"/"):
		return location{kind: holdsProfile, held: inProfile}
	case rel == s.norm(collection.SettingsFile):
		return location{kind: inSwSettings}
	}
	for _, f := range install.ProjectSettingsFiles {
		switch f = s.norm(f); {
		case rel == f:
			return location{kind: inAgentSettings}
		case strings.HasPrefix(f, rel+"/"):
			return location{kind: holdsProfile, held: inAgentSettings, heldRel: f}
		}
	}
	base := path.Base(rel)
	if base == s.norm(collection.ClaudeFile) || base == s.norm("AGENTS.md") {
		return location{kind: inTarget}
	}
	for _, t := range s.targets {
		if rel == s.norm(path.Clean(t)) {
			return location{kind: inTarget}
		}
	}
	return location{}
}

// within returns p relative to root, slash-separated, when p is root
// ("." ) or inside it.
func within(root, p string) (string, bool) {
	rel, err := filepath.Rel(root, p)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", false
	}
	return filepath.ToSlash(rel), true
}

// realPath is p with every link resolved, as the system would follow it
// to open p: the part that exists is resolved, the rest joined on (a link
// at the end that leads nowhere yet is followed too).
func realPath(p string) string {
	for range 40 {
		if real, err := filepath.EvalSymlinks(p); err == nil {
			return real
		}
		target, err := os.Readlink(p)
		if err != nil {
			break
		}
		if !filepath.IsAbs(target) {
			target = filepath.Join(filepath.Dir(p), target)
		}
		p = target
	}
	dir, base := filepath.Dir(p), filepath.Base(p)
	if dir == p || base == string(filepath.Separator) {
		return filepath.Clean(p)
	}
	return filepath.Join(realPath(dir), base)
}
