package auction1908

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/testkit"
	"github.com/hoyle/hoyle/projections/game"
)

// auction runs calls through the ruleset from the dealer, South, and
// returns the hand; a refused call fails the test.
func auction(t *testing.T, calls string) *game.Hand {
	t.Helper()
	r := New()
	h := game.NewHand(1, cards.South, r.Seating(), nil)
	r.Start(h, nil)
	for _, tok := range strings.Fields(calls) {
		c, err := r.ParseCall(tok)
		require.NoError(t, err, tok)
		require.NoError(t, r.Call(h, c, events.ID{}), "%s after %v", tok, h.Calls)
	}
	return h
}

// refused says why the ruleset refuses call after calls.
func refused(t *testing.T, calls, call string) string {
	t.Helper()
	h := auction(t, calls)
	c, err := New().ParseCall(call)
	require.NoError(t, err)
	err = New().Call(h, c, events.ID{})
	var ie *game.IllegalError
	require.ErrorAs(t, err, &ie, "%s after %s", call, calls)
	return ie.Law + ": " + ie.Reason
}

// Law 48's own examples: "a call of two tricks in Spades overcalls one
// trick in Clubs, or 'Two Diamonds' overcalls 'One No Trump'"; and Law
// 55: "'Two Diamonds' will still overcall 'One No Trump,' although the
// 'no trump' declaration has been doubled".
func TestLaw48OvercallsByValue(t *testing.T) {
	bid := func(s string) cards.Call { c, err := cards.ParseCall(s); require.NoError(t, err); return c }
	assert.True(t, Higher(bid("2S"), bid("1C")), "two spades (4) overcall one club (4)")
	assert.True(t, Higher(bid("2D"), bid("1NT")), "two diamonds (12) overcall one no trump (12)")
	assert.False(t, Higher(bid("1NT"), bid("2D")), "fewer tricks of equal value")
	assert.True(t, Higher(bid("3S"), bid("1D")), "three spades (6) overcall one diamond (6): equal value, more tricks")
	assert.True(t, Higher(bid("4S"), bid("1D")), "four spades (8) overcall one diamond (6)")
	assert.False(t, Higher(bid("1H"), bid("1NT")))
	assert.Equal(t, []int{2, 4, 6, 8, 12}, []int{TrickValue(cards.StrainSpades), TrickValue(cards.StrainClubs),
		TrickValue(cards.StrainDiamonds), TrickValue(cards.StrainHearts), TrickValue(cards.NoTrump)}, "Law 4, as in Bridge")

	h := auction(t, "1NT X 2D P P P")
	assert.Equal(t, &game.Contract{Level: 2, Strain: cards.StrainDiamonds, Declarer: cards.North}, h.Contract, "Law 55: two diamonds over one no trump doubled")
	assert.Contains(t, refused(t, "1C", "1S"), "Law 48")
	_, err := New().ParseCall("1RS")
	if err == nil {
		assert.Contains(t, refused(t, "", "1RS"), "cannot be bid", "royal spades are of 1913, not 1908")
	}
}

// Laws 47, 49, 56, 57 and 60: the dealer must declare; doubling re-opens
// the bidding; a declaration is doubled and re-doubled once, never by the
// caller's partner; the first of the final side to name the suit plays it,
// and the player on his left leads.
func TestTheDeclaration(t *testing.T) {
	assert.Contains(t, refused(t, "", "P"), "Law 47")
	assert.Contains(t, refused(t, "1S P", "X"), "Law 56: a player may not double his partner's declaration")
	assert.Contains(t, refused(t, "1S X", "X"), "Law 56")
	assert.Contains(t, refused(t, "1S X P", "XX"), "Law 56: a player may not redouble his partner's double")
	assert.Contains(t, refused(t, "1S X XX", "XX"), "Law 56")

	// North re-doubles his partner's call doubled by West (Law 56); East
	// then overcalls (Law 57), and South, who first named hearts for his
	// side, plays the final hearts (Law 49).
	h := auction(t, "1H X XX 1NT 2H P P P")
	require.NotNil(t, h.Contract)
	assert.Equal(t, game.Contract{Level: 2, Strain: cards.StrainHearts, Declarer: cards.South}, *h.Contract)
	assert.Equal(t, cards.North, h.Dummy)
	assert.Equal(t, cards.West, h.Turn, "the player on the declarer's left leads (Law 60)")

	// "When a declaration has been doubled, any player, including the
	// declarer or his partner, can in his proper turn make a further
	// declaration of higher value" (Law 57).
	h = auction(t, "1H X 1NT P P P")
	assert.Equal(t, game.Contract{Level: 1, Strain: cards.NoTrump, Declarer: cards.North}, *h.Contract)
	h = auction(t, "1NT P 3C 2NT X P P P")
	assert.Equal(t, game.Contract{Level: 2, Strain: cards.NoTrump, Doubled: 1, Declarer: cards.East}, *h.Contract)
	h = auction(t, "1S P P P")
	assert.Equal(t, game.Contract{Level: 1, Strain: cards.StrainSpades, Declarer: cards.South}, *h.Contract, "the dealer is left to play one spade")
}

// finished makes a finished hand of the 1908 game: the contract, the
// declaring side's tricks, and the deal when given.
func finished(t *testing.T, n int, pbn string, c game.Contract, tricks int) *game.Hand {
	t.Helper()
	h := game.NewHand(n, cards.South, game.Compass, nil)
	if pbn != "" {
		d, err := cards.ParseDeal(pbn)
		require.NoError(t, err)
		copy(h.Dealt, d)
		copy(h.Held, d)
	}
	h.Contract = &c
	h.Dummy = game.Compass.Partner(c.Declarer)
	h.Phase = game.PhaseDone
	decl := c.Declarer.Partnership()
	h.Won[decl], h.Won[1-decl] = tricks, 13-tricks
	return h
}

// entriesText writes entries for a golden file: side, above or below,
// points, label, law.
func entriesText(es []game.Entry, notes []string) string {
	var b strings.Builder
	for _, e := range es {
		where := "below"
		if e.Above {
			where = "above"
		}
		fmt.Fprintf(&b, "  %s %s %4d  %s (%s)\n", e.Side, where, e.Points, e.Label, e.Law)
	}
	for _, n := range notes {
		fmt.Fprintf(&b, "  note: %s\n", n)
	}
	return b.String()
}

// sum adds the points of es to side, above the line or below it.
func sum(es []game.Entry, side cards.Side, above bool) int {
	n := 0
	for _, e := range es {
		if e.Side == side && e.Above == above {
			n += e.Points
		}
	}
	return n
}

// The worked figures of the book's HINTS TO PLAYERS (Hoyle's Games
// Modernized, 1909, after the laws), and of the laws themselves, each
// scored by HandEntries. The golden file keeps every entry with its law.
//
//	go test ./projections/rules/auction1908 -run Hints -update
func TestHintsToPlayersFigures(t *testing.T) {
	// North holds the heart ace and king, South the queen: simple
	// honours in hearts for North-South, who hold all four aces.
	deal := "N:AK32.AK2.K32.K32 QJT9.JT9.QJT.QJT 8765.Q65.A6.A654 4.8743.98754.987"
	var b strings.Builder
	example := func(name string, h *game.Hand) []game.Entry {
		es, notes := HandEntries(h)
		fmt.Fprintf(&b, "%s\n%s\n", name, entriesText(es, notes))
		return es
	}

	// "If you can get the opponents to overbid your Two No-trumps with
	// Three Hearts, and you see that they can only get the odd trick, you
	// will be better off if you double and let them play, even if they
	// score 16 for honours. For 200 less 16 leaves you 184 points."
	es := example("Three hearts doubled, the odd trick only: 200 less 16 for honours",
		finished(t, 1, deal, game.Contract{Level: 3, Strain: cards.StrainHearts, Doubled: 1, Declarer: cards.South}, 7))
	assert.Equal(t, 200, sum(es, cards.EW, true), "two under-tricks doubled (Law 50)")
	assert.Equal(t, 16, sum(es, cards.NS, true), "simple honours in hearts, twice the trick's value (Law 6, as in Bridge)")
	assert.Equal(t, 184, sum(es, cards.EW, true)-sum(es, cards.NS, true))

	// "If you double, and they make it Two Hearts and win the odd trick,
	// you are 50 points to the bad": one under-trick, undoubled, 50.
	es = example("Two hearts, the odd trick only: one under-trick",
		finished(t, 2, deal, game.Contract{Level: 2, Strain: cards.StrainHearts, Declarer: cards.South}, 7))
	assert.Equal(t, 50, sum(es, cards.EW, true))

	// "... let No-trumps be played, you may be pretty sure of 100 above
	// for two tricks 'under'": one no trump, five tricks.
	es = example("One no trump, two tricks under",
		finished(t, 3, deal, game.Contract{Level: 1, Strain: cards.NoTrump, Declarer: cards.South}, 5))
	assert.Equal(t, 100, sum(es, cards.EW, true))

	// "Suppose you have a strong hand, and call Two No-trumps, and win the
	// first game from love with four by cards, and score 30 Aces, you have
	// won 66 points": 66 is three by cards at 12 (36) and three aces (30);
	// four by cards would be 48 and 78 in all. The figure is the book's;
	// the words "four by cards" are a slip the figure corrects.
	aces := "N:AK32.AK2.K32.K32 QJT9.JT9.QJT.QJT 8765.Q65.A6.9654 4.8743.98754.A87"
	es = example("Two no trumps, three by cards and three aces: 66",
		finished(t, 4, aces, game.Contract{Level: 2, Strain: cards.NoTrump, Declarer: cards.South}, 9))
	assert.Equal(t, 36, sum(es, cards.NS, false))
	assert.Equal(t, 30, sum(es, cards.NS, true))

	// "The penalty for failure being always 100 or 50 per trick,
	// according as the opponents have, or have not, doubled" (General
	// Remarks; Law 50): the same on no trumps as on spades.
	for _, s := range []cards.Strain{cards.NoTrump, cards.StrainSpades} {
		es, _ = HandEntries(finished(t, 5, "", game.Contract{Level: 3, Strain: s, Doubled: 1, Declarer: cards.South}, 7))
		assert.Equal(t, 200, sum(es, cards.EW, true), "%s doubled, two under", s.Name())
	}

	// Law 51: "The loss on the declaration of 'One Spade' shall be limited
	// to 100 points in respect of tricks, whether doubled or not."
	es = example("One spade doubled, four tricks under: limited to 100 (Law 51)",
		finished(t, 6, deal, game.Contract{Level: 1, Strain: cards.StrainSpades, Doubled: 1, Declarer: cards.South}, 3))
	assert.Equal(t, []game.Entry{
		{Hand: 6, Side: cards.EW, Above: true, Points: 100, Label: "4 under-tricks, doubled", Law: LawOneSpade},
		{Hand: 6, Side: cards.EW, Above: true, Points: 4, Label: "simple honours", Law: LawHonours},
	}, es, "East holds the spade queen, knave and ten")

	// Law 58: a doubled declaration fulfilled with two tricks over: 50
	// and 50 a trick, 150; re-doubled, 300; and the tricks below at
	// double and four times their value.
	es = example("Two hearts doubled, ten tricks (Law 58)",
		finished(t, 7, deal, game.Contract{Level: 2, Strain: cards.StrainHearts, Doubled: 1, Declarer: cards.South}, 10))
	assert.Equal(t, 4*16, sum(es, cards.NS, false))
	assert.Equal(t, 150+16, sum(es, cards.NS, true))
	es = example("Two hearts re-doubled, ten tricks (Law 58)",
		finished(t, 8, deal, game.Contract{Level: 2, Strain: cards.StrainHearts, Doubled: 2, Declarer: cards.South}, 10))
	assert.Equal(t, 4*32, sum(es, cards.NS, false))
	assert.Equal(t, 300+16, sum(es, cards.NS, true))

	testkit.Golden(t, filepath.Join("testdata", "hints.golden"), b.String())
}

// revoked adds an established revoke by seat to h, with the penalty
// chosen ("" for none yet).
func revoked(h *game.Hand, seat cards.Seat, choice string) *game.Hand {
	irr := &game.Irregularity{Kind: game.KindRevoke, Seat: seat, Trick: 2, Established: 3, Law: LawRevoke}
	if choice != "" {
		irr.Remedies = []game.Remedy{{Choice: choice}}
	}
	h.Irregular = append(h.Irregular, irr)
	return h
}

// Law 90: "(a) When the declarer revokes, his adversaries add 150 points
// to their score above the line, in addition to any liability which the
// revoking player may have incurred for failure to fulfil his contract.
// (b) When either of the adversaries revoke[s], the declarer may add 150
// points to his score above the line, or may take three tricks from his
// opponents and add them to his own. Such tricks, taken as penalty, may
// assist the declarer to fulfil his contract, but they shall not entitle
// him to score any bonus above the line, in the case of the declaration
// having been doubled or re-doubled. Under no circumstances can a side
// score anything, either above or below the line, except for Honours or
// Chicane, on a hand in which one of them has revoked."
func TestLaw90TheRevokeCosts150(t *testing.T) {
	// Honours: none recorded (no deal), so the entries are the revoke's.
	hearts := func(level, doubled, tricks int) *game.Hand {
		return finished(t, 1, "", game.Contract{Level: level, Strain: cards.StrainHearts, Doubled: doubled, Declarer: cards.South}, tricks)
	}
	cases := []struct {
		name string
		h    *game.Hand
		want []game.Entry
	}{
		{"the declarer revokes and makes his contract: 150 to the adversaries, nothing to him",
			revoked(hearts(1, 0, 8), cards.South, "points"),
			[]game.Entry{{Hand: 1, Side: cards.EW, Above: true, Points: 150, Label: "S, the declarer, revoked at trick 2: 150 to the adversaries", Law: "Law 90(a)"}}},
		{"the declarer revokes and fails: 150 besides the under-tricks",
			revoked(hearts(3, 0, 7), cards.South, "points"),
			[]game.Entry{
				{Hand: 1, Side: cards.EW, Above: true, Points: 100, Label: "2 under-tricks", Law: LawUnder},
				{Hand: 1, Side: cards.EW, Above: true, Points: 150, Label: "S, the declarer, revoked at trick 2: 150 to the adversaries", Law: "Law 90(a)"}}},
		{"an adversary revokes and the declarer takes 150",
			revoked(hearts(1, 0, 8), cards.East, "points"),
			[]game.Entry{
				{Hand: 1, Side: cards.NS, Points: 16, Label: "2 by cards at hearts, 8 a trick", Law: LawTricks},
				{Hand: 1, Side: cards.NS, Above: true, Points: 150, Label: "E revoked at trick 2: the declarer takes 150", Law: "Law 90(b)"}}},
		{"an adversary revokes, the declarer fails and takes 150: the adversaries score no under-tricks",
			revoked(hearts(4, 0, 8), cards.West, "points"),
			[]game.Entry{{Hand: 1, Side: cards.NS, Above: true, Points: 150, Label: "W revoked at trick 2: the declarer takes 150", Law: "Law 90(b)"}}},
		{"three tricks fulfil a doubled contract, with no bonus",
			revoked(hearts(2, 1, 7), cards.East, "tricks"),
			[]game.Entry{{Hand: 1, Side: cards.NS, Points: 64, Label: "4 by cards at hearts, 16 a trick, doubled; 3 of the tricks taken in penalty for a revoke",
				Law: LawTricksDbl + "; Law 90: tricks taken as penalty may assist the declarer to fulfil his contract"}}},
		{"Dummy's revoke carries no penalty",
			revoked(hearts(1, 0, 7), cards.North, ""),
			[]game.Entry{{Hand: 1, Side: cards.NS, Points: 8, Label: "1 by cards at hearts, 8 a trick", Law: LawTricks}}},
	}
	for _, c := range cases {
		es, _ := HandEntries(c.h)
		assert.Equal(t, c.want, es, c.name)
	}

	// A revoke not yet penalized is said, and the side that revoked scores
	// nothing meanwhile.
	es, notes := HandEntries(revoked(hearts(3, 0, 7), cards.East, ""))
	assert.Empty(t, es)
	assert.Contains(t, strings.Join(notes, "\n"), "the declarer has not chosen his penalty")

	// Both sides revoke: each is punished by the other; neither scores.
	h := revoked(revoked(hearts(1, 0, 9), cards.South, "points"), cards.West, "points")
	es, notes = HandEntries(h)
	assert.Equal(t, 150, sum(es, cards.NS, true))
	assert.Equal(t, 150, sum(es, cards.EW, true))
	assert.Zero(t, sum(es, cards.NS, false))
	assert.Contains(t, strings.Join(notes, "\n"), "both sides revoked")
}

// Laws 1, 2 and 11: two games of thirty by tricks win the rubber, and 250
// is added to its winners; part scores count toward the game; a rubber
// left unfinished has no law, and its points stand as scored.
func TestTheRubber(t *testing.T) {
	nt := func(n, tricks int, decl cards.Seat) *game.Hand {
		return finished(t, n, "", game.Contract{Level: 1, Strain: cards.NoTrump, Declarer: decl}, tricks)
	}
	// 1NT making 8 (24), then 1NT making 7 (12): game to NS on 36; EW
	// take a game; NS win the second and the rubber.
	hands := []*game.Hand{nt(1, 8, cards.South), nt(2, 7, cards.South), nt(3, 10, cards.East), nt(4, 10, cards.North), nt(5, 9, cards.East)}
	sheet := New().Score(game.ScoreInput{Hands: hands, Seating: game.Compass})
	require.Len(t, sheet.Rubbers, 2)
	r := sheet.Rubbers[0]
	assert.True(t, r.Complete)
	assert.Equal(t, []cards.Side{cards.NS, cards.EW, cards.NS}, r.Games)
	assert.Equal(t, game.Entry{Side: cards.NS, Above: true, Points: 250, Label: "rubber", Law: LawRubber}, r.Entries[len(r.Entries)-1])
	assert.Equal(t, 24+12+48+250-48, r.Points)
	require.NotNil(t, r.Winner)
	assert.Equal(t, cards.NS, *r.Winner)

	// Hand 5 began a second rubber, and play stops there.
	closed := New().Score(game.ScoreInput{Hands: hands, Seating: game.Compass, Closed: true})
	r2 := closed.Rubbers[1]
	assert.False(t, r2.Complete)
	assert.Contains(t, r2.Note, "has a law for an unfinished rubber, so its points stand as scored")
	assert.Equal(t, 36, r2.Points, "East-West's 36 stand, without the 250")
}
