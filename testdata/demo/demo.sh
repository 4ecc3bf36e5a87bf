#!/usr/bin/env bash
# The demo: a sample collection built from the text in this folder (and
# three Federalist papers from testdata/corpus), in a temporary folder, with
# the sw binary given as $1. It shows the main job: a layered style profile
# resolved per genre and written into CLAUDE.md, and the review loop that
# keeps it learning: pieces committed (memory.md listing them in the same
# commits), suggestions as branches, one merged, one deleted, the rejection
# remembered; then the style moved into a voice that a second series
# follows too.
set -euo pipefail
sw=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
here=$(cd "$(dirname "$0")" && pwd)
corpus=$here/../corpus/federalist
export PATH="$(dirname "$sw"):$PATH" # git's hooks call sw by name
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export GIT_CONFIG_GLOBAL="$work/gitconfig" GIT_CONFIG_NOSYSTEM=1
export XDG_CONFIG_HOME="$work/config" # the voices followed, kept out of yours
printf '[user]\n\tname = Demo Writer\n\temail = demo@example.com\n[init]\n\tdefaultBranch = main\n' >"$GIT_CONFIG_GLOBAL"

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }
# run shows a command as it would be typed, quoting words with spaces in them.
run() {
	shown=
	for arg; do
		case $arg in *' '*) arg="'$arg'" ;; esac
		shown="$shown${shown:+ }$arg"
	done
	printf '$ %s\n' "$shown" | sed "s|$sw|sw|g"
	"$@"
}

step "A new collection"
cd "$work"
run "$sw" init essays
cd essays

step "Rules in each layer, one file each"
cp "$here/rules/no-filler.yaml" "$here/rules/sentence-cap.yaml" profile/hard-limits/
cp "$here/rules/sentence-length.yaml" "$here/rules/plain-words.yaml" profile/preferences/
mkdir -p profile/genres/essay profile/genres/review
cp "$here/rules/essay-sentence-length.yaml" profile/genres/essay/sentence-length.yaml
cp "$here/rules/essay-first-person.yaml" profile/genres/essay/first-person.yaml
cp "$here/rules/review-verdict.yaml" profile/genres/review/verdict.yaml
cp "$here/rules/review-long.yaml" profile/genres/review/long-sentences.yaml
run find profile -name '*.yaml' | sort

step "The profile an essay gets (essay's sentence-length refines the global one)"
run "$sw" profile show --genre essay

step "The profile a review gets (its 50-word rule breaks a hard limit, so it is dropped)"
run "$sw" profile show --genre review --json

step "Written into CLAUDE.md for an essay"
run "$sw" profile write --genre essay
run cat CLAUDE.md

step "A session on a review piece: the pre-session hook picks the genre from the piece being written"
mkdir -p pieces
git add -A && git commit -qm "Start the collection"
cp "$here/pieces/"*.md pieces/
touch pieces/cinema-review.md
printf '%s\n' '{"hook_event_name":"SessionStart","source":"startup"}' >hook.json
printf '$ %s\n' "sw hook pre-session < hook.json"
"$sw" hook pre-session <hook.json
rm hook.json
run grep -A3 '^Style for' CLAUDE.md

step "Run again with nothing changed: nothing printed, CLAUDE.md untouched"
run "$sw" hook pre-session </dev/null
echo "(no output)"

step "The review loop: sw's git hooks, then three pieces finished with git commit"
run "$sw" hook install

step "Claude Code is wired too: the session hook, the guard, and edits of the profile denied"
run cat .claude/settings.json
printf '%s\n' '{"hook_event_name":"PreToolUse","tool_name":"Write","tool_input":{"file_path":"profile/preferences/mine.yaml","content":"id: mine\n"}}' >guard.json
printf '$ %s\n' "sw hook guard < guard.json   # the agent tries to write a rule"
"$sw" hook guard <guard.json
rm guard.json
for n in 006 007 008; do
	cp "$corpus/$n.md" "pieces/federalist-$n.md"
	git add "pieces/federalist-$n.md"
	# The analysis normally runs in the background; inline, the demo can show it.
	printf '$ git commit -m "Federalist %s"\n' "$n"
	SW_ANALYZE=inline git commit -q -m "Federalist $n"
done

step "memory.md after those commits: a line per piece, staged by the pre-commit hook with the commit that finished it"
run git show --stat --format=%s HEAD
run cat memory.md

step "Each suggestion is a branch with one commit changing one rule file"
run git branch --list 'sw/*'
run git log --format='%h %s%n%b' -1 "$(git branch --list 'sw/*' --format='%(refname:short)' | head -1)"

step "sw review shows the pending batch, a line each: at most 5, the one that would change the agent most first"
run "$sw" review
step "sw review ID shows one whole: its evidence and its diff"
run "$sw" review sentence-length

accept=$(git branch --list 'sw/*' --format='%(refname:short)' | sed -n 1p)
reject=$(git branch --list 'sw/*' --format='%(refname:short)' | sed -n 2p)
step "Accept one by merging it; reject another by deleting it"
run git merge --no-ff -q -m "Accept $accept" "$accept"
run git branch -D "$reject"
printf '$ sw review   (its last part)\n'
"$sw" review | sed -n '/^Recent decisions/,$p'

step "The rejection is remembered, in a commit of its own"
run git log --oneline -3
run cat profile_feedback.json

step "One voice for every series: the essays' style moves into a voice repository of its own"
run "$sw" voice adopt ../my-voice
run git -C ../my-voice log --stat --format=%s -1

step "A second series follows the same voice: it starts with everything the first taught sw"
cd "$work"
run "$sw" init --voice ../my-voice letters
cd letters
run "$sw" profile show --genre essay
