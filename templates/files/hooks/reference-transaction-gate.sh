
# git runs this hook for every ref update, two or three times per commit.
# sw wants it only where git runs for a coding agent (the test below reads
# the variables agents set), to refuse what only the person decides, or,
# if you asked for it at install (--reference-transaction), to notice a
# suggestion branch deleted at once. Every other call ends here, before
# any process starts.
sw_notice={{notice}}
sw_agent=
if {{agent}}; then
	sw_agent=1
elif [ "$1" != committed ] || [ -z "$sw_notice" ]; then
	[ -x "$0.sw-chained" ] || exit 0
fi
