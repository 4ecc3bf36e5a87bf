
# git stops the push when this hook fails. Only the earlier hook's status
# is passed on, but where git runs for a coding agent: there sw checks
# every push the earlier hook let through, and refuses one that would
# decide for the person on the remote. Otherwise sw wants only pushes of
# suggestion branches; it starts a watcher in the background and returns
# at once.
sw_slurp
sw_status=0
if [ -x "$0.sw-chained" ]; then
	sw_fed sw_chained "$@"
	sw_status=$?
fi
[ "$sw_status" -eq 0 ] || exit "$sw_status"
if {{agent}}; then
	sw_fed sw_run pre-push "$@"
	exit
fi
case $sw_input in
*' refs/heads/sw/'*) sw_fed sw_run pre-push "$@" ;;
esac
exit 0
