package dd

// Quick tricks and later tricks: cheap bounds tried at the start of every
// trick before the transposition table and the search (Haglund, "Search
// algorithms for a bridge double dummy solver", chapters 3 and 4). Each
// returns the ranks it relied on, so that a cut-off it causes is a valid
// partition-search result.

// quickTricks is a number of tricks the leader's side is sure to take
// straight away by cashing the leader's top cards, trumps first. The
// cards relied on go to w.
func (e *engine) quickTricks(w *[4]holding) int {
	*w = noRanks
	L := e.leader
	P, lho, rho := (L+2)&3, (L+1)&3, (L+3)&3
	n := e.left
	qt := 0
	t := e.trump
	lhoT, rhoT := 0, 0
	partnerTrumps := 0
	if t != noTrump {
		lhoT, rhoT = count(e.hand[lho][t]), count(e.hand[rho][t])
		partnerTrumps = count(e.hand[P][t])
		if h := e.hand[L][t]; h != 0 {
			var k int
			if h == e.aggr[t] {
				// Only the leader has trumps: each is a trick, whatever its rank.
				k = count(h)
			} else {
				var used holding
				k, used = topRun(h, e.aggr[t])
				w[t] |= used
			}
			qt += k
			lhoT, rhoT = max(0, lhoT-k), max(0, rhoT-k)
			partnerTrumps = max(0, partnerTrumps-k)
		}
	}
	side := 0
	for u := 0; u < 4; u++ {
		if u == t {
			continue
		}
		h := e.hand[L][u]
		if h == 0 {
			continue
		}
		var k int
		var used holding
		if h == e.aggr[u] {
			// Nobody else holds the suit: every card is a trick unless an
			// opponent can ruff.
			if lhoT > 0 || rhoT > 0 {
				continue
			}
			k = count(h)
		} else {
			k, used = topRun(h, e.aggr[u])
			if k == 0 {
				continue
			}
			// An opponent who still has a trump must still follow suit.
			lim := 13
			if lhoT > 0 {
				lim = min(lim, count(e.hand[lho][u]))
			}
			if rhoT > 0 {
				lim = min(lim, count(e.hand[rho][u]))
			}
			if k > lim {
				k = lim
				used = topCards(used, k)
			}
			if k == 0 {
				continue
			}
		}
		side += k
		w[u] |= used
	}
	if partnerTrumps > 0 {
		// Partner must not be forced to ruff a winner and take the lead:
		// partner needs a card that is not a trump for each trick.
		side = min(side, n-count(e.hand[P][t]))
	}
	qt += side
	return min(qt, n)
}

// laterTrick reports whether the side not on lead is sure of at least one
// of the remaining tricks; the cards relied on go to w. With trumps: an
// opponent of the leader holds the top trump. At no trumps: in every suit
// the leader holds, an opponent holds the top card, so whatever is led
// loses.
func (e *engine) laterTrick(w *[4]holding) bool {
	*w = noRanks
	L := e.leader
	if t := e.trump; t != noTrump {
		a := e.aggr[t]
		if a == 0 {
			return false
		}
		r := top(a)
		if int(e.owner[t][r])&1 != L&1 {
			w[t] = 1 << r
			return true
		}
		return false
	}
	for u := 0; u < 4; u++ {
		if e.hand[L][u] == 0 {
			continue
		}
		r := top(e.aggr[u])
		if int(e.owner[u][r])&1 == L&1 {
			*w = noRanks
			return false
		}
		w[u] |= 1 << r
	}
	return true
}

// topRun is the number of cards of h that are the highest cards of a, in an
// unbroken run from the top, and those cards.
func topRun(h, a holding) (int, holding) {
	var used holding
	k := 0
	for a != 0 {
		r := top(a)
		b := holding(1) << r
		if h&b == 0 {
			break
		}
		used |= b
		a &^= b
		k++
	}
	return k, used
}

// topCards is the k highest cards of h.
func topCards(h holding, k int) holding {
	var out holding
	for ; k > 0 && h != 0; k-- {
		b := holding(1) << top(h)
		out |= b
		h &^= b
	}
	return out
}
