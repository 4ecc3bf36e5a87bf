
if [ -x "$0.sw-chained" ]; then
	sw_slurp
	sw_fed sw_chained "$@"
	sw_status=$?
	sw_fed sw_run {{hook}} "$@"
	exit "$sw_status"
fi
# One processor: a hook's work is sequential, and with a second one Go
# starts threads it never uses, 0.15 ms of every commit.
command -v sw >/dev/null 2>&1 && GOMAXPROCS=1 exec sw hook {{hook}} "$@"
sw_run {{hook}}
