package hooks

import "testing"

func TestCalled(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string // "" for a command line the app handles
	}{
		{[]string{"sw", "hook", "post-commit"}, "post-commit"},
		{[]string{"sw", "hook", "post-rewrite", "amend"}, "post-rewrite"},
		{[]string{"sw", "hook", "reference-transaction", "committed"}, "reference-transaction"},
		{[]string{"sw", "hook", "pre-push", "origin", "../remote.git"}, "pre-push"},
		{[]string{"sw", "hook", "post-commit", "--help"}, "post-commit"}, // git's arguments, passed through
		{[]string{"sw", "hook", "pre-session"}, "pre-session"},
		{[]string{"sw", "hook", "pre-session", "--help"}, ""}, // takes no arguments: help is the app's
		{[]string{"sw", "hook", "install"}, ""},
		{[]string{"sw", "hook"}, ""},
		{[]string{"sw", "check", "post-commit"}, ""},
		{[]string{"sw"}, ""},
	} {
		e, ok := Called(tc.args)
		if got := e.Name; ok != (tc.want != "") || got != tc.want {
			t.Errorf("Called(%q) = %q, %v; want %q", tc.args, got, ok, tc.want)
		}
	}
}

func TestEntriesAreComplete(t *testing.T) {
	seen := map[string]bool{}
	for _, e := range Entries {
		if e.Name == "" || e.Usage == "" || e.Run == nil || seen[e.Name] {
			t.Errorf("entry %q: a name, a usage and a function, once each", e.Name)
		}
		seen[e.Name] = true
	}
}
