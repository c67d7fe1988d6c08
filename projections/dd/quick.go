package dd

// Quick tricks and later tricks: cheap bounds tried at the start of every
// trick before the transposition table and the search (Haglund, "Search
// algorithms for a bridge double dummy solver", chapters 3 and 4). Each
// returns the ranks it relied on, so that a cut-off it causes is a valid
// partition-search result.

// quickTricks is a number of tricks the leader's side is sure to take
// straight away: first the leader cashes his top cards, trumps first; then,
// if he can reach partner with a suit in which partner holds the top card,
// partner cashes his. It stops counting once it reaches need, so that w,
// where the cards relied on go, holds no more than the cut-off needs:
// fewer ranks make the table entries above it more general.
func (e *engine) quickTricks(w *[4]holding, need int) int {
	*w = noRanks
	L := e.leader
	P, lho, rho := (L+2)&3, (L+1)&3, (L+3)&3
	n := e.left
	t := e.trump
	var cashed [4]int   // tricks the leader cashes in each suit
	var gone [4]holding // the leader's cards cashed
	lhoT, rhoT := 0, 0  // opponents' trumps left after the leader's trumps
	partnerTrumps := 0
	if t != noTrump {
		lhoT, rhoT = count(e.hand[lho][t]), count(e.hand[rho][t])
		partnerTrumps = count(e.hand[P][t])
		if h := e.hand[L][t]; h != 0 {
			var k int
			if h == e.aggr[t] {
				// Only the leader has trumps: each is a trick, whatever its rank.
				k = count(h)
				gone[t] = h
			} else {
				var used holding
				k, used = topRun(h, e.aggr[t])
				w[t] |= used
				gone[t] = used
				if k > 0 && max(lhoT, rhoT, partnerTrumps) <= k {
					// The run draws every other trump: the rest are
					// tricks too.
					k, gone[t] = count(h), h
				}
			}
			cashed[t] = k
			lhoT, rhoT = max(0, lhoT-k), max(0, rhoT-k)
			partnerTrumps = max(0, partnerTrumps-k)
		}
	}
	oppRuff := lhoT > 0 || rhoT > 0
	// Partner must not be forced to ruff a winner and take the lead:
	// partner needs a card that is not a trump for each side-suit trick.
	sideCap := n
	if partnerTrumps > 0 {
		sideCap = n - count(e.hand[P][t])
	}
	tk := 0
	if t != noTrump {
		tk = cashed[t]
	}
	if tk >= need {
		return min(tk, n)
	}
	// safe caps the tricks in suit u, the first done of them already cashed,
	// at the length of any opponent who could still ruff.
	safe := func(u, k, done int) int {
		if lhoT > 0 {
			k = min(k, count(e.hand[lho][u])-done)
		}
		if rhoT > 0 {
			k = min(k, count(e.hand[rho][u])-done)
		}
		return max(k, 0)
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
			if oppRuff {
				continue
			}
			k, used = count(h), 0
			gone[u] = h
		} else {
			k, used = topRun(h, e.aggr[u])
			if k == 0 {
				continue
			}
			if c := safe(u, k, 0); c < k {
				k = c
				used = topCards(used, k)
			}
			if k == 0 {
				continue
			}
			gone[u] = used
			if !oppRuff && max(count(e.hand[lho][u]), count(e.hand[rho][u]), count(e.hand[P][u])) <= k {
				// The run exhausts the suit in the other hands: the
				// leader's long cards are tricks too.
				k, gone[u] = count(h), h
			}
		}
		cashed[u] = k
		side += k
		w[u] |= used
		if tk+min(side, sideCap) >= need {
			return min(tk+min(side, sideCap), n)
		}
	}
	qt := tk + min(side, sideCap)
	if qt >= n {
		return n
	}
	if qt == 0 && t != noTrump && e.partnerRuffs(L, P, lho, rho) {
		// Nothing to cash, but a lead partner ruffs is a sure trick: no
		// rank matters.
		return 1
	}
	// Then cross to partner. With trumps: never through the trump suit;
	// a round of a side suit only while every opponent who may still ruff
	// must follow; partner's trumps only when the opponents have none; and,
	// if the leader keeps trumps, no more tricks than he has other cards,
	// so that he never has to ruff partner's winner and take the lead back.
	if side > sideCap {
		return qt // the leader's cashing was cut short: his cards are not all gone
	}
	if !e.partnerTopsASuit(L, P, lho, rho) {
		return qt // partner has no winner to cross to
	}
	leaderFree := n
	if t != noTrump && count(e.hand[L][t]) > cashed[t] {
		leaderFree = n - count(e.hand[L][t]) - side
	}
	// Partner keeps, in each suit, his cards above the ones he followed
	// with while the leader cashed; the rest of his hand must cover his
	// discards, so the plan may use at most n-qt of his cards.
	var keep [4]holding
	var rest [4]holding // cards left in each suit after the leader cashed
	for u := 0; u < 4; u++ {
		keep[u] = topCards(e.hand[P][u], count(e.hand[P][u])-cashed[u])
		rest[u] = e.aggr[u] &^ gone[u] &^ (e.hand[P][u] &^ keep[u])
	}
	// longRun is partner's tricks in suit u where he cashes a run of k top
	// cards: all his cards if the run exhausts the suit in the other
	// hands (the leader's last card of the suit led to him counting) and
	// nobody can ruff.
	longRun := func(k, u int) int {
		if oppRuff {
			return k
		}
		c := cashed[u]
		if max(count(e.hand[lho][u])-c, count(e.hand[rho][u])-c, count(e.hand[L][u])-c) <= k {
			return count(keep[u])
		}
		return k
	}
	var pw [4]holding
	best := 0
	for b := 0; b < 4; b++ {
		if b == t || count(e.hand[L][b]) <= cashed[b] || keep[b] == 0 {
			continue // no card left to lead to partner, or nothing to lead to
		}
		k, used := topRun(keep[b], rest[b])
		if c := safe(b, k, cashed[b]); c < k {
			k, used = c, topCards(used, c)
		}
		if k == 0 {
			continue
		}
		k = longRun(k, b)
		var tw [4]holding
		tw[b] = used
		tot, plan := k, k
		for u := 0; u < 4; u++ {
			if u == b || keep[u] == 0 || (u == t || keep[u] == rest[u]) && oppRuff {
				continue
			}
			if keep[u] == rest[u] {
				// Nobody else has a card left in the suit.
				tot += count(keep[u])
				plan += count(keep[u])
				continue
			}
			k2, u2 := topRun(keep[u], rest[u])
			if u != t {
				if c := safe(u, k2, cashed[u]); c < k2 {
					k2, u2 = c, topCards(u2, c)
				}
			}
			if k2 > 0 {
				k2 = longRun(k2, u)
			}
			tot += k2
			plan += k2
			tw[u] = u2
		}
		if plan+qt <= n && tot <= leaderFree && tot > best {
			best, pw = tot, tw
		}
	}
	if best > 0 {
		for u := 0; u < 4; u++ {
			w[u] |= pw[u]
		}
		qt += best
	}
	return min(qt, n)
}

// laterTricks reports whether the side not on lead is sure of at least k
// of the remaining tricks; the cards relied on go to w. With trumps (after
// DDS's LaterTricksMIN and LaterTricksMAX): when only that side holds
// trumps, each trump of its longer trump hand takes a trick, whatever the
// ranks; else its top trump takes one, and its top two take two if one of
// the hands holding them has another trump (the two then never need to
// fall to the same trick); when the leader's side holds the top trump, the
// second takes a trick if its holder has another trump and plays after
// the top's holder, or if the third is the other side's too. Without
// trumps, one trick: if in every suit the leader holds an opponent holds
// the top card, whatever is led loses; and the leader's side cannot take
// every trick if the suits it tops hold fewer rounds than there are
// tricks left (a round of a suit it tops takes a card from each of its
// hands that still holds one, and it must never lead a suit the others
// top).
func (e *engine) laterTricks(w *[4]holding, k int) bool {
	*w = noRanks
	L := e.leader
	if t := e.trump; t != noTrump && e.aggr[t&3] != 0 {
		a := e.aggr[t&3]
		r1 := top(a)
		o1 := int(e.owner[t&3][r1&15])
		h := &e.hand
		if o1&1 == L&1 {
			// The leader's side holds the top trump: the opponents are
			// sure of a trick with the second if its holder has another
			// trump and plays after the top's holder, or with the second
			// and the third.
			if k != 1 {
				return false
			}
			a &^= 1 << r1
			if a == 0 {
				return false
			}
			r2 := top(a)
			o2 := int(e.owner[t&3][r2&15])
			if o2&1 == L&1 || count(h[o2&3][t&3]) < 2 {
				return false
			}
			if o1 == (o2+3)&3 {
				w[t&3] = 1<<r1 | 1<<r2
				return true
			}
			if a &^= 1 << r2; a == 0 {
				return false
			}
			r3 := top(a)
			if int(e.owner[t&3][r3&15])&1 != L&1 {
				w[t&3] = 1<<r1 | 1<<r2 | 1<<r3
				return true
			}
			return false
		}
		if h[L][t&3]|h[(L+2)&3][t&3] == 0 && max(count(h[(L+1)&3][t&3]), count(h[(L+3)&3][t&3])) >= k {
			return true
		}
		switch k {
		case 1:
			w[t&3] = 1 << r1
			return true
		case 2:
			a &^= 1 << r1
			if a == 0 {
				return false
			}
			r2 := top(a)
			o2 := int(e.owner[t&3][r2&15])
			if o2&1 == o1&1 && (count(h[o2&3][t&3]) > 1 || count(h[(o2+2)&3][t&3]) > 1) {
				w[t&3] = 1<<r1 | 1<<r2
				return true
			}
		}
		return false
	}
	if k != 1 {
		return false
	}
	lose := true
	for u := 0; u < 4; u++ {
		if e.hand[L][u] == 0 {
			continue
		}
		r := top(e.aggr[u])
		if int(e.owner[u][r&15])&1 == L&1 {
			lose = false
			break
		}
		w[u] |= 1 << r
	}
	if lose {
		return true
	}
	*w = noRanks
	rounds := 0
	P := (L + 2) & 3
	for u := 0; u < 4; u++ {
		a := e.aggr[u]
		if a == 0 {
			continue
		}
		r := top(a)
		if o := int(e.owner[u][r&15]); o&1 == L&1 {
			rounds += max(count(e.hand[L][u]), count(e.hand[P][u]))
		} else if a != e.hand[o&3][u] {
			// The top's owner matters where others hold cards of the suit.
			w[u] = 1 << r
		}
	}
	if rounds < e.left {
		return true
	}
	*w = noRanks
	return false
}

// topRun is the number of cards of h that are the highest cards of a, in an
// unbroken run from the top, and those cards.
func topRun(h, a holding) (int, holding) {
	// The run is the cards of a above the highest card of a that h lacks.
	used := a
	if x := a &^ h; x != 0 {
		used = a &^ (holding(2)<<top(x) - 1)
	}
	return count(used), used
}

// topCards is the k highest cards of h: peeling the top k, or dropping
// the lowest len-k, whichever is fewer steps.
func topCards(h holding, k int) holding {
	if k <= 0 {
		return 0
	}
	n := count(h)
	if k >= n {
		return h
	}
	if k <= n-k {
		var out holding
		for ; k > 0; k-- {
			b := holding(1) << top(h)
			out |= b
			h &^= b
		}
		return out
	}
	for drop := n - k; drop > 0; drop-- {
		h &= h - 1
	}
	return h
}

// secondHandTricks reports, after the lead, whether the side of the second
// hand is sure of at least k tricks from here. The trick in progress is
// sure if the second or the fourth hand holds the highest card of the suit
// led and the third hand cannot ruff, or the second or the fourth hand can
// ruff and the third hand cannot overruff. Without trumps, the hand that wins it then
// cashes the run of top cards it holds in the suit led and in each other
// suit, and every card of a suit nobody else holds (after DDS's
// QuickTricksSecondHand). It stops counting once it reaches k, and the
// cards relied on go to w.
func (e *engine) secondHandTricks(w *[4]holding, k int) bool {
	*w = noRanks
	led := int(e.trick[0].suit) & 3
	L := e.leader
	second, third, fourth := (L+1)&3, (L+2)&3, (L+3)&3
	t := e.trump
	if k > 1 && t != noTrump && e.aggr[t&3] != 0 {
		return false // with trumps it counts the trick in progress only
	}
	h := &e.hand
	thirdCanRuff := t != noTrump && led != t && h[third][led] == 0 && h[third][t&3] != 0
	// The highest card of the suit led that is played to the trick or held
	// by a hand still to play (the leader's other cards do not count).
	a := e.aggr[led] &^ h[L&3][led]
	hi := top(a)
	if o := int(e.owner[led][hi&15]); (o == second || o == fourth) && !thirdCanRuff {
		w[led] = 1 << hi
		if k <= 1 {
			return true
		}
		// The winner of the trick cashes the run of top cards it holds
		// (the trick in progress is the first of it).
		n := 1
		if c, used := topRun(h[o][led], e.aggr[led]); c > 1 {
			n, w[led] = c, used
		}
		if n >= k {
			return true
		}
		for u := 0; u < 4; u++ {
			hu := h[o][u]
			if u == led || hu == 0 {
				continue
			}
			if hu == e.aggr[u] {
				n += count(hu) // nobody else holds the suit
			} else {
				c, used := topRun(hu, e.aggr[u])
				n += c
				w[u] = used
			}
			if n >= k {
				return true
			}
		}
		*w = noRanks
		return false
	}
	if k > 1 {
		return false
	}
	if t == noTrump || led == t {
		return false
	}
	thirdFollows := h[third][led] != 0 || h[third][t&3] == 0
	if h[second][led] == 0 && h[second][t&3] != 0 {
		if thirdFollows {
			return true // the ruff cannot be overruffed; no rank matters
		}
		ht := top(h[second][t&3])
		if top(h[third][t&3]) < ht {
			w[t&3] = 1 << ht
			return true
		}
	}
	if h[fourth][led] == 0 && h[fourth][t&3] != 0 {
		// Fourth hand ruffs last.
		if thirdFollows {
			return true
		}
		ht := top(h[fourth][t&3])
		if top(h[third][t&3]) < ht {
			w[t&3] = 1 << ht
			return true
		}
	}
	return false
}

// trickSure is, after two cards of a trick, the side (0 North-South, 1
// East-West) sure to win it, or -1: the side whose card is the highest of
// the suit led (played or held by the hands still to play) when the other
// side's hand still to play cannot ruff, or the second hand's side when
// it ruffed and the third hand must follow suit or holds only lower
// trumps. The cards relied on go to w.
func (e *engine) trickSure(w *[4]holding) int {
	*w = noRanks
	led := int(e.trick[0].suit) & 3
	L := e.leader
	third, fourth := (L+2)&3, (L+3)&3
	t := e.trump
	h := &e.hand
	if t != noTrump && led != t {
		if c := e.trick[1]; int(c.suit) == t {
			// The second hand ruffed.
			if h[third][led] != 0 || h[third][t] == 0 {
				return (L + 1) & 1
			}
			if top(h[third][t]) < int(c.rank) {
				w[t] = 1 << c.rank
				return (L + 1) & 1
			}
			return -1
		}
	}
	// The highest of the cards of the suit led played to the trick or held
	// by the hands still to play.
	a := h[third][led] | h[fourth][led] | 1<<e.trick[0].rank
	if int(e.trick[1].suit) == led {
		a |= 1 << e.trick[1].rank
	}
	hi := top(a)
	o := int(e.owner[led][hi&15])
	// The hand of the other side still to play must not be able to ruff.
	other := fourth
	if o&1 != L&1 {
		other = third
	}
	if t != noTrump && led != t && h[other][led] == 0 && h[other][t] != 0 {
		return -1
	}
	if a&(a-1) != 0 {
		w[led] = 1 << hi // else nobody else plays the suit: no rank matters
	}
	return o & 1
}

// partnerRuffs reports whether the leader has a side suit in which partner
// is void and holds a trump while each opponent must follow suit or has no
// trump: partner's ruff wins whatever the ranks.
func (e *engine) partnerRuffs(L, P, lho, rho int) bool {
	t := e.trump
	if e.hand[P][t] == 0 {
		return false
	}
	for u := 0; u < 4; u++ {
		if u == t || e.hand[L][u] == 0 || e.hand[P][u] != 0 {
			continue
		}
		if (e.hand[lho][u] != 0 || e.hand[lho][t] == 0) && (e.hand[rho][u] != 0 || e.hand[rho][t] == 0) {
			return true
		}
	}
	return false
}

// partnerTopsASuit reports whether partner holds a card above both
// opponents' in a side suit in which the leader holds a card: the cheap
// condition without which quickTricks cannot cross to partner, tested
// before the work of planning the crossing.
func (e *engine) partnerTopsASuit(L, P, lho, rho int) bool {
	for b := 0; b < 4; b++ {
		if b == e.trump || e.hand[L][b] == 0 {
			continue
		}
		if hp := e.hand[P][b]; hp != 0 && hp > e.hand[lho][b]|e.hand[rho][b] {
			return true
		}
	}
	return false
}
