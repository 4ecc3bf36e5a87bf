package gitrepo

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// parseGitDate reads a date in the formats git documents for
// GIT_AUTHOR_DATE and GIT_COMMITTER_DATE:
//
//   - git's internal format, "<unix seconds> <+hhmm>", also written
//     "@<unix seconds> [<+hhmm>]";
//   - RFC 2822, "Thu, 07 Apr 2005 22:13:13 +0200" (weekday optional);
//   - ISO 8601, "2005-04-07T22:13:13" or with a space for the T, with an
//     optional fraction (ignored, as git ignores it) and an optional zone
//     ("Z", "+02:00", "+0200", " +0200"); a date alone means midnight.
//
// Without a zone the local zone applies, as in git.
func parseGitDate(s string) (time.Time, error) {
	s = strings.TrimSpace(s)
	if t, ok := parseRawDate(s); ok {
		return t, nil
	}
	for _, layout := range dateLayouts {
		if t, err := time.ParseInLocation(layout, s, time.Local); err == nil {
			return t.Truncate(time.Second), nil
		}
	}
	return time.Time{}, fmt.Errorf("%q is not a date git reads (try \"2006-01-02T15:04:05+01:00\" or \"@1136214245 +0100\")", s)
}

var dateLayouts = []string{
	"2006-01-02T15:04:05Z07:00",
	"2006-01-02T15:04:05Z0700",
	"2006-01-02T15:04:05 -0700",
	"2006-01-02T15:04:05",
	"2006-01-02 15:04:05Z07:00",
	"2006-01-02 15:04:05Z0700",
	"2006-01-02 15:04:05 -0700",
	"2006-01-02 15:04:05",
	"2006-01-02",
	"Mon, 2 Jan 2006 15:04:05 -0700",
	"Mon, 02 Jan 2006 15:04:05 -0700",
	"2 Jan 2006 15:04:05 -0700",
	"Mon Jan 2 15:04:05 2006 -0700", // git's own default log format
}

// parseRawDate reads "@<seconds> [<zone>]" and "<seconds> <zone>".
func parseRawDate(s string) (time.Time, bool) {
	at := strings.HasPrefix(s, "@")
	s = strings.TrimPrefix(s, "@")
	secText, zoneText, hasZone := strings.Cut(s, " ")
	if !hasZone && !at {
		return time.Time{}, false
	}
	sec, err := strconv.ParseInt(secText, 10, 64)
	if err != nil || secText == "" || secText[0] == '+' || secText[0] == '-' {
		return time.Time{}, false
	}
	off := 0
	if hasZone {
		var ok bool
		if off, ok = parseTZ(strings.TrimSpace(zoneText)); !ok {
			return time.Time{}, false
		}
	}
	return time.Unix(sec, 0).In(zone(off)), true
}

// formatSignature writes "Name <email> <seconds> <+hhmm>".
func formatSignature(s Signature) string {
	_, off := s.When.Zone()
	sign := byte('+')
	if off < 0 {
		sign, off = '-', -off
	}
	return fmt.Sprintf("%s <%s> %d %c%02d%02d", s.Name, s.Email, s.When.Unix(), sign, off/3600, off%3600/60)
}
