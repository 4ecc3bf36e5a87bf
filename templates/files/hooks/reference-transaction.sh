
# For an agent, sw checks each change to a branch while the transaction is
# prepared (a failing hook aborts it), and once git has aborted one it
# refused, puts back what the command had checked out; and the ORIG_HEAD a
# git merge sets before it starts, to refuse the merge of a suggestion
# before it touches anything. For you, it notices committed changes to
# suggestion branches, if you asked.
sw_slurp
sw_wanted=
case $1 in
prepared | aborted)
	[ -n "$sw_agent" ] && case $sw_input in
	*' refs/heads/'* | *' refs/remotes/'*) sw_wanted=1 ;;
	*' ORIG_HEAD'*) case ${GIT_REFLOG_ACTION-} in 'merge '*) sw_wanted=1 ;; esac ;;
	esac
	;;
committed)
	[ -n "$sw_notice" ] && case $sw_input in
	*' refs/heads/sw/'* | *' refs/remotes/'*/sw/*) sw_wanted=1 ;;
	esac
	;;
esac
sw_status=0
if [ -x "$0.sw-chained" ]; then
	sw_fed sw_chained "$@"
	sw_status=$?
fi
if [ -n "$sw_wanted" ] && { [ "$sw_status" -eq 0 ] || [ "$1" != prepared ]; }; then
	sw_fed sw_run reference-transaction "$@"
	sw_sw=$?
	[ "$1" = prepared ] && sw_status=$sw_sw
fi
exit "$sw_status"
