package replay

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/dd"
	"github.com/hoyle/hoyle/projections/ddhand"
	"github.com/hoyle/hoyle/projections/ddkeep"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/rules/contract"
)

// The double-dummy analysis as replay, show and the write-up say it: the
// table, par, and the value and cost of each card (projections/ddhand).

// HandAnalysis is the double-dummy analysis of hand n of the session as it
// stands (every card it records, every hand the play has shown), with the
// solver's answers from src: nil is the process's keeper (ddkeep.Shared)
// with the solver's default memory bound, which keeps them for the
// process only.
func HandAnalysis(full *projections.Session, n int, src ddhand.Solutions) (*ddhand.Analysis, error) {
	if n < 1 || n > len(full.Hands) {
		return nil, fmt.Errorf("%w: hand %d", ErrNoMoment, n)
	}
	return ddhand.Analyse(full.Hands[n-1], Solutions(src), contract.ParScore)
}

// Solutions is src, or the process's keeper when src is nil.
func Solutions(src ddhand.Solutions) ddhand.Solutions {
	if src == nil {
		return ddkeep.Shared().Source(dd.Config{}, nil)
	}
	return src
}

// DDPending reports whether err says the analysis is being solved in the
// background (a ddkeep.Ready source, the record prompt's): the view is
// shown without it now, and says so.
func DDPending(err error) bool { return errors.Is(err, ddkeep.ErrNotReady) }

// DDPendingText says that the analysis is being solved, and how to see it.
const DDPendingText = "Double dummy: being solved; show the hand again in a moment, or ask hoyle dd, which waits for it."

// Unanalysable reports whether err says a hand cannot be analysed, rather
// than that the analysis failed: a game not of four hands of 13 cards, or
// cards not known.
func Unanalysable(err error) bool {
	return errors.Is(err, ddhand.ErrNotBridgeDeal) || errors.Is(err, ddhand.ErrCardsUnknown)
}

// DDCardText says what a card did to the double-dummy result: the tricks
// the counted side takes in all after it, and what it cost the side that
// played it: "dd EW 12", "dd EW 12 · cost 4 tricks".
func DDCardText(p *ddhand.Play, c ddhand.Card, names Names) string {
	s := fmt.Sprintf("dd %s %d", names.Side(p.Side), c.Tricks)
	if c.Cost > 0 {
		s += " · cost " + Count(c.Cost, "trick")
	}
	return s
}

// DDStopText says that the analysis stops at a card, and why.
func DDStopText(p *ddhand.Play) string {
	return "dd: not analysed from here: " + p.Stop
}

// ddStepText is what a step of the play adds for the analysis, after
// " · ", or "" (see DDStepText).
func ddStepText(a *ddhand.Analysis, p Point, names Names) string {
	if s := DDStepText(a, p, names); s != "" {
		return " · " + s
	}
	return ""
}

// DDStepText is what a step of the play says of the analysis: the card's
// value and cost, or that the analysis stops there; "" for any other step,
// or with no analysis (a nil a).
func DDStepText(a *ddhand.Analysis, p Point, names Names) string {
	if a == nil || a.Play == nil || p.Step.ID.IsZero() {
		return ""
	}
	if c, ok := a.Play.ByID(p.Step.ID); ok {
		return DDCardText(a.Play, c, names)
	}
	if s := a.Play.Stopped; s != nil && s.ID == p.Step.ID {
		return DDStopText(a.Play)
	}
	return ""
}

// DDPlayed is how many cards of h are played, counting every trick.
func DDPlayed(h *game.Hand) int {
	n := 0
	for _, t := range h.Tricks {
		n += len(t.Cards)
	}
	return n
}

// DDPositionText says what the counted side takes in all from the moment
// h stands at, with best play: "Double dummy: EW take 8 tricks in all
// (those won included), East declaring." "" before the play, or once the
// analysis has stopped.
func DDPositionText(a *ddhand.Analysis, h *game.Hand, names Names, ascii bool) string {
	if a == nil || a.Play == nil || h.Contract == nil {
		return ""
	}
	v, ok := a.Play.After(DDPlayed(h))
	if !ok {
		return "Double dummy: not analysed from " + DDStoppedCard(a.Play, names, ascii) + ": " + a.Play.Stop + "."
	}
	line := fmt.Sprintf("Double dummy: %s take %s in all with best play from here", names.Side(a.Play.Side), Count(v, "trick"))
	if DDPlayed(h) > 0 {
		line += " (those won included)"
	}
	return line + "."
}

// DDStoppedCard names the card the analysis stopped at: "W ♠4".
func DDStoppedCard(p *ddhand.Play, names Names, ascii bool) string {
	if p.Stopped == nil {
		return "here"
	}
	seat := p.Stopped.Seat.String()
	if int(p.Stopped.Seat) >= 0 && int(p.Stopped.Seat) < len(names.Short) {
		seat = names.Short[p.Stopped.Seat]
	}
	return seat + " " + CardText(p.Stopped.Card, ascii)
}

// ParText writes a par result: the score, for the side that gains it, and
// the par contracts: "NS 420 (4♥ by South)", "EW 100 (5♦X by NS, 1
// down)", "NS 600 (3NT by North; 5♣ by NS)", "0 (passed out)". When the result depends on which side bids first (both
// sides can make the same contract), both are given.
func ParText(r dd.ParResult, names Names, ascii bool) string {
	ns, ew := parViewText(r.NSFirst, names, ascii), parViewText(r.EWFirst, names, ascii)
	if ns == ew {
		return ns
	}
	return fmt.Sprintf("%s with %s first to bid; %s with %s first", ns, names.Side(cards.NS), ew, names.Side(cards.EW))
}

func parViewText(v dd.ParView, names Names, ascii bool) string {
	if v.Score == 0 {
		return "0 (passed out)"
	}
	score := names.Side(cards.NS) + " " + strconv.Itoa(v.Score)
	if v.Score < 0 {
		score = names.Side(cards.EW) + " " + strconv.Itoa(-v.Score)
	}
	var cs []string
	for _, c := range v.Contracts {
		cs = append(cs, ParContractText(c, names, ascii))
	}
	return score + " (" + strings.Join(cs, "; ") + ")"
}

// ParContractText writes a par contract: "4♥ by South", "3NT or 4NT by
// NS", "2♣, 3♣ or 4♣ by EW", "5♦X by NS, 1 down".
func ParContractText(c dd.ParContract, names Names, ascii bool) string {
	var levels []string
	for l := c.Level; l <= c.Level+c.Overtricks; l++ {
		k := game.Contract{Level: l, Strain: c.Strain}
		if c.Doubled {
			k.Doubled = 1
		}
		levels = append(levels, ContractShort(&k, ascii))
	}
	text := levels[0]
	if n := len(levels); n > 1 {
		text = strings.Join(levels[:n-1], ", ") + " or " + levels[n-1]
	}
	by := names.Side(c.Side())
	if len(c.Declarers) == 1 {
		by = names.Long[c.Declarers[0]]
	}
	text += " by " + by
	if c.Doubled {
		text += ", " + strconv.Itoa(c.Undertricks) + " down"
	}
	return text
}

// DDStrainHeads are the columns of a double-dummy table, in DDS's order:
// ♠ ♥ ♦ ♣ NT (S H D C NT in ASCII).
func DDStrainHeads(ascii bool) []string {
	out := make([]string, len(dd.Strains))
	for i, s := range dd.Strains {
		out[i] = StrainText(s, ascii)
	}
	return out
}

// DDRow is a seat's row of the table: its tricks as declarer in each
// strain, in DDStrainHeads' order.
func DDRow(t dd.Table, seat cards.Seat) []string {
	out := make([]string, len(dd.Strains))
	for i, s := range dd.Strains {
		out[i] = strconv.Itoa(t.Get(s, seat))
	}
	return out
}

// DDLeadRow is a row of the table of a game without a contract (whist):
// the tricks NS take, in each strain, when leader leads.
func DDLeadRow(t dd.Table, leader cards.Seat) []string {
	out := make([]string, len(dd.Strains))
	for i, s := range dd.Strains {
		out[i] = strconv.Itoa(DDSideTricks(t, s, leader, cards.NS))
	}
	return out
}

// DDSideTricks is the tricks side takes in strain when leader leads.
func DDSideTricks(t dd.Table, strain cards.Strain, leader cards.Seat, side cards.Side) int {
	decl := leader.Plus(3, 4) // the seat on the leader's right: the table's declarer
	n := t.Get(strain, decl)
	if decl.Partnership() != side {
		return 13 - n
	}
	return n
}

// frameDD is a frame's analysis of its hand: the analysis, or why the hand
// has none.
type frameDD struct {
	analysis *ddhand.Analysis
	why      error // the hand cannot be analysed (Unanalysable)
}

// frameAnalysis analyses the cursor's hand, unless o says not to.
func frameAnalysis(c *Cursor, o FrameOptions) (frameDD, error) {
	if o.NoDD {
		return frameDD{}, nil
	}
	a, err := HandAnalysis(c.Session(), c.Hand(), o.DD)
	if Unanalysable(err) {
		return frameDD{why: err}, nil
	}
	return frameDD{analysis: a}, err
}

// lines are what a frame says of the analysis at the moment h stands at:
// par during the auction, the value of the position in the play, or why
// the cards are not analysed. A game that is not four hands of 13 cards
// says nothing.
func (f frameDD) lines(h *game.Hand, names Names, ascii bool) []string {
	if line := DDMomentText(f.analysis, f.why, h, names, ascii); line != "" {
		return []string{line}
	}
	return nil
}

// DDMomentText is what a view of h at a moment says of the analysis a
// (nil when why says the hand cannot be analysed, or none was asked for):
// par during the auction, the value of the position in the play, or why
// the cards are not analysed; "" when there is nothing to say (a game not
// of four hands of 13 cards).
func DDMomentText(a *ddhand.Analysis, why error, h *game.Hand, names Names, ascii bool) string {
	switch {
	case errors.Is(why, ddhand.ErrCardsUnknown):
		return "Double dummy: not analysed: " + strings.TrimPrefix(why.Error(), ddhand.ErrCardsUnknown.Error()+": ")
	case a == nil:
		return ""
	case h.Contract == nil || h.Phase == game.PhaseAuction:
		if a.BySide {
			return ""
		}
		return fmt.Sprintf("Double dummy par (duplicate scoring, %s): %s", a.Vul.Text(names.Side), ParText(a.Par, names, ascii))
	}
	return DDPositionText(a, h, names, ascii)
}

// CardMoment names the card at place of trick of h (both from 0) as
// MomentOf does: H.T for the card that completes trick T, H.T.C for any
// other.
func CardMoment(h *game.Hand, trick, place int) Moment {
	t := h.Tricks[trick]
	if place == len(t.Cards)-1 && t.Winner != cards.NoSeat {
		return Moment{Kind: AfterTrick, Hand: h.Number, Trick: trick + 1}
	}
	return Moment{Kind: AfterCard, Hand: h.Number, Trick: trick + 1, Card: place + 1}
}

// MomentOfCard names the card the event id recorded in h; the hand's
// moment if h holds no such card.
func MomentOfCard(h *game.Hand, id events.ID) Moment {
	for i, t := range h.Tricks {
		for k, c := range t.Cards {
			if c.ID == id {
				return CardMoment(h, i, k)
			}
		}
	}
	return Moment{Kind: Dealt, Hand: h.Number}
}
