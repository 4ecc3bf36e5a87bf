package collection

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"sw/hooks/gitrepo"
	"sw/profile"
	"sw/profile/block"
	"sw/templates"
)

// The profile cache lets the commands that run most often (the pre-session
// hook at every agent session, sw check in an agent's Stop hook) skip
// parsing every rule file when none changed. Per genre it remembers the
// resolved profile and its rendered block, keyed by the profile's stamp
// (see profile.Stamp), the sw binary and the block template. It lives with
// sw's other local state in the git folder and is only ever a shortcut:
// any doubt means resolving afresh.
// racyWindow is how close to a rule file's last change a stamp may be
// taken and still be kept: file systems record times in ticks of up to two
// seconds, and two changes within one tick look alike.
var racyWindow = 2 * time.Second

// Per genre the cache holds two files in .git/sw/profiles/: <genre>.block,
// the key on its first line and the rendered block after it, which is all
// the pre-session hook reads; and <genre>.json, the key and the resolved
// rules, for the commands that test them.
type cachedRules struct {
	Key      string            `json:"key"`
	Resolved *profile.Resolved `json:"resolved"`
}

// resolved returns genre's resolved profile (withRules) or its block (not
// withRules), from the cache when the profile's files are unchanged since
// they were last read.
func (c *Collection) resolved(genre string, withRules bool) (*profile.Resolved, string, error) {
	key, dir, storable := c.cacheKey(genre)
	blockPath, rulesPath := filepath.Join(dir, genre+".block"), filepath.Join(dir, genre+".json")
	if key != "" && !withRules {
		if data, err := os.ReadFile(blockPath); err == nil {
			if k, text, ok := strings.Cut(string(data), "\n"); ok && k == key {
				return nil, text, nil
			}
		}
	}
	if key != "" && withRules {
		var hit cachedRules
		if data, err := os.ReadFile(rulesPath); err == nil && json.Unmarshal(data, &hit) == nil && hit.Key == key && hit.Resolved != nil {
			return hit.Resolved, "", nil
		}
	}
	r, err := c.Profile().Resolve(genre)
	if err != nil {
		return nil, "", err
	}
	text := block.Render(r)
	if key != "" && storable && os.MkdirAll(dir, 0o777) == nil {
		writeCacheFile(blockPath, []byte(key+"\n"+text))
		if data, err := json.Marshal(cachedRules{key, r}); err == nil {
			writeCacheFile(rulesPath, data)
		}
	}
	return r, text, nil
}

// writeCacheFile replaces a cache file by rename, unsynced: a cache lost in
// a crash is rebuilt.
func writeCacheFile(path string, data []byte) {
	tmp := fmt.Sprintf("%s.%d", path, os.Getpid())
	if os.WriteFile(tmp, data, 0o666) == nil {
		os.Rename(tmp, path)
	}
}

// cacheKey is the cache key for genre's profile and the folder the cache
// lives in ("" when there is no cache: no git folder), and whether a
// profile read now may be stored under it (not when a file changed too
// recently).
func (c *Collection) cacheKey(genre string) (key, path string, storable bool) {
	repo, err := gitrepo.At(c.Root)
	if err != nil {
		return "", "", false
	}
	stamp, newest, err := c.Profile().Stamp(genre)
	if err != nil {
		return "", "", false
	}
	exe, err := os.Executable()
	if err != nil {
		return "", "", false
	}
	fi, err := os.Stat(exe)
	if err != nil {
		return "", "", false
	}
	sum := sha256.Sum256(fmt.Appendf(nil, "%s\n%d %d\n%s", stamp, fi.Size(), fi.ModTime().UnixNano(), templates.Text("block/block.md")))
	return hex.EncodeToString(sum[:]), filepath.Join(repo.CommonDir, "sw", "profiles"), time.Since(newest) >= racyWindow
}
