package dd

// The transposition table. Only positions at the start of a trick are
// stored. An entry is found in two steps: the group of the leader, the
// number of tricks left and every hand's suit lengths (an exact key, hashed
// with open addressing), then a linear scan of that group's entries, each
// of which names, suit by suit, how many of the highest remaining cards
// matter and who holds them, in relative ranks: the cards already played do
// not count, so a king-queen left after the ace has gone is the same entry
// as an ace-king. Every entry holds a lower and an upper bound on the
// tricks the leader's side takes from the remaining ones.
//
// Memory is bounded: the table grows on demand up to Config.TTBytes; when
// the next growth would pass the bound, every entry is dropped and the
// table starts again in the memory it already has. Within a group, once
// maxGroupEntries entries are stored, new entries overwrite old ones
// cyclically; an entry that answers a lookup moves to the front.

import "unsafe"

const (
	blockEntries    = 15
	maxGroupBlocks  = 34
	maxGroupEntries = blockEntries * maxGroupBlocks
	minSlots        = 1 << 12
)

// ttEntry is one stored result: the owners of the top lens[u] cards of each
// suit (pat, two bits a card from the top, already masked) and bounds on
// the leader's side's tricks.
type ttEntry struct {
	pat    [4]uint32
	lens   uint16 // four bits a suit: how many top cards must match
	lo, hi int8
}

// ttBlock holds entries of one group. The signatures, scanned first, pack
// what an entry fixes of the owners of the top two cards of each suit
// (low 16 bits) and which of those it fixes (high 16 bits): one cache line
// rules out most entries without reading them. That line also holds the
// link to the next block, so that a scan of a group that finds nothing
// reads one line a block: the block is 384 bytes, six whole cache lines
// (the slice of blocks is large enough to be allocated aligned), the
// first being the signatures and the link. Putting the link after the
// entries, on a line of its own, made a lookup read a line more per block.
type ttBlock struct {
	sig  [blockEntries]uint32
	next int32 // index of the next block of the group, or -1
	e    [blockEntries]ttEntry
	_    [384 - 64 - blockEntries*20]byte
}

// sigOf is the owners of the top two cards of each suit, four bits a suit.
func sigOf(pat *[4]uint32) uint32 {
	return pat[0]>>22 | pat[1]>>22<<4 | pat[2]>>22<<8 | pat[3]>>22<<12
}

// sigMask is which bits of sigOf an entry with these lens fixes.
func sigMask(lens uint16) uint32 {
	return uint32(sigNibble[lens&15]) | uint32(sigNibble[lens>>4&15])<<4 |
		uint32(sigNibble[lens>>8&15])<<8 | uint32(sigNibble[lens>>12&15])<<12
}

// sigNibble[k] is the bits of a suit's nibble of sigOf fixed by an entry
// that fixes the owners of the top k cards.
var sigNibble = [16]uint8{0, 0xc, 0xf, 0xf, 0xf, 0xf, 0xf, 0xf, 0xf, 0xf, 0xf, 0xf, 0xf, 0xf, 0xf, 0xf}

type ttGroup struct {
	key   uint64
	first int32 // first block
	last  int32 // block being filled
	n     int32 // entries ever stored; at most maxGroupEntries are kept
}

type transTable struct {
	limit   int64     // bytes
	groups  []ttGroup // open addressing on the key; key 0 is an empty slot
	ngroups int
	blocks  []ttBlock
	resets  int
}

// maskTab[k] selects the owners of the top k cards of a 26-bit pattern.
var maskTab = func() (m [16]uint32) { // [16] so that a nibble indexes it unchecked
	for k := 1; k <= 13; k++ {
		m[k] = ((1 << (2 * uint(k))) - 1) << (2 * uint(13-k))
	}
	return
}()

func newTransTable(limit int64) *transTable {
	t := &transTable{limit: limit}
	t.groups = make([]ttGroup, minSlots)
	return t
}

func (t *transTable) bytes() int64 {
	return int64(cap(t.groups))*int64(unsafe.Sizeof(ttGroup{})) +
		int64(cap(t.blocks))*int64(unsafe.Sizeof(ttBlock{}))
}

// clear drops every entry and keeps the memory.
func (t *transTable) clear() {
	clear(t.groups)
	t.ngroups = 0
	t.blocks = t.blocks[:0]
}

func hashKey(k uint64) uint64 { return (k ^ k>>29) * 0x9e3779b97f4a7c15 }

// find returns the index of the group of key, or -1.
func (t *transTable) find(key uint64) int32 {
	mask := uint64(len(t.groups) - 1)
	for i := hashKey(key) >> 20 & mask; ; i = (i + 1) & mask {
		switch t.groups[i].key {
		case key:
			return int32(i)
		case 0:
			return -1
		}
	}
}

// lookup answers "does the leader's side take at least thr of the remaining
// tricks?" from a stored entry that matches pat, if one decides it; the
// cards the entry relied on go to w.
func (t *transTable) lookup(key uint64, pat *[4]uint32, thr int, w *[4]holding, aggr *[4]holding) (ans, ok bool) {
	g := t.find(key)
	if g < 0 {
		return false, false
	}
	gr := &t.groups[g]
	n := int(min(gr.n, maxGroupEntries))
	b := gr.first
	cur := sigOf(pat)
	for i := 0; i < n; i += blockEntries {
		blk := &t.blocks[b]
		sigs := blk.sig[:min(blockEntries, n-i)]
		for j, sg := range sigs {
			if (sg^cur)&(sg>>16) != 0 {
				continue
			}
			e := &blk.e[j]
			if (e.pat[0]^pat[0])&maskTab[e.lens&15] != 0 ||
				(e.pat[1]^pat[1])&maskTab[e.lens>>4&15] != 0 ||
				(e.pat[2]^pat[2])&maskTab[e.lens>>8&15] != 0 ||
				(e.pat[3]^pat[3])&maskTab[e.lens>>12&15] != 0 {
				continue
			}
			switch {
			case int(e.lo) >= thr:
				ans = true
			case int(e.hi) < thr:
				ans = false
			default:
				continue
			}
			for u := 0; u < 4; u++ {
				w[u] = topOf(aggr[u], int(e.lens>>(4*uint(u))&15))
			}
			if i+j > 0 {
				// Move the entry that answered to the front of its group:
				// the next lookup of the group likely wants it again.
				fb := &t.blocks[gr.first]
				fb.e[0], blk.e[j] = blk.e[j], fb.e[0]
				fb.sig[0], blk.sig[j] = blk.sig[j], fb.sig[0]
			}
			return ans, true
		}
		b = blk.next
	}
	return false, false
}

// store records that the leader's side takes at least thr tricks (ans) or
// fewer (!ans), for every position that agrees with this one on the owners
// of the cards from the lowest rank in w upwards, suit by suit. left is the
// number of tricks remaining, the most the side can take.
func (t *transTable) store(key uint64, pat *[4]uint32, w *[4]holding, aggr *[4]holding, thr int, ans bool, left int) {
	var lens uint16
	var mp [4]uint32
	for u := 0; u < 4; u++ {
		if w[u] == 0 {
			continue
		}
		lowest := w[u] & -w[u]
		k := count(aggr[u] &^ (lowest - 1))
		lens |= uint16(k) << (4 * uint(u))
		mp[u] = pat[u] & maskTab[k&15]
	}
	sig := sigOf(&mp)&sigMask(lens) | sigMask(lens)<<16
	// No search for an entry of the same cards to update: one is found
	// in only 4% of the stores, and the scan cost 2% of the search. A
	// second entry with the other bound answers as well as one with both.
	g := t.find(key)
	e := ttEntry{pat: mp, lens: lens, lo: 0, hi: int8(left)}
	e.update(thr, ans)
	t.insert(g, key, e, sig)
}

func (e *ttEntry) update(thr int, ans bool) {
	if ans {
		e.lo = max(e.lo, int8(thr))
	} else {
		e.hi = min(e.hi, int8(thr-1))
	}
}

// insert adds e to group g (creating the group of key when g < 0).
func (t *transTable) insert(g int32, key uint64, e ttEntry, sig uint32) {
	if g < 0 {
		if 2*(t.ngroups+1) > len(t.groups) && !t.grow() {
			t.reset()
		}
		g = t.slot(key)
		t.groups[g] = ttGroup{key: key, first: -1, last: -1}
		t.ngroups++
	}
	gr := &t.groups[g]
	idx := int(gr.n)
	if idx < maxGroupEntries {
		if idx%blockEntries == 0 {
			if !t.reserveBlock() {
				t.reset()
				t.insert(-1, key, e, sig)
				return
			}
			t.blocks = append(t.blocks, ttBlock{next: -1})
			nb := int32(len(t.blocks) - 1)
			if gr.first < 0 {
				gr.first = nb
			} else {
				t.blocks[gr.last].next = nb
			}
			gr.last = nb
		}
		t.blocks[gr.last].e[idx%blockEntries] = e
		t.blocks[gr.last].sig[idx%blockEntries] = sig
		gr.n++
		return
	}
	// The group is full: overwrite the oldest entry, cyclically.
	slot := idx % maxGroupEntries
	b := gr.first
	for i := 0; i < slot/blockEntries; i++ {
		b = t.blocks[b].next
	}
	t.blocks[b].e[slot%blockEntries] = e
	t.blocks[b].sig[slot%blockEntries] = sig
	gr.n++
	if gr.n >= 2*maxGroupEntries {
		gr.n -= maxGroupEntries
	}
}

func (t *transTable) reset() {
	t.clear()
	t.resets++
}

// growCap is the capacity to grow a slice of elements of size sz to, within
// the memory bound, or 0 if there is no room for even a few more.
func (t *transTable) growCap(cur int, sz int64) int {
	want := max(256, 2*cur)
	room := (t.limit - t.bytes()) / sz
	if int64(want-cur) > room {
		want = cur + int(room)
	}
	if want-cur < 16 {
		return 0
	}
	return want
}

// reserveBlock makes room for one more block, within the bound.
func (t *transTable) reserveBlock() bool {
	if len(t.blocks) < cap(t.blocks) {
		return true
	}
	nc := t.growCap(cap(t.blocks), int64(unsafe.Sizeof(ttBlock{})))
	if nc == 0 {
		return false
	}
	nb := make([]ttBlock, len(t.blocks), nc)
	copy(nb, t.blocks)
	t.blocks = nb
	return true
}

// slot is the empty slot where key goes.
func (t *transTable) slot(key uint64) int32 {
	mask := uint64(len(t.groups) - 1)
	i := hashKey(key) >> 20 & mask
	for t.groups[i].key != 0 {
		i = (i + 1) & mask
	}
	return int32(i)
}

// grow doubles the group index; false if that would pass the memory bound.
func (t *transTable) grow() bool {
	sz := int64(unsafe.Sizeof(ttGroup{}))
	if t.bytes()+int64(len(t.groups))*sz > t.limit {
		return false
	}
	old := t.groups
	t.groups = make([]ttGroup, 2*len(old))
	for _, g := range old {
		if g.key != 0 {
			t.groups[t.slot(g.key)] = g
		}
	}
	return true
}

// topOf is the k highest cards of h (all of h if it has no more), from
// two small tables, by the top seven ranks and the bottom six: the lookup
// works out the ranks of the entry that answered for every suit, and a
// loop over the cards cost 2% of the search.
func topOf(h holding, k int) holding {
	hi := h >> 6 & 127
	if c := count(hi); k > c {
		return hi<<6 | holding(topTab[128|int(h&63)][min(k-c, 7)&7])
	}
	return holding(topTab[hi][k&7]) << 6
}

// topTab[x][k] is the k highest bits of the seven-bit x (x < 128), and
// topTab[128|y][k] those of the six-bit y.
var topTab = func() (t [192][8]uint8) {
	for x := 0; x < 128; x++ {
		for k := 0; k < 8; k++ {
			v, n := x, 0
			for b := 6; b >= 0; b-- {
				if v>>b&1 != 0 {
					if n >= k {
						v &^= 1 << b
					}
					n++
				}
			}
			t[x][k] = uint8(v)
			if x < 64 {
				t[128|x][k] = uint8(v)
			}
		}
	}
	return
}()

// The layout above relies on these sizes.
var _ = [1]struct{}{}[unsafe.Sizeof(ttBlock{})-384]
var _ = [1]struct{}{}[unsafe.Sizeof(ttEntry{})-20]
