package git

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// The pre-commit hook asks git once what a commit stages, and leaves a note
// beside the index it saw through (SeenFile), so that the commit's later
// hooks need not ask again nor read the commit's trees: the index's name as
// git gave it, the commit it was on top of, what the index changes against
// it, and a last line that says the note is whole (a hook killed as it
// wrote leaves one that is not). The note holds while the index has not
// been written since, which its time says: git writes an index whole,
// renaming a new file over it, so a later change leaves the index newer
// than the note; a note no newer (within the clock's tick) is none, and the
// hooks ask git. The commit-msg shim reads its first line
// (templates/files/hooks/commit-msg.sh).

// SeenFile is the note's name, in the folder of the index it is about.
const SeenFile = "sw-seen"

// NoteSeen leaves the note about indexFile (as the hook was given it): it
// stages staged on top of head (zero on an unborn branch), and none of it
// is the style profile. A note that cannot be written is no loss: the
// next hooks ask git.
func (r *Repo) NoteSeen(indexFile string, head Hash, staged []StagedChange) {
	p := r.seenPath(indexFile)
	if p == "" {
		return
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s\n%s\n", indexFile, head)
	for _, ch := range staged {
		fmt.Fprintf(&b, "%s %s %s\n", orDash(ch.From), orDash(ch.Blob), strconv.Quote(ch.Path))
	}
	b.WriteString(seenEnd + "\n")
	os.WriteFile(p, b.Bytes(), 0o666)
}

// ForgetSeen removes the note about indexFile: the pre-commit hook does,
// before it looks, so that a hook that stops half way leaves none.
func (r *Repo) ForgetSeen(indexFile string) {
	if p := r.seenPath(indexFile); p != "" {
		os.Remove(p)
	}
}

// SeenChanges is what the commit just made changes against its first
// parent, the files keep accepts, as the note beside indexFile says. ok is
// false unless the pre-commit hook saw this commit's index through: on top
// of parent, on that index or its lock (which git hands the pre-commit hook
// by an absolute name, the post-commit hook the index by a relative one),
// not written since. Like ChangedFilesIn, it leaves out a file whose mode
// alone changed.
func (r *Repo) SeenChanges(indexFile string, parent Hash, keep Filter) (changes []Change, ok bool) {
	p := r.seenPath(indexFile)
	if p == "" {
		return nil, false
	}
	f, err := os.Open(p)
	if err != nil {
		return nil, false
	}
	defer f.Close()
	note, errNote := f.Stat()
	index := r.fromTop(indexFile)
	ix, errIndex := os.Stat(index)
	if errNote != nil || errIndex != nil || !note.ModTime().After(ix.ModTime()) {
		return nil, false
	}
	lines := bufio.NewScanner(f)
	lines.Buffer(nil, 1<<20)
	if !lines.Scan() {
		return nil, false
	}
	if seen := r.fromTop(lines.Text()); seen != index && seen != index+".lock" {
		return nil, false
	}
	if !lines.Scan() || lines.Text() != parent.String() {
		return nil, false
	}
	for lines.Scan() {
		if lines.Text() == seenEnd {
			return changes, !lines.Scan() && lines.Err() == nil
		}
		ch, err := parseSeen(lines.Text())
		if err != nil {
			return nil, false
		}
		if ch.From != ch.To && keep.Keeps(ch.Path) {
			changes = append(changes, ch)
		}
	}
	return nil, false // cut short
}

// seenEnd is the note's last line.
const seenEnd = "."

// parseSeen reads a change as NoteSeen writes it.
func parseSeen(line string) (Change, error) {
	from, rest, _ := strings.Cut(line, " ")
	to, quoted, _ := strings.Cut(rest, " ")
	path, err := strconv.Unquote(quoted)
	if err != nil {
		return Change{}, err
	}
	return Change{Path: path, From: fromDash(from), To: fromDash(to)}, nil
}

// orDash writes a zero hash (no file) as "-".
func orDash(h Hash) string {
	if h.IsZero() {
		return "-"
	}
	return h.String()
}

func fromDash(s string) Hash {
	if s == "-" {
		return ZeroHash
	}
	return Hash(s)
}

// seenPath is where the note about indexFile (as a hook was given it)
// lives: in the same folder, found as the shim finds it, by cutting the
// name at its last slash. "" for a name with no folder.
func (r *Repo) seenPath(indexFile string) string {
	i := strings.LastIndex(indexFile, "/")
	if i <= 0 {
		return ""
	}
	return filepath.Join(r.fromTop(indexFile[:i]), SeenFile)
}

// fromTop is the file a hook names by a slash path: relative ones are
// from the top of the working tree, where git runs hooks.
func (r *Repo) fromTop(name string) string { return under(r.Root, filepath.FromSlash(name)) }
