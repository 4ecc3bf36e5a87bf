package profile

import (
	"strings"
	"testing"
	"unicode"
)

func TestParseGenre(t *testing.T) {
	for in, want := range map[string]string{
		"":                       "",
		"  ":                     "",
		"essay":                  "essay",
		"Essay":                  "essay",
		"Op Ed":                  "op-ed",
		" Product  Tech ":        "product-tech",
		"Q&A":                    "q-a",
		"op-ed!":                 "op-ed",
		"2024":                   "2024",
		"Ünïcode Genre":          "unicode-genre",
		"Café Notes":             "cafe-notes",
		"Cafe\u0301 Notes":       "cafe-notes", // é written as e and an accent
		"Straße":                 "strasse",
		"Æsop Œuvre":             "aesop-oeuvre",
		"Łódź Żółć":              "lodz-zolc",
		"Árvíztűrő tükörfúrógép": "arvizturo-tukorfurogep",
		"Ștefan Țară":            "stefan-tara",
		"Þórsmörk":               "thorsmork",
		"a × b":                  "a-b",
	} {
		got, err := ParseGenre(in)
		if err != nil || got != want {
			t.Errorf("ParseGenre(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for in, want := range map[string]string{
		"Эссе":                    `genre "Эссе" has a letter sw cannot write with a to z ("Э"); name the genre with letters a to z, digits and dashes, e.g. essay`,
		"Essay Ω":                 `genre "Essay Ω" has a letter sw cannot write with a to z ("Ω")`,
		"随笔":                      `genre "随笔" has a letter`,
		"!!!":                     `genre "!!!" has no letters or digits`,
		strings.Repeat("ab ", 30): "is longer than 64 characters as a plain name",
	} {
		got, err := ParseGenre(in)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseGenre(%q) = %q, %v; want an error with %q", in, got, err, want)
		}
	}
}

// Every letter of the table's blocks reads as letters a to z, so no
// accented Latin letter is refused or dropped.
func TestPlainLettersCoverLatin(t *testing.T) {
	for r := rune(latinFirst); r < latinFirst+rune(len(latinBase)); r++ {
		base, ok := plainLetters(unicode.ToLower(r))
		if !unicode.IsLetter(r) {
			if ok {
				t.Errorf("%q (U+%04X) is not a letter but reads as %q", r, r, base)
			}
			continue
		}
		if !ok || base == "" || strings.Trim(base, "abcdefghijklmnopqrstuvwxyz") != "" {
			t.Errorf("%q (U+%04X) reads as %q, %v", r, r, base, ok)
		}
	}
}
