package collection

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"sync"
	"time"

	"sw/profile"
	"sw/profile/quickread"
)

// sw keeps caches of what is costly to read (settings, resolved profiles)
// under .git/sw, so that the hooks inside git commit and every agent
// session pay microseconds for an unchanged collection. A cache file holds
// its key on the first line, then its content. Keys are built from stat
// data, as git's index is, plus the sw binary itself, so a new sw never
// reads an old sw's cache; a file changed within racyWindow of being read
// is not cached at all.

// racyWindow is how close to a file's last change it may be read and still
// be cached: file systems record times in ticks of up to two seconds, and
// two changes within one tick look alike.
var racyWindow = 2 * time.Second

// binaryStamp identifies the running sw binary. On Linux /proc/self/exe is
// the running file itself, even if a new build has replaced it on disk
// since, and one stat of it costs a quarter of finding its path first.
var binaryStamp = sync.OnceValue(func() string {
	fi, err := os.Stat("/proc/self/exe")
	if err != nil {
		exe, err := os.Executable()
		if err != nil {
			return ""
		}
		if fi, err = os.Stat(exe); err != nil {
			return ""
		}
	}
	return fmt.Sprintf("%d %d", fi.Size(), fi.ModTime().UnixNano())
})

// LocalDir is the folder where sw keeps what is the collection's on this
// machine only (.git/sw: the review loop's state, the caches), or "" when
// it is not a git repository. Linked worktrees share it.
func (c *Collection) LocalDir() string {
	repo, err := c.Repo()
	if err != nil {
		return ""
	}
	return filepath.Join(repo.CommonDir, "sw")
}

// cacheKey hashes the parts of a key with the binary's stamp; "" when the
// binary cannot be identified (then nothing is cached).
func cacheKey(parts ...string) string {
	exe := binaryStamp()
	if exe == "" {
		return ""
	}
	h := fnv.New128a()
	fmt.Fprintln(h, exe)
	for _, p := range parts {
		fmt.Fprintln(h, p)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// readCacheFile returns a cache file's content when its first line is key.
func readCacheFile(path, key string) ([]byte, bool) {
	data, err := quickread.ReadFile(path)
	if err != nil {
		return nil, false
	}
	k, content, ok := bytes.Cut(data, []byte("\n"))
	return content, ok && string(k) == key
}

// writeCacheFile replaces a cache file by rename, unsynced: a cache lost in
// a crash is rebuilt.
func writeCacheFile(path, key string, content []byte) {
	if os.MkdirAll(filepath.Dir(path), 0o777) != nil {
		return
	}
	tmp := fmt.Sprintf("%s.%d", path, os.Getpid())
	if os.WriteFile(tmp, append([]byte(key+"\n"), content...), 0o666) == nil {
		os.Rename(tmp, path)
	}
}

// fileKey is the cache key for what is read from one file (kind says what),
// the cache folder, and whether it may be stored (not when the file changed
// within racyWindow).
func (c *Collection) fileKey(kind string, fi os.FileInfo) (key, dir string, storable bool) {
	dir = c.LocalDir()
	if dir == "" {
		return "", "", false
	}
	stamp, changed := profile.AppendFileStamp(nil, fi)
	return cacheKey(kind, string(stamp)), dir, time.Since(changed) >= racyWindow
}
