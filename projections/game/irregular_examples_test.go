package game_test

// The irregularities of Foster's "AUCTION BRIDGE" (seeds/003, IRREGULARITIES
// IN DECLARING, The Revoke, Exposed Cards, Leading Out of Turn), recorded
// through the engine's exported API (Hand.CallIrregular, PlayIrregular,
// Expose, ChooseRemedy, CorrectRenounce, NewDeal) under the American laws
// of 1913, whose code judges them.

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/rules/auction1913"
	"github.com/hoyle/hoyle/projections/rules/bridge/bridgetest"
)

// irrDeal: North 43.T98.KQ4.AKQ65, East KQJT9.65.J98.JT9, South
// A2.AKQJ7.A32.432, West 8765.432.T765.87.
const irrDeal = "N:43.T98.KQ4.AKQ65 KQJT9.65.J98.JT9 A2.AKQJ7.A32.432 8765.432.T765.87"

// ids hands out distinct event IDs, as the log would.
type ids byte

func (n *ids) next() events.ID { *n++; return events.ID{15: byte(*n)} }

func call(t *testing.T, tok string) cards.Call {
	t.Helper()
	c, err := cards.ParseCall(tok)
	require.NoError(t, err, tok)
	return c
}

func choiceNames(cs []game.Choice) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.Name)
	}
	return out
}

// openFor is the choices open now for the irregularity of event id.
func openFor(rs game.Ruleset, h *game.Hand, id events.ID) []string {
	for _, o := range h.Open(rs) {
		if o.Irregularity.ID == id {
			return choiceNames(o.Choices)
		}
	}
	return nil
}

// "If any player declares out of turn ... either opponent may demand a new
// deal, or may allow the declaration so made to stand, in which case the
// next player to the left must bid, just as if the declaration had been in
// turn."
func TestDeclarationOutOfTurn(t *testing.T) {
	rs := auction1913.New()
	var id ids
	h := bridgetest.Dealt(t, rs, cards.South, irrDeal)
	oot := id.next()
	irr, err := h.CallIrregular(rs, cards.North, call(t, "1H"), oot)
	require.NoError(t, err)
	assert.Equal(t, game.KindCallOutOfTurn, irr.Kind)
	assert.Equal(t, cards.South, irr.Proper, "it was the dealer's turn")
	assert.Equal(t, auction1913.LawOutOfTurn, irr.Law)
	assert.Same(t, irr, h.Irregularity(oot))
	assert.Equal(t, cards.NS, h.Offending(irr))
	assert.Equal(t, []string{"accept", "new-deal"}, openFor(rs, h, oot))
	assert.NotEmpty(t, irr.Describe(h))

	stand := h.Clone()
	_, err = stand.ChooseRemedy(rs, oot, "accept", cards.NoCard, cards.NoSuit, id.next())
	require.NoError(t, err)
	assert.Equal(t, cards.East, stand.Turn, "the next player to the left bids")
	assert.True(t, stand.Irregularity(oot).Chose("accept"))
	assert.True(t, stand.Irregularity(oot).Remedied())
	assert.Empty(t, openFor(rs, stand, oot), "the choice is made")
	assert.True(t, game.Entered(stand, stand.Irregularity(oot)), "the declaration stands in the auction")
	bridgetest.Calls(t, rs, stand, "P", "P", "P")
	require.NotNil(t, stand.Contract)
	assert.Equal(t, cards.North, stand.Contract.Declarer)

	_, err = h.ChooseRemedy(rs, oot, "new-deal", cards.NoCard, cards.NoSuit, id.next())
	require.NoError(t, err)
	assert.True(t, h.Annulled, "a new deal: the hand is void")
	assert.Equal(t, game.PhaseDone, h.Phase)
	assert.Empty(t, stand.Irregular[1:], "the clone was not touched by the new deal")

	_, err = h.ChooseRemedy(rs, oot, "accept", cards.NoCard, cards.NoSuit, id.next())
	assert.True(t, errors.Is(err, game.ErrIllegal) || errors.Is(err, game.ErrNoIrregularity), "no second remedy: %v", err)
}

// A declaration in turn is not an irregularity (ErrRegular); a remedy with
// nothing to remedy is refused (ErrNoIrregularity).
func TestRegularIsNotIrregular(t *testing.T) {
	rs := auction1913.New()
	var id ids
	h := bridgetest.Dealt(t, rs, cards.South, irrDeal)
	_, err := h.CallIrregular(rs, cards.South, call(t, "1H"), id.next())
	assert.ErrorIs(t, err, game.ErrRegular)
	_, err = h.ChooseRemedy(rs, events.ID{}, "accept", cards.NoCard, cards.NoSuit, id.next())
	assert.ErrorIs(t, err, game.ErrNoIrregularity)
	assert.Empty(t, h.Irregular)
	assert.Empty(t, h.Open(rs))
}

// "If a player pass out of turn there is no penalty, and the player whose
// turn it was must declare himself. The player who has passed out of his
// proper turn may re-enter the bidding if the declaration he passed has
// been over-called or doubled."
func TestPassOutOfTurn(t *testing.T) {
	rs := auction1913.New()
	var id ids
	h := bridgetest.Dealt(t, rs, cards.South, irrDeal)
	bridgetest.Calls(t, rs, h, "1S")
	irr, err := h.CallIrregular(rs, cards.East, call(t, "P"), id.next())
	require.NoError(t, err)
	assert.Equal(t, game.KindCallOutOfTurn, irr.Kind)
	assert.Equal(t, cards.West, h.Turn, "the player whose turn it was declares")
	assert.Empty(t, openFor(rs, h, irr.ID), "no penalty")
	require.NotEmpty(t, h.BarsText())
	assert.Contains(t, h.BarsText()[0], "E")

	held := h.Clone()
	bridgetest.Calls(t, rs, held, "P", "P")
	assert.Equal(t, cards.East, held.Turn)
	err = held.CheckRestrictedCall(cards.East, call(t, "2H"))
	assert.ErrorIs(t, err, game.ErrRestricted, "one spade is neither over-called nor doubled")
	assert.NoError(t, held.CheckRestrictedCall(cards.East, call(t, "P")))

	bridgetest.Calls(t, rs, h, "2H", "P")
	assert.Equal(t, cards.East, h.Turn)
	assert.NoError(t, h.CheckRestrictedCall(cards.East, call(t, "3D")), "over-called: East re-enters")
	assert.Empty(t, h.BarsText())
}

// "Suppose the last bid is three royals, and the next player says four
// clubs ... either adversary may demand that it be five clubs, and the
// partner of the corrected player cannot bid unless this five-club bid is
// over-called or doubled."
func TestInsufficientMadeSufficient(t *testing.T) {
	rs := auction1913.New()
	var id ids
	h := bridgetest.Dealt(t, rs, cards.South, irrDeal)
	bridgetest.Calls(t, rs, h, "1S", "3R")
	short := id.next()
	irr, err := h.CallIrregular(rs, cards.North, call(t, "4C"), short)
	require.NoError(t, err)
	assert.Equal(t, game.KindInsufficient, irr.Kind)
	assert.Equal(t, auction1913.LawInsufficient, irr.Law)
	suff, ok := rs.SufficientBid(h, irr)
	require.True(t, ok)
	assert.Equal(t, call(t, "5C"), suff, "the same suit, enough to over-call 27")
	assert.Equal(t, []string{"sufficient", "accept"}, openFor(rs, h, short), "made sufficient, or let stand")

	_, err = h.ChooseRemedy(rs, short, "sufficient", cards.NoCard, cards.NoSuit, id.next())
	require.NoError(t, err)
	st := rs.State(h)
	assert.Equal(t, call(t, "5C"), st.LastBid)
	assert.Equal(t, cards.North, st.LastBidder)
	assert.Equal(t, cards.East, h.Turn)
	bridgetest.Calls(t, rs, h, "P")
	assert.ErrorIs(t, h.CheckRestrictedCall(cards.South, call(t, "5H")), game.ErrRestricted, "the partner may not bid")
	assert.ErrorIs(t, h.CheckRestrictedCall(cards.South, call(t, "X")), game.ErrRestricted)
	bars := strings.Join(h.BarsText(), "; ")
	assert.Contains(t, bars, "S")
	assert.Contains(t, bars, auction1913.LawInsufficient)
}

// "If an insufficient declaration is passed or over-called by the player on
// the left, it is too late to demand any penalty, and the insufficient bid
// stands as regular."
func TestInsufficientTooLate(t *testing.T) {
	rs := auction1913.New()
	var id ids
	h := bridgetest.Dealt(t, rs, cards.South, irrDeal)
	bridgetest.Calls(t, rs, h, "1S", "3R")
	short := id.next()
	irr, err := h.CallIrregular(rs, cards.North, call(t, "4C"), short)
	require.NoError(t, err)
	bridgetest.Calls(t, rs, h, "P")
	assert.True(t, game.AdversaryCalled(h, irr))
	assert.Empty(t, openFor(rs, h, short), "too late")
	_, err = h.ChooseRemedy(rs, short, "sufficient", cards.NoCard, cards.NoSuit, id.next())
	assert.Error(t, err)
}

// "If a player makes an impossible declaration, such as calling six
// diamonds over five no trumps ... either adversary may demand a new deal,
// or may insist that the last bid made by his own side, five no trumps,
// shall be the winning declaration, or he may force the player in error to
// declare a grand slam in diamonds and play it."
func TestImpossibleDeclaration(t *testing.T) {
	rs := auction1913.New()
	var id ids
	h := bridgetest.Dealt(t, rs, cards.South, irrDeal)
	bridgetest.Calls(t, rs, h, "1S", "5NT")
	imp := id.next()
	irr, err := h.CallIrregular(rs, cards.North, call(t, "6D"), imp)
	require.NoError(t, err)
	assert.Equal(t, game.KindImpossible, irr.Kind)
	open := openFor(rs, h, imp)
	assert.ElementsMatch(t, []string{"seven", "new-deal", "final"}, open)

	final := h.Clone()
	_, err = final.ChooseRemedy(rs, imp, "final", cards.NoCard, cards.NoSuit, id.next())
	require.NoError(t, err)
	require.NotNil(t, final.Contract)
	assert.Equal(t, game.Contract{Level: 5, Strain: cards.NoTrump, Declarer: cards.West}, *final.Contract, "five no trumps, West's, is the winning declaration")
	assert.Equal(t, game.PhasePlay, final.Phase)
	assert.Equal(t, cards.North, final.Turn, "the player on West's left leads")

	seven := h.Clone()
	_, err = seven.ChooseRemedy(rs, imp, "seven", cards.NoCard, cards.NoSuit, id.next())
	require.NoError(t, err)
	assert.Equal(t, call(t, "7D"), rs.State(seven).LastBid, "a grand slam in diamonds")
	assert.ErrorIs(t, seven.CheckRestrictedCall(cards.South, call(t, "7NT")), game.ErrRestricted, "his partner may not take him out")
}

// "After the deal but before the winning declaration is settled, if any
// player exposes a card his partner is barred from bidding or doubling,
// and the card is subject to call." "All cards exposed by the declarer's
// adversaries after the original lead are liable to be called ... The
// declarer is not liable to any penalty for exposed cards."
func TestExposedCards(t *testing.T) {
	rs := auction1913.New()
	var id ids
	h := bridgetest.Dealt(t, rs, cards.South, irrDeal)
	bridgetest.Calls(t, rs, h, "1H")
	exp := id.next()
	irr, err := h.Expose(rs, cards.West, []cards.Card{card(t, "S8")}, exp)
	require.NoError(t, err)
	assert.Equal(t, game.KindExposed, irr.Kind)
	assert.Equal(t, []cards.Card{card(t, "S8")}, h.ExposedOf(irr))
	assert.True(t, h.OnTable(irr) || len(h.ExposedOf(irr)) == 1)
	assert.Contains(t, strings.Join(h.BarsText(), ";"), "E", "East, West's partner, is barred")
	assert.Equal(t, "S8", game.CardList(h.ExposedOf(irr)))
	bridgetest.Calls(t, rs, h, "P", "P")
	assert.ErrorIs(t, h.CheckRestrictedCall(cards.East, call(t, "2S")), game.ErrRestricted)
	assert.ErrorIs(t, h.CheckRestrictedCall(cards.East, call(t, "X")), game.ErrRestricted)
	bridgetest.Calls(t, rs, h, "P")
	require.NotNil(t, h.Contract)
	assert.Equal(t, cards.South, h.Contract.Declarer)

	// The declarer exposes a card: no penalty.
	decl, err := h.Expose(rs, cards.South, []cards.Card{card(t, "SA")}, id.next())
	require.NoError(t, err)
	assert.Empty(t, h.ExposedOf(decl), "the declarer is liable to no penalty")

	_, err = h.Expose(rs, cards.West, []cards.Card{card(t, "SA")}, id.next())
	assert.ErrorIs(t, err, game.ErrIllegal, "West does not hold the ace of spades")
}

// The Revoke: "the revoke is established when the trick in which it occurs
// is turned down and quitted"; "If an adversary revokes ... the declarer
// may either take the 100 points, or he may take three actual tricks and
// add them to his own." Dummy cannot revoke.
func TestRevokeEstablishedAndPenalized(t *testing.T) {
	rs := auction1913.New()
	var id ids
	h := bridgetest.Dealt(t, rs, cards.South, irrDeal)
	bridgetest.Calls(t, rs, h, "3H", "P", "P", "P")
	require.NotNil(t, h.Contract)
	play(t, rs, h, "S8", "S3", "SK", "SA", "C2", "C7", "CA")
	assert.Equal(t, cards.East, h.Turn)

	err := h.Play(rs, card(t, "D8"), id.next())
	assert.ErrorIs(t, err, game.ErrRenounce, "East holds clubs")
	rev := id.next()
	irr, err := h.PlayIrregular(rs, cards.East, cards.NoSeat, card(t, "D8"), rev)
	require.NoError(t, err)
	assert.Equal(t, game.KindRevoke, irr.Kind)
	assert.Equal(t, auction1913.FosterRevoke, irr.Law)
	assert.Equal(t, 2, irr.Trick)
	assert.Zero(t, irr.Established)
	assert.True(t, h.Correctable(irr))
	assert.Empty(t, openFor(rs, h, rev), "not yet established: it may still be corrected")
	assert.Equal(t, cards.North, h.Tricks[1].Winner, "the ace of clubs wins: the renounce is no trump")

	// The corrected renounce, on a copy: the diamond comes back and lies
	// exposed; East follows with a club.
	fix := h.Clone()
	corr, err := fix.CorrectRenounce(rs, cards.East, card(t, "D8"))
	require.NoError(t, err)
	assert.True(t, corr.Corrected)
	assert.Equal(t, card(t, "D8"), corr.Withdrawn[0].Card)
	assert.True(t, fix.Held[cards.East].Has(card(t, "D8")), "the card goes back to its holder")
	assert.False(t, fix.Correctable(corr))
	assert.Equal(t, cards.East, fix.Turn, "East plays again, to the club")
	assert.ErrorIs(t, fix.Play(rs, card(t, "D9"), events.ID{}), game.ErrRenounce)
	play(t, rs, fix, "C9")
	assert.Equal(t, cards.North, fix.Tricks[1].Winner)

	play(t, rs, h, "CK")
	assert.Equal(t, 3, irr.Established, "the trick turned and quitted establishes it")
	assert.False(t, h.Correctable(irr))
	assert.Equal(t, []string{"tricks", "points"}, openFor(rs, h, rev))
	assert.Equal(t, []*game.Irregularity{irr}, h.Revokes())
	_, err = h.CorrectRenounce(rs, cards.East, card(t, "D8"))
	assert.ErrorIs(t, err, game.ErrIllegal, "an established revoke cannot be corrected")

	_, err = h.ChooseRemedy(rs, rev, "tricks", cards.NoCard, cards.NoSuit, id.next())
	require.NoError(t, err)
	assert.True(t, irr.Chose("tricks"))
	require.NoError(t, h.ClaimRest(rs, cards.South, 9, nil, id.next()))
	h.EstablishAll(rs)
	assert.Equal(t, []int{11, 2}, h.Won, "two tricks won and nine claimed; East-West two")
	assert.Equal(t, 1, game.WonBefore(h, cards.NS, 2), "North-South won the first trick")
	assert.Equal(t, 0, game.WonBefore(h, cards.EW, 3))
	assert.Equal(t, []int{13, 0}, game.ScoredWon(h, []game.RevokeTransfer{{To: cards.NS, Tricks: auction1913.RevokeTricks}}), "three tricks, but never more than the side has")
}

// Leading Out of Turn: "If either adversary leads out of turn, the declarer
// may call the card exposed, or call a suit when it is the turn of either
// adversary to lead."
func TestLeadOutOfTurn(t *testing.T) {
	rs := auction1913.New()
	var id ids
	h := bridgetest.Dealt(t, rs, cards.South, irrDeal)
	bridgetest.Calls(t, rs, h, "3H", "P", "P", "P")
	assert.Equal(t, cards.West, h.Turn)
	err := h.Play(rs, card(t, "SK"), id.next())
	assert.ErrorIs(t, err, game.ErrIllegal, "East's card at West's turn")
	lead := id.next()
	irr, err := h.PlayIrregular(rs, cards.East, cards.NoSeat, card(t, "SK"), lead)
	require.NoError(t, err)
	assert.Equal(t, game.KindLeadOutOfTurn, irr.Kind)
	assert.Equal(t, cards.West, irr.Proper)
	open := openFor(rs, h, lead)
	assert.Contains(t, open, "accept")
	assert.Contains(t, open, "call-card")
	assert.Contains(t, open, "call-suit")

	suit := h.Clone()
	_, err = suit.ChooseRemedy(rs, lead, "call-suit", cards.NoCard, cards.Diamonds, id.next())
	require.NoError(t, err)
	assert.Equal(t, cards.West, suit.Turn, "the right leader leads")
	assert.ErrorIs(t, suit.CheckCard(rs, card(t, "S8")), game.ErrRestricted, "a diamond was called")
	assert.NoError(t, suit.CheckCard(rs, card(t, "D5")))
	assert.Equal(t, []cards.Card{card(t, "DT"), card(t, "D7"), card(t, "D6"), card(t, "D5")}, sortedDesc(suit.LegalCards(rs)))

	called := h.Clone()
	_, err = called.ChooseRemedy(rs, lead, "call-card", cards.NoCard, cards.NoSuit, id.next())
	require.NoError(t, err)
	assert.Equal(t, cards.West, called.Turn, "the card is taken back; the right leader leads")
	assert.Equal(t, []cards.Card{card(t, "SK")}, called.ExposedOf(called.Irregularity(lead)), "left face up, liable to be called")
	assert.True(t, called.Held[cards.East].Has(card(t, "SK")))
	play(t, rs, called, "S8", "S3")
	assert.Contains(t, openFor(rs, called, lead), "call-card", "the exposed card may be called")
	_, err = called.ChooseRemedy(rs, lead, "call-card", card(t, "SK"), cards.NoSuit, id.next())
	require.NoError(t, err)
	assert.True(t, called.Pending(cards.East), "the king of spades must be played at East's turn")
	assert.ErrorIs(t, called.CheckCard(rs, card(t, "SQ")), game.ErrRestricted)
	play(t, rs, called, "SK")
	assert.False(t, called.Pending(cards.East))
	assert.Empty(t, called.ExposedOf(called.Irregularity(lead)))

	_, err = h.ChooseRemedy(rs, lead, "accept", cards.NoCard, cards.NoSuit, id.next())
	require.NoError(t, err)
	assert.Equal(t, cards.South, h.Turn, "the lead stands: the player on East's left plays")
}

func sortedDesc(cs []cards.Card) []cards.Card {
	out := append([]cards.Card(nil), cs...)
	for i := range out {
		for j := i + 1; j < len(out); j++ {
			if out[j].Rank() > out[i].Rank() {
				out[i], out[j] = out[j], out[i]
			}
		}
	}
	return out
}

// A new deal demanded (Laws 36-37): the hand is void, and the same dealer
// deals again.
func TestNewDeal(t *testing.T) {
	rs := auction1913.New()
	var id ids
	h := bridgetest.Dealt(t, rs, cards.South, irrDeal)
	irr, err := h.NewDeal(rs, "misdeal", false, id.next())
	require.NoError(t, err)
	assert.Equal(t, game.KindNewDeal, irr.Kind)
	assert.True(t, h.Annulled)
	assert.Equal(t, game.PhaseDone, h.Phase)
	assert.Contains(t, irr.What, game.ReasonWords("misdeal"))
	assert.NotEmpty(t, game.ReasonWords(""), "no reason given has words too")
}

// Club code of Bridge, Law 86 (1913's nearest code): "Should the third hand
// not have played, and the fourth play before his partner, the latter (not
// being Dummy or his partner) may be called on to win, or not to win, the
// trick."
func TestFourthHandBeforeHisPartner(t *testing.T) {
	rs := auction1913.New()
	var id ids
	h := bridgetest.Dealt(t, rs, cards.South, irrDeal)
	bridgetest.Calls(t, rs, h, "3H", "P", "P", "P")
	play(t, rs, h, "S8", "S3", "SK", "SA", "D2")
	assert.Equal(t, cards.West, h.Turn)
	early := id.next()
	irr, err := h.PlayIrregular(rs, cards.East, cards.NoSeat, card(t, "D8"), early)
	require.NoError(t, err)
	assert.Equal(t, game.KindPlayOutOfTurn, irr.Kind)
	assert.Equal(t, auction1913.BridgePlayOOT, irr.Law)
	assert.Equal(t, cards.West, h.Turn, "the turn stays with the player passed over")
	assert.Equal(t, []string{game.PlayWin, game.PlayNotWin}, openFor(rs, h, early))

	win := h.Clone()
	_, err = win.ChooseRemedy(rs, early, game.PlayWin, cards.NoCard, cards.NoSuit, id.next())
	require.NoError(t, err)
	assert.ErrorIs(t, win.CheckCard(rs, card(t, "D5")), game.ErrRestricted, "West must win the trick if he can: the ten does")
	assert.NoError(t, win.CheckCard(rs, card(t, "DT")))
	play(t, rs, win, "DT", "D4")
	assert.Equal(t, cards.West, win.Tricks[1].Winner)

	_, err = h.ChooseRemedy(rs, early, game.PlayNotWin, cards.NoCard, cards.NoSuit, id.next())
	require.NoError(t, err)
	assert.ErrorIs(t, h.CheckCard(rs, card(t, "DT")), game.ErrRestricted, "West must not win it if he can help it")
	play(t, rs, h, "D5", "DQ")
	assert.Equal(t, cards.North, h.Tricks[1].Winner, "dummy's queen")
}

// 1913 Law 62: "If the dummy, by touching a card or otherwise, suggest the
// play of one of his cards, either adversary may require the declarer to
// play or not to play such card."
func TestDummySuggestsACard(t *testing.T) {
	rs := auction1913.New()
	var id ids
	h := bridgetest.Dealt(t, rs, cards.South, irrDeal)
	bridgetest.Calls(t, rs, h, "3H", "P", "P", "P")
	play(t, rs, h, "S8")
	sug := id.next()
	irr, err := h.PlayIrregular(rs, cards.North, cards.North, card(t, "S3"), sug)
	require.NoError(t, err)
	assert.Equal(t, game.KindDummyPlayed, irr.Kind)
	assert.Equal(t, auction1913.LawDummySuggests, irr.Law)
	assert.Equal(t, []string{"accept", "withdraw"}, openFor(rs, h, sug))

	played := h.Clone()
	_, err = played.ChooseRemedy(rs, sug, "accept", cards.NoCard, cards.NoSuit, id.next())
	require.NoError(t, err)
	assert.Equal(t, cards.East, played.Turn, "the card stands as the declarer's play")

	_, err = h.ChooseRemedy(rs, sug, "withdraw", cards.NoCard, cards.NoSuit, id.next())
	require.NoError(t, err)
	assert.True(t, h.Held[cards.North].Has(card(t, "S3")), "the card goes back to dummy")
	assert.Equal(t, cards.North, h.Turn, "the declarer plays another")
	_, err = h.PlayIrregular(rs, cards.North, cards.East, card(t, "S4"), id.next())
	assert.ErrorIs(t, err, game.ErrIllegal, "only the declarer plays dummy's cards: the laws have no rule for an adversary playing them")
	_, err = h.PlayIrregular(rs, cards.North, cards.South, card(t, "S4"), id.next())
	assert.ErrorIs(t, err, game.ErrRegular, "the declarer playing dummy's card is the ordinary play")
	play(t, rs, h, "S4", "SK", "SA")
	assert.Equal(t, cards.South, h.Tricks[0].Winner)
}

// Club code of Bridge, Law 94: a renounce corrected in time by one of the
// declarer's adversaries: "the dealer may call the card thus played in
// error, or may require him to play his highest or lowest card to that
// trick in which he has renounced."
func TestRenounceCorrectedRemedies(t *testing.T) {
	rs := auction1913.New()
	var id ids
	h := bridgetest.Dealt(t, rs, cards.South, irrDeal)
	bridgetest.Calls(t, rs, h, "3H", "P", "P", "P")
	play(t, rs, h, "S8", "S3", "SK", "SA", "C2", "C7", "CA")
	rev := id.next()
	_, err := h.PlayIrregular(rs, cards.East, cards.NoSeat, card(t, "D8"), rev)
	require.NoError(t, err)
	_, err = h.CorrectRenounce(rs, cards.East, card(t, "D8"))
	require.NoError(t, err)
	open := openFor(rs, h, rev)
	assert.ElementsMatch(t, []string{"call-card", game.PlayHighest, game.PlayLowest}, open)

	high := h.Clone()
	_, err = high.ChooseRemedy(rs, rev, game.PlayHighest, cards.NoCard, cards.NoSuit, id.next())
	require.NoError(t, err)
	assert.ErrorIs(t, high.CheckCard(rs, card(t, "C9")), game.ErrRestricted, "his highest club: the jack")
	assert.Equal(t, []cards.Card{card(t, "CJ")}, high.LegalCards(rs))
	assert.Empty(t, high.ExposedOf(high.Irregularity(rev)), "the card in error is not called as well")

	low := h.Clone()
	_, err = low.ChooseRemedy(rs, rev, game.PlayLowest, cards.NoCard, cards.NoSuit, id.next())
	require.NoError(t, err)
	assert.Equal(t, []cards.Card{card(t, "C9")}, low.LegalCards(rs))

	_, err = h.ChooseRemedy(rs, rev, "call-card", card(t, "D8"), cards.NoSuit, id.next())
	require.NoError(t, err)
	assert.True(t, h.Pending(cards.East))
	assert.Equal(t, []cards.Card{card(t, "C9"), card(t, "CT"), card(t, "CJ")}, sortedAsc(h.LegalCards(rs)), "he follows suit: the diamond waits for his next turn he can play it")
}

func sortedAsc(cs []cards.Card) []cards.Card {
	out := sortedDesc(cs)
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}
