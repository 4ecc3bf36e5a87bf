package collection

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"time"

	"sw/profile"
	"sw/profile/atomicfile"
)

// The profile cache lets the commands that run most often (sw check in an
// agent's hooks, the pre-session hook) skip parsing every rule file when
// none changed: with a hundred rules, parsing is more than half of sw
// check's time. Per genre it keeps the resolved profile as JSON in
// .git/sw/profiles, keyed by the profile's stamp (see profile.Stamp) and
// the sw binary. It is only ever a shortcut: any doubt means resolving
// afresh.

// racyWindow is how close to a file's last change it may be read and still
// be cached: file systems record times in ticks of up to two seconds.
var racyWindow = 2 * time.Second

// cacheVersion changes when what the cache holds changes meaning.
const cacheVersion = "2"

type cachedProfile struct {
	Key      string            `json:"key"`
	Resolved *profile.Resolved `json:"resolved"`
}

// resolve is Profile().Resolve(genre), or, where the collection follows
// a voice, Profile().ResolveOver(the voice, genre), through the cache.
func (c *Collection) resolve(genre string) (*profile.Resolved, error) {
	series := c.Profile()
	fresh := func() (*profile.Resolved, error) { return series.Resolve(genre) }
	stamps := []profile.Profile{series}
	link, err := c.Voice()
	if err != nil {
		return nil, err
	}
	if link.Followed {
		if !IsVoice(link.Root) {
			return nil, fmt.Errorf("%s: voice %s: %s holds no voice (a profile folder, and no %s); make one there with `sw voice init %s`",
				SettingsFile, link.Named, link.Root, SettingsFile, link.Named)
		}
		voice := c.VoiceProfile(link)
		fresh = func() (*profile.Resolved, error) { return series.ResolveOver(voice, genre) }
		stamps = append(stamps, voice)
	}
	dir := c.cacheDir()
	if dir == "" {
		return fresh()
	}
	key, newest := cacheKey(stamps, genre)
	path := filepath.Join(dir, genre+".json")
	if key != "" {
		var hit cachedProfile
		if data, err := os.ReadFile(path); err == nil && json.Unmarshal(data, &hit) == nil && hit.Key == key && hit.Resolved != nil {
			return hit.Resolved, nil
		}
	}
	r, err := fresh()
	if err != nil || key == "" || time.Since(newest) < racyWindow {
		return r, err
	}
	if data, err := json.Marshal(cachedProfile{Key: key, Resolved: r}); err == nil {
		writeCache(path, data)
	}
	return r, nil
}

// cacheKey is the key of the profile resolved for genre from profiles
// (the collection's, and its voice's where it follows one), and the
// latest time any of their rule files changed; "" when there is none.
func cacheKey(profiles []profile.Profile, genre string) (key string, newest time.Time) {
	if binaryStamp() == "" {
		return "", newest
	}
	key = cacheVersion + " " + binaryStamp()
	for _, p := range profiles {
		stamp, changed, err := p.Stamp(genre)
		if err != nil {
			return "", newest
		}
		key += " " + p.Root + " " + stamp
		if changed.After(newest) {
			newest = changed
		}
	}
	return key, newest
}

// cacheDir is the profile cache's folder, or "" when there is none.
func (c *Collection) cacheDir() string { return c.swDir("profiles") }

// binaryStamp identifies the running sw binary, so that a new sw never
// reads an old one's cache.
var binaryStamp = sync.OnceValue(func() string {
	exe, err := os.Executable()
	if err != nil {
		return ""
	}
	fi, err := os.Stat(exe)
	if err != nil {
		return ""
	}
	return fmt.Sprintf("%d.%d", fi.Size(), fi.ModTime().UnixNano())
})

// writeCache replaces a cache file by rename, without syncing: a cache
// lost in a crash is rebuilt, and a reader never sees half of one.
func writeCache(path string, data []byte) {
	if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
		return
	}
	atomicfile.Put(path, bytes.TrimSpace(data))
}
