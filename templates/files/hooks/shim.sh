
if [ -x "$0.sw-chained" ]; then
	sw_slurp
	sw_fed sw_chained "$@"
	sw_status=$?
	sw_fed sw_run {{hook}} "$@"
	exit "$sw_status"
fi
# One processor: a hook's work is sequential, and with a second one Go
# starts threads it never uses, 0.15 ms of every commit.
sw_find && GOMAXPROCS=1 exec "$sw_exe" hook {{hook}} "$@"
sw_run {{hook}}
