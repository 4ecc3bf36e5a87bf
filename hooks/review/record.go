package review

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"sw/hooks/git"
	"sw/profile/atomicfile"
	"sw/profile/collection"
	"sw/profile/confine"
	"sw/profile/feedback"
)

// defaultTip is the default branch and its commit (zero while unborn).
func (l *Loop) defaultTip() (tip, error) {
	name, err := l.Repo.DefaultBranch()
	if err != nil {
		return tip{}, err
	}
	t := tip{name: name, ref: "refs/heads/" + name}
	if t.hash, _, err = l.Repo.Ref(t.ref); err != nil {
		return tip{}, err
	}
	return t, nil
}

func (l *Loop) headCommit() (git.Hash, error) {
	_, h, err := l.Repo.Head()
	if err == nil && h.IsZero() {
		err = errors.New("nothing committed yet")
	}
	return h, err
}

// feedbackOnDefault reads profile_feedback.json as the default branch has
// it. A corrupt file is an error, and a copy of it is kept under .git/sw,
// since the next to touch it may be a person fixing it by hand.
func (l *Loop) feedbackOnDefault() (*feedback.File, tip, error) {
	def, err := l.defaultTip()
	if err != nil || def.hash.IsZero() {
		return feedback.New(), def, err
	}
	blob, ok, err := l.Repo.FileAt(def.hash, collection.FeedbackFile)
	if err != nil || !ok {
		return feedback.New(), def, err
	}
	data, err := l.Repo.Blob(blob)
	if err != nil {
		return nil, def, err
	}
	f, err := feedback.Parse(collection.FeedbackFile, data)
	if err != nil {
		copyPath := filepath.Join(l.Dir, "profile_feedback.corrupt-"+blob.String()[:12]+".json")
		if copyErr := keepCopy(copyPath, data); copyErr != nil {
			return nil, def, fmt.Errorf("%w (on %s; no copy could be kept: %v); fix it and commit, and sw records what waits", err, def.name, copyErr)
		}
		return nil, def, fmt.Errorf("%w (on %s; a copy is kept at %s); fix it and commit, and sw records what waits", err, def.name, copyPath)
	}
	return f, def, nil
}

// feedbackInWorkingTree reads the working tree's profile_feedback.json;
// nil when there is none or it cannot be read.
func (l *Loop) feedbackInWorkingTree() *feedback.File {
	data, err := l.Coll.ReadFile(collection.FeedbackFile) // never through a link out of the collection
	if err != nil {
		return nil
	}
	f, err := feedback.Parse(collection.FeedbackFile, data)
	if err != nil {
		return nil
	}
	return f
}

// keepCopy makes sure the file at path holds data, written whole or not at
// all: a copy cut short by a crash would stand under the name for good.
func keepCopy(path string, data []byte) error {
	if have, err := os.ReadFile(path); err == nil && bytes.Equal(have, data) {
		return nil
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
		return err
	}
	return atomicfile.Replace(path, data, 0o644)
}

// recordRejections writes the rejections not yet in profile_feedback.json
// there, in a commit of its own on the default branch that changes that
// file alone: it must travel, but never slip into a commit of the person's.
// When that cannot be done safely now (a merge in progress, the file edited
// by hand, the branch checked out in another worktree), they wait.
//
// Rejections the default branch already holds (a run killed right after
// its commit, the person committing the file) are recorded: success, not
// an empty commit git would refuse. Rejections made one after another go
// into one commit (see recordfold.go).
func (l *Loop) recordRejections(st *State) error {
	var todo []*Suggestion
	for _, s := range st.Suggestions {
		if s.unrecorded() {
			todo = append(todo, s)
		}
	}
	if len(todo) == 0 {
		return nil
	}
	defer l.mark("record").End()
	if op, busy := l.Repo.InProgress(); busy {
		if op == l.ending {
			// git cannot commit until the operation's files are gone,
			// a moment after this hook; the next run records them.
			l.logf("rejections wait for the %s to finish", op)
			return nil
		}
		return fmt.Errorf("a %s is in progress", op)
	}
	f, def, err := l.feedbackOnDefault()
	if err != nil {
		return err
	}
	if def.hash.IsZero() {
		return errors.New("the default branch has no commit yet")
	}
	before := f.Encode()
	// A run killed between writing the working tree's copy and committing
	// it wrote these there already: their times are taken from it, so that
	// what is committed now is that very file.
	written := l.feedbackInWorkingTree()
	for _, s := range todo {
		f.Add(s.Batch, s.rejection(written.RejectedAt(s.Batch, s.ID, s.Signature)), s.DecidedAt)
	}
	data := f.Encode()
	if bytes.Equal(data, before) {
		l.logf("rejections already in %s on %s: %s", collection.FeedbackFile, def.name, strings.Join(suggestionIDs(todo), ", "))
		markRecorded(todo)
		return nil
	}
	base, fold := def.hash, l.foldable(def, st.Record)
	if fold != nil {
		base = fold.parent
	}
	ids := newlyRemembered(l.feedbackAt(base), f)
	if len(ids) == 0 {
		ids = suggestionIDs(todo)
	}
	if err := l.commitFile(def, collection.FeedbackFile, data, recordMessage(ids, st.Analyzed)); err != nil {
		return err
	}
	markRecorded(todo)
	record, _, _ := l.Repo.Ref(def.ref)
	if fold != nil {
		record = l.fold(def, fold, recordMessage(ids, st.Analyzed), record)
	}
	st.Record = record.String()
	return nil
}

// recordSubject starts the subject of every commit that records rejections.
const recordSubject = "sw: remember rejected suggestion"

// recordMessage is a record commit's message, naming what it records.
func recordMessage(ids []string, analyzed string) string {
	msg := fmt.Sprintf("%s%s %s\n\n%s\nrecords each rejected suggestion so the next analysis does not propose it again.\n",
		recordSubject, plural(len(ids)), strings.Join(ids, ", "), collection.FeedbackFile)
	if analyzed != "" {
		// A batch rejected whole leaves no suggestion commit behind: this
		// one carries where the count starts again, for a fresh clone.
		msg += fmt.Sprintf("\n%s: %s\n", trailerAnalyzed, analyzed)
	}
	return msg
}

func markRecorded(todo []*Suggestion) {
	for _, s := range todo {
		s.Recorded = true
	}
}

func suggestionIDs(list []*Suggestion) []string {
	ids := make([]string, len(list))
	for i, s := range list {
		ids[i] = s.ID
	}
	return ids
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// commitFile commits data as path on the default branch, alone.
func (l *Loop) commitFile(def tip, path string, data []byte, msg string) error {
	headRef, _, err := l.Repo.Head()
	if err != nil {
		return err
	}
	if headRef == def.ref {
		return l.commitCheckedOut(def, path, data, msg)
	}
	trees, err := l.Repo.Worktrees()
	if err != nil {
		return err
	}
	for _, wt := range trees {
		if wt.Branch == def.ref && wt.Path != l.Repo.Root {
			return fmt.Errorf("%s is checked out in the worktree %s; sw records it from there", def.name, wt.Path)
		}
	}
	return l.commitBehind(def, path, data, msg)
}

// commitCheckedOut commits path on the branch checked out here with `git
// commit --only`, so the index, the working tree and the reflog stay right.
func (l *Loop) commitCheckedOut(def tip, path string, data []byte, msg string) error {
	abs, err := l.Coll.File(path) // never through a link out of the collection
	if err != nil {
		return err
	}
	committed, ok, err := l.fileAt(def.hash, path)
	if err != nil {
		return err
	}
	onDisk, readErr := os.ReadFile(abs)
	// A file that already holds it is the write of a run killed before its
	// commit: that commit is made now.
	interrupted := readErr == nil && bytes.Equal(onDisk, data)
	if ok {
		if !interrupted && (readErr != nil || !bytes.Equal(onDisk, committed)) {
			return fmt.Errorf("%s has changes that are not committed; commit or discard them and sw records the rejection", path)
		}
	} else if readErr == nil && !interrupted {
		return fmt.Errorf("%s exists but is not committed; commit or remove it and sw records the rejection", path)
	}
	if staged, err := l.Repo.IsStaged(path); err != nil || staged {
		if err == nil {
			err = fmt.Errorf("%s has staged changes; commit or unstage them and sw records the rejection", path)
		}
		return err
	}
	if err := atomicfile.Write(abs, data, 0o644); err != nil {
		return err
	}
	// `git commit --only` takes only paths git knows: a file the default
	// branch lacks is added with intent first.
	if !ok {
		if err := l.Repo.IntendToAdd(path); err != nil {
			os.Remove(abs)
			return err
		}
	}
	if err := l.Repo.CommitOnly(path, msg); err != nil {
		// Put back what was there: the file as it was, or no file.
		if ok {
			atomicfile.Write(abs, onDisk, 0o644)
		} else {
			l.Repo.Untrack(path)
			os.Remove(abs)
		}
		return err
	}
	return nil
}

// commitBehind commits path on a branch not checked out anywhere: new
// objects, then a compare-and-swap of the branch.
func (l *Loop) commitBehind(def tip, path string, data []byte, msg string) error {
	c, err := l.Repo.Commit(def.hash)
	if err != nil {
		return err
	}
	blob, err := l.Repo.WriteBlob(data)
	if err != nil {
		return err
	}
	tree, err := l.Repo.TreeWith(c.Tree, path, &blob)
	if err != nil {
		return err
	}
	made, err := l.Repo.WriteCommit(git.CommitSpec{Tree: tree, Parents: []git.Hash{def.hash}, Message: msg})
	if err != nil {
		return err
	}
	return l.Repo.UpdateRefLogged(def.ref, made, def.hash, git.RefLog{Message: "sw: " + strings.SplitN(msg, "\n", 2)[0]})
}

// voiceRejections reads, where the collection follows a voice, the
// rejections made for every series that shares it: the voice's (in its
// working tree, on its default branch, and not yet recorded) and each
// fellow series' working tree's. The voice's file sw cannot read is an
// error, since proposing again what was rejected there would be worse than
// no analysis; a fellow series' is left out, and logged.
func (l *Loop) voiceRejections() ([]feedback.Rejection, error) {
	link, err := l.Coll.Voice()
	if err != nil || !link.Followed {
		return nil, err
	}
	out, err := rejectionsIn(link.Root, path.Join(link.Named, collection.FeedbackFile))
	if err != nil {
		return nil, err
	}
	if v, err := l.VoiceLoop(); err != nil {
		return nil, err
	} else if v != nil {
		f, _, err := v.feedbackOnDefault()
		if err != nil {
			return nil, fmt.Errorf("the voice %s: %w", link.Named, err)
		}
		st, _ := v.loadState()
		out = append(append(out, f.Rejections()...), st.unrecordedRejections()...)
	}
	fellows, err := l.Coll.FellowSeries(link)
	if err != nil {
		return nil, err
	}
	for _, root := range fellows {
		more, err := rejectionsIn(root, filepath.ToSlash(filepath.Join(root, collection.FeedbackFile)))
		if err != nil {
			l.logf("rejections of a series sharing the voice left out: %v", err)
			continue
		}
		out = append(out, more...)
	}
	return out, nil
}

// rejectionsIn reads the rejections of profile_feedback.json in root
// (named name in errors); none when there is no such file.
func rejectionsIn(root, name string) ([]feedback.Rejection, error) {
	data, err := confine.Read(root, filepath.Join(root, collection.FeedbackFile), name)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	f, err := feedback.Parse(name, data)
	if err != nil {
		return nil, err
	}
	return f.Rejections(), nil
}
