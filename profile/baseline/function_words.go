package baseline

import (
	"slices"
	"sync"
)

// IsFunctionWord reports whether word is an English function word: an
// article or determiner, a pronoun, a preposition, a conjunction, an
// auxiliary or modal verb (and their contractions), or one of the handful of
// grammatical adverbs (not, very, there, then…). These carry a sentence's
// grammar, not its author's voice, so the analyzer never offers one as
// signature vocabulary. The list is deliberately closed and short: discourse
// words that *do* mark a style (however, indeed, actually, really, just,
// quite) are left out, so the analyzer can still notice a writer's habit of
// using them. It loads no data.
func IsFunctionWord(word string) bool {
	_, found := slices.BinarySearch(sortedFunctionWords(), normalize(word))
	return found
}

// FunctionWords returns the list IsFunctionWord knows, sorted: the words
// whose rates sw check's usage measure compares (see profile.Usage), since
// how often a writer reaches for each follows the writer, not the subject.
func FunctionWords() []string { return slices.Clone(sortedFunctionWords()) }

// functionWords are grouped as grammar groups them; sortedFunctionWords
// sorts them the first time a caller asks, not at every start of sw.
var functionWords = []string{
	// Articles and determiners.
	"a", "an", "the", "this", "that", "these", "those",
	"each", "every", "either", "neither", "some", "any", "no",
	"all", "both", "few", "many", "much", "more", "most",
	"less", "least", "several", "such", "another", "other", "others",
	"own", "same", "what", "whatever", "which", "whichever", "whose",
	"enough",

	// Personal, reflexive, relative and indefinite pronouns.
	"i", "me", "my", "mine", "myself",
	"you", "your", "yours", "yourself", "yourselves",
	"he", "him", "his", "himself",
	"she", "her", "hers", "herself",
	"it", "its", "itself",
	"we", "us", "our", "ours", "ourselves",
	"they", "them", "their", "theirs", "themselves",
	"one", "ones", "oneself",
	"who", "whom", "whoever", "whomever",
	"someone", "somebody", "something",
	"anyone", "anybody", "anything",
	"everyone", "everybody", "everything",
	"nobody", "nothing", "none",

	// Prepositions.
	"about", "above", "across", "after", "against", "along",
	"alongside", "amid", "among", "amongst", "around", "as", "at",
	"before", "behind", "below", "beneath", "beside", "besides",
	"between", "beyond", "by", "despite", "down", "during", "except",
	"for", "from", "in", "inside", "into", "like", "near", "of",
	"off", "on", "onto", "out", "outside", "over", "past", "per",
	"since", "than", "through", "throughout", "till", "to", "toward",
	"towards", "under", "underneath", "unlike", "until", "unto", "up",
	"upon", "via", "with", "within", "without",

	// Conjunctions and subordinators.
	"and", "but", "or", "nor", "so", "yet", "because", "although",
	"though", "while", "whilst", "whereas", "if", "unless", "whether",
	"when", "whenever", "where", "wherever", "why", "how",

	// Auxiliary and modal verbs.
	"be", "am", "is", "are", "was", "were", "been", "being",
	"have", "has", "had", "having",
	"do", "does", "did", "doing",
	"will", "would", "shall", "should", "can", "could", "cannot",
	"may", "might", "must", "ought",

	// Contractions of the above.
	"i'm", "i've", "i'd", "i'll",
	"you're", "you've", "you'd", "you'll",
	"he's", "he'd", "he'll", "she's", "she'd", "she'll",
	"it's", "it'd", "it'll",
	"we're", "we've", "we'd", "we'll",
	"they're", "they've", "they'd", "they'll",
	"that's", "that'd", "that'll", "there's", "there'd", "there'll",
	"here's", "what's", "what'd", "what'll", "who's", "who'd", "who'll",
	"where's", "when's", "why's", "how's", "let's",
	"isn't", "aren't", "wasn't", "weren't",
	"don't", "doesn't", "didn't",
	"haven't", "hasn't", "hadn't",
	"won't", "wouldn't", "shan't", "shouldn't", "can't", "couldn't",
	"mightn't", "mustn't", "needn't", "ain't",

	// Grammatical adverbs and particles.
	"not", "very", "too", "also", "then", "there", "here", "now",
	"ever", "never", "yes",
}

var sortedFunctionWords = sync.OnceValue(func() []string {
	sorted := slices.Clone(functionWords)
	slices.Sort(sorted)
	return sorted
})
