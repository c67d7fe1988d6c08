package prompt

import (
	"fmt"
	"strings"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/replay"
)

// Prompt is the prompt the scorer types at: the hand, the phase and whose
// turn it is, so a glance says what the next entry is for.
//
//	hand 1 · auction · S (Z) to call>
//	hand 1 · 2NT by E · trick 3 · W (A, dummy) to play>
//
// At a table of an event it first says which table, so that a scorer at
// one of several tables on a shared log sees where the entries go:
//
//	club-2026-12-02 · table 2 · round 1 · board 3 · hand 1 · auction · S (Bob) to call>
func Prompt(s *projections.Session) string {
	return place(s) + turn(s)
}

// place says where the session sits in its event, when it is in one: the
// event, the table, and, for the hand in progress, its round under the
// movement and its board; "" otherwise.
func place(s *projections.Session) string {
	p := s.Placement()
	if !p.InEvent() {
		return ""
	}
	parts := []string{replay.Clean(p.Event)}
	if p.Table != "" {
		parts = append(parts, "table "+replay.Clean(p.Table))
	}
	if h := s.Current(); h != nil && h.Board != 0 {
		if plan, err := p.Plan(); err == nil && plan != nil {
			if tb, ok := p.TableNumber(); ok {
				if st, ok := plan.At(tb, h.Board); ok {
					parts = append(parts, fmt.Sprintf("round %d", st.Round))
				}
			}
		}
		parts = append(parts, fmt.Sprintf("board %d", h.Board))
	}
	return strings.Join(parts, " · ") + " · "
}

// turn is the prompt without the place: the hand and whose turn it is.
func turn(s *projections.Session) string {
	h := s.Current()
	var p string
	switch {
	case s.Closed:
		p = "session closed"
	case h == nil:
		p = "no hand yet · " + replay.DealerLabel(s) + " deals"
	default:
		p = fmt.Sprintf("hand %d", h.Number)
		switch h.Phase {
		case game.PhaseAuction:
			phase, doing := replay.AuctionWords(s.Rules)
			p += " · " + phase + " · " + label(s, h, h.Turn, "") + " " + doing
		case game.PhaseExchange:
			p += " · exchange · " + label(s, h, h.Turn, "") + " to discard"
		case game.PhasePlay:
			p += " · " + replay.ContractLine(s, h) + fmt.Sprintf(" · trick %d · ", len(h.Tricks)) + label(s, h, h.Turn, dummyOf(h, h.Turn)) + " to play"
			if h.Unsettled() != nil {
				p = fmt.Sprintf("hand %d · %s · trick %d · who won it? (won SEAT)", h.Number, replay.ContractLine(s, h), len(h.Tricks))
			}
		case game.PhaseDone:
			p += " done · " + replay.DealerLabel(s) + " deals next"
		}
	}
	return p + "> "
}

// Table is what the scorer sees after an entry in the play: the trick on
// the table (the trick just completed, with its winner, until the next lead)
// and dummy's cards once dummy is down. In the auction it is empty: the
// status line the command prints already lists the calls.
func Table(s *projections.Session) string {
	h := s.Current()
	if h == nil || len(h.Tricks) == 0 {
		return ""
	}
	var b strings.Builder
	t := h.CurrentTrick()
	if len(t.Cards) == 0 && len(h.Tricks) > 1 {
		t = &h.Tricks[len(h.Tricks)-2]
	}
	n := len(h.Tricks)
	if t != h.CurrentTrick() {
		n--
	}
	if len(t.Cards) > 0 || h.Phase == game.PhasePlay {
		var parts []string
		for _, p := range t.Cards {
			parts = append(parts, s.Seating().Names[p.Seat]+" "+p.Card.Symbol())
		}
		switch {
		case t.Winner != cards.NoSeat:
			parts = append(parts, "· won by "+label(s, h, t.Winner, ""))
		case len(t.Cards) == 0:
			parts = append(parts, label(s, h, h.Turn, dummyOf(h, h.Turn))+" to lead")
		case h.Unsettled() == t:
			parts = append(parts, "· "+replay.WhoWonText)
		default:
			parts = append(parts, "· "+label(s, h, h.Turn, dummyOf(h, h.Turn))+" to play")
		}
		fmt.Fprintf(&b, "  trick %d: %s\n", n, strings.Join(parts, "  "))
	}
	for _, d := range h.Dummies() {
		// Bridge's dummy goes down after the opening lead; a dummy game's
		// lies on the table from the start of the play.
		if h.Known(d) && h.Phase == game.PhasePlay && (d != h.Dummy || len(h.Tricks[0].Cards) > 0) {
			fmt.Fprintf(&b, "  dummy %s: %s\n", label(s, h, d, ""), replay.HandSymbols(h.Held[d]))
		}
	}
	return b.String()
}

// Result is the end of a hand: the contract and the tricks, then what the
// session's ruleset scored for the hand, entry by entry. It is empty until
// the current hand is done. (The score so far is the score pad's to draw.)
func Result(s *projections.Session) string {
	h := s.Current()
	if h == nil || h.Phase != game.PhaseDone {
		return ""
	}
	var b strings.Builder
	seating := s.Seating()
	if h.Contract == nil && len(h.Tricks) == 0 {
		fmt.Fprintf(&b, "hand %d: passed out\n", h.Number)
	} else {
		var won []string
		for side, n := range h.Won {
			won = append(won, fmt.Sprintf("%s %d", replay.SideName(seating, cards.Side(side)), n))
		}
		claim := ""
		if h.Claim != nil {
			claim = " (by claim)"
		}
		fmt.Fprintf(&b, "hand %d: %s · tricks %s%s\n", h.Number, replay.ContractLine(s, h), strings.Join(won, " "), claim)
	}
	b.WriteString(scored(s, h.Number))
	return b.String()
}

// scored lists what the session's ruleset scored for a hand, entry by
// entry with the law that gives it, from whichever parts of the score
// sheet the game has (rubbers, boards, a running tally): of its running
// part (the latest hand's entries are in the rubber in play, or the one
// it finished).
func scored(s *projections.Session, hand int) string {
	sheet := s.RunningScore().Sheet
	seating := s.Seating()
	// Only a rubber's score pad has a line to score above or below; a
	// duplicate board's score and a running tally have none.
	type entry struct {
		game.Entry
		lined bool
	}
	var es []entry
	for _, r := range sheet.Rubbers {
		for _, e := range r.Entries {
			es = append(es, entry{e, true})
		}
	}
	for _, bd := range sheet.Boards {
		for _, e := range bd.Entries {
			es = append(es, entry{e, false})
		}
	}
	for _, t := range sheet.Tally {
		for _, e := range t.Entries {
			es = append(es, entry{e, false})
		}
	}
	var b strings.Builder
	for _, e := range es {
		if e.Hand != hand {
			continue
		}
		where := ""
		switch {
		case e.lined && e.Above:
			where = " above"
		case e.lined:
			where = " below"
		}
		law := ""
		if e.Law != "" {
			law = " (" + e.Law + ")"
		}
		fmt.Fprintf(&b, "  %-3s %5d%s  %s%s\n", replay.SheetSideName(sheet, seating, e.Side), e.Points, where, e.Label, law)
	}
	if b.Len() == 0 {
		fmt.Fprintf(&b, "  nothing scored for hand %d\n", hand)
	}
	return b.String()
}

// ScorePad draws the running part of the session's score, as the prompt
// shows it at the end of a hand (Session.RunningScore): the rubber in
// play, or the one the hand finished, as a pad, and a line for the
// rubbers before it, with each side's total over them. The whole sheet is
// score's: drawing every rubber of a long session at each hand would cost
// the session, not the hand.
func ScorePad(s *projections.Session) string {
	run := s.RunningScore()
	seating, we := s.Seating(), replay.WeSide(s.Opts)
	out := replay.DrawScoreSheet(run.Sheet, seating, we, replay.PadColumn)
	if run.Before.Hands > 0 {
		// A score that runs on: its latest hand drawn, the totals of all.
		out += "the totals count " + replay.Count(run.Before.Hands, "hand") + " before it (score shows every one)\n"
	}
	if run.Before.Rubbers == 0 {
		return out
	}
	var totals []string
	for side, t := range run.Before.Totals {
		name := replay.SheetSideName(run.Sheet, seating, cards.Side(side))
		if len(run.Sheet.Sides) == 0 && len(run.Before.Totals) == 2 {
			name = replay.PadHead(seating, we, cards.Side(side)) // as the pad names them
		}
		totals = append(totals, fmt.Sprintf("%s %d", name, t))
	}
	what := "rubber"
	if len(run.Sheet.Rubbers) > 0 {
		switch r := run.Sheet.Rubbers[0]; {
		case r.Deals > 0:
			what = "Chicago"
		case r.Name != "" && !r.NoGames:
			what = strings.ToLower(r.Name)
		}
	}
	line := "before it: " + replay.Count(run.Before.Rubbers, what)
	if len(totals) > 0 {
		line += ", " + strings.Join(totals, ", ") + " in all"
	}
	return out + line + " (score shows every one)\n"
}

// dummyOf is "dummy" when seat is the hand's dummy: the declarer names
// dummy's cards, and the prompt says whose they are.
func dummyOf(h *game.Hand, seat cards.Seat) string {
	if seat != cards.NoSeat && seat == h.Dummy && h.PlayedFrom(seat) == seat {
		return "dummy"
	}
	return ""
}

// label names a seat and who plays it on h (nil: as the session opened):
// "S (Z)", "W (A, dummy)", or in a dummy game "N (dummy, played by Ann)".
func label(s *projections.Session, h *game.Hand, seat cards.Seat, extra string) string {
	if seat == cards.NoSeat {
		return "nobody"
	}
	var in []string
	if p := replay.SeatPlayer(s, h, seat); p != "" { // a name is user text: cleaned, no escape sequences on the terminal
		in = append(in, p)
	}
	if extra != "" {
		in = append(in, extra)
	}
	name := s.Seating().Names[seat]
	if len(in) > 0 {
		name += " (" + strings.Join(in, ", ") + ")"
	}
	return name
}
