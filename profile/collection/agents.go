package collection

import "strings"

// DefaultAgentCommits are the message lines that mark a commit as written by
// Claude Code, in both the plain and the linked form it writes.
var DefaultAgentCommits = []string{
	"Co-Authored-By: * <noreply@anthropic.com>",
	"Generated with*Claude Code",
}

// AgentTrailer names the line sw's commit-msg hook adds to a commit made in
// an agent's environment ("Sw-Agent: Claude Code"), whatever its message
// says: such a commit is a draft even with agent_commits empty.
const AgentTrailer = "Sw-Agent"

// ByAgent reports whether a commit message has a line matching one of
// patterns, or sw's AgentTrailer: `*` stands for any run of characters,
// case does not matter, and a pattern may match anywhere in a line.
func ByAgent(message string, patterns []string) bool {
	_, ok := AgentMarker(message, patterns)
	return ok
}

// AgentMarker is ByAgent that also returns the line that marks the commit
// as an agent's, as written.
func AgentMarker(message string, patterns []string) (line string, ok bool) {
	trailer := strings.ToLower(AgentTrailer) + ":"
	for _, line := range strings.Split(message, "\n") {
		lower := strings.ToLower(strings.TrimSpace(line))
		if strings.HasPrefix(lower, trailer) {
			return strings.TrimSpace(line), true
		}
		for _, p := range patterns {
			if wildcardIn(strings.ToLower(p), lower) {
				return strings.TrimSpace(line), true
			}
		}
	}
	return "", false
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
