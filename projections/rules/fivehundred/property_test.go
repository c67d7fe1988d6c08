package fivehundred

import (
	"testing"

	"pgregory.net/rapid"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
)

// Any shuffled pack, any dealer: the deal gives each player ten cards and
// the widow three, every card once.
func TestDealCoversThePack(t *testing.T) {
	r := New()
	rapid.Check(t, func(t *rapid.T) {
		pack := rapid.Permutation(r.Pack()).Draw(t, "pack")
		dealer := cards.Seat(rapid.IntRange(0, 2).Draw(t, "dealer"))
		d := r.Deal(pack, dealer)
		var all cards.Set
		for _, h := range d.Hands {
			if h.Len() != HandSize || h.Intersect(all) != 0 {
				t.Fatalf("hand %s", h.PBN())
			}
			all = all.Union(h)
		}
		if d.Widow.Len() != WidowSize || d.Widow.Intersect(all) != 0 {
			t.Fatalf("widow %s", d.Widow.PBN())
		}
		if all.Union(d.Widow) != cards.NewSet(r.Pack()...) {
			t.Fatal("the deal does not cover the pack")
		}
		if d.Hands[dealer.Next(3)] != cards.NewSet(pack[0:3]...).Union(cards.NewSet(pack[9:12]...)).Union(cards.NewSet(pack[18:21]...)).Add(pack[27]) {
			t.Fatal("the eldest hand is not served first")
		}
		if err := r.CheckDeal(d); err != nil {
			t.Fatal(err)
		}
	})
}

// A whole hand of random legal calls, discards and cards: the bidding ends,
// the bidder's contract is the highest bid, each trick has one winner, and
// with a trump suit the Joker always wins its trick.
func TestRandomLegalHands(t *testing.T) {
	r := New()
	rapid.Check(t, func(t *rapid.T) {
		pack := rapid.Permutation(r.Pack()).Draw(t, "pack")
		dealer := cards.Seat(rapid.IntRange(0, 2).Draw(t, "dealer"))
		d := r.Deal(pack, dealer)
		h := game.NewHand(1, dealer, r.Seating(), nil)
		copy(h.Dealt, d.Hands)
		copy(h.Held, d.Hands)
		h.Widow = d.Widow
		r.Start(h, nil)
		for steps := 0; h.Phase != game.PhaseDone; steps++ {
			if steps > 200 {
				t.Fatalf("the hand did not end (phase %s)", h.Phase)
			}
			switch h.Phase {
			case game.PhaseAuction:
				legal := h.LegalCalls(r)
				if len(legal) == 0 {
					t.Fatal("no legal call")
				}
				c := legal[0] // pass, most often
				if rapid.IntRange(0, 3).Draw(t, "bid?") == 0 {
					c = rapid.SampledFrom(legal).Draw(t, "call")
				}
				if err := r.Call(h, c, events.ID{}); err != nil {
					t.Fatal(err)
				}
			case game.PhaseExchange:
				held := h.Held[h.Turn].Cards()
				if len(held) != HandSize+WidowSize {
					t.Fatalf("the bidder holds %d cards with the widow", len(held))
				}
				cs := rapid.Permutation(held).Draw(t, "held")[:WidowSize]
				if err := r.Discard(h, h.Turn, cs); err != nil {
					t.Fatal(err)
				}
			case game.PhasePlay:
				legal := h.LegalCards(r)
				if len(legal) == 0 {
					t.Fatalf("no legal card for %s", h.SeatName(h.Turn))
				}
				if err := h.Play(r, rapid.SampledFrom(legal).Draw(t, "card"), events.ID{}); err != nil {
					t.Fatal(err)
				}
			}
		}
		b := BiddingOf(h)
		if b.Bidder != cards.NoSeat && (h.Contract.Declarer != b.Bidder || h.Contract.Level != int(b.High.Level)) {
			t.Fatalf("contract %+v, bidding %+v", h.Contract, b)
		}
		total := 0
		for _, w := range h.Won {
			total += w
		}
		if total != Tricks || len(h.Tricks) != Tricks {
			t.Fatalf("%d tricks won of %d played", total, len(h.Tricks))
		}
		_, hasTrump := h.Trump()
		for _, tr := range h.Tricks {
			for _, p := range tr.Cards {
				if p.Card == cards.Joker && hasTrump && tr.Winner != p.Seat {
					t.Fatalf("the Joker lost a trick at trumps: %+v", tr)
				}
			}
		}
		won, lost, _, _ := HandScore(h)
		for s := range won {
			if won[s] < 0 || lost[s] < 0 {
				t.Fatalf("negative columns %v %v", won, lost)
			}
		}
	})
}
