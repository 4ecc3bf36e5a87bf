package profile

import (
	"math"
	"strconv"
	"unicode"

	"gopkg.in/yaml.v3"
)

var usageFields = []string{"pieces", "typical", "rates"}

// usage reads a rule's usage: part. Every number must be one a
// measurement could give: rates and spreads of 0 or more, at least one
// piece.
func (p *ruleParser) usage(n *yaml.Node) *Usage {
	if n.Kind != yaml.MappingNode {
		p.fail(n, "`usage:` must be a mapping with pieces, typical and rates")
		return nil
	}
	u := &Usage{}
	seen := map[string]bool{}
	p.fields(n, usageFields, func(key, val *yaml.Node) {
		seen[key.Value] = true
		switch key.Value {
		case "pieces":
			if v := p.number(val, "usage.pieces"); v != nil {
				if *v < 1 || *v > maxPieces || *v != math.Trunc(*v) {
					p.fail(val, "`usage.pieces:` must be a whole number of pieces, at least 1")
					return
				}
				u.Pieces = int(*v)
			}
		case "typical":
			if v := p.nonNegative(val, "usage.typical"); v != nil {
				u.Typical = *v
			}
		case "rates":
			u.Rates = p.rates(val)
		}
	})
	if !seen["pieces"] {
		p.fail(n, "`usage:` needs `pieces:`, the number of pieces it was measured on")
	}
	if !seen["rates"] {
		p.fail(n, "`usage:` needs `rates:`, e.g. rates: {the: [61.2, 8.1]}")
	}
	return u
}

// maxPieces is more pieces than any collection holds, and far inside an
// int on every platform.
const maxPieces = 1e9

// rates reads usage.rates: a mapping of item to [mean, spread].
func (p *ruleParser) rates(n *yaml.Node) []Rate {
	const example = `e.g. the: [61.2, 8.1] (per 1,000 words: the mean, then the spread)`
	if n.Kind != yaml.MappingNode {
		p.fail(n, "`usage.rates:` must map each word or mark to [mean, spread], %s", example)
		return nil
	}
	var out []Rate
	seen := map[string]bool{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		key, val := n.Content[i], resolveAlias(n.Content[i+1])
		item := key.Value
		switch {
		case key.Kind != yaml.ScalarNode || item == "":
			p.fail(key, "each key of `usage.rates:` is a word or a mark, %s", example)
			continue
		case seen[item]:
			p.fail(key, "%q appears twice in `usage.rates:`; keep one", item)
			continue
		case !IsUsageMark(item) && !isUsageWord(item):
			p.fail(key, "%q in `usage.rates:` is not one word in lower case, nor one of the marks %s", item, UsageMarks)
			continue
		}
		seen[item] = true
		if val.Kind != yaml.SequenceNode || len(val.Content) != 2 {
			p.fail(val, "%q in `usage.rates:` must be [mean, spread], %s", item, example)
			continue
		}
		mean := p.nonNegative(resolveAlias(val.Content[0]), "usage.rates."+item+" mean")
		spread := p.nonNegative(resolveAlias(val.Content[1]), "usage.rates."+item+" spread")
		if mean != nil && spread != nil {
			out = append(out, Rate{Item: item, Mean: *mean, Spread: *spread})
		}
	}
	return out
}

// nonNegative reads a number that a measurement gives: 0 or more.
func (p *ruleParser) nonNegative(n *yaml.Node, field string) *float64 {
	v := p.number(n, field)
	if v != nil && *v < 0 {
		p.fail(n, "`%s` is %s, below 0; a rate or a distance is 0 or more", field, strconv.FormatFloat(*v, 'g', -1, 64))
		return nil
	}
	return v
}

// isUsageWord says item is a word as sw counts words: lower-case letters,
// with apostrophes inside (can't).
func isUsageWord(item string) bool {
	for i, r := range item {
		switch {
		case unicode.IsLetter(r) && !unicode.IsUpper(r):
		case r == '\'' && i > 0 && i < len(item)-1:
		default:
			return false
		}
	}
	return item != ""
}
