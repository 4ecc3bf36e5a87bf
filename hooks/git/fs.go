package git

import (
	"github.com/go-git/go-billy/v5"
	"github.com/go-git/go-billy/v5/helper/chroot"
	"github.com/go-git/go-billy/v5/osfs"
)

// gitDirFS is the file system go-git's storage reads a git folder through:
// go-billy's chroot over the operating system's files, without go-billy's
// own resolution of symbolic links. That resolution keeps a checkout inside
// its folder by looking at every folder on a path before opening it (a
// stat per folder, hundreds a hook); a git folder's links are git's own
// (an objects folder moved elsewhere, say), and the system follows them as
// git does.
func gitDirFS(dir string) billy.Filesystem {
	return chroot.New(plainOS{osfs.Default, osfs.Default, osfs.Default}, dir)
}

// plainOS is the operating system's files with no billy.Symlink interface,
// which is what tells go-billy's chroot not to resolve links itself.
type plainOS struct {
	billy.Basic
	billy.Dir
	billy.TempFile
}
