package pbnsession

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/export/internal/build"
	"github.com/hoyle/hoyle/export/pbn"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/game"
)

// The whist family in PBN.
//
// Whist and the games played like it (duplicate whist, dummy, mort,
// double dummy) have no auction: the trump is a card the dealer turns up,
// and nobody declares. PBN holds their deal, players and play as it holds
// bridge's, and other programs show them; what PBN has no tag for goes
// into hoyle's own tags:
//
//   - HoyleGame: the game; HoyleOptions its options when not the defaults;
//   - HoyleTurnUp: the card turned up for trump ("S7"), which makes the
//     trump (the Play section's tricks are read by it);
//   - HoyleClaim: a claim that ended the play ("N 3": the seat and the
//     tricks it claimed of those left), the Play section then ending "*";
//   - HoyleBoard "none" for a hand not dealt as a board, HoyleClose for
//     the hand after which the session was closed, as for bridge.
//
// There is no contract: Declarer, Contract and Result are "?" (unknown,
// as the standard writes what a record cannot say), Vulnerable is "None",
// and Scoring names the game's code. The tricks each side took follow
// from the play.
const (
	tagTurnUp = "HoyleTurnUp"
	tagClaim  = "HoyleClaim"
)

// trickGame reports whether a ruleset is of the whist family as PBN can
// hold it: four seats by the compass, a pack of 52, and no calls.
func trickGame(rs game.Ruleset) bool {
	return rs.Seating().Compass && len(rs.Pack()) == 52 && len(rs.CallSpace()) == 0
}

// eachTrickGame makes the game of each hand of a whist-family session.
func eachTrickGame(s *projections.Session, envs []events.Envelope, opt ExportOptions, put func(*game.Hand, *pbn.Game) error) error {
	dealt := map[events.ID]time.Time{}
	for _, e := range envs {
		if _, ok := e.Data.(*table.Dealt); ok {
			dealt[e.ID] = e.At
		}
	}
	closed := map[int]string{}
	for _, st := range s.Steps {
		if c, ok := st.Data.(*table.SessionClosed); ok {
			closed[st.Hand] = c.Reason
		}
	}
	return build.EachHand(s, opt.Hand, opt.Progress, func(h *game.Hand, _ bool) error {
		date := "?"
		if t, ok := dealt[h.DealID]; ok {
			date = t.UTC().Format("2006.01.02")
		}
		g, err := trickRecord(s, h, date, closed)
		if err != nil {
			return err
		}
		return put(h, &g)
	})
}

// trickRecord is one hand of a whist-family session as a PBN record.
func trickRecord(s *projections.Session, h *game.Hand, date string, closed map[int]string) (pbn.Game, error) {
	g := pbn.Game{}
	tags := &tagList{}
	if k := s.Kept[h.DealID]; k != nil && k.Format == "pbn" {
		for _, t := range k.Tags {
			tags.add(pbnTag(t))
		}
	}
	set := func(name, value string) {
		if v, ok := tags.get(name); !ok || v == "" {
			tags.set(name, value)
		}
	}
	place := s.Placement()
	event := s.Opened.Name
	if place.InEvent() {
		event = place.Event
	}
	set("Event", unknown(event))
	set("Site", "?")
	set("Date", date)
	board := h.Board
	if board == 0 {
		board = h.Number
	}
	tags.set("Board", strconv.Itoa(board))
	for _, seat := range []cards.Seat{cards.West, cards.North, cards.East, cards.South} {
		tags.set(seat.Name(), unknown(build.Name(s.PlayerAt(h.Number, seat))))
	}
	tags.set("Dealer", h.Dealer.String())
	tags.set("Vulnerable", cards.VulNone.PBN())
	deal := "?"
	if cards.Deal(h.Dealt).Cards() != 0 {
		deal = cards.Deal(h.Dealt).PBN(h.Dealer)
	}
	tags.set("Deal", deal)
	set("Scoring", "?")
	tags.set("Declarer", "?")
	tags.set("Contract", "?")
	tags.set("Result", "?")
	if h.Contract != nil && len(h.Tricks) > 0 {
		played := build.Played(h)
		order := make([]pbn.PlayedCard, len(played))
		for k, pc := range played {
			order[k] = pbn.PlayedCard{Seat: pc.Seat, Card: pc.Card}
		}
		p, err := pbn.PlayFromOrder(h.Tricks[0].Leader, h.Contract.Strain, order, h.Claim != nil)
		if err != nil {
			return g, err
		}
		if len(played) > 0 || h.Claim != nil {
			g.Play = p
		}
	}
	tags.set(tagGame, s.Rules.Info().ID)
	if opts := build.OptionsText(s.Rules, s.Opened.Options, nil); opts != "" {
		tags.set(tagOptions, opts)
	}
	if h.TurnUp != cards.NoCard {
		tags.set(tagTurnUp, h.TurnUp.String())
	}
	if c := h.Claim; c != nil {
		tags.set(tagClaim, fmt.Sprintf("%s %d", c.Seat, c.Tricks))
	}
	if h.Board == 0 {
		tags.set(tagBoard, "none")
	}
	if reason, ok := closed[h.Number]; ok {
		tags.set(tagClose, reason)
	}
	g.Tags = tags.tags
	return g, nil
}

// errNoTurnUp: a whist-family record without the card turned up, which
// makes the trump.
var errNoTurnUp = errors.New("the record does not say the card turned up for trump (" + tagTurnUp + ")")

// runTricks records a whist-family record as the next hand of its
// session: the deal with the card turned up, the tags kept, the play in
// the order it was played, and the claim that ended it.
func (rc *record) runTricks(p *planned) error {
	g, b := rc.g, rc.b
	d := &table.Dealt{Hand: b.Hand(), Dealer: p.dealer}
	keepBoard := rc.board(d)
	if br, ok := rc.rs.(game.BoardRules); ok && br.Duplicate(rc.opts) && d.Board != 0 {
		_, d.Vul = br.Board(d.Board)
	}
	d.TurnUp = p.turnUp
	switch deal, _, err := g.Deal(); {
	case err == nil && deal.Cards() != 0:
		if err := rc.rs.CheckDeal(game.DealResult{Hands: deal, TurnUp: p.turnUp}); err != nil {
			if e := rc.problem(tagLine(g, "Deal"), err, "the hands are recorded as unknown"); e != nil {
				return e
			}
			break
		}
		d.Hands = deal
	case err != nil && !errors.Is(err, pbn.ErrNoValue):
		if e := rc.problem(tagLine(g, "Deal"), err, "the hands are recorded as unknown"); e != nil {
			return e
		}
	}
	dealID, err := rc.add(d)
	if err != nil {
		return fail(g, tagLine(g, "Deal"), err)
	}
	if err := rc.addKeptTags(g, keepBoard); err != nil {
		return err
	}
	rc.notes = rc.routeNotes(false)
	if rc.first {
		if err := rc.addNotes(b.Events[0].ID, slot{kind: onSession}, nil); err != nil {
			return err
		}
	}
	if err := rc.addNotes(dealID, slot{kind: onDeal}, nil); err != nil {
		return err
	}
	h := b.S.Current()
	if pl := g.Play; pl != nil && h.Contract != nil {
		played, _, err := pl.Order(h.Contract.Strain)
		if err != nil {
			return fail(g, pl.Line, err)
		}
		for _, pc := range played {
			if _, err := rc.addCard(pl.Line, pc.Seat, pc.Card); err != nil {
				return fail(g, pl.Line, err)
			}
		}
	}
	if v := rc.hoyleTag(tagClaim); v != "" {
		seatText, tricks, _ := strings.Cut(strings.TrimSpace(v), " ")
		seat, err1 := cards.ParseSeat(seatText)
		n, err2 := strconv.Atoi(strings.TrimSpace(tricks))
		if err := errors.Join(err1, err2); err != nil {
			return fail(g, tagLine(g, tagClaim), fmt.Errorf("%s %s: %w", tagClaim, cards.Quote(v), err))
		}
		if _, err := rc.add(&table.Claimed{Seat: seat, Tricks: n}); err != nil {
			return fail(g, tagLine(g, tagClaim), err)
		}
	}
	if err := rc.honoursAndClose(); err != nil {
		return err
	}
	return rc.flush()
}
