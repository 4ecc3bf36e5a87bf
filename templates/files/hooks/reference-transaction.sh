
# git runs this hook for every ref update, several times per commit: most
# calls end here, without starting a process. sw wants only committed
# changes to suggestion branches, its own or a remote's.
[ "$1" = committed ] || [ -x "$0.sw-chained" ] || exit 0
sw_input= sw_wanted=
while IFS= read -r sw_line || [ -n "$sw_line" ]; do
	sw_input="$sw_input$sw_line
"
	case $sw_line in
	*' refs/heads/sw/'* | *' refs/remotes/'*/sw/*) sw_wanted=1 ;;
	esac
done
sw_status=0
if [ -x "$0.sw-chained" ]; then
	sw_fed sw_chained "$@"
	sw_status=$?
fi
[ "$1" = committed ] && [ -n "$sw_wanted" ] && sw_fed sw_run reference-transaction "$@"
exit "$sw_status"
