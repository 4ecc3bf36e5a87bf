package atomicfile

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Every temporary file sw makes is named .<base>.sw-<pid>-<n>: hidden, in
// the folder of the file it is to become, naming the process that writes
// it, and locked by that process while open. A writer killed midway
// leaves one behind; the name says it is sw's and whose it was, the lock
// whether that writer still holds it, and Sweep removes it at the next
// run. TempPattern, in .git/info/exclude, keeps git from offering it for a
// commit meanwhile.

// TempPattern is a gitignore pattern matching sw's temporary files, and
// git's lock files beside them.
const TempPattern = ".*.sw-[0-9]*"

// staleAge is how long a temporary file nobody holds must have stood
// before Sweep takes it for abandoned though the process its name gives is
// alive: the name may be from an sw that did not lock its files, or the
// process id reused since. No write takes that long.
const staleAge = time.Minute

// CreateTemp creates a new temporary file for base in dir, open for
// writing and locked for as long as it stays open.
func CreateTemp(dir, base string) (*os.File, error) {
	noteTemp(dir) // before the file: a marker always outlives what it names
	f, err := os.CreateTemp(dir, fmt.Sprintf(".%s.sw-%d-*", base, os.Getpid()))
	if err != nil {
		return nil, err
	}
	TryLock(f) // a file system without locks still has the name
	return f, nil
}

// Sweep removes from dir the temporary files of writers that are gone (see
// removeAbandoned), and returns their names. Errors are ignored: what cannot
// be removed now is tried again at the next run.
func Sweep(dir string) []string {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var removed []string
	for _, e := range entries {
		pid, ok := tempName(e.Name())
		if !ok || !e.Type().IsRegular() {
			continue
		}
		if path := filepath.Join(dir, e.Name()); removeAbandoned(path, pid) {
			removed = append(removed, e.Name())
		}
	}
	if len(removed) > 0 {
		SyncDir(dir)
	}
	return removed
}

// tempName reports whether name is one of sw's temporary files (or git's
// lock file beside one), and the process id it names: 0 for a name from
// an sw that did not name the writer (.<base>.sw-<n>).
func tempName(name string) (pid int, ok bool) {
	name = strings.TrimSuffix(name, ".lock")
	i := strings.LastIndex(name, ".sw-")
	if !strings.HasPrefix(name, ".") || i < 2 {
		return 0, false
	}
	p, n, named := strings.Cut(name[i+len(".sw-"):], "-")
	if !digits(p) || named && !digits(n) {
		return 0, false
	}
	if !named {
		return 0, true
	}
	pid, err := strconv.Atoi(p)
	return pid, err == nil
}

func digits(s string) bool { return s != "" && strings.Trim(s, "0123456789") == "" }

// removeAbandoned removes the temporary file at path if no process holds
// its lock (holding it while it does, so that no writer can take the file
// up), and the process its name gives is not alive or it is older than
// staleAge.
func removeAbandoned(path string, pid int) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	if !TryLock(f) {
		return false // its writer holds it
	}
	fi, err := f.Stat()
	if err != nil {
		return false
	}
	if (pid > 0 && pid != os.Getpid() && !alive(pid)) || time.Since(fi.ModTime()) > staleAge {
		return os.Remove(path) == nil
	}
	return false
}
