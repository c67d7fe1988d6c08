package dd

// The search: zero-window alpha-beta on "can the max side take at least
// target tricks", with partition search (Ginsberg; Haglund's "winning
// ranks"): every result is returned together with the set of cards whose
// ranks it depended on, so that a transposition-table entry covers every
// position that agrees on the owners of those cards.

// maxPly bounds the depth of the search: one ply per card, 52, rounded
// up to a power of two so that indexing by ply&plyMask needs no bounds
// check. (The hot paths index with masked values throughout: suits &3,
// ranks &15, seats &3. Each check is a compare and a branch; there were
// several per card played.)
const (
	maxPly  = 64
	plyMask = maxPly - 1
)

// move is one card the hand to play may choose, standing for its group of
// equivalent cards (seq): cards of the same hand that no other remaining
// card separates, so that playing any of them gives the same result.
type move struct {
	suit   uint8
	rank   uint8   // rank index of the card searched: the top of seq
	seq    holding // the group the card stands for, rank bits
	weight int16   // move-ordering score, highest searched first
}

// played is a card in the trick in progress.
type played struct {
	suit, rank uint8
	seat       uint8
	seq        holding // the equivalence group it stood for
}

// trickUndo is what completing a trick changed, to be put back.
type trickUndo struct {
	aggr   [4]holding
	trick  [4]played
	leader int
	won    int
	wi     int // the position in the trick of the card that won it
}

// engine is the state of one search: the position as it changes card by
// card, and the scratch space of every ply, so that the search allocates
// nothing.
type engine struct {
	hand    [4][4]holding // [seat][suit] cards still held
	aggr    [4]holding    // [suit] cards held or in the trick in progress
	owner   [4][16]uint8  // [suit][rank] the seat that was dealt the card ([16]: indexed by rank&15 unchecked)
	trump   int           // 0..3 (cards.Suit) or noTrump
	maxSide int           // 0 NS, 1 EW: the side whose tricks are counted
	leader  int           // seat that led the trick in progress
	inTrick int           // cards played to the trick in progress
	trick   [4]played
	won     int // tricks the max side has won since the root
	left    int // tricks not yet complete, counting the one in progress

	curWin int // the position in the trick of the card winning it so far, kept up to date card by card

	tt    *transTable
	nodes int64
	mv    [maxPly][16]move       // at most 13 moves; 16 so that n&15 indexes unchecked
	win   [maxPly + 1][4]holding // winning ranks backed up from each ply
	undo  [maxPly]trickUndo

	lenKey uint64       // the suit lengths of distKey, kept up to date card by card
	killer [maxPly]move // the lead that last caused a cut-off at each ply

	// patTab[u][a] is the pattern of suit u when the cards a remain (see
	// patterns): a table of the deal, made once in load, so that a trick
	// start reads its four patterns where keeping them up to date card by
	// card cost 5% of the search's instructions.
	patTab   [4][8192]uint32
	patOwner [4][16]uint8 // the owners patTab was made for
}

var noRanks [4]holding

// search reports whether the max side can take at least target tricks, in
// all, counting e.won. On return e.win[ply] holds the cards whose ranks the
// answer depends on.
func (e *engine) search(target, ply int) bool {
	w := &e.win[ply&plyMask]
	e.nodes++
	var key uint64
	var thr int
	var pat [4]uint32
	leaderMax := false
	if e.inTrick == 0 {
		n := e.left
		if e.won >= target {
			*w = noRanks
			return true
		}
		if e.won+n < target {
			*w = noRanks
			return false
		}
		if n == 1 {
			return e.lastTrick(target, w)
		}
		leaderMax = e.leader&1 == e.maxSide
		need := target - e.won
		if !leaderMax {
			need = n - need + 1
		}
		// The transposition table answers "does the leader's side take at
		// least thr of the remaining tricks?". It is asked before the quick
		// tricks are counted: it answers most trick starts, and counting
		// quick tricks first cost more than the 3% fewer nodes their
		// cut-offs with fewer ranks bring (7% more instructions).
		thr = need
		key = e.distKey()
		e.patterns(&pat)
		if ans, ok := e.tt.lookup(key, &pat, thr, w, &e.aggr); ok {
			return ans == leaderMax
		}
		qt := e.quickTricks(w, need)
		if leaderMax {
			if e.won+qt >= target {
				return true
			}
		} else if e.won+n-qt < target {
			return false
		}
		if leaderMax && e.laterTricks(w, e.won+n-target+1) {
			// The max side leads but the other side is sure of the tricks
			// that keep it below target.
			return false
		}
		if !leaderMax && e.laterTricks(w, target-e.won) {
			// The other side leads and the max side is sure of the tricks
			// it still needs.
			return true
		}
	}

	if e.inTrick == 1 {
		// Is the side of the second hand sure of the tricks it needs?
		if (e.leader+1)&1 == e.maxSide {
			if e.secondHandTricks(w, target-e.won) {
				return true
			}
		} else if e.secondHandTricks(w, e.won+e.left-target+1) {
			return false
		}
	}
	if e.inTrick == 2 && (e.won+1 >= target || e.won+e.left-1 < target) {
		// Is either side sure of the trick, and is that enough?
		if s := e.trickSure(w); s == e.maxSide {
			if e.won+1 >= target {
				return true
			}
		} else if s >= 0 && e.won+e.left-1 < target {
			return false
		}
	}
	p := (e.leader + e.inTrick) & 3
	isMax := p&1 == e.maxSide
	n := e.genMoves(ply, p)
	e.order(ply, n, p)
	moves := &e.mv[ply&plyMask]
	var acc uint64            // the winning ranks of the moves searched, packed as in pack
	var smallBelow [4]holding // per suit: a searched card below this bit was shown to be a small card
	result := !isMax
	cut := false
	// Each card is played and taken back here, not in functions of their
	// own: the position in the trick, the card winning it so far and the
	// hand are the same for every move of the node. Only the fourth card,
	// which completes the trick, calls out (completeTrick).
	k := e.inTrick
	win0 := e.curWin
	hp := &e.hand[p&3]
	var b played // the card winning the trick so far
	if k > 0 {
		b = e.trick[win0&3]
	}
	for i := 0; i < n; i++ {
		m := &moves[i&15]
		su := m.suit & 3
		bit := holding(1) << (m.rank & 15)
		if bit < smallBelow[su] {
			// An equal small card of this suit was already searched.
			continue
		}
		hp[su] &^= bit
		lu := lenUnit(p, int(su))
		e.lenKey -= lu
		e.trick[k&3] = played{suit: m.suit, rank: m.rank, seat: uint8(p), seq: m.seq}
		if k == 0 {
			e.curWin = 0
		} else if beats(int(m.suit), int(m.rank), int(b.suit), int(b.rank), e.trump) {
			e.curWin = k
		}
		var r bool
		var cw [4]holding
		if k == 3 {
			e.completeTrick(ply)
			r = e.search(target, ply+1)
			cw = e.win[(ply+1)&plyMask]
			e.addTrickWinner(ply, &cw)
			e.uncompleteTrick(ply)
		} else {
			e.inTrick = k + 1
			r = e.search(target, ply+1)
			cw = e.win[(ply+1)&plyMask]
			e.inTrick = k
		}
		e.curWin = win0
		hp[su] |= bit
		e.lenKey += lu
		if r == isMax {
			if k == 0 {
				e.killer[ply&plyMask] = *m
			}
			result = r
			*w = cw
			cut = true
			break
		}
		acc |= pack(&cw)
		// A card below every rank that mattered in its subtree is a small
		// card: any lower card of the same hand and suit is the same.
		// (The bit above the ace stands for "no rank mattered".)
		lowest := (cw[su] | 1<<13) & -(cw[su] | 1<<13)
		if bit < lowest && smallBelow[su] < lowest {
			smallBelow[su] = lowest
		}
	}
	if !cut {
		*w = unpack(acc)
	}
	if e.inTrick == 0 {
		ans := result == leaderMax // the answer to "leader's side >= thr"
		e.tt.store(key, &pat, w, &e.aggr, thr, ans, e.left)
	}
	return result
}

// pack is a set of ranks in four suits as one word, so that the search
// adds up its moves' winning ranks in one operation (the compiler makes
// the shifts one load).
func pack(h *[4]holding) uint64 {
	return uint64(h[0]) | uint64(h[1])<<16 | uint64(h[2])<<32 | uint64(h[3])<<48
}

func unpack(x uint64) [4]holding {
	return [4]holding{holding(x), holding(x >> 16), holding(x >> 32), holding(x >> 48)}
}

// lastTrick scores the final trick: every hand has one card left.
func (e *engine) lastTrick(target int, w *[4]holding) bool {
	*w = noRanks
	L := e.leader
	var su, rk [4]int
	for k := 0; k < 4; k++ {
		seat := (L + k) & 3
		for u := 0; u < 4; u++ {
			if h := e.hand[seat][u]; h != 0 {
				su[k], rk[k] = u, top(h)
				break
			}
		}
	}
	best := 0
	for k := 1; k < 4; k++ {
		if beats(su[k], rk[k], su[best], rk[best], e.trump) {
			best = k
		}
	}
	same := 0
	for k := 0; k < 4; k++ {
		if su[k] == su[best] {
			same++
		}
	}
	if same > 1 {
		w[su[best]] = 1 << rk[best]
	}
	t := e.won
	if (L+best)&1 == e.maxSide {
		t++
	}
	return t >= target
}

// beats reports whether card (s, r) beats the card (bs, br) now winning
// the trick, given the trump index.
func beats(s, r, bs, br, trump int) bool {
	if s == bs {
		return r > br
	}
	return s == trump
}

// winnerIndex is the position in the trick of the card now winning it,
// worked out from the trick (play keeps it in e.curWin).
func (e *engine) winnerIndex() int {
	best := 0
	for k := 1; k < e.inTrick; k++ {
		c, b := e.trick[k], e.trick[best]
		if beats(int(c.suit), int(c.rank), int(b.suit), int(b.rank), e.trump) {
			best = k
		}
	}
	return best
}

// completeTrick completes the trick whose fourth card the search has just
// put in e.trick (e.curWin naming the card that wins it): the cards leave
// the remaining ones, the winner's side counts the trick and leads the
// next. uncompleteTrick takes it back.
func (e *engine) completeTrick(ply int) {
	u := &e.undo[ply&plyMask]
	u.aggr = e.aggr
	u.trick = e.trick
	u.leader = e.leader
	u.won = e.won
	for k := 0; k < 4; k++ {
		e.aggr[e.trick[k].suit&3] &^= 1 << (e.trick[k].rank & 15)
	}
	wi := e.curWin & 3
	u.wi = wi
	winner := int(e.trick[wi].seat)
	if winner&1 == e.maxSide {
		e.won++
	}
	e.leader = winner
	e.inTrick = 0
	e.left--
}

func (e *engine) uncompleteTrick(ply int) {
	u := &e.undo[ply&plyMask]
	e.aggr = u.aggr
	e.trick = u.trick
	e.leader = u.leader
	e.won = u.won
	e.inTrick = 3
	e.left++
}

// addTrickWinner adds to w the card that won the trick completed at this
// ply, with its equivalents, if it won by rank: if another card of its suit
// was played to the trick. A card that wins because nobody else followed
// (or ruffed) does not depend on its rank.
func (e *engine) addTrickWinner(ply int, w *[4]holding) {
	t := &e.undo[ply&plyMask].trick
	best := e.undo[ply&plyMask].wi & 3
	for k := 0; k < 4; k++ {
		if k != best && t[k].suit == t[best].suit {
			seq := t[best].seq
			if seq == 0 {
				seq = 1 << (t[best].rank & 15)
			}
			w[t[best].suit&3] |= seq
			return
		}
	}
}

// distKey packs the leader, the tricks left and the suit lengths of every
// hand (spades follow from the others) into the key of a group of
// transposition-table entries. Only trick starts are stored, where every
// hand holds e.left cards. The lengths are e.lenKey, which play and
// unplay keep up to date: counting twelve holdings at every trick start
// cost 3% of the search.
func (e *engine) distKey() uint64 {
	return uint64(e.leader) | uint64(e.left)<<2 | e.lenKey
}

// lenUnit is one card of the given seat and suit in lenKey; spades (suit
// 3) do not count. A table: the test for spades, taken on every card
// played and unpredictable, was 2.7% of the search's mispredicted
// branches.
func lenUnit(seat, u int) uint64 {
	return lenUnitTab[seat&3][u&3]
}

var lenUnitTab = func() (t [4][4]uint64) {
	for seat := 0; seat < 4; seat++ {
		for u := 0; u < 3; u++ {
			t[seat][u] = 1 << (6 + 4*uint(3*seat+u))
		}
	}
	return
}()

// lengthKey is lenKey computed from the hands.
func (e *engine) lengthKey() uint64 {
	var k uint64
	for seat := 0; seat < 4; seat++ {
		for u := 0; u < 3; u++ {
			k += uint64(count(e.hand[seat][u])) * lenUnit(seat, u)
		}
	}
	return k
}

// patterns writes, for each suit, the seat holding each remaining card from
// the highest down, two bits a card, the highest in bits 25 and 24: the
// position in relative ranks, where the cards already played do not count.
func (e *engine) patterns(pat *[4]uint32) {
	for u := 0; u < 4; u++ {
		pat[u] = e.patTab[u][e.aggr[u]&8191]
	}
}

// makePatterns fills patTab from the owners of the cards, unless it was
// made for the same owners already (the five strains of a table, the
// positions of a trace).
func (e *engine) makePatterns() {
	if e.patOwner == e.owner { // (a new engine's zero table is right for its zero owners)
		return
	}
	e.patOwner = e.owner
	for u := 0; u < 4; u++ {
		t := &e.patTab[u]
		t[0] = 0
		for a := 1; a < 8192; a++ {
			r := top(holding(a))
			t[a] = uint32(e.owner[u][r&15])<<24 | t[a&^(1<<r)]>>2
		}
	}
}
