package dd

import (
	"strconv"
	"strings"

	"github.com/hoyle/hoyle/events/cards"
)

// Par finds the par score and the par contracts of a deal from its
// double-dummy table, the way DDS's Par() and SidesParBin() do (Bo
// Haglund's adaptation of Matthew Kidd's ACBLmerge): starting with one
// side, each side in turn bids the contract that improves its score the
// most (a making contract, or a doubled sacrifice over the other side's),
// until neither side can improve; then the strain found is set aside and
// the bidding is replayed without it, to find every strain that reaches
// the same score. The result can depend on which side starts (both sides
// can make 1NT, say), so DDS computes it twice: with North-South starting
// and with East-West starting.
//
// A par contract that is made may be reachable at several levels: 3NT
// with an overtrick is also 4NT bid and made when the opponents have
// nothing to bid over 3NT that beats 4NT's score. DDS writes such
// contracts with all their levels, "NS 34N".

// ParContract is one par contract.
type ParContract struct {
	// Level is the lowest level at which the contract is par. A contract
	// that is made may also be par at the Overtricks levels above it:
	// Level 2 with Overtricks 2 is 2, 3 or 4 of the strain, each making
	// exactly 4 (DDS writes "234").
	Level      int
	Overtricks int
	Strain     cards.Strain
	// Declarers are the seats that can declare it: both seats of the side
	// when both take the same tricks, otherwise the one that takes more.
	Declarers []cards.Seat
	// Doubled is true for a sacrifice: the contract is doubled and goes
	// down Undertricks.
	Doubled     bool
	Undertricks int
}

// Side is the declaring side.
func (c ParContract) Side() cards.Side { return c.Declarers[0].Partnership() }

// Tricks is the tricks declarer takes.
func (c ParContract) Tricks() int {
	if c.Doubled {
		return c.Level + 6 - c.Undertricks
	}
	return c.Level + 6 + c.Overtricks
}

// ParView is the par result when one side is first to bid.
type ParView struct {
	// Score is the par score for North-South (negative when East-West
	// score), the same whichever contract of Contracts is played.
	Score     int
	Contracts []ParContract
}

// ParResult is the par of a deal with North-South first to bid and with
// East-West first to bid; the two differ only in rare "hot" deals.
type ParResult struct {
	NSFirst, EWFirst ParView
}

// DDSStrings writes the result as DDS's Par() does: "NS 420", "EW -420",
// "NS:NS 4H", "EW:NS 4H"; several contracts are joined by commas, the
// levels at which a made contract is par are run together ("NS 234C"), a
// sacrifice ends in "x" ("EW:EW 5Dx"), and a deal where nobody can make
// anything is "NS 0", "EW 0", "NS:", "EW:".
func (r ParResult) DDSStrings() [4]string {
	return [4]string{
		"NS " + strconv.Itoa(r.NSFirst.Score),
		"EW " + strconv.Itoa(-r.EWFirst.Score),
		"NS:" + r.NSFirst.contractsText(),
		"EW:" + r.EWFirst.contractsText(),
	}
}

func (v ParView) contractsText() string {
	if v.Score == 0 {
		return ""
	}
	parts := make([]string, 0, len(v.Contracts))
	for _, c := range v.Contracts {
		var b strings.Builder
		if len(c.Declarers) == 2 {
			b.WriteString(c.Side().String())
		} else {
			b.WriteString(c.Declarers[0].String())
		}
		b.WriteByte(' ')
		if c.Doubled {
			b.WriteString(strconv.Itoa(c.Level))
		} else {
			for l := c.Level; l <= c.Level+c.Overtricks; l++ {
				b.WriteString(strconv.Itoa(l))
			}
		}
		b.WriteString(strainLetter(c.Strain))
		if c.Doubled {
			b.WriteByte('x')
		}
		parts = append(parts, b.String())
	}
	return strings.Join(parts, ",")
}

func strainLetter(s cards.Strain) string {
	if s == cards.NoTrump {
		return "N"
	}
	return s.String()
}

// parStrains is the bidding order of the strains in the par search, from
// the highest ranking: no trumps, spades, hearts, diamonds, clubs. A lower
// index outranks a higher one at the same level.
var parStrains = [5]cards.Strain{cards.NoTrump, cards.StrainSpades, cards.StrainHearts, cards.StrainDiamonds, cards.StrainClubs}

// Scorer is declarer's score at duplicate for a contract of level in
// strain, doubled or not, at declarer's vulnerability, taking tricks
// (negative when it goes down). It is all the solver knows of scoring: the
// code whose par is wanted gives it (contract.ParScore for Contract
// Bridge), so that the solver imports no ruleset.
type Scorer func(level int, strain cards.Strain, doubled, vulnerable bool, tricks int) int

// makeScore is declarer's score for bidding and making exactly tricks in
// strain j (an index into parStrains), undoubled.
func (sc Scorer) makeScore(j, tricks int, vul bool) int {
	return sc(tricks-6, parStrains[j], false, vul, tricks)
}

// sacrificeScore is declarer's (negative) score for going down ut tricks
// doubled.
func (sc Scorer) sacrificeScore(ut int, vul bool) int {
	return sc(7, cards.NoTrump, true, vul, 13-ut)
}

// Par computes the par result of a table at a vulnerability, scoring each
// contract by score.
func Par(t Table, vul cards.Vulnerability, score Scorer) ParResult {
	var views [2]parSide
	for first := 0; first < 2; first++ {
		views[first] = parFirst(&t, vul, cards.Side(first), score)
	}
	var out [2]ParView
	if views[0].score == 0 {
		return ParResult{}
	}
	for first := 0; first < 2; first++ {
		out[first] = views[first].contracts(&t, vul, cards.Side(first), views[0].score > 0, score)
	}
	removeDominated(&out)
	return ParResult{NSFirst: out[0], EWFirst: out[1]}
}

// parSide is the outcome of the auction with one side first to bid: the
// score for that side and the strains (with trick targets) that reach it.
type parSide struct {
	score    int // for the side that bid first
	sacrific int // undertricks when the par contract is a sacrifice, else 0
	found    []parFound
}

type parFound struct {
	denom  int // index into parStrains
	tricks int // tricks the contract asks for: level + 6
}

// sideTricks is the tricks side s takes in parStrains[j] with its better
// declarer.
func sideTricks(t *Table, s cards.Side, j int) int {
	st := parStrains[j]
	a, b := t.Tricks[st][int(s)], t.Tricks[st][int(s)+2]
	return max(a, b)
}

// parFirst runs the auction with side first bidding first.
func parFirst(t *Table, vul cards.Vulnerability, first cards.Side, scorer Scorer) parSide {
	var res parSide
	var filtered [5]bool
	nFiltered := 0
	denom, tricks, score, sacut := -1, 6, 0, 0 // the standing contract; 6 tricks so that 1-level bids beat it
	bidder, bothBid := 0, false                // bidder 0 is the first side, 1 the other
	type cand struct{ j, tt, key int }
	var cs [5]cand
	for {
		side := cards.Side((int(first) + bidder) % 2)
		isVul := vul.Vulnerable(side)
		improved := false
		prevDenom, prevTricks := denom, tricks
		// Order the strains by what they are worth to the bidder, best
		// first; ties keep the strain order.
		n := 0
		for j := 0; j < 5; j++ {
			if filtered[j] {
				continue
			}
			tt := sideTricks(t, side, j)
			key := 0
			if tt > tricks || tt == tricks && j < denom {
				key = scorer.makeScore(j, tt, isVul)
			} else if ut := prevTricks - tt; ut == 0 {
				key = 100 // DDS's formula for no undertricks; only the order matters
			} else {
				key = scorer.sacrificeScore(ut, isVul)
			}
			c := cand{j, tt, key}
			i := n
			for ; i > 0 && c.key > cs[i-1].key; i-- {
				cs[i] = cs[i-1]
			}
			cs[i] = c
			n++
		}
		for _, c := range cs[:n] {
			var sc, ut int
			if c.tt > tricks || c.tt == tricks && c.j < denom {
				sc = scorer.makeScore(c.j, c.tt, isVul)
			} else {
				// Not enough to outbid: a sacrifice, one level higher in a
				// lower-ranking strain.
				ut = prevTricks - c.tt
				if c.j >= prevDenom {
					if prevTricks == 13 {
						continue // nothing is higher than 7NT
					}
					ut++
				}
				if ut <= 0 {
					continue
				}
				sc = scorer.sacrificeScore(ut, isVul)
			}
			if bidder == 1 {
				sc = -sc
			}
			if bidder == 0 && sc > score || bidder == 1 && sc < score {
				improved = true
				score, denom = sc, c.j
				if bidder == 0 && sc > 0 || bidder == 1 && sc < 0 {
					tricks, sacut = c.tt, 0
				} else {
					tricks, sacut = c.tt+ut, ut
				}
			}
		}
		if improved || !bothBid {
			bothBid = true
			bidder = 1 - bidder
			continue
		}
		// The auction has settled on denom. Record it and replay the
		// auction without it, while the score stays the same.
		if nFiltered == 0 {
			res.score = score
			if score == 0 {
				return res
			}
			res.sacrific = sacut
		} else if res.score != score {
			return res
		}
		if nFiltered >= 5 {
			return res
		}
		filtered[denom] = true
		nFiltered++
		res.found = append(res.found, parFound{denom, tricks})
		bothBid, bidder = false, 0
		denom, tricks, score, sacut = -1, 6, 0, 0
	}
}

// maxLower[k][level] is how many levels a made par contract may be lowered
// and still score the same premium: k 0 no trumps, 1 a major, 2 a minor.
var maxLower = [3][8]int{
	{0, 0, 1, 0, 1, 2, 0, 0},
	{0, 0, 1, 2, 0, 1, 0, 0},
	{0, 0, 1, 2, 3, 0, 0, 0},
}

func strainClass(j int) int {
	switch j {
	case 0:
		return 0
	case 1, 2:
		return 1
	}
	return 2
}

// contracts turns the strains found with side first bidding first into
// par contracts. nsMakes is whether North-South gain in the NS-first view,
// which fixes whose vulnerability the sacrifice checks use (as DDS does).
func (ps parSide) contracts(t *Table, vul cards.Vulnerability, first cards.Side, nsMakes bool, scorer Scorer) ParView {
	v := ParView{Score: ps.score}
	if first == cards.EW {
		v.Score = -ps.score
	}
	if ps.sacrific > 0 {
		// The par contract is a sacrifice by the side that loses the par
		// score; list it by strain rank.
		sacSide := first
		if ps.score > 0 {
			sacSide = 1 - first
		}
		found := append([]parFound(nil), ps.found...)
		for i := 1; i < len(found); i++ {
			for k := i; k > 0 && found[k].denom < found[k-1].denom; k-- {
				found[k], found[k-1] = found[k-1], found[k]
			}
		}
		for _, f := range found {
			v.Contracts = append(v.Contracts, ParContract{
				Level: f.tricks - 6, Strain: parStrains[f.denom], Declarers: declarers(t, sacSide, f.denom),
				Doubled: true, Undertricks: ps.sacrific,
			})
		}
		return v
	}
	// A made contract, by the side that gains the par score.
	mkSide := first
	if ps.score < 0 {
		mkSide = 1 - first
	}
	opp := 1 - mkSide
	// The opponents' best strain: the most tricks, the highest ranking on a tie.
	oppMax, oppDenom := 0, 0
	for j := 0; j < 5; j++ {
		if tu := sideTricks(t, opp, j); tu > oppMax {
			oppMax, oppDenom = tu, j
		}
	}
	defVul := vul.Vulnerable(cards.EW)
	if !nsMakes {
		defVul = vul.Vulnerable(cards.NS)
	}
	abs := max(ps.score, -ps.score)
	for _, f := range ps.found {
		j := f.denom
		// How far the contract can come down and stay above the
		// opponents' best contract...
		lower := f.tricks - oppMax
		extra := 0
		if oppDenom < j {
			lower--
			extra = 1
		}
		// ...such that their sacrifice over the lower contract would
		// still cost them more than the par score...
		for lower > 0 && abs >= -scorer.sacrificeScore(f.tricks-lower-oppMax+1-extra, defVul) {
			lower--
		}
		// ...and, when the other side bids first, such that they have no
		// cheap sacrifice in the same strain.
		oppTricks := sideTricks(t, opp, j)
		for lower > 0 && ps.score < 0 && abs > -scorer.sacrificeScore(f.tricks-lower-oppTricks, defVul) {
			lower--
		}
		level := f.tricks - 6
		lower = min(lower, maxLower[strainClass(j)][level])
		over := max(lower, 0)
		v.Contracts = append(v.Contracts, ParContract{
			Level: level - over, Overtricks: over, Strain: parStrains[j], Declarers: declarers(t, mkSide, j),
		})
	}
	return v
}

// declarers is who of side s declares strain parStrains[j]: both when they
// take the same tricks, else the one who takes more.
func declarers(t *Table, s cards.Side, j int) []cards.Seat {
	a, b := cards.Seat(s), cards.Seat(s)+2
	ta, tb := t.Tricks[parStrains[j]][a], t.Tricks[parStrains[j]][b]
	switch {
	case ta == tb:
		return []cards.Seat{a, b}
	case ta > tb:
		return []cards.Seat{a}
	}
	return []cards.Seat{b}
}

// removeDominated drops, from each view, the par contracts below the
// highest contract the other view's own side declares, as DDS does when
// the two views differ.
func removeDominated(v *[2]ParView) {
	type dom struct{ level, denom int }
	var d [2]dom
	for i := 0; i < 2; i++ {
		d[i] = dom{-1, -1}
		own := cards.Side(i) // in view i, the contracts declared by side i
		for _, c := range v[i].Contracts {
			ss, j := c.Level+c.Overtricks, parIndex(c.Strain)
			if ss > d[i].level || ss == d[i].level && j < d[i].denom {
				if c.Side() == own {
					d[i] = dom{ss, j}
				}
			}
		}
	}
	if d[0].denom < 0 || d[1].denom < 0 {
		return
	}
	for i := 0; i < 2; i++ {
		o := d[1-i]
		var remove [5]bool
		for _, c := range v[i].Contracts {
			ss, j := c.Level+c.Overtricks, parIndex(c.Strain)
			if ss < o.level || ss == o.level && o.denom < j {
				remove[j] = true
			}
		}
		kept := v[i].Contracts[:0]
		for _, c := range v[i].Contracts {
			if !remove[parIndex(c.Strain)] {
				kept = append(kept, c)
			}
		}
		v[i].Contracts = kept
	}
}

func parIndex(s cards.Strain) int {
	for j, p := range parStrains {
		if p == s {
			return j
		}
	}
	return -1
}
