package termsafe

import (
	"strconv"
	"strings"
)

// Command writes a command's words as messages show them: quoted where
// they are empty or hold blanks or quotes, so that the person sees where
// each word ends. Both the analyzer that runs a command and the trust
// that names it show it so.
func Command(words []string) string {
	shown := make([]string, len(words))
	for i, w := range words {
		if w == "" || strings.ContainsAny(w, " \t\n\"'`") {
			w = strconv.Quote(w)
		}
		shown[i] = w
	}
	return strings.Join(shown, " ")
}
