#!/usr/bin/env bash
# The demo: a sample collection built from the text in this folder, in a
# temporary folder, with the sw binary given as $1. It shows the main job:
# a layered style profile resolved per genre and written into CLAUDE.md.
set -euo pipefail
sw=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export GIT_CONFIG_GLOBAL="$work/gitconfig" GIT_CONFIG_NOSYSTEM=1
printf '[user]\n\tname = Demo Writer\n\temail = demo@example.com\n[init]\n\tdefaultBranch = main\n' >"$GIT_CONFIG_GLOBAL"

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }
run() { printf '$ %s\n' "$*"; "$@"; }

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
