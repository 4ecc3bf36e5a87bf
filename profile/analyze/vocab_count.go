package analyze

import "sw/profile/prose"

// posting is one piece's use of a word or phrase. A word's postings are a
// list threaded through one arena (next: the following piece's, or -1),
// so a batch of a thousand pieces makes a few big allocations, not
// millions of small ones, and leaves the garbage collector no pointers.
type posting struct {
	piece int32 // index in run.pieces
	count int32
	paras int32 // distinct paragraphs (or headings) it occurs in
	next  int32
}

// postingList locates a word's postings in the arena, with their number
// and total count.
type postingList struct{ head, tail, pieces, total int32 }

// vocab is the batch's counted vocabulary.
type vocab struct {
	lex      *lexicon
	lists    map[uint64]postingList
	arena    []posting
	eligible map[string][]*piece // per scope ("" = batch): the pieces counted
	words    map[string]int      // per scope: their words
	median   map[string]float64  // per scope: their median length in words
}

// countVocab counts every countable word and phrase of the eligible
// pieces, or returns nil when fewer than MinPieces are eligible: then
// nothing can pass the gate, and the baseline is never loaded.
func (r *run) countVocab() *vocab {
	v := &vocab{lists: map[uint64]postingList{}, eligible: map[string][]*piece{}, words: map[string]int{}, median: map[string]float64{}}
	for _, p := range r.pieces {
		if p.eligible {
			for _, s := range []string{"", p.Genre} {
				v.eligible[s] = append(v.eligible[s], p)
				v.words[s] += p.doc.WordCount()
			}
		}
	}
	if len(v.eligible[""]) < MinPieces {
		return nil
	}
	for s, ps := range v.eligible {
		lens := make([]float64, len(ps))
		for i, p := range ps {
			lens[i] = float64(p.doc.WordCount())
		}
		v.median[s] = prose.Median(lens)
	}
	v.lex = newLexicon()
	c := &counter{local: map[uint64]int32{}}
	for _, p := range v.eligible[""] {
		ids := v.intern(p, c.ids[:0])
		c.ids = ids
		c.count(v.lex, p, ids)
		for _, s := range c.stats {
			v.add(s.key, posting{piece: int32(p.index), count: s.count, paras: s.paras})
		}
	}
	return v
}

// intern numbers a piece's words and records what the subject and name
// tests need: how often each is capitalised, and stands where nouns stand.
func (v *vocab) intern(p *piece, ids []uint32) []uint32 {
	ws := p.doc.Words
	for i := range ws {
		id := v.lex.id(ws[i].Text)
		ids = append(ids, id)
		lw := &v.lex.words[id]
		lw.uses++
		if capitalisedMidSentence(p.src, p.doc, i) {
			lw.capMid++
		}
		if capitalised(p.src, int(ws[i].Offset)) {
			lw.capAll++
		}
		if i > 0 && p.doc.Joined(i) && v.lex.words[ids[i-1]].opener {
			lw.nominal++
		} else if i+1 < len(ws) && p.doc.Joined(i+1) && ws[i+1].Text == "of" {
			lw.nominal++
		}
	}
	return ids
}

// counter counts one piece's words and phrases, reusing its buffers.
type counter struct {
	local map[uint64]int32 // key -> index in stats
	stats []stat
	ids   []uint32
}

// stat is a word's or phrase's use in one piece so far.
type stat struct {
	key                   uint64
	count, paras, lastPar int32
}

// count counts the countable words, and the pairs and triples of words
// that can make a phrase (see lexicon.phraseOK), of one piece.
func (c *counter) count(lex *lexicon, p *piece, ids []uint32) {
	clear(c.local)
	c.stats = c.stats[:0]
	ws := p.doc.Words
	for i := range ws {
		if ids[i] > maxWordID {
			continue
		}
		para := int32(ws[i].Paragraph)
		if para < 0 {
			para = -2 - int32(ws[i].Heading)
		}
		if lex.countable(ids[i]) {
			c.bump(uint64(ids[i]), para)
		}
		if i >= 1 && p.doc.Joined(i) && ids[i-1] <= maxWordID {
			if lex.phraseOK(ids[i-1 : i+1]) {
				c.bump(key(ids[i-1:i+1]), para)
			}
			if i >= 2 && p.doc.Joined(i-1) && ids[i-2] <= maxWordID && lex.phraseOK(ids[i-2:i+1]) {
				c.bump(key(ids[i-2:i+1]), para)
			}
		}
	}
}

func (c *counter) bump(k uint64, para int32) {
	if i, ok := c.local[k]; ok {
		s := &c.stats[i]
		s.count++
		if s.lastPar != para {
			s.paras++
			s.lastPar = para
		}
		return
	}
	c.local[k] = int32(len(c.stats))
	c.stats = append(c.stats, stat{key: k, count: 1, paras: 1, lastPar: para})
}

func (v *vocab) add(k uint64, po posting) {
	i := int32(len(v.arena))
	po.next = -1
	v.arena = append(v.arena, po)
	l, ok := v.lists[k]
	if ok {
		v.arena[l.tail].next = i
		l.tail = i
	} else {
		l.head, l.tail = i, i
	}
	l.pieces++
	l.total += po.count
	v.lists[k] = l
}
