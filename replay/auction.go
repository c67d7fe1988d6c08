package replay

import (
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
)

// AuctionLayout places the calls of a hand in columns by seat, as the books
// print an auction: a column for each seat round the table from the first
// to call, a row for each round.
type AuctionLayout struct {
	// Seats are the seats by column, from the first to call: the seat of
	// the first call, or before any call the seat the ruleset gives the
	// first call to. That is the dealer in the bridge codes, the eldest
	// hand at Five Hundred.
	Seats []cards.Seat
	// Rows hold, by column, the index in h.Calls of the call made there,
	// or -1. A seat that calls no more (a Five Hundred player who has
	// passed) is passed over, and its cells stay empty.
	Rows [][]int
	// TurnRow and TurnCol are where the next call goes while the auction
	// is open (TurnRow may be len(Rows): a new round); -1 when it is over.
	TurnRow, TurnCol int
}

// LayOutAuction lays out the calls of h.
func LayOutAuction(h *game.Hand) AuctionLayout {
	n := h.Seating.Seats
	first := h.Turn
	if len(h.Calls) > 0 {
		first = h.Calls[0].Seat
	}
	if first == cards.NoSeat {
		first = h.Dealer
	}
	l := AuctionLayout{TurnRow: -1, TurnCol: -1}
	for i := range n {
		l.Seats = append(l.Seats, first.Plus(i, n))
	}
	col := func(s cards.Seat) int { return int(s.Plus(-int(first), n)) }
	last := n // the column of the latest call: a call at or left of it opens a new round
	for i, c := range h.Calls {
		k := col(c.Seat)
		if k <= last {
			row := make([]int, n)
			for j := range row {
				row[j] = -1
			}
			l.Rows = append(l.Rows, row)
		}
		l.Rows[len(l.Rows)-1][k] = i
		last = k
	}
	if h.Phase == game.PhaseAuction && h.Turn != cards.NoSeat {
		l.TurnRow, l.TurnCol = len(l.Rows)-1, col(h.Turn)
		if l.TurnCol <= last {
			l.TurnRow++
		}
	}
	return l
}
