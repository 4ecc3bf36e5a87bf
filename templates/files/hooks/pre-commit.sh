
# git refuses the commit when this hook fails: only the earlier hook's
# status is passed on, never sw's. sw brings memory.md's pieces up to date
# and stages it with them. It asks git what the commit stages, once for
# the commit's hooks: the shim does not ask first, and the commit-msg and
# post-commit hooks read the note sw leaves of it.
if [ -x "$0.sw-chained" ]; then
	sw_chained "$@" || exit
fi
# Without sw, the post-commit hook says so, once for the commit.
sw_find || exit 0
GOMAXPROCS=1 "$sw_exe" hook pre-commit "$@"
exit 0
