package collection

import "strings"

// DefaultAgentCommits are the message lines that mark a commit as written by
// Claude Code, in both the plain and the linked form it writes.
var DefaultAgentCommits = []string{
	"Co-Authored-By: * <noreply@anthropic.com>",
	"Generated with*Claude Code",
}

// ByAgent reports whether a commit message has a line matching one of
// patterns: `*` stands for any run of characters, case does not matter, and
// a pattern may match anywhere in a line.
func ByAgent(message string, patterns []string) bool {
	for _, line := range strings.Split(message, "\n") {
		line = strings.ToLower(strings.TrimSpace(line))
		for _, p := range patterns {
			if wildcardIn(strings.ToLower(p), line) {
				return true
			}
		}
	}
	return false
}

// wildcardIn reports whether pattern, whose `*` match any run of
// characters, occurs somewhere in s.
func wildcardIn(pattern, s string) bool {
	parts := strings.Split(pattern, "*")
	for _, part := range parts {
		j := strings.Index(s, part)
		if j < 0 {
			return false
		}
		s = s[j+len(part):]
	}
	return true
}
