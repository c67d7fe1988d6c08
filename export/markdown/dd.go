package markdown

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/ddhand"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/replay"
)

// The double-dummy analysis in the write-up (Options.NoDD leaves it out):
// the table and par under the diagram, as the books print them, a mark on
// each card of the play that cost its side a trick, and the value of an
// end position. It is the machine's, told apart from people's notes: a
// section of its own, and marks in brackets ("[−1]") where notes have
// numbers in parentheses.

// analyse analyses the hand written up, unless the options say not to.
// A hand that cannot be analysed keeps why (a game not of four hands of
// 13 cards is left out without a word; cards not known are said to be).
func (d *doc) analyse(number int) error {
	if d.opts.NoDD {
		return nil
	}
	a, err := replay.HandAnalysis(d.full, number, d.opts.DD)
	if replay.Unanalysable(err) || replay.DDPending(err) {
		d.ddWhy = err
		return nil
	}
	d.dd = a
	return err
}

// ddHidden reports whether the diagram hides a hand: a problem, which the
// analysis would give away.
func (d *doc) ddHidden() bool {
	for _, h := range d.hidden {
		if h {
			return true
		}
	}
	return false
}

// ddSection writes the analysis under the diagram: the table, par, and the
// value of the contract played before the opening lead. shown is the hand
// as the diagram shows it; when it shows a position after cards were
// played (atMoment), the table is still the deal's as dealt, and says so.
func (d *doc) ddSection(shown *game.Hand, atMoment bool) {
	if d.ddHidden() {
		return
	}
	if replay.DDPending(d.ddWhy) {
		d.printf("*%s*\n\n", replay.DDPendingText)
		return
	}
	if errors.Is(d.ddWhy, ddhand.ErrCardsUnknown) {
		d.printf("*Double dummy: not analysed; %s.*\n\n", strings.TrimPrefix(d.ddWhy.Error(), ddhand.ErrCardsUnknown.Error()+": "))
		return
	}
	a := d.dd
	if a == nil {
		return
	}
	d.printf("## Double dummy\n\n")
	heads := replay.DDStrainHeads(d.ascii)
	g := grid{}
	var lines []string
	if a.BySide {
		g.head = append([]string{"Leader"}, heads...)
		for seat := cards.North; seat <= cards.West; seat++ {
			g.rows = append(g.rows, append([]string{d.names.Long[seat]}, replay.DDLeadRow(a.Table, seat)...))
		}
		ns := d.names.Sides[cards.NS]
		lines = append(lines, fmt.Sprintf("The tricks %s take with best play by both sides, by the hand that leads and the trumps.", ns))
		if p := a.Play; p != nil {
			n := replay.DDSideTricks(a.Table, p.Strain, p.Leader, cards.NS)
			lines = append(lines, fmt.Sprintf("With %s trumps and %s leading, %s take %s and %s %d.",
				p.Strain.Name(), d.names.Long[p.Leader], ns, replay.Count(n, "trick"), d.names.Sides[cards.EW], 13-n))
		}
	} else {
		g.head = append([]string{"Declarer"}, heads...)
		for seat := cards.North; seat <= cards.West; seat++ {
			g.rows = append(g.rows, append([]string{d.names.Long[seat]}, replay.DDRow(a.Table, seat)...))
		}
		lines = append(lines, "The tricks each hand takes as declarer, the hand on his left leading, with best play by both sides.")
		if !d.period() {
			// Par is duplicate contract bridge's measure (period.go).
			lines = append(lines, fmt.Sprintf("Par by duplicate scoring, %s: %s.", a.Vul.Text(d.names.Side), replay.ParText(a.Par, d.names, d.ascii)))
		}
		if p := a.Play; p != nil && d.h.Contract != nil && d.h.Contract.Declarer != cards.NoSeat {
			line := fmt.Sprintf("%s by %s", capital(d.contractText(d.h.Contract)), d.names.Long[d.h.Contract.Declarer])
			if d.h.Contract.Strain != p.Strain {
				line += fmt.Sprintf(" (%s for the solver)", p.Strain.Name())
			}
			lines = append(lines, fmt.Sprintf("%s: %s take %s with best play.", line, d.names.Sides[p.Side], replay.Count(p.Start, "trick")))
		}
	}
	if atMoment && replay.DDPlayed(shown) > 0 {
		lines[0] = "The deal as dealt: " + strings.ToLower(lines[0][:1]) + lines[0][1:]
	}
	g.align = []string{"---"}
	for range heads {
		g.align = append(g.align, "---:")
	}
	g.fold = func(row []string) string {
		var cs []string
		for i, c := range row[1:] {
			cs = append(cs, heads[i]+" "+c)
		}
		return row[0] + ": " + strings.Join(cs, ", ")
	}
	d.writeGrid(g)
	d.printf("%s\n\n", strings.Join(lines, " "))
}

// ddMark is the mark on a card of the play that cost its side tricks:
// "[−2]" ("[-2]" in ASCII); "" for a card that cost nothing or was not
// analysed.
func (d *doc) ddMark(id events.ID) string {
	if d.dd == nil || d.dd.Play == nil {
		return ""
	}
	c, ok := d.dd.Play.ByID(id)
	if !ok || c.Cost == 0 {
		return ""
	}
	minus := "−"
	if d.ascii {
		minus = "-"
	}
	d.marked = true
	return "[" + minus + strconv.Itoa(c.Cost) + "]"
}

// ddLegend says, under the play, what the marks mean, and where the
// analysis stopped if the play stopped being regular.
func (d *doc) ddLegend(h *game.Hand) {
	if d.dd == nil || d.dd.Play == nil {
		return
	}
	var lines []string
	if d.marked {
		minus := "−"
		if d.ascii {
			minus = "-"
		}
		lines = append(lines, fmt.Sprintf("A card marked [%sN] cost its side N tricks, double dummy.", minus))
	}
	if p := d.dd.Play; p.Stopped != nil && replay.DDPlayed(h) > len(p.Cards) {
		lines = append(lines, fmt.Sprintf("Double dummy: not analysed from %s on: %s.", replay.DDStoppedCard(p, d.names, d.ascii), p.Stop))
	}
	if len(lines) > 0 {
		d.printf("%s\n\n", strings.Join(lines, " "))
	}
}
