package dd

// The weights of the cards played to a trick already led, after DDS's
// (Haglund and Hein, Moves.cpp, WeightAlloc*Notvoid1..3 and *Void1..3), in
// our own terms. Ranks in the formulas are card ranks, 2 to 14, as DDS
// counts them, so that the weights compare as they do there; 0 stands for
// no card. rRank counts the remaining cards of the suit from the top, 1
// for the highest.

// trickState is what the weights of the cards of one node depend on.
type trickState struct {
	led     int  // suit led
	lead    int  // rank of the card led
	trumps  bool // trumps are left (else the no-trump weights apply)
	winSuit int  // the card winning the trick so far
	winRank int
	winPos  int // its position in the trick, 0 for the leader's
}

// rk is the card rank (2-14) of the highest card of h, 0 if h is empty.
func rk(h holding) int {
	if h == 0 {
		return 0
	}
	return top(h) + 2
}

// lowRk is the card rank of the lowest card of h, 0 if h is empty.
func lowRk(h holding) int {
	if h == 0 {
		return 0
	}
	return top(h&-h) + 2
}

func (e *engine) trickState(ts *trickState) {
	ts.led = int(e.trick[0].suit)
	ts.lead = int(e.trick[0].rank) + 2
	ts.trumps = e.trump != noTrump && e.aggr[e.trump&3] != 0
	wi := e.curWin
	ts.winSuit, ts.winRank, ts.winPos = int(e.trick[wi].suit), int(e.trick[wi].rank)+2, wi
}

// discardAdd is the bonus of a discard or ruff from a suit of sc cards:
// sc*64/div (per[sc], a table made for each div, so that no division is
// left in the search), less pen if the hand holds the second card of the
// suit in a doubleton (Kx) and less pen1 if it holds the top card
// singleton.
func (e *engine) discardAdd(p, u int, per *[16]int16, pen, pen1 int) int {
	sc := count(e.hand[p&3][u&3])
	add := int(per[sc&15])
	if sc <= 2 && pen|pen1 != 0 {
		add -= e.honourPen(p, u, sc, pen, pen1)
	}
	return add
}

// perDiv is the table of sc*64/div for discardAdd.
func perDiv(div int) (t [16]int16) {
	for sc := range t {
		t[sc] = int16(sc * 64 / div)
	}
	return
}

var (
	per23, per24, per27, per33 = perDiv(23), perDiv(24), perDiv(27), perDiv(33)
	per36, per40, per44, per50 = perDiv(36), perDiv(40), perDiv(44), perDiv(50)
)

// honourPen is the penalty of discardAdd for a doubleton or singleton.
func (e *engine) honourPen(p, u, sc, pen, pen1 int) int {
	if pen != 0 && sc == 2 {
		if e.topOwner(u, 2) == p {
			return pen
		}
	}
	if pen1 != 0 && sc == 1 {
		if e.topOwner(u, 1) == p {
			return pen1
		}
	}
	return 0
}

// followWeights scores the n moves of seat p at this ply, a card to a trick
// already led.
func (e *engine) followWeights(ply, n, p int) {
	mv := &e.mv[ply&plyMask]
	var ts trickState
	e.trickState(&ts)
	L := e.leader
	h := &e.hand
	t := e.trump
	ls := ts.led
	following := int(mv[0].suit) == ls // all moves follow, or none does
	switch e.inTrick {
	case 1:
		// Second hand. Third hand is the leader's partner, fourth ours.
		P3, P4 := (L+2)&3, (L+3)&3
		if following {
			max3rd, maxpd := rk(h[P3][ls]), rk(h[P4][ls])
			min3rd, minpd := lowRk(h[P3][ls]), lowRk(h[P4][ls])
			lead := ts.lead
			if !ts.trumps {
				if maxpd > lead && maxpd > max3rd {
					e.winCheaply(ply, n, 15, 0) // partner beats both opponents
					return
				}
				for i := 0; i < n; i++ {
					m := &mv[i]
					R := int(m.rank) + 2
					rr := count(e.aggr[ls] >> m.rank)
					var w int
					switch {
					case R > lead && R > max3rd:
						w = 81 - R // we beat both opponents
					case min3rd > R || minpd > R:
						w = -3 + rr // the card can make no difference
					case R < lead:
						w = -11 + rr
					case m.seq&(m.seq-1) != 0:
						w = 10 + rr
					default:
						w = 13 - R
					}
					m.weight = int16(w)
				}
				return
			}
			trP3, trP4 := h[P3][t], h[P4][t]
			for i := 0; i < n; i++ {
				m := &mv[i]
				R := int(m.rank) + 2
				rr := count(e.aggr[ls] >> m.rank)
				win := false
				if ls == t {
					win = maxpd > lead && maxpd > max3rd || R > lead && R > max3rd
				} else {
					switch {
					case R > lead && R > max3rd:
						win = max3rd != 0 || trP3 == 0 || maxpd == 0 && trP4 != 0 && trP4 > trP3
					case maxpd > lead && maxpd > max3rd:
						win = max3rd != 0 || trP3 == 0
					case lead > maxpd && lead > max3rd && lead > R:
						if maxpd == 0 && trP4 != 0 {
							win = max3rd != 0 || trP3 == 0 || trP4 > trP3
						}
					case maxpd == 0 && trP4 != 0:
						win = true
					}
				}
				var w int
				switch {
				case win && min3rd > R:
					w = 40 + rr // partner must be winning; we cannot
				case win && maxpd > lead && h[L][ls] > h[P4][ls]:
					w = 41 + rr
				case win && R > lead:
					switch {
					case R < maxpd:
						w = 78 - R
					case R > max3rd:
						w = 73 - R
					case m.seq&(m.seq-1) != 0:
						w = 62 - R
					default:
						w = 49 - R
					}
				case win && maxpd > 0:
					w = 47 - R
				case win:
					w = 40 - R
				case R < min3rd || R < minpd:
					w = -9 + rr // beaten anyway
				case R < lead:
					w = -16 + rr // already beaten
				case m.seq&(m.seq-1) != 0:
					w = 22 - R
				default:
					w = 10 - R
				}
				m.weight = int16(w)
			}
			return
		}
		// Second hand is void in the suit led.
		leadBit := holding(1) << uint(ts.lead-2)
		partnerWins := h[P4][ls] > h[P3][ls]|leadBit // fourth hand has the winner of the suit
		if !ts.trumps {
			for i := 0; i < n; i++ {
				m := &mv[i]
				var add int
				if partnerWins {
					add = e.discardAdd(p, int(m.suit), &per23, 2, 3)
				} else {
					add = e.discardAdd(p, int(m.suit), &per33, 6, 8)
				}
				m.weight = int16(-(int(m.rank) + 2) + add)
			}
			return
		}
		for i := 0; i < n; i++ {
			m := &mv[i]
			u := int(m.suit)
			R := int(m.rank) + 2
			var w int
			switch {
			case ls == t:
				// Trumps led and we have none: a discard.
				if partnerWins {
					w = -R + e.discardAdd(p, u, &per44, 0, 0)
				} else {
					w = -R + e.discardAdd(p, u, &per36, 4, 0)
				}
			case u != t:
				// A discard on a side suit.
				good := false
				if h[P3][ls] != 0 {
					good = partnerWins || h[P4][ls] == 0 && h[P4][t] != 0
				} else {
					good = h[P4][ls] == 0 && h[P4][t] > h[P3][t] ||
						h[P3][t] == 0 && h[P4][ls] > leadBit
				}
				if good {
					w = -R + 60 + e.discardAdd(p, u, &per44, 0, 0)
				} else {
					w = -R - 2 + e.discardAdd(p, u, &per36, 4, 0)
				}
			case h[P3][ls] != 0:
				// We ruff and third hand follows.
				w = 24 - R + e.discardAdd(p, u, &per44, 0, 0)
			case h[P4][ls] == 0 && h[P4][t] != 0 && h[P4][t] > h[P3][t]:
				// Everybody is void, and partner can overruff.
				w = 24 - R + e.discardAdd(p, u, &per44, 0, 0)
			case holding(1)<<m.rank > h[P3][t]:
				// Third hand cannot overruff.
				w = 24 - R + e.discardAdd(p, u, &per44, 0, 0)
			default:
				// We are overruffed: make it cost them.
				w = 15 - R + e.discardAdd(p, u, &per36, 4, 0)
			}
			m.weight = int16(w)
		}
	case 2:
		// Third hand; fourth hand is the leader's right-hand opponent.
		P4 := (L + 3) & 3
		c4 := h[P4][ls]
		max4th, min4th := rk(c4), lowRk(c4)
		w1 := ts.winRank // the card winning after two cards
		leaderWins := ts.winPos == 0
		if following {
			max3rd := int(mv[0].rank) + 2 // moves come highest first
			if !ts.trumps {
				if leaderWins && ts.lead > max4th {
					// Partner wins the trick: play low, but overtake a
					// singleton of his with our top cards if they run the suit.
					e.winCheaply(ply, n, 15, 0)
					if h[L][ls] == 0 && e.topOwner(ls, 1) == p {
						oppLen := max(count(c4)-1, count(h[(L+1)&3][ls]))
						mno := 0
						for mno < n-1 && int(mv[mno+1].rank)+2 > ts.lead {
							mno++
						}
						if oppLen <= e.topSequence(p, ls, ts.lead-2)-1 {
							mv[mno].weight += 20
						}
					}
					return
				}
				if max3rd < min4th || max3rd < w1 {
					e.winCheaply(ply, n, 15, 0) // too low to matter
					return
				}
				e.winCheaply(ply, n, max(w1, max4th), 60)
				if max4th > max3rd && max4th > w1 {
					e.forceOut(ply, n, c4, w1, !leaderWins)
				}
				return
			}
			switch {
			case ls == t && (leaderWins && ts.lead > max4th || max3rd < min4th || max3rd < w1),
				ls != t && ts.winSuit == t, // second hand ruffed
				ls != t && leaderWins && (max4th == 0 || ts.lead > max4th),
				max3rd < min4th || max3rd < w1:
				e.winCheaply(ply, n, 15, 0) // play low
			case ls != t && !leaderWins && max4th == 0:
				e.winCheaply(ply, n, w1, 20) // fourth hand ruffs or not: beat second hand
			case max3rd > max4th:
				e.winCheaply(ply, n, max(w1, max4th), 58)
			case ls == t:
				e.winCheaply(ply, n, 15, 0)
				e.forceOut(ply, n, c4, w1, !leaderWins)
			default:
				e.winCheaply(ply, n, max(w1, max4th), 60)
				e.forceOut(ply, n, c4, w1, !leaderWins)
			}
			return
		}
		// Third hand is void in the suit led.
		for i := 0; i < n; i++ {
			m := &mv[i]
			u := int(m.suit)
			R := int(m.rank) + 2
			var w int
			switch {
			case !ts.trumps:
				w = -R + e.discardAdd(p, u, &per24, 4, 4)
			case ls == t || u != t:
				w = -R + e.discardAdd(p, u, &per40, 0, 0) // discard small from length
			case leaderWins && ts.lead > max4th && (max4th != 0 || h[P4][t] == 0):
				w = -R - 50 // do not ruff partner's sure winner
			case ts.winSuit == t && R < w1:
				w = -32 + count(e.aggr[u]>>m.rank) + e.discardAdd(p, u, &per40, 0, 0) // no underruff
			case leaderWins:
				switch {
				case max4th != 0:
					if e.topOwner(ls, 2) == L {
						w = 36 - R + e.discardAdd(p, u, &per50, 0, 0)
					} else {
						w = 48 - R + e.discardAdd(p, u, &per50, 0, 0)
					}
				case holding(1)<<m.rank > h[P4][t]:
					w = 48 - R + e.discardAdd(p, u, &per50, 0, 0)
				default:
					w = -12 - R + e.discardAdd(p, u, &per50, 0, 0)
				}
			case max4th != 0:
				w = 72 - R + e.discardAdd(p, u, &per50, 0, 0) // ruff low
			case holding(1)<<m.rank > h[P4][t]:
				w = 48 - R + e.discardAdd(p, u, &per50, 0, 0)
			default:
				w = 36 - R + e.discardAdd(p, u, &per50, 0, 0)
			}
			m.weight = int16(w)
		}
	case 3:
		// Fourth hand.
		partnerWins := ts.winPos == 1
		if following {
			if partnerWins || ls != t && ts.winSuit == t {
				e.winCheaply(ply, n, 15, 0)
			} else {
				e.winCheaply(ply, n, ts.winRank, 30)
			}
			return
		}
		for i := 0; i < n; i++ {
			m := &mv[i]
			u := int(m.suit)
			R := int(m.rank) + 2
			var w int
			switch {
			case !ts.trumps:
				w = -R + e.discardAdd(p, u, &per27, 6, 8)
			case ls == t:
				w = -R + e.discardAdd(p, u, &per24, 2, 0)
			case partnerWins && u == t:
				w = 2 - R + e.discardAdd(p, u, &per24, 2, 0)
			case partnerWins:
				w = 25 - R + e.discardAdd(p, u, &per24, 2, 0)
			case ts.winSuit == t && u == t:
				rr := count(e.aggr[u] >> m.rank)
				if R > ts.winRank {
					w = 33 + rr // overruff
				} else {
					w = -13 + rr
				}
			case u == t:
				w = 33 + count(e.aggr[u]>>m.rank) // ruff and win
			default:
				w = 14 - R + e.discardAdd(p, u, &per24, 2, 0)
			}
			m.weight = int16(w)
		}
	}
}

// winCheaply weights the n moves at this ply, all of the suit led: base
// less the rank for a card ranked above above, minus the rank for the
// others, so that the cheapest winning card comes first, then the lowest.
// With above 15 (no card) the lowest card comes first.
func (e *engine) winCheaply(ply, n, above, base int) {
	mv := &e.mv[ply&plyMask]
	for i := 0; i < n; i++ {
		R := int(mv[i].rank) + 2
		if R > above {
			mv[i].weight = int16(base - R)
		} else {
			mv[i].weight = int16(-R)
		}
	}
}

// forceOut adds 20 to the weight of the move by which third hand, whose
// fourth hand c4 holds the top card of the suit led, forces that card out
// as cheaply as possible: the lowest of our cards above fourth hand's
// second group of equal cards, if that group beats the card winning so far
// (w1); else, if second hand is winning (secondWins), the lowest card that
// beats his.
func (e *engine) forceOut(ply, n int, c4 holding, w1 int, secondWins bool) {
	mv := &e.mv[ply&plyMask]
	ls := int(e.trick[0].suit)
	r := top(c4)
	// Fourth hand's top group ends at the highest other remaining card
	// below its top (the cards of the trick in progress count).
	below := (e.aggr[ls] &^ c4) & (holding(1)<<r - 1)
	if below == 0 {
		return // one group
	}
	rest := c4 & (holding(2)<<top(below) - 1)
	if rest == 0 {
		return
	}
	bar := top(rest) + 2
	switch {
	case bar > w1:
	case secondWins:
		bar = w1
	default:
		return
	}
	k := 0
	for k < n && int(mv[k].rank)+2 > bar {
		k++
	}
	if k > 0 {
		mv[k-1].weight += 20
	}
}

// topSequence is the number of cards of seat p's top group in suit u, the
// card of rank index lead played by partner not separating them.
func (e *engine) topSequence(p, u, lead int) int {
	h := e.hand[p&3][u&3]
	others := e.aggr[u] &^ h &^ (1 << uint(lead))
	r := top(h)
	below := others & (holding(1)<<r - 1)
	if below == 0 {
		return count(h)
	}
	return count(h &^ (holding(2)<<top(below) - 1))
}
