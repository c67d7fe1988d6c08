package dd

// Move generation and move ordering. Only one card of each group of
// equivalent cards is generated; the groups are worked out against the
// cards remaining at the start of the trick, so that a card played to the
// trick in progress still separates the cards around it. Moves are
// ordered after DDS's weights: leads in leadWeight, with the lead that last
// caused a cut-off at the same ply; the other hands' cards in
// followWeights (follow.go). (A bonus for the last cut-off move at the
// following plies made the search larger: a card good in one position is
// often poor in the next.)

// genMoves writes the moves of seat p to e.mv[ply] and returns how many.
func (e *engine) genMoves(ply, p int) int {
	mv := &e.mv[ply&plyMask]
	n := 0
	if e.inTrick > 0 {
		led := int(e.trick[0].suit)
		if h := e.hand[p&3][led&3]; h != 0 {
			return e.groups(mv, n, led, h)
		}
	}
	for u := 3; u >= 0; u-- {
		if h := e.hand[p&3][u]; h != 0 {
			n = e.groups(mv, n, u, h)
		}
	}
	return n
}

// groups appends one move for each group of equivalent cards of holding h
// in suit u: runs of h's cards with no card of another hand (or of the
// trick in progress) between them.
func (e *engine) groups(mv *[16]move, n, u int, h holding) int {
	others := e.aggr[u&3] &^ h
	for h != 0 {
		r := top(h)
		// The run ends at the highest card of another hand below r.
		below := others & (holding(1)<<r - 1)
		var seq holding
		if below == 0 {
			seq = h
		} else {
			seq = h &^ (holding(2)<<top(below) - 1)
		}
		mv[n&15] = move{suit: uint8(u), rank: uint8(r), seq: seq}
		n++
		h &^= seq
	}
	return n
}

// order scores the n moves at this ply and sorts them, best first.
func (e *engine) order(ply, n, p int) {
	mv := &e.mv[ply&plyMask]
	if n == 1 {
		return
	}
	if e.inTrick > 0 {
		e.followWeights(ply, n, p)
	} else {
		// Moves come suit by suit: what depends on the suit only is
		// worked out once a suit.
		var ls leadSuit
		for i := 0; i < n; i++ {
			if i == 0 || mv[i].suit != mv[i-1].suit {
				e.leadSuitOf(p, int(mv[i].suit), &ls)
			}
			mv[i].weight = int16(e.leadWeight(ply, p, &mv[i], &ls))
		}
	}
	for i := 1; i < n; i++ {
		x := mv[i]
		j := i
		for j > 0 && mv[j-1].weight < x.weight {
			mv[j] = mv[j-1]
			j--
		}
		mv[j] = x
	}
}

// leadWeight scores a lead by seat p at this ply. It follows the lead
// weights of DDS (Haglund and Hein, Moves.cpp, WeightAllocNT0 and
// WeightAllocTrump0), in our own terms:
//
//   - every lead starts from minus the number of cards the two opponents may
//     answer with (their length in the suit, or their whole hand if they are
//     void): a lead that leaves them few choices makes a small tree;
//   - a lead that wins the trick (the top card, or towards partner's top
//     card, or for partner to ruff, each only where no opponent can ruff it
//     or overruff) comes first, more so where the side also holds the next
//     card, and lower cards of the side's winning suit before the top;
//   - otherwise the suit is better where partner holds the second and
//     third cards, or an opponent holds the top card singleton, and worse
//     where the leader's right-hand opponent holds a top card (he plays
//     last to the trick);
//   - with trumps: a suit an opponent can ruff is worse, one partner can
//     ruff better, and a singleton led towards partner's winner, to ruff
//     the return, better;
//   - the lead that last caused a cut-off at this ply (the "killer" of
//     chess programs) gets a bonus, large if it wins the trick.
//
// Where no trumps are left the no-trump weights apply. Replacing our own
// simpler lead weights by these took the list100 tables from 325 to 208
// million nodes. rRank counts the remaining cards of the suit from the top
// (1 for the highest), so that among the winning leads of a suit a lower
// card is tried first.
func (e *engine) leadWeight(ply, p int, m *move, ls *leadSuit) int {
	u := int(m.suit)
	r := int(m.rank)
	t := e.trump
	P, L, R := (p+2)&3, (p+1)&3, (p+3)&3
	h := &e.hand
	lenL, lenR, lenP := ls.lenL, ls.lenR, ls.lenP
	cL, cR := ls.cL, ls.cR
	st := &ls.st
	rRank := count(e.aggr[u&3] >> uint(r&15))
	seq := m.seq&(m.seq-1) != 0 // more than one card
	k := &e.killer[ply&plyMask]
	killer := k.seq != 0 && k.suit == m.suit && m.seq&(1<<k.rank) != 0
	partnerTops := ls.partnerTops
	if t == noTrump || e.aggr[t] == 0 {
		d := -(cL + cR) * 128 / 19
		if lenP == 0 {
			d -= 9
		}
		var w int
		if st.r1 == r || partnerTops {
			switch st.o2 {
			case R:
				if lenR != 1 {
					d--
				}
			case L:
				if lenL != 1 {
					d += 22
				} else {
					d += 16
				}
			}
			if (st.o2 != L || lenL == 1) && (st.o2 != R || lenR == 1) {
				w = d + 45 + rRank
			} else {
				w = d + 18 + rRank
			}
			if killer {
				w += 126
			}
			return w
		}
		if st.o1 == R || st.o2 == R {
			if lenR != 1 {
				d -= 10
			}
		} else if st.o1 == L && st.o2 == P && lenP != 1 {
			d += 31
		}
		if st.o2 == P && st.o3 == P {
			d += 35
		} else if lenP > 1 && (st.o2 == p && st.o3 == P || st.o2 == P && st.o3 == p) {
			d += 25
		}
		switch {
		case lenL == 1 && st.o1 == L || lenR == 1 && st.o1 == R:
			w = d + 28 + rRank
		case st.o1 == p:
			w = d - 17 + rRank
		case !seq:
			w = d + 12 + rRank
		case r == st.r2:
			w = d + 48
		default:
			w = d + 29 - rRank
		}
		if killer {
			w += 47
		}
		return w
	}
	trL, trR, trP := h[L][t], h[R][t], h[P][t]
	d := -(cL + cR) * 128 / 13
	if u != t && (lenL == 0 && trL != 0 || lenR == 0 && trR != 0) {
		d -= 12 // an opponent can ruff
	}
	if u != t && lenP == 0 && trP != 0 && lenR > 0 {
		d += 17 // partner can ruff
	}
	if st.o1 == R || st.o2 == R {
		if lenR != 1 {
			d -= 12
		}
	} else if st.o1 == L && st.o2 == P && lenP != 1 {
		d += 27
	}
	if u != t && count(h[p][u]) == 1 && h[p][t] != 0 && lenP > 1 && st.o1 == P {
		d += 19 // to partner's winner, to ruff the return
	}
	// Does the lead win the trick? A holding compared as a number ranks by
	// its highest card, so trP > trL says partner overruffs.
	win := false
	switch {
	case st.r1 == r:
		switch {
		case u == t:
			win = true
		case lenP != 0 || trP == 0:
			win = (lenL != 0 || trL == 0) && (lenR != 0 || trR == 0)
		default:
			win = (lenL != 0 || trP > trL) && (lenR != 0 || trP > trR)
		}
	case partnerTops:
		win = u == t || (lenL != 0 || trL == 0) && (lenR != 0 || trR == 0)
	case u != t && lenP == 0 && trP != 0:
		ruffL, ruffR := lenL == 0 && trL != 0, lenR == 0 && trR != 0
		switch {
		case ruffL && ruffR:
			win = trP > trL|trR
		case ruffL:
			win = trP > trL
		case ruffR:
			win = trP > trR
		default:
			win = true
		}
	}
	var w int
	if win {
		switch {
		case lenL == 1 && st.o1 == L || lenR == 1 && st.o1 == R:
			w = d + 35 + rRank
		case st.o1 == p:
			switch {
			case st.o2 == P:
				w = d + 48 + rRank
			case st.r1 == r:
				w = d + 31
			default:
				w = d - 3 + rRank
			}
		case st.o1 == P:
			if st.o2 == p {
				w = d + 42 + rRank
			} else {
				w = d + 28 + rRank
			}
		case seq && r == st.r2:
			w = d + 40
		case seq:
			w = d + 22 + rRank
		default:
			w = d + 11 + rRank
		}
		if killer {
			w += 55
		}
		return w
	}
	if st.o2 == P && st.o3 == P {
		d += 20
	} else if lenP > 1 && (st.o2 == p && st.o3 == P || st.o2 == P && st.o3 == p) {
		d += 13
	}
	switch {
	case lenL == 1 && st.o1 == L || lenR == 1 && st.o1 == R:
		w = d + 2 + rRank
	case st.o1 == p:
		switch {
		case st.o2 == P:
			w = d + 33 + rRank
		case st.r1 == r:
			w = d + 38
		default:
			w = d - 14 + rRank
		}
	case st.o1 == P:
		w = d + 34 + rRank
	case seq && r == st.r2:
		w = d + 35
	default:
		w = d + 15 - r
	}
	if killer {
		w += 18
	}
	return w
}

// leadSuit is what the weight of a lead by seat p depends on that is the
// same for every card of the suit.
type leadSuit struct {
	lenL, lenR, lenP int // lengths of the left, right opponent and partner
	cL, cR           int // the opponents' choices in reply: length, or the hand when void
	st               suitTop
	partnerTops      bool // partner's highest card beats both opponents'
}

func (e *engine) leadSuitOf(p, u int, ls *leadSuit) {
	P, L, R := (p+2)&3, (p+1)&3, (p+3)&3
	h := &e.hand
	u &= 3
	ls.lenL, ls.lenR, ls.lenP = count(h[L][u]), count(h[R][u]), count(h[P][u])
	ls.cL, ls.cR = ls.lenL, ls.lenR
	if ls.cL == 0 {
		ls.cL = e.left
	}
	if ls.cR == 0 {
		ls.cR = e.left
	}
	e.suitTops(u, &ls.st)
	ls.partnerTops = h[P][u] > h[L][u]|h[R][u]
}

// suitTop is, for one suit, the seats holding its three highest remaining
// cards and the ranks of the top two, -1 where there are fewer cards.
type suitTop struct {
	o1, o2, o3 int
	r1, r2     int
}

// suitTops writes the suitTop of suit u to st.
func (e *engine) suitTops(u int, st *suitTop) {
	*st = suitTop{-1, -1, -1, -1, -1}
	u &= 3
	a := e.aggr[u]
	if a == 0 {
		return
	}
	st.r1 = top(a)
	st.o1 = int(e.owner[u][st.r1&15])
	if a &^= 1 << st.r1; a == 0 {
		return
	}
	st.r2 = top(a)
	st.o2 = int(e.owner[u][st.r2&15])
	if a &^= 1 << st.r2; a != 0 {
		st.o3 = int(e.owner[u][top(a)&15])
	}
}

// topOwner is the seat holding the k-th highest remaining card of suit u
// (k 1 or 2), -1 if there are fewer cards.
func (e *engine) topOwner(u, k int) int {
	a := e.aggr[u&3]
	if k == 2 && a != 0 {
		a &^= 1 << top(a)
	}
	if a == 0 {
		return -1
	}
	return int(e.owner[u&3][top(a)&15])
}
