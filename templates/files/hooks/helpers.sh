
# sw_chained runs the hook that was here before sw as git would: a POSIX sh
# script is sourced in a subshell, so its $0 is still this hook's path (husky
# finds its scripts from $0); anything else is executed.
sw_chained() {
	IFS= read -r sw_first <"$0.sw-chained"
	case $sw_first in
	'#!/bin/sh' | '#!/usr/bin/env sh')
		(
			SW_CHAINED_HOOK=$0
			export SW_CHAINED_HOOK
			. "$0.sw-chained"
		)
		;;
	*) "$0.sw-chained" "$@" ;;
	esac
}

# sw_fed runs "$@" with the standard input kept in sw_input, so the earlier
# hook and sw read the same lines without a process to copy them.
sw_fed() {
	if [ -z "$sw_input" ]; then
		"$@"
		return
	fi
	"$@" <<SW_INPUT
${sw_input%?}
SW_INPUT
}

# sw_slurp keeps the standard input in sw_input, each line ending in a
# newline. The shell reads the first lines itself, with no process; one cat
# takes the rest, since appending line by line costs the square of the
# length (a rebase of thousands of commits, a fetch of thousands of tags).
sw_slurp() {
	sw_input= sw_n=0
	while IFS= read -r sw_line || [ -n "$sw_line" ]; do
		sw_input="$sw_input$sw_line
"
		sw_n=$((sw_n + 1))
		[ "$sw_n" -lt 32 ] && continue
		sw_rest=$(cat; echo .)
		sw_rest=${sw_rest%.}
		case $sw_rest in
		'' | *'
') ;;
		*) sw_rest="$sw_rest
" ;;
		esac
		sw_input="$sw_input$sw_rest"
		return
	done
}

# sw_bin is the sw that installed this hook, called by its path: git run
# by a coding agent that an editor started may have a PATH without it.
# sw_find sets sw_exe to it, or, where it is gone, to sw on PATH.
sw_bin={{binary}}
sw_find() {
	if [ -x "$sw_bin" ]; then
		sw_exe=$sw_bin
	else
		sw_exe=$(command -v sw 2>/dev/null)
	fi
}

# sw_run starts 'sw hook <event>' (on one processor, as below). Without sw
# it says so in one line, and fails where git runs for a coding agent: a
# hook that cannot ask sw refuses rather than let the agent decide.
sw_run() {
	if sw_find; then
		GOMAXPROCS=1 "$sw_exe" hook "$@"
	elif {{agent}}; then
		echo "sw: ${sw_bin:+$sw_bin is gone and }'sw' is not on PATH, so its $1 hook refuses what git runs for a coding agent; run sw hook install again" >&2
		return 1
	else
		echo "sw: ${sw_bin:+$sw_bin is gone and }'sw' is not on PATH, so its $1 hook did nothing (git carries on)" >&2
	fi
}

# An earlier hook that reruns "$0" (husky 5 to 8 do, as sh -e "$0") reaches
# this shim again: this time, only the earlier hook runs, stopping at the
# first failure if it was rerun to.
if [ "${SW_CHAINED_HOOK-}" = "$0" ]; then
	case $- in
	*e*) exec sh -e "$0.sw-chained" "$@" ;;
	esac
	exec "$0.sw-chained" "$@"
fi
