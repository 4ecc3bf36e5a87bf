
# git refuses the commit when this hook fails. The earlier hook decides
# first; then sw, which refuses only an agent's commit that changes the
# style profile (SW_ALLOW_PROFILE_COMMIT=1 lets it through). Without sw on
# PATH the commit goes ahead.
if [ -x "$0.sw-chained" ]; then
	sw_chained "$@" || exit
fi
# sw is wanted only when the commit changes the profile: git answers that
# faster than sw starts (an error, or a change, asks sw).
git diff --cached --quiet -- profile profile_feedback.json 2>/dev/null
[ $? -eq 0 ] && exit 0
command -v sw >/dev/null 2>&1 || exit 0
GOMAXPROCS=1 exec sw hook commit-msg "$@"
