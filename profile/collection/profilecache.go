package collection

import (
	"path/filepath"
	"time"

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
//
// Per genre the cache holds two files in .git/sw/profiles/, each the key
// on its first line and then the content: <genre>.block, the rendered
// block, which is all the pre-session hook reads; and <genre>.rules, the
// resolved rules in their binary form, for the commands that test them.

// resolved returns genre's resolved profile (withRules) or its block (not
// withRules), from the cache when the profile's files are unchanged since
// they were last read.
func (c *Collection) resolved(genre string, withRules bool) (*profile.Resolved, string, error) {
	key, dir, storable := c.profileKey(genre)
	blockPath, rulesPath := filepath.Join(dir, genre+".block"), filepath.Join(dir, genre+".rules")
	if key != "" && !withRules {
		if text, ok := readCacheFile(blockPath, key); ok {
			return nil, string(text), nil
		}
	}
	if key != "" && withRules {
		var hit profile.Resolved
		if data, ok := readCacheFile(rulesPath, key); ok && hit.UnmarshalBinary(data) == nil {
			return &hit, "", nil
		}
	}
	r, err := c.Profile().Resolve(genre)
	if err != nil {
		return nil, "", err
	}
	text := block.Render(r)
	if key != "" && storable {
		writeCacheFile(blockPath, key, []byte(text))
		if data, err := r.MarshalBinary(); err == nil {
			writeCacheFile(rulesPath, key, data)
		}
	}
	return r, text, nil
}

// profileKey is the cache key for genre's profile and the folder the cache
// lives in ("" when there is no cache: no git folder), and whether a
// profile read now may be stored under it (not when a file changed too
// recently).
func (c *Collection) profileKey(genre string) (key, dir string, storable bool) {
	dir = c.LocalDir()
	if dir == "" {
		return "", "", false
	}
	stamp, newest, err := c.Profile().Stamp(genre)
	if err != nil {
		return "", "", false
	}
	key = cacheKey("profile", genre, stamp, templates.Text("block/block.md"))
	return key, filepath.Join(dir, "profiles"), time.Since(newest) >= racyWindow
}
