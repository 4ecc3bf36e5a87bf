package confine

import (
	"errors"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPathAgreesWithTheSystem makes collections of random links (relative
// and absolute, up and out, into .git, through a link to the collection,
// in loops) and holds Path to what the system makes of each path: where
// the system finds a file, Path finds the same one inside, or refuses one
// outside or in .git; where it finds none, Path's answer, when it gives
// one, is inside, out of .git, and holds no link, so that the system
// makes the file where Path says.
func TestPathAgreesWithTheSystem(t *testing.T) {
	targets := []string{"a", "b", "c", ".git", "..", "d/e", "../x", "a/../b", "x", ".git/b", "../coll/a", "c/..", "../alias/.git"}
	for seed := int64(0); seed < 80; seed++ {
		rng := rand.New(rand.NewSource(seed))
		base := t.TempDir()
		root, alias := filepath.Join(base, "coll"), filepath.Join(base, "alias")
		os.MkdirAll(filepath.Join(root, ".git"), 0o777)
		os.MkdirAll(filepath.Join(base, "x"), 0o777)
		if err := os.Symlink("coll", alias); err != nil {
			t.Skip("no symbolic links here:", err)
		}
		var made []string
		for range 6 {
			p := filepath.Join([]string{root, base}[rng.Intn(2)], targets[rng.Intn(3)])
			if rng.Intn(2) == 0 && len(made) > 0 {
				p = filepath.Join(made[rng.Intn(len(made))], targets[rng.Intn(3)])
			}
			switch rng.Intn(4) {
			case 0:
				os.MkdirAll(p, 0o777)
			case 1:
				os.WriteFile(p, []byte("x"), 0o666)
			default:
				target := targets[rng.Intn(len(targets))]
				if rng.Intn(4) == 0 {
					target = filepath.Join([]string{root, base, alias}[rng.Intn(3)], target)
				}
				os.Symlink(target, p)
			}
			made = append(made, p)
		}
		realRoot, _ := filepath.EvalSymlinks(root)
		for _, rel := range []string{"a", "b", "a/b", "b/c", "c/a/b", "a/x", "d/e", "."} {
			for _, named := range [][2]string{{root, root}, {alias, root}, {root, alias}} {
				path := filepath.Join(named[1], rel)
				got, err := Path(named[0], path, rel)
				var outside *OutsideError
				if err != nil && !errors.As(err, &outside) {
					continue // a loop, a file where a folder should be
				}
				truth, sysErr := filepath.EvalSymlinks(path)
				inside := ""
				if sysErr == nil {
					inside, _ = filepath.Rel(realRoot, truth)
					if !filepath.IsLocal(inside) || inside == ".git" || strings.HasPrefix(inside, ".git"+string(filepath.Separator)) {
						inside = ""
					}
				}
				switch {
				case sysErr == nil && err == nil && got != truth:
					t.Fatalf("seed %d: Path(%s) = %s; the system finds %s", seed, path, got, truth)
				case sysErr == nil && (err == nil) != (inside != ""):
					t.Fatalf("seed %d: Path(%s) = %q, %v; the system finds %s", seed, path, got, err, truth)
				case sysErr != nil && err == nil:
					if rel, _ := filepath.Rel(realRoot, got); !filepath.IsLocal(rel) || strings.HasPrefix(rel, ".git") {
						t.Fatalf("seed %d: Path(%s) = %s, not inside", seed, path, got)
					}
					for d := got; d != realRoot; d = filepath.Dir(d) {
						if fi, err := os.Lstat(d); err == nil && fi.Mode()&os.ModeSymlink != 0 {
							t.Fatalf("seed %d: Path(%s) = %s, which holds the link %s", seed, path, got, d)
						}
					}
				}
			}
		}
	}
}
