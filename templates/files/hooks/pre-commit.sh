
# git refuses the commit when this hook fails: only the earlier hook's
# status is passed on, never sw's. sw brings memory.md's pieces up to date
# and stages it with them. It asks git what the commit stages, once for
# the commit's hooks: the shim does not ask first, and the commit-msg and
# post-commit hooks read the note sw leaves of it.
if [ -x "$0.sw-chained" ]; then
	sw_chained "$@" || exit
fi
# Without sw on PATH, the post-commit hook says so, once for the commit.
command -v sw >/dev/null 2>&1 || exit 0
GOMAXPROCS=1 sw hook pre-commit "$@"
exit 0
