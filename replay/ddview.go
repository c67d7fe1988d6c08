package replay

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/dd"
	"github.com/hoyle/hoyle/projections/ddhand"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/rules/contract"
)

// The double-dummy views of hoyle dd as text for people: of a recorded hand
// at a moment (DDHand), and of a bare deal (WriteDDDeal). Their JSON, a
// scripting contract, is replay/jsonview's (DDHand, DDDeal, DDFileLine).

// DDHand is the double-dummy analysis of a recorded hand at a moment: the
// hand, its analysis with the play to the moment, and the moment as given
// (nil: the whole hand).
type DDHand struct {
	Session  *projections.Session
	Hand     *game.Hand
	Analysis *ddhand.Analysis
	At       *string
}

// AnalyseDDHand analyses the hand of at (nil: the latest) of a session,
// whose events envs are (FoldAt reads them for a moment inside a hand),
// and its play to at: H is the whole of hand H; a later moment (H.T,
// H.T.C) tells the play to there, a moment of the auction no play. The
// solver's answers come from src (nil: as HandAnalysis).
func AnalyseDDHand(s *projections.Session, envs []events.Envelope, at *Moment, src ddhand.Solutions) (*DDHand, error) {
	number := len(s.Hands)
	upto := -1 // cards of the play analysed; -1: all of them, -2: none (the moment is in the auction)
	var atText *string
	if at != nil {
		p, err := Resolve(s, *at)
		if err != nil {
			return nil, err
		}
		if p.Hand == 0 {
			return nil, &MomentError{Moment: *at, Reason: "it is before the first deal"}
		}
		number = p.Hand
		if at.Kind != Dealt {
			state, err := FoldAt(s, envs, p)
			if err != nil {
				return nil, err
			}
			then := state.Hands[number-1]
			upto = DDPlayed(then)
			if then.Contract == nil {
				upto = -2 // the auction: no contract yet, so no play to tell
			}
			m := at.String()
			atText = &m
		}
	}
	if number == 0 {
		return nil, fmt.Errorf("%w: no hand has been dealt in this session yet", ErrNoMoment)
	}
	h := s.Hands[number-1]
	a, err := ddhand.Analyse(h, Solutions(src), contract.ParScore)
	if err != nil {
		return nil, fmt.Errorf("hand %d cannot be analysed: %w", number, err)
	}
	if upto == -2 {
		a.Play = nil
	}
	if a.Play != nil && upto >= 0 {
		// The play to the moment: the cards after it are not told.
		p := *a.Play
		p.Cards = p.Cards[:min(upto, len(p.Cards))]
		p.Recorded = min(upto, p.Recorded)
		if p.Recorded <= len(p.Cards) {
			p.Stopped, p.Stop = nil, ""
		}
		a.Play = &p
	}
	return &DDHand{Session: s, Hand: h, Analysis: a, At: atText}, nil
}

// WriteText writes the analysis for people: the deal, the table (by
// leader at whist) and par, and the play trick by trick with the cost of
// each card.
func (v *DDHand) WriteText(w io.Writer) error {
	return writeDDHandText(w, v.Session, v.Hand, v.Analysis, v.At)
}

// WriteDDDeal writes the analysis of a bare deal for people: the deal,
// the table and par at nobody's vulnerability.
func WriteDDDeal(w io.Writer, d cards.Deal, t dd.Table) error {
	names := CompassNames()
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s\n\n", d.PBN(cards.North))
	WriteDDTable(&b, t, names)
	fmt.Fprintf(&b, "\nPar by duplicate scoring, %s: %s\n", cards.VulNone.Text(names.Side), ParText(dd.Par(t, cards.VulNone, contract.ParScore), names, false))
	_, err := w.Write(b.Bytes())
	return err
}

// CompassNames names the seats and sides by the compass.
func CompassNames() Names {
	n, _ := SeatNames(game.Compass, cards.North, CompassSeats)
	return n
}

// WriteDDTable writes the table as text: a row per declarer, a column per
// strain.
func WriteDDTable(w io.Writer, t dd.Table, names Names) {
	writeSeatTable(w, "Declarer", names, func(seat cards.Seat) []string { return DDRow(t, seat) })
}

// WriteDDLeadTable writes a whist table: the tricks NS take, by the hand
// that leads and the trumps.
func WriteDDLeadTable(w io.Writer, t dd.Table, names Names) {
	writeSeatTable(w, "Leader", names, func(seat cards.Seat) []string { return DDLeadRow(t, seat) })
}

// writeSeatTable writes a row of values by strain for each seat, under a
// head naming what the seat is.
func writeSeatTable(w io.Writer, head string, names Names, row func(cards.Seat) []string) {
	fmt.Fprintf(w, "%-10s", head)
	for _, h := range DDStrainHeads(false) {
		fmt.Fprintf(w, "%4s", h)
	}
	fmt.Fprintln(w)
	for seat := cards.North; seat <= cards.West; seat++ {
		fmt.Fprintf(w, "%-10s", names.Long[seat])
		for _, v := range row(seat) {
			fmt.Fprintf(w, "%4s", v)
		}
		fmt.Fprintln(w)
	}
}

// writeDDHandText writes the analysis of a recorded hand for people.
func writeDDHandText(w io.Writer, s *projections.Session, h *game.Hand, a *ddhand.Analysis, at *string) error {
	names := CompassNames()
	var b bytes.Buffer
	title := Clean(s.Opened.Name)
	if title == "" {
		title = "Session " + s.ID
	}
	head := fmt.Sprintf("%s, hand %d: %s", title, h.Number, s.Rules.Info().Title)
	if h.Board != 0 {
		head += fmt.Sprintf(", board %d", h.Board)
	}
	head += ", dealer " + names.Long[h.Dealer]
	if at != nil {
		head += ", at " + *at
	}
	fmt.Fprintf(&b, "%s\n%s\n\n", Escape(head), a.Deal.PBN(cards.North))
	if a.BySide {
		fmt.Fprintf(&b, "Double dummy: the tricks %s take, by the hand that leads and the trumps\n", names.Sides[cards.NS])
		WriteDDLeadTable(&b, a.Table, names)
	} else {
		fmt.Fprintln(&b, "Double dummy: the tricks each hand takes as declarer, the hand on his left leading")
		WriteDDTable(&b, a.Table, names)
		fmt.Fprintf(&b, "\nPar by duplicate scoring, %s: %s\n", a.Vul.Text(names.Side), ParText(a.Par, names, false))
	}
	if p := a.Play; p != nil {
		writeDDPlayText(&b, h, p, names)
	}
	_, err := w.Write(b.Bytes())
	return err
}

// writeDDPlayText writes the play trick by trick, each card with its cost
// when it cost its side, and the counted side's tricks after each trick.
func writeDDPlayText(b *bytes.Buffer, h *game.Hand, p *ddhand.Play, names Names) {
	side := names.Sides[p.Side]
	fmt.Fprintln(b)
	if p.Declarer != cards.NoSeat {
		fmt.Fprintf(b, "%s by %s", ContractShort(h.Contract, false), names.Long[p.Declarer])
		if h.Contract.Strain != p.Strain {
			fmt.Fprintf(b, " (%s for the solver)", p.Strain.Name())
		}
		fmt.Fprintf(b, ", %s leading: %s take %s with best play.\n", names.Long[p.Leader], side, Count(p.Start, "trick"))
	} else {
		fmt.Fprintf(b, "%s trumps, %s leading: %s take %s with best play, %s %d.\n", capital(p.Strain.Name()), names.Long[p.Leader],
			side, Count(p.Start, "trick"), names.Sides[1-p.Side], 13-p.Start)
	}
	cell := func(text string) string { return text + strings.Repeat(" ", max(1, 12-Width(text))) }
	if len(p.Cards) > 0 {
		fmt.Fprintf(b, "After each trick, the tricks %s take in all (those won included) with best play\nfrom there. [−N] marks a card that cost its side N tricks.\n", side)
		fmt.Fprintf(b, "\nTrick  %s%s%s%s%s\n", cell("1st"), cell("2nd"), cell("3rd"), cell("4th"), side)
	}
	for i := 0; i < len(p.Cards); {
		trick := p.Cards[i].Trick
		line := fmt.Sprintf("%5d  ", trick+1)
		k := 0
		for ; i < len(p.Cards) && p.Cards[i].Trick == trick; i, k = i+1, k+1 {
			c := p.Cards[i]
			text := names.Short[c.Seat] + " " + CardText(c.Card, false)
			if c.Cost > 0 {
				text += " [−" + strconv.Itoa(c.Cost) + "]"
			}
			line += cell(text)
		}
		line += strings.Repeat(cell(""), 4-k)
		fmt.Fprintf(b, "%s%d\n", line, p.Cards[i-1].Tricks)
	}
	if costly := p.Costly(); len(costly) > 0 {
		var cs []string
		for _, c := range costly {
			cs = append(cs, fmt.Sprintf("%s %s (%s) %s", names.Short[c.Seat], CardText(c.Card, false),
				CardMoment(h, c.Trick, c.Place), Count(c.Cost, "trick")))
		}
		fmt.Fprintf(b, "\nCards that cost their side tricks: %s.\n", strings.Join(cs, "; "))
	} else if len(p.Cards) > 0 {
		fmt.Fprintln(b, "\nNo card cost its side a trick.")
	}
	if p.Recorded > len(p.Cards) && p.Stopped != nil {
		fmt.Fprintf(b, "Not analysed from %s on: %s.\n", DDStoppedCard(p, names, false), p.Stop)
	}
}
