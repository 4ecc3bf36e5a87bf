
# git refuses the commit when this hook fails. The earlier hook decides
# first; then sw, which refuses an agent's commit that changes the style
# profile (SW_ALLOW_PROFILE_COMMIT=1 lets one through whose message alone
# marks it as the agent's). Without sw the commit goes ahead, but where git
# runs for a coding agent.
if [ -x "$0.sw-chained" ]; then
	sw_chained "$@" || exit
fi
# sw is wanted where git runs for a coding agent (the commit is marked as
# the agent's draft, or refused if it changes the profile), when the
# commit changes the profile, or when an sw accept was interrupted here
# (its merge, left in progress, would make this commit merge the
# suggestion twice). The shell tells the first, and git the second faster
# than sw starts (an error, or a change, asks sw); the third is a file sw
# accept keeps in the worktree's git folder, the one that holds the index.
# git need not be asked when sw's pre-commit hook has: it leaves a note
# beside the index, naming it, when the commit stages nothing of the
# profile, and an index not written since the note stages the same.
if ! {{agent}} && [ ! -f "${GIT_INDEX_FILE%/*}/sw-accept.json" ]; then
	sw_seen=
	if [ "${GIT_INDEX_FILE%/*}/sw-seen" -nt "$GIT_INDEX_FILE" ]; then
		IFS= read -r sw_seen <"${GIT_INDEX_FILE%/*}/sw-seen"
	fi
	[ -n "$sw_seen" ] && [ "$sw_seen" = "$GIT_INDEX_FILE" ] && exit 0
	git diff --cached --quiet -- profile profile_feedback.json 2>/dev/null
	[ $? -eq 0 ] && exit 0
fi
sw_find || {
	sw_run commit-msg
	exit
}
GOMAXPROCS=1 exec "$sw_exe" hook commit-msg "$@"
