
# git refuses the commit when this hook fails: only the earlier hook's
# status is passed on, never sw's. sw brings memory.md's pieces up to date
# and stages it with them; it is wanted only when the commit stages a
# Markdown file that is not one of sw's own, and git answers that faster
# than sw starts (an error, or such a file, asks sw).
if [ -x "$0.sw-chained" ]; then
	sw_chained "$@" || exit
fi
git diff --cached --quiet -- '*.md' ':!memory.md' ':!CLAUDE.md' ':!CLAUDE.local.md' ':!AGENTS.md' ':!README.md' ':!profile' ':!.claude' 2>/dev/null
[ $? -eq 0 ] && exit 0
sw_run pre-commit "$@"
exit 0
