package analyze

import (
	"testing"

	"sw/profile"
)

func TestParseLayer(t *testing.T) {
	cases := []struct {
		in    string
		layer profile.Layer
		genre string
		ok    bool
	}{
		{"preferences", profile.Preference, "", true},
		{"genres/essay", profile.GenreLayer, "essay", true},
		{"genres/product-tech", profile.GenreLayer, "product-tech", true},
		{"genres", "", "", false},
		{"genres/", "", "", false},
		{"genres/../x", "", "", false},
		{"genres/essay/", "", "", false},
		{"hard-limits", "", "", false},
		{"hard-limits/x", "", "", false},
		{"Preferences", "", "", false},
		{" preferences", "", "", false},
		{"", "", "", false},
	}
	for _, c := range cases {
		layer, genre, err := ParseLayer(c.in)
		if (err == nil) != c.ok || layer != c.layer || genre != c.genre {
			t.Errorf("ParseLayer(%q) = %q, %q, %v", c.in, layer, genre, err)
		}
		if c.ok && LayerName(layer, genre) != c.in {
			t.Errorf("LayerName(%q, %q) = %q, want %q", layer, genre, LayerName(layer, genre), c.in)
		}
	}
	if LayerName(profile.HardLimit, "") != "" {
		t.Error("a hard limit has a layer name")
	}
}

func TestSuggestionPath(t *testing.T) {
	cases := []struct {
		s    Suggestion
		dir  string
		want string
	}{
		{Suggestion{ID: "x", Layer: "genres/essay"}, "profile", "profile/genres/essay/x.yaml"},
		{Suggestion{ID: "x", Layer: "preferences"}, "profile", "profile/preferences/x.yaml"},
		{Suggestion{ID: "x", Layer: "preferences"}, "voice/profile", "voice/profile/preferences/x.yaml"},
		{Suggestion{ID: "x", Layer: "hard-limits"}, "profile", ""},
		{Suggestion{ID: "../x", Layer: "preferences"}, "profile", ""},
	}
	for _, c := range cases {
		if got := c.s.Path(c.dir); got != c.want {
			t.Errorf("%+v.Path(%q) = %q, want %q", c.s, c.dir, got, c.want)
		}
	}
}
