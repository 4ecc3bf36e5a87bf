package gitrepo

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"time"
)

// Commits are parsed here rather than with go-git's object package: that
// package links an OpenPGP implementation (for signed commits sw never
// verifies) whose initialisation every sw process would pay. The format is a
// few header lines, a blank line and the message.

// Signature is who made a commit and when. When keeps the time zone the
// commit recorded.
type Signature struct {
	Name  string
	Email string
	When  time.Time
}

// Commit is a parsed commit object.
type Commit struct {
	Hash      Hash
	Tree      Hash
	Parents   []Hash
	Author    Signature
	Committer Signature
	Message   string // as stored: usually a subject line, a blank line, a body
}

// Commit reads and parses the commit h. A Repo keeps what it parsed: a
// reconcile asks for the default branch's tip once per pending suggestion.
// Each caller gets its own copy to change.
func (r *Repo) Commit(h Hash) (*Commit, error) {
	st := r.state()
	cc, ok := lookup(st, &st.commits, h)
	if !ok {
		data, err := r.readObject(h, typeCommit)
		if err != nil {
			return nil, err
		}
		c, err := parseCommit(data)
		if err != nil {
			return nil, fmt.Errorf("commit %s: %w", h, err)
		}
		c.Hash = h
		cc = parsedCommit{c, data}
		remember(st, &st.commits, maxCachedCommits, h, cc)
	}
	cp := *cc.c
	cp.Parents = slices.Clip(cp.Parents) // an append makes its own array
	return &cp, nil
}

// parsedCommit is a commit as the Repo keeps it: parsed, and the object's
// content it was parsed from.
type parsedCommit struct {
	c   *Commit
	raw []byte
}

func parseCommit(data []byte) (*Commit, error) {
	c := &Commit{}
	rest := data
	sawTree := false
	for len(rest) > 0 {
		nl := bytes.IndexByte(rest, '\n')
		if nl < 0 {
			nl = len(rest)
		}
		line := rest[:nl]
		rest = rest[min(nl+1, len(rest)):]
		if len(line) == 0 {
			c.Message = string(rest)
			break
		}
		if line[0] == ' ' {
			continue // continuation of a multi-line header (gpgsig, mergetag)
		}
		key, val, _ := bytes.Cut(line, []byte{' '})
		switch string(key) {
		case "tree":
			h, ok := parseHashBytes(val)
			if !ok {
				return nil, fmt.Errorf("bad tree line %q", line)
			}
			c.Tree, sawTree = h, true
		case "parent":
			h, ok := parseHashBytes(val)
			if !ok {
				return nil, fmt.Errorf("bad parent line %q", line)
			}
			c.Parents = append(c.Parents, h)
		case "author":
			c.Author = parseSignature(val)
		case "committer":
			c.Committer = parseSignature(val)
		}
	}
	if !sawTree {
		return nil, fmt.Errorf("no tree line")
	}
	return c, nil
}

// parseSignature reads "Name <email> 1700000000 +0100" leniently: git
// accepts odd identities in history, and a reader should not fail on them.
func parseSignature(b []byte) Signature {
	var s Signature
	lt := bytes.IndexByte(b, '<')
	if lt < 0 {
		s.Name = string(bytes.TrimSpace(b))
		return s
	}
	gt := bytes.IndexByte(b[lt:], '>')
	if gt < 0 {
		s.Name = string(bytes.TrimSpace(b[:lt]))
		s.Email = string(b[lt+1:])
		return s
	}
	gt += lt
	s.Name = string(bytes.TrimSpace(b[:lt]))
	s.Email = string(b[lt+1 : gt])
	fields := bytes.Fields(b[gt+1:])
	if len(fields) == 0 {
		return s
	}
	sec, err := strconv.ParseInt(string(fields[0]), 10, 64)
	if err != nil {
		return s
	}
	loc := time.UTC
	if len(fields) > 1 {
		if off, ok := parseTZ(string(fields[1])); ok {
			loc = zone(off)
		}
	}
	s.When = time.Unix(sec, 0).In(loc)
	return s
}

// parseTZ reads git's "+hhmm" / "-hhmm" into seconds east of UTC.
func parseTZ(s string) (int, bool) {
	if len(s) != 5 || (s[0] != '+' && s[0] != '-') {
		return 0, false
	}
	n, err := strconv.Atoi(s[1:])
	if err != nil || n < 0 {
		return 0, false
	}
	off := (n/100)*3600 + (n%100)*60
	if s[0] == '-' {
		off = -off
	}
	return off, true
}

func zone(off int) *time.Location {
	if off == 0 {
		return time.UTC
	}
	return time.FixedZone("", off)
}

// HasCommit reports whether the commit h is in the object store: a name
// remembered from an earlier run may have been pruned by a gc since.
func (r *Repo) HasCommit(h Hash) bool {
	if h.IsZero() {
		return false
	}
	_, err := r.readObject(h, typeCommit)
	return err == nil
}
