package main

import (
	"crypto/sha256"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"
)

// hostile is one bad or hostile input: plant puts it in a copy of the base
// collection; sw is then run with args (and stdin). It must end with one of
// the exit statuses sw documents for that command (codes), say what is
// wrong naming the file, and the line where there is one (msg, a regular
// expression on stderr; "" where sw rightly says nothing), change nothing
// but the files sw owns that it may write (may, beside the git folder),
// and stay within bounded memory and time.
type hostile struct {
	kind, name string
	trust      bool // needs issue 16's trust work
	plant      func(w *world, dir string)
	args       []string
	stdin      string
	codes      []int
	msg        string
	may        []string
	verify     func(w *world, dir string, r result, p *problems) // more to check, for some
}

// memoryBound is what any one sw process may take, hostile input or not.
const memoryBound = 512 << 10 // kilobytes

// hostileInputs tries each hostile input (with every > 1, one in every),
// each in a copy of the base collection, beside files outside it that
// links point at: a folder of the person's and their home.
func (w *world) hostileInputs(t *table, base string, every int) {
	rows := map[string]*row{}
	outside := filepath.Join(w.work, "outside")
	writeFile(filepath.Join(outside, "notes.md"), "Outside the collection.\n")
	writeFile(filepath.Join(outside, "shellrc"), "export PATH=$PATH:/opt/bin\n")
	writeFile(filepath.Join(w.home, ".claude", "CLAUDE.md"), "# The person's global Claude rules\n")
	for i, h := range hostileCases(w, outside) {
		if i%every != 0 {
			continue
		}
		r := rows[h.kind]
		if r == nil {
			r = t.row("hostile input", h.kind)
			rows[h.kind] = r
		}
		var p problems
		func() {
			defer func() {
				if e := recover(); e != nil {
					p.add("the case could not be set up: %v", e)
				}
			}()
			w.hostileCase(base, outside, i, h, &p)
		}()
		held := len(p) == 0
		why := ""
		if !held {
			why = h.name + ": " + strings.Join(p, "; ")
		}
		r.tallyAwaiting(held, why, !held && h.trust && !w.trust)
	}
}

func (w *world) hostileCase(base, outside string, i int, h hostile, p *problems) {
	dir := filepath.Join(w.work, "hostile", fmt.Sprint(i), "essays")
	if err := copyTree(base, dir); err != nil {
		p.add("copying: %v", err)
		return
	}
	h.plant(w, dir)
	if h.kind == "analyzer answers" && w.trust {
		// The person trusts the command .sw.yaml runs. (How sw trust is
		// called is a guess made before it was built: check it.)
		w.run(dir, opts{}, "sw", "trust")
	}
	before := snapshot(dir, outside, w.home)
	r := w.run(dir, opts{stdin: []byte(h.stdin), timeout: 20 * time.Second, bounded: true}, "sw", h.args...)
	said := r.stderr + r.stdout // sw check reports on stdout
	switch {
	case r.timedOut:
		p.add("still running after 20 s")
	case r.signal != "":
		p.add("killed by %s", r.signal)
	case !slices.Contains(h.codes, r.code):
		p.add("exit status %d, not %v: %s", r.code, h.codes, oneLine(r.stderr, 200))
	}
	if h.msg != "" && !regexp.MustCompile(h.msg).MatchString(said) {
		p.add("no message matching %q: %q", h.msg, oneLine(said, 200))
	}
	if r.maxRSS > memoryBound {
		p.add("took %d MB of memory", r.maxRSS>>10)
	}
	after := snapshot(dir, outside, w.home)
	for path, was := range before {
		if now := after[path]; now != was && !mayChange(dir, path, h.may) {
			p.add("%s changed", path)
		}
	}
	for path := range after {
		if _, ok := before[path]; !ok && !mayChange(dir, path, h.may) {
			p.add("%s appeared", path)
		}
	}
	if h.verify != nil {
		h.verify(w, dir, r, p)
	}
}

// mayChange reports whether sw may change path in a hostile case: a file
// under the collection's git folder, one the case allows, or sw's own
// store in the person's configuration folder.
func mayChange(dir, path string, may []string) bool {
	if rel, err := filepath.Rel(dir, path); err == nil && !strings.HasPrefix(rel, "..") {
		rel = filepath.ToSlash(rel)
		return rel == ".git" || strings.HasPrefix(rel, ".git/") || slices.Contains(may, rel)
	}
	return strings.Contains(filepath.ToSlash(path), "/.config/sw") || strings.Contains(filepath.ToSlash(path), "/.local/share/sw")
}

// snapshot is every file under the folders, by path: a digest of its
// bytes, or where a link points. Device files and the like are named only.
func snapshot(dirs ...string) map[string]string {
	out := map[string]string{}
	for _, dir := range dirs {
		filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return nil
			}
			if d.IsDir() && d.Name() == ".git" {
				out[path] = "git folder" // its insides are git's and sw's
				return filepath.SkipDir
			}
			info, err := d.Info()
			if err != nil {
				return nil
			}
			switch {
			case info.Mode()&fs.ModeSymlink != 0:
				target, _ := os.Readlink(path)
				out[path] = "link to " + target
			case info.Mode().IsRegular():
				data, _ := os.ReadFile(path)
				out[path] = fmt.Sprintf("%x", sha256.Sum256(data))
			case !d.IsDir():
				out[path] = info.Mode().String()
			}
			return nil
		})
	}
	return out
}
