package main

import "strings"

// functionWords are English words that carry grammar rather than subject
// (articles, pronouns, prepositions, conjunctions, auxiliaries, quantifiers,
// numerals and ordinals, connectives and the commonest adverbs), with the
// older forms the corpus's writers use ("upon", "whilst", "hath",
// "thereof"). A prefer or avoid rule made only of these words is never a
// topic rule: how often a writer reaches for "upon" or "whilst" is style.
// "&c." is read as the word "c". The evaluation's own list, written for
// it; sw keeps its own elsewhere.
var functionWords = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`
a an the this that these those such
i me my mine myself we us our ours ourselves you your yours yourself yourselves
he him his himself she her hers herself it its itself they them their theirs themselves
one ones oneself who whom whose which what whatever whoever whomever whichever
and or nor but yet so for if unless though although because since while whilst
whereas whether than as till until lest both either neither not no none
about above across after against along amid amidst among amongst around at
before behind below beneath beside besides between beyond by despite
down during except from in inside into like near of off on onto out outside over
past per round through throughout to toward towards under underneath
unlike unto up upon via with within without
be am is are was were been being have has had having do does did doing done
shall should will would may might must can could ought let
hath doth hast dost art wilt shalt wouldst couldst
all any anything anybody anyone some something somebody someone every everything
everybody everyone each few many much more most less least several other others
another same own enough nothing nobody else
very too also just only even still already always never ever often sometimes
seldom again once twice here there where when why how then now thus hence
therefore however indeed perhaps rather quite almost well far soon instead
somewhat whatsoever wherever whenever doubtless nay aye
moreover furthermore nevertheless nonetheless notwithstanding otherwise
accordingly likewise namely viz etc c consequently wherefore whence whither
respecting concerning regarding considering including according excepting
thereof therein thereby thereto thereupon therefrom whereby wherein whereof
whereupon hereafter heretofore hitherto herein hereby henceforth thenceforth
first second third fourth fifth sixth seventh eighth ninth tenth last
two three four five six seven eight nine ten eleven twelve hundred thousand
don't doesn't didn't isn't aren't wasn't weren't won't wouldn't can't cannot
couldn't shouldn't mustn't hasn't haven't hadn't it's that's there's let's
i'm i've i'll i'd we're we've we'll we'd you're you've you'll you'd
he's she's they're they've they'll they'd
`) {
		functionWords[w] = true
	}
}

// idioms are English phrases whose nouns name no subject: "in fact" says
// how a writer argues, "foreign nations" what about. A content word inside
// one of them in a rule's phrase is not taken for a topic word.
var idioms = []string{
	"in fact", "in truth", "in reality", "in effect", "in short", "in a word", "in general",
	"in particular", "in order", "in case", "in spite of", "in point of", "in the first place",
	"in like manner", "in the same manner", "in this manner", "in the mean time", "in the meantime",
	"for instance", "for example", "for the most part", "for the sake of",
	"of course", "at least", "at most", "at all", "at length", "at the same time",
	"on the whole", "upon the whole", "on the contrary", "on the other hand", "on account of",
	"by no means", "by means of", "by way of", "after all", "to be sure", "no doubt",
	"with respect to", "with regard to", "in regard to", "in respect to", "as to",
}
