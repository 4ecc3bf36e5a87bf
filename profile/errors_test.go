package profile

import "testing"

func TestFirstCountsTheRestInAgreement(t *testing.T) {
	a := &Error{File: "profile/preferences/a.yaml", Line: 2, Col: 5, Msg: "bad"}
	cases := []struct {
		errs Errors
		want string
	}{
		{Errors{a}, "profile/preferences/a.yaml:2:5: bad"},
		{Errors{a, a}, "profile/preferences/a.yaml:2:5: bad (and 1 more problem)"},
		{Errors{a, a, a}, "profile/preferences/a.yaml:2:5: bad (and 2 more problems)"},
	}
	for _, c := range cases {
		if got := c.errs.First(); got != c.want {
			t.Errorf("%d errors: got %q, want %q", len(c.errs), got, c.want)
		}
	}
}
