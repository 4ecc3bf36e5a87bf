
# git runs this hook for every ref update, several times per commit: most
# calls end here, without starting a process. sw wants only committed
# changes to suggestion branches, its own or a remote's.
[ "$1" = committed ] || [ -x "$0.sw-chained" ] || exit 0
sw_slurp
sw_wanted=
case $sw_input in
*' refs/heads/sw/'* | *' refs/remotes/'*/sw/*) sw_wanted=1 ;;
esac
sw_status=0
if [ -x "$0.sw-chained" ]; then
	sw_fed sw_chained "$@"
	sw_status=$?
fi
[ "$1" = committed ] && [ -n "$sw_wanted" ] && sw_fed sw_run reference-transaction "$@"
exit "$sw_status"
