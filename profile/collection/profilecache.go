package collection

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
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
type profileCache struct {
	Genres map[string]cachedProfile `json:"genres"`
}

type cachedProfile struct {
	Key      string          `json:"key"`
	Resolved json.RawMessage `json:"resolved"` // decoded only by callers that need the rules
	Block    string          `json:"block"`
}

// racyWindow is how close to a rule file's last change a stamp may be
// taken and still be kept: file systems record times in ticks of up to two
// seconds, and two changes within one tick look alike.
var racyWindow = 2 * time.Second

// resolved returns genre's resolved profile (when withRules) and its block,
// from the cache when the profile's files are unchanged since they were
// last read.
func (c *Collection) resolved(genre string, withRules bool) (*profile.Resolved, string, error) {
	key, cachePath, storable := c.cacheKey(genre)
	var cache profileCache
	if key != "" {
		if data, err := os.ReadFile(cachePath); err == nil && json.Unmarshal(data, &cache) == nil {
			if hit, ok := cache.Genres[genre]; ok && hit.Key == key && len(hit.Resolved) > 0 {
				if !withRules {
					return nil, hit.Block, nil
				}
				var r profile.Resolved
				if json.Unmarshal(hit.Resolved, &r) == nil {
					return &r, hit.Block, nil
				}
			}
		}
	}
	r, err := c.Profile().Resolve(genre)
	if err != nil {
		return nil, "", err
	}
	text := block.Render(r)
	if key != "" && storable {
		if cache.Genres == nil {
			cache.Genres = map[string]cachedProfile{}
		}
		rules, err := json.Marshal(r)
		if err != nil {
			return r, text, nil
		}
		cache.Genres[genre] = cachedProfile{Key: key, Resolved: rules, Block: text}
		if data, err := json.Marshal(cache); err == nil {
			tmp := fmt.Sprintf("%s.%d", cachePath, os.Getpid())
			if os.WriteFile(tmp, data, 0o666) == nil {
				os.Rename(tmp, cachePath)
			}
		}
	}
	return r, text, nil
}

// cacheKey is the cache key for genre's profile and where the cache lives
// ("" when there is no cache: no git folder), and whether a profile read
// now may be stored under it (not when a file changed too recently).
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
	dir := filepath.Join(repo.CommonDir, "sw")
	if os.MkdirAll(dir, 0o777) != nil {
		return "", "", false
	}
	sum := sha256.Sum256(fmt.Appendf(nil, "%s\n%d %d\n%s", stamp, fi.Size(), fi.ModTime().UnixNano(), templates.Text("block/block.md")))
	return hex.EncodeToString(sum[:]), filepath.Join(dir, "profiles.json"), time.Since(newest) >= racyWindow
}
