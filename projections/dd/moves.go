package dd

// Move generation and move ordering. Only one card of each group of
// equivalent cards is generated; the groups are worked out against the
// cards remaining at the start of the trick, so that a card played to the
// trick in progress still separates the cards around it. The ordering is
// a simplified form of the weights in Haglund's paper (chapter 5): cash
// winners, lead towards partner's winners, follow low unless the card wins
// cheaply, ruff when it wins, discard from length. (A bonus for the move
// that last caused a cut-off at the same ply, the "killer" of chess
// programs, or for the best lead stored in a matching table entry made the
// search larger here: from 43 to 73 million nodes on ten list deals; a
// card good in one position is often poor in the next.)

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
// in suit u: runs of h's cards with no card of another hand (or of the
// trick in progress) between them.
func (e *engine) groups(mv *[13]move, n, u int, h holding) int {
	others := e.aggr[u] &^ h
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
		mv[n] = move{suit: uint8(u), rank: uint8(r), seq: seq}
		n++
		h &^= seq
	}
	return n
}

// order scores the n moves at this ply and sorts them, best first.
func (e *engine) order(ply, n, p int) {
	mv := &e.mv[ply]
	if n == 1 {
		return
	}
	var fc followCtx
	if e.inTrick > 0 {
		e.followContext(p, &fc)
	}
	for i := 0; i < n; i++ {
		m := &mv[i]
		var w int
		if e.inTrick == 0 {
			w = e.leadWeight(p, m)
		} else {
			w = e.followWeight(p, m, &fc)
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

// followCtx is what the weights of a follower's cards depend on, worked out
// once a node.
type followCtx struct {
	led         int
	bs, br      int  // the card winning the trick so far
	partnerWins bool // it is partner's
	last        bool // fourth hand
	// The opponent still to play after this hand, if any (second and third
	// hand): its highest card in the led suit, or whether it can ruff.
	qLed     int // -1 if void in the led suit or no opponent to come
	qRuff    bool
	qTopTrmp int
}

func (e *engine) followContext(p int, c *followCtx) {
	c.led = int(e.trick[0].suit)
	b := e.trick[e.winnerIndex()]
	c.bs, c.br = int(b.suit), int(b.rank)
	c.partnerWins = int(b.seat)&1 == p&1
	c.last = e.inTrick == 3
	c.qLed = -1
	if !c.last {
		q := (p + 1) & 3
		if h := e.hand[q][c.led]; h != 0 {
			c.qLed = top(h)
		} else if t := e.trump; t != noTrump && e.hand[q][t] != 0 {
			c.qRuff = true
			c.qTopTrmp = top(e.hand[q][t])
		}
	}
}

// laterBeats reports whether the opponent still to play can beat card (s, r).
func (e *engine) laterBeats(c *followCtx, s, r int) bool {
	if c.last {
		return false
	}
	if c.qLed >= 0 {
		return s == c.led && c.qLed > r
	}
	if c.qRuff {
		return s != e.trump || c.qTopTrmp > r
	}
	return false
}

// leadWeight scores a lead by seat p. The weights were tuned by counting
// the nodes of the tables of list100 deals 1-10 and checked on deals 51-60
// (43M and 76M nodes before, 26M and 44M after), then on deals 41-50 and
// 31-40: what mattered most was to keep away from suits an opponent can
// ruff, to lead trumps last, and, with trumps, to try first the suits in
// which the opponents hold many cards.
func (e *engine) leadWeight(p int, m *move) int {
	u := int(m.suit)
	r := int(m.rank)
	a := e.aggr[u]
	P, lho, rho := (p+2)&3, (p+1)&3, (p+3)&3
	lenL, lenR := count(e.hand[lho][u]), count(e.hand[rho][u])
	w := 0
	if e.trump != noTrump {
		w = (lenL + lenR) * 2 // more of the opponents' cards to play: tried first, as it turned out
	}
	if t := e.trump; t != noTrump && u != t {
		if (lenL == 0 && e.hand[lho][t] != 0) || (lenR == 0 && e.hand[rho][t] != 0) {
			w -= 80 // an opponent can ruff
		}
		if count(e.hand[p][u]) == 1 && e.hand[p][t] != 0 && e.hand[P][u] != 0 {
			w += 8 // a singleton lead to ruff later
		}
	} else if t != noTrump && u == t {
		w -= 50 // trump leads last: measured, they make the search larger
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
			w += 20
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
			w -= 30
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
func (e *engine) followWeight(p int, m *move, c *followCtx) int {
	u := int(m.suit)
	r := int(m.rank)
	wins := beats(u, r, c.bs, c.br, e.trump)
	if u == c.led {
		switch {
		case c.partnerWins && !e.laterBeats(c, c.bs, c.br):
			return -r
		case wins && !e.laterBeats(c, u, r):
			return 60 - r
		case wins:
			if e.inTrick == 1 {
				return -10 - r // second hand low
			}
			return 20 - r
		default:
			return -r
		}
	}
	if t := e.trump; t != noTrump && u == t {
		switch {
		case c.partnerWins && !e.laterBeats(c, c.bs, c.br):
			return -40 - r // no need to ruff partner's winner
		case !wins:
			return -50 - r // underruff
		case !e.laterBeats(c, u, r):
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
