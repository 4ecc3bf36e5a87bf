// Package analyze is the seam between sw's review loop and whatever proposes
// profile changes: the embedded analyzer, or an external command the person
// names in .sw.yaml (`analyzer: {command: [argv...], timeout: 120s}`).
//
// The protocol is one JSON document each way, so an analyzer can be written
// in any language and tried by hand with a file and a pipe:
//
//	stdin:  {"version": 1,
//	         "pieces":   [{"path": "...", "genre": "...", "text": "...", "drafts": ["..."]}],
//	         "profile":  {"<genre>": <the JSON of `sw profile show --json`>},
//	         "rejected": [{"signature": "...", "summary": "..."}]}
//	stdout: {"suggestions": [{"id": "slug",
//	         "layer": "preferences" | "genres/<genre>",
//	         "rule": {<a rule file's fields>} or null to remove the rule,
//	         "summary": "one line", "evidence": "which pieces, what counts",
//	         "signature": "stable string naming the kind and direction of the change"}]}
//
// Every answer, the embedded analyzer's included, is held to the same strict
// checks (Validate, DecodeResponse) before sw writes a branch from it: a
// suggestion becomes a commit on the person's repository, so a sloppy answer
// must fail loudly here rather than turn into a rule file nobody can read.
package analyze
