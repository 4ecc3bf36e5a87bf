package gitrepo

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"

	"sw/profile/quickread"
)

// Git configuration is read in process. Asking `git config` costs a process
// start (more than the whole pre-session budget), and go-git's config
// package links encoding/gob and friends into every sw process. The format
// is small: sections, quoted values, escapes, continuation lines, includes.
//
// Files are read in git's order, later values overriding earlier ones:
// system ($GIT_CONFIG_SYSTEM or /etc/gitconfig, skipped under
// GIT_CONFIG_NOSYSTEM), global ($GIT_CONFIG_GLOBAL alone when set, else
// $XDG_CONFIG_HOME/git/config then ~/.gitconfig), the repository's config,
// the worktree's config.worktree when extensions.worktreeConfig is on, then
// GIT_CONFIG_COUNT/KEY_n/VALUE_n and GIT_CONFIG_PARAMETERS (`git -c`), which
// git exports to the hooks it runs. include.path and includeIf (gitdir:,
// gitdir/i:, onbranch:) are followed; hasconfig: conditions are treated as
// false.

// config holds every value of every key, keys normalised as git does:
// section and name lowercased, subsection kept as written.
type config struct {
	vals map[string][]string
}

func (c *config) get(key string) (string, bool) {
	v := c.vals[normKey(key)]
	if len(v) == 0 {
		return "", false
	}
	return v[len(v)-1], true
}

func (c *config) all(key string) []string { return c.vals[normKey(key)] }

// boolean reads a boolean the way git does; an unreadable value counts as
// the default.
func (c *config) boolean(key string, def bool) bool {
	v, ok := c.get(key)
	if !ok {
		return def
	}
	switch v = strings.ToLower(v); v {
	case "true", "yes", "on":
		return true
	case "false", "no", "off", "":
		return false
	}
	if n, ok := gitInt(v); ok {
		return n != 0
	}
	return def
}

// gitInt reads an integer as git does: in any base C's strtoimax takes
// (0x1f, 010), with at most one unit letter (1k, 2m, 1g) whose factor is
// left out here.
func gitInt(v string) (int64, bool) {
	if n := len(v); n > 1 && strings.IndexByte("kmgKMG", v[n-1]) >= 0 {
		v = v[:n-1]
	}
	n, err := strconv.ParseInt(v, 0, 64)
	return n, err == nil
}

// path reads a path value, expanding a leading ~/ as git does.
func (c *config) path(key string) (string, bool) {
	v, ok := c.get(key)
	if !ok || v == "" {
		return "", false
	}
	return expandHome(v), true
}

func expandHome(p string) string {
	if p == "~" || strings.HasPrefix(p, "~/") {
		if home, err := os.UserHomeDir(); err == nil {
			return filepath.Join(home, p[1:])
		}
	}
	return p
}

func normKey(key string) string {
	first := strings.IndexByte(key, '.')
	last := strings.LastIndexByte(key, '.')
	if first < 0 {
		return strings.ToLower(key)
	}
	return strings.ToLower(key[:first]) + key[first:last] + strings.ToLower(key[last:])
}

func (c *config) add(key, value string) {
	if c.vals == nil {
		c.vals = map[string][]string{}
	}
	c.vals[key] = append(c.vals[key], value)
}

// configReader carries what includeIf conditions need.
type configReader struct {
	cfg    *config
	gitDir string                // for gitdir: conditions
	branch func() (string, bool) // for onbranch: conditions
	depth  int
}

// loadConfig reads every configuration file that applies to the repository.
func (r *Repo) loadConfig() (*config, error) {
	cr := &configReader{cfg: &config{}, gitDir: r.GitDir, branch: r.headBranchName}
	if !isTrue(os.Getenv("GIT_CONFIG_NOSYSTEM")) {
		sys := os.Getenv("GIT_CONFIG_SYSTEM")
		if sys == "" {
			sys = "/etc/gitconfig"
		}
		if err := cr.readFile(sys); err != nil {
			return nil, err
		}
	}
	for _, f := range globalConfigFiles() {
		if err := cr.readFile(f); err != nil {
			return nil, err
		}
	}
	if err := cr.readFile(filepath.Join(r.CommonDir, "config")); err != nil {
		return nil, err
	}
	if cr.cfg.boolean("extensions.worktreeConfig", false) {
		if err := cr.readFile(filepath.Join(r.GitDir, "config.worktree")); err != nil {
			return nil, err
		}
	}
	if err := cr.readEnv(); err != nil {
		return nil, err
	}
	return cr.cfg, nil
}

func isTrue(v string) bool {
	switch strings.ToLower(v) {
	case "", "false", "no", "off", "0":
		return false
	}
	return true
}

// globalConfigFiles lists the user's configuration files, lowest priority
// first.
func globalConfigFiles() []string {
	if g, ok := os.LookupEnv("GIT_CONFIG_GLOBAL"); ok {
		if g == "" {
			return nil
		}
		return []string{expandHome(g)}
	}
	var files []string
	if x := xdgConfigHome(); x != "" {
		files = append(files, filepath.Join(x, "git", "config"))
	}
	if home, err := os.UserHomeDir(); err == nil {
		files = append(files, filepath.Join(home, ".gitconfig"))
	}
	return files
}

func xdgConfigHome() string {
	if x := os.Getenv("XDG_CONFIG_HOME"); x != "" {
		return x
	}
	if home, err := os.UserHomeDir(); err == nil {
		return filepath.Join(home, ".config")
	}
	return ""
}

// readFile reads one file. A missing or unreadable file is skipped, as git
// skips a missing one (and includes of missing files).
func (cr *configReader) readFile(name string) error {
	b, err := quickread.ReadFile(name)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) || errors.Is(err, os.ErrPermission) || errors.Is(err, syscall.EISDIR) {
			return nil
		}
		return err
	}
	return cr.parse(name, b)
}

func (cr *configReader) parse(name string, b []byte) error {
	p := configParser{src: b, line: 1}
	section := ""
	for {
		p.skipSpace()
		c, ok := p.peek()
		if !ok {
			return nil
		}
		switch {
		case c == '\n':
			p.next()
		case c == '#' || c == ';':
			p.skipLine()
		case c == '[':
			s, err := p.sectionHeader()
			if err != nil {
				return fmt.Errorf("%s:%d: %w", name, p.line, err)
			}
			section = s
		case isAlpha(c):
			if section == "" {
				return fmt.Errorf("%s:%d: a value outside any section", name, p.line)
			}
			key, value, err := p.variable()
			if err != nil {
				return fmt.Errorf("%s:%d: %w", name, p.line, err)
			}
			full := section + "." + key
			cr.cfg.add(full, value)
			if err := cr.maybeInclude(name, section, key, value); err != nil {
				return err
			}
		default:
			return fmt.Errorf("%s:%d: unexpected %q", name, p.line, c)
		}
	}
}

func (cr *configReader) maybeInclude(file, section, key, value string) error {
	if key != "path" {
		return nil
	}
	if section != "include" {
		cond, ok := strings.CutPrefix(section, "includeif.")
		if !ok || !cr.condition(file, cond) {
			return nil
		}
	}
	if cr.depth >= 10 {
		return fmt.Errorf("%s: includes nested too deeply", file)
	}
	path := expandHome(value)
	if !filepath.IsAbs(path) {
		path = filepath.Join(filepath.Dir(file), path)
	}
	cr.depth++
	defer func() { cr.depth-- }()
	return cr.readFile(path)
}

// condition evaluates an includeIf condition as git documents it.
func (cr *configReader) condition(file, cond string) bool {
	switch {
	case strings.HasPrefix(cond, "gitdir:"), strings.HasPrefix(cond, "gitdir/i:"):
		fold := strings.HasPrefix(cond, "gitdir/i:")
		pat := cond[strings.IndexByte(cond, ':')+1:]
		if strings.HasPrefix(pat, "./") {
			pat = filepath.ToSlash(filepath.Dir(file)) + pat[1:]
		} else {
			pat = filepath.ToSlash(expandHome(pat))
		}
		if !strings.HasPrefix(pat, "/") && !(len(pat) > 1 && pat[1] == ':') {
			pat = "**/" + pat
		}
		if strings.HasSuffix(pat, "/") {
			pat += "**"
		}
		for _, dir := range []string{cr.gitDir, realPath(cr.gitDir)} {
			if wildmatch(pat, filepath.ToSlash(dir), true, fold) {
				return true
			}
		}
		return false
	case strings.HasPrefix(cond, "onbranch:"):
		br, ok := cr.branch()
		if !ok {
			return false
		}
		pat := strings.TrimPrefix(cond, "onbranch:")
		if strings.HasSuffix(pat, "/") {
			pat += "**"
		}
		return wildmatch(pat, br, true, false)
	}
	return false
}

func realPath(p string) string {
	if r, err := filepath.EvalSymlinks(p); err == nil {
		return r
	}
	return p
}

// readEnv applies the values git passes through the environment.
func (cr *configReader) readEnv() error {
	if n := os.Getenv("GIT_CONFIG_COUNT"); n != "" {
		var count int
		if _, err := fmt.Sscanf(n, "%d", &count); err != nil || count < 0 {
			return fmt.Errorf("GIT_CONFIG_COUNT=%q is not a count", n)
		}
		for i := 0; i < count; i++ {
			k := os.Getenv(fmt.Sprintf("GIT_CONFIG_KEY_%d", i))
			if k == "" {
				return fmt.Errorf("GIT_CONFIG_KEY_%d is missing", i)
			}
			cr.cfg.add(normKey(k), os.Getenv(fmt.Sprintf("GIT_CONFIG_VALUE_%d", i)))
		}
	}
	params := os.Getenv("GIT_CONFIG_PARAMETERS")
	for params != "" {
		params = strings.TrimLeft(params, " ")
		if params == "" {
			break
		}
		k, rest, ok := shellUnquote(params)
		if !ok {
			return fmt.Errorf("GIT_CONFIG_PARAMETERS is not quoted as git quotes it")
		}
		v, hasValue := "", false
		if strings.HasPrefix(rest, "=") {
			if v, rest, ok = shellUnquote(rest[1:]); !ok {
				return fmt.Errorf("GIT_CONFIG_PARAMETERS is not quoted as git quotes it")
			}
			hasValue = true
		} else if i := strings.IndexByte(k, '='); i >= 0 {
			k, v, hasValue = k[:i], k[i+1:], true // the older 'key=value' form
		}
		if !hasValue {
			v = "true"
		}
		cr.cfg.add(normKey(k), v)
		params = rest
	}
	return nil
}

// shellUnquote reads one single-quoted word as git quotes it (sq_quote):
// a quote and an exclamation mark are written outside the quotes, as \'
// and \!.
func shellUnquote(s string) (word, rest string, ok bool) {
	var b strings.Builder
	for strings.HasPrefix(s, "'") {
		end := strings.IndexByte(s[1:], '\'')
		if end < 0 {
			return "", "", false
		}
		b.WriteString(s[1 : 1+end])
		s = s[end+2:]
		if len(s) >= 2 && s[0] == '\\' && (s[1] == '\'' || s[1] == '!') {
			b.WriteByte(s[1])
			s = s[2:]
			continue
		}
		return b.String(), s, true
	}
	return "", "", false
}
