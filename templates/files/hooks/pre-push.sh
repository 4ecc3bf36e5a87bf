
# git stops the push when this hook fails: only the earlier hook's status
# is passed on, never sw's. sw wants only pushes of suggestion branches
# that the earlier hook let through; it starts a watcher in the background
# and returns at once.
sw_slurp
sw_status=0
if [ -x "$0.sw-chained" ]; then
	sw_fed sw_chained "$@"
	sw_status=$?
fi
case $sw_input in
*' refs/heads/sw/'*) [ "$sw_status" -eq 0 ] && sw_fed sw_run pre-push "$@" ;;
esac
exit "$sw_status"
