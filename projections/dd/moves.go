package dd

// Move generation and move ordering. Only one card of each group of
// equivalent cards is generated; the groups are worked out against the
// cards remaining at the start of the trick, so that a card played to the
// trick in progress still separates the cards around it. The ordering is
// a simplified form of the weights in Haglund's paper (chapter 5): cash
// winners, lead towards partner's winners, follow low unless the card wins
// cheaply, ruff when it wins, discard from length; plus the move that last
// caused a cut-off at the same ply.

// genMoves writes the moves of seat p to e.mv[ply] and returns how many.
func (e *engine) genMoves(ply, p int) int {
	mv := &e.mv[ply]
	n := 0
	if e.inTrick > 0 {
		led := int(e.trick[0].suit)
		if h := e.hand[p][led]; h != 0 {
			return e.groups(mv, n, led, h)
		}
	}
	for u := 3; u >= 0; u-- {
		if h := e.hand[p][u]; h != 0 {
			n = e.groups(mv, n, u, h)
		}
	}
	return n
}

// groups appends one move for each group of equivalent cards of holding h
// in suit u: runs of h's cards with no other card of e.aggr between them.
func (e *engine) groups(mv *[13]move, n, u int, h holding) int {
	a := e.aggr[u]
	for h != 0 {
		r := top(h)
		seq := holding(1) << r
		for lo := r; ; {
			below := a & (holding(1)<<lo - 1)
			if below == 0 {
				break
			}
			nx := top(below)
			if h&(1<<nx) == 0 {
				break
			}
			seq |= 1 << nx
			lo = nx
		}
		mv[n] = move{suit: uint8(u), rank: uint8(r), seq: seq}
		n++
		h &^= seq
	}
	return n
}

// order scores the n moves at this ply and sorts them, best first.
func (e *engine) order(ply, n, p int) {
	mv := &e.mv[ply]
	k := e.killer[ply]
	for i := 0; i < n; i++ {
		m := &mv[i]
		var w int
		if e.inTrick == 0 {
			w = e.leadWeight(p, m)
		} else {
			w = e.followWeight(p, m)
		}
		if k.seq != 0 && k.suit == m.suit && m.seq&(1<<k.rank) != 0 {
			w += 30
		}
		m.weight = int16(w)
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

// leadWeight scores a lead by seat p.
func (e *engine) leadWeight(p int, m *move) int {
	u := int(m.suit)
	r := int(m.rank)
	a := e.aggr[u]
	P, lho, rho := (p+2)&3, (p+1)&3, (p+3)&3
	lenL, lenR := count(e.hand[lho][u]), count(e.hand[rho][u])
	w := -(lenL + lenR) * 2
	if t := e.trump; t != noTrump && u != t {
		if (lenL == 0 && e.hand[lho][t] != 0) || (lenR == 0 && e.hand[rho][t] != 0) {
			w -= 20
		}
		if count(e.hand[p][u]) == 1 && e.hand[p][t] != 0 && e.hand[P][u] != 0 {
			w += 8 // a singleton lead to ruff later
		}
	}
	hi := top(a)
	owner := int(e.owner[u][hi])
	rest := a &^ (1 << hi)
	second := -1
	if rest != 0 {
		second = int(e.owner[u][top(rest)])
	}
	switch {
	case owner == p:
		if r == hi {
			w += 40
			if second == P || second == p {
				w += 10
			}
		} else {
			w += 5 - r
		}
	case owner == P:
		if second == p {
			w += 45 - r
		} else {
			w += 35 - r
		}
	default:
		if second == rho || owner == rho {
			w -= 15
		}
		if count(m.seq) > 1 && r != 0 && second == p && int(e.owner[u][r]) == p && r == top(rest) {
			w += 30 // lead the top of a sequence headed by the second card
		} else {
			w += 10 - r
		}
	}
	return w
}

// followWeight scores a card played by seat p to a trick already led.
func (e *engine) followWeight(p int, m *move) int {
	u := int(m.suit)
	r := int(m.rank)
	led := int(e.trick[0].suit)
	bi := e.winnerIndex()
	b := e.trick[bi]
	bs, br := int(b.suit), int(b.rank)
	partnerWins := int(b.seat)&1 == p&1
	last := e.inTrick == 3
	wins := beats(u, r, bs, br, e.trump)
	// Can someone still to play (after p) beat card (s, rk)?
	laterBeats := func(s, rk int) bool {
		for k := e.inTrick + 1; k < 4; k++ {
			q := (e.leader + k) & 3
			if q&1 == p&1 {
				continue
			}
			if h := e.hand[q][led]; h != 0 {
				if s == led && top(h) > rk {
					return true
				}
			} else if t := e.trump; t != noTrump && e.hand[q][t] != 0 {
				if s != t || top(e.hand[q][t]) > rk {
					return true
				}
			}
		}
		return false
	}
	if u == led {
		switch {
		case partnerWins && (last || !laterBeats(bs, br)):
			return -r
		case wins && (last || !laterBeats(u, r)):
			return 60 - r
		case wins:
			if e.inTrick == 1 {
				return 5 - r // second hand low, mostly
			}
			return 20 - r
		default:
			return -r
		}
	}
	if t := e.trump; t != noTrump && u == t {
		switch {
		case partnerWins && (last || !laterBeats(bs, br)):
			return -40 - r // no need to ruff partner's winner
		case !wins:
			return -50 - r // underruff
		case last || !laterBeats(u, r):
			return 50 - r
		default:
			return 20 - r
		}
	}
	// A discard: from length, keeping winners.
	w := 2*count(e.hand[p][u]) - r
	if a := e.aggr[u]; int(e.owner[u][top(a)]) == p && top(a) == r {
		w -= 20
	}
	return w
}
