// Package rulestest helps the rulesets' tests: a table that records entries
// through the recorder into memory, as the CLI does, a plain text of a
// score sheet for golden files, and a property check that random legal
// sessions of a game fold, verify and score consistently.
package rulestest

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"pgregory.net/rapid"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/memstore"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/load"
	"github.com/hoyle/hoyle/projections/recorder"
	"github.com/hoyle/hoyle/projections/simulate"
	"github.com/hoyle/hoyle/projections/simulate/simtest"
	"github.com/hoyle/hoyle/projections/verify"
)

// Table is a session in memory, written through the recorder.
type Table struct {
	t  testing.TB
	R  *recorder.Recorder
	ID string
}

// New opens a session.
func New(t testing.TB, spec projections.SessionSpec) *Table {
	t.Helper()
	clock := time.Date(1914, 1, 1, 20, 0, 0, 0, time.UTC)
	r := &recorder.Recorder{Store: memstore.New(), Now: func() time.Time { clock = clock.Add(time.Second); return clock }}
	id, err := r.Open(context.Background(), spec)
	if err != nil {
		t.Fatalf("open %s: %v", spec.Game, err)
	}
	return &Table{t: t, R: r, ID: id}
}

// Try records one entry, and says why the laws refused it.
func (tb *Table) Try(d recorder.Decision) error {
	_, err := tb.R.Record(context.Background(), tb.ID, d)
	return err
}

// Must records one entry, or fails the test.
func (tb *Table) Must(d recorder.Decision) {
	tb.t.Helper()
	if err := tb.Try(d); err != nil {
		tb.t.Fatal(err)
	}
}

// Session folds the whole session.
func (tb *Table) Session() *projections.Session {
	tb.t.Helper()
	s, _, err := load.Session(context.Background(), tb.R.Store, tb.ID)
	if err != nil {
		tb.t.Fatal(err)
	}
	return s
}

// Tail folds the latest hand, as an entry at the table does.
func (tb *Table) Tail() *projections.Session {
	tb.t.Helper()
	s, err := load.Tail(context.Background(), tb.R.Store, tb.ID)
	if err != nil {
		tb.t.Fatal(err)
	}
	return s
}

// Hand is the current hand of the whole session.
func (tb *Table) Hand() *game.Hand { return tb.Session().Current() }

// The entries, as decisions.

// Deal deals by a PBN deal, or (pbn "") with a seed and the turn-up it
// gives.
func Deal(pbn string, turnUp string) recorder.Decision {
	return func(s *projections.Session, st projections.Stamp) ([]events.Event, error) {
		return s.DecideDeal(st, projections.DealSpec{PBN: pbn, TurnUp: turnUp})
	}
}

// DealHands deals hands seat by seat ("N": "AKQ.." ...), with the card
// turned up.
func DealHands(hands map[string]string, turnUp string) recorder.Decision {
	return func(s *projections.Session, st projections.Stamp) ([]events.Event, error) {
		return s.DecideDeal(st, projections.DealSpec{Hands: hands, TurnUp: turnUp})
	}
}

// DealSeed deals from a recorded shuffle.
func DealSeed(seed uint64) recorder.Decision {
	return func(s *projections.Session, st projections.Stamp) ([]events.Event, error) {
		return s.DecideDeal(st, projections.DealSpec{Seed: &seed})
	}
}

// DealBlank records a deal whose cards are not recorded, with the card
// turned up.
func DealBlank(turnUp string) recorder.Decision {
	return func(s *projections.Session, st projections.Stamp) ([]events.Event, error) {
		return s.DecideDeal(st, projections.DealSpec{TurnUp: turnUp})
	}
}

// Plays plays cards, each for whoever's turn it is.
func Plays(tokens string) recorder.Decision {
	return func(s *projections.Session, st projections.Stamp) ([]events.Event, error) {
		return s.DecidePlays(st, strings.Fields(tokens))
	}
}

// Calls makes calls.
func Calls(tokens string) recorder.Decision {
	return func(s *projections.Session, st projections.Stamp) ([]events.Event, error) {
		return s.DecideCalls(st, strings.Fields(tokens))
	}
}

// Irregular plays a card against the laws from seat's hand.
func Irregular(seat, card string) recorder.Decision {
	return func(s *projections.Session, st projections.Stamp) ([]events.Event, error) {
		return s.DecideIrregularPlays(st, seat, "", []string{card})
	}
}

// Expose records cards of seat's exposed.
func Expose(seat string, tokens string) recorder.Decision {
	return func(s *projections.Session, st projections.Stamp) ([]events.Event, error) {
		return s.DecideExpose(st, seat, strings.Fields(tokens))
	}
}

// Correct corrects a renounce in time.
func Correct() recorder.Decision {
	return func(s *projections.Session, st projections.Stamp) ([]events.Event, error) {
		return s.DecideCorrect(st, "")
	}
}

// Penalty chooses a remedy.
func Penalty(choice, arg string) recorder.Decision {
	return func(s *projections.Session, st projections.Stamp) ([]events.Event, error) {
		return s.DecidePenalty(st, projections.PenaltySpec{Choice: choice, Arg: arg})
	}
}

// Claim ends the play: by's side takes n of the tricks left.
func Claim(by string, n int) recorder.Decision {
	return func(s *projections.Session, st projections.Stamp) ([]events.Event, error) {
		return s.DecideClaim(st, projections.ClaimSpec{Tricks: n, By: by})
	}
}

// Honours claims honours for a side.
func Honours(side cards.Side, holding string) recorder.Decision {
	return func(s *projections.Session, st projections.Stamp) ([]events.Event, error) {
		return s.DecideHonours(st, side, holding)
	}
}

// Close closes the session.
func Close() recorder.Decision {
	return func(s *projections.Session, st projections.Stamp) ([]events.Event, error) {
		return s.DecideClose(st, "")
	}
}

// Sheet writes a score sheet as plain text for a golden file: each rubber
// (or game) with its entries, totals, winner and players' shares, then the
// players' totals and the notes. Sides and seats are named as the seating
// names them; players by the seats they were named to.
func Sheet(sheet game.ScoreSheet, seating game.Seating) string {
	var b strings.Builder
	side := func(s cards.Side) string { return strings.Join(seating.SideSeats(s), "") }
	if seating.CompassSides() {
		side = func(s cards.Side) string { return s.String() }
	}
	for _, r := range sheet.Rubbers {
		unit := "rubber"
		if r.Name != "" {
			unit = strings.ToLower(r.Name)
		}
		fmt.Fprintf(&b, "%s %d (hands %v)\n", unit, r.Number, r.Hands)
		for _, e := range r.Entries {
			where := "below"
			if e.Above {
				where = "above"
			}
			line := ""
			if e.GameLine {
				line = " ----"
			}
			fmt.Fprintf(&b, "  hand %d  %-3s %3d %s  %s [%s]%s\n", e.Hand, side(e.Side), e.Points, where, e.Label, e.Law, line)
		}
		var totals []string
		for _, s := range []cards.Side{0, 1} {
			if t := r.Sides[s]; t != nil {
				totals = append(totals, fmt.Sprintf("%s above %d below %d total %d", side(s), t.Above, t.Below, t.Total))
			}
		}
		fmt.Fprintf(&b, "  %s\n", strings.Join(totals, "; "))
		switch {
		case r.Winner != nil:
			fmt.Fprintf(&b, "  complete %v: %s win %d\n", r.Complete, side(*r.Winner), r.Points)
		default:
			fmt.Fprintf(&b, "  complete %v: no winner\n", r.Complete)
		}
		if len(r.Players) > 0 {
			fmt.Fprintf(&b, "  players: %s\n", players(seating, r.Players))
		}
		if r.Note != "" {
			fmt.Fprintf(&b, "  note: %s\n", r.Note)
		}
	}
	if len(sheet.Players) > 0 {
		fmt.Fprintf(&b, "in all: %s\n", players(seating, sheet.Players))
	}
	for _, n := range sheet.Notes {
		fmt.Fprintf(&b, "note: %s\n", n)
	}
	return b.String()
}

func players(seating game.Seating, ps []game.PlayerScore) string {
	var parts []string
	for _, p := range ps {
		part := fmt.Sprintf("%s %+d", seating.Names[p.Player], p.Points)
		if p.Role != "" {
			part += " (" + p.Role + ")"
		}
		parts = append(parts, part)
	}
	return strings.Join(parts, ", ")
}

// RandomSessions is a property check: random legal sessions of a game (a
// few hands each, some ended by claims) verify, every hand is finished, a
// fold of the latest hand agrees with the whole fold on who plays each
// seat, every rubber's entries add up to its sides' totals, and the
// players' shares, where the sheet has them, add up to nothing. check, if
// given, looks further at each session.
func RandomSessions(t *testing.T, id string, opts map[string]string, check func(t *rapid.T, s *projections.Session)) {
	rapid.Check(t, func(rt *rapid.T) {
		ctx := context.Background()
		st := memstore.New()
		hands := rapid.IntRange(1, 8).Draw(rt, "hands")
		s, tail, err := simtest.MemoryIn(ctx, st, simulate.Options{Game: id, Options: opts, Hands: hands,
			Seed: rapid.Uint64().Draw(rt, "seed"), ClaimEvery: 3})
		if err != nil {
			rt.Fatalf("simulate: %v", err)
		}
		rep, err := verify.Run(ctx, st)
		if err != nil || rep.Hands != hands {
			rt.Fatalf("verify: %v, %d hands of %d", err, rep.Hands, hands)
		}
		last, tl := s.Current(), tail.Current()
		for seat := range last.Seating.Seats {
			st := cards.Seat(seat)
			if last.Player(st) != tl.Player(st) || last.IsDummy(st) != tl.IsDummy(st) || last.InPlay(st) != tl.InPlay(st) {
				rt.Fatalf("hand %d, seat %s: the latest hand alone does not know who plays it", last.Number, st)
			}
		}
		for _, h := range s.Hands {
			if h.Phase != game.PhaseDone {
				rt.Fatalf("hand %d unfinished", h.Number)
			}
			won := 0
			for _, n := range h.Won {
				won += n
			}
			if won != s.Rules.Tricks() {
				rt.Fatalf("hand %d: %d tricks won of %d", h.Number, won, s.Rules.Tricks())
			}
		}
		sheet := s.Score()
		for _, r := range sheet.Rubbers {
			sum := map[cards.Side]int{}
			for _, e := range r.Entries {
				if e.Above {
					sum[e.Side] += e.Points
				}
			}
			for sd, tot := range r.Sides {
				if tot.Above != sum[sd] {
					rt.Fatalf("rubber %d: %s above the line %d, entries %d", r.Number, sd, tot.Above, sum[sd])
				}
			}
			shares := 0
			for _, p := range r.Players {
				shares += p.Points
			}
			if shares != 0 {
				rt.Fatalf("rubber %d: the players' shares add up to %d", r.Number, shares)
			}
		}
		total := 0
		for _, p := range sheet.Players {
			total += p.Points
		}
		if total != 0 {
			rt.Fatalf("the players' totals add up to %d", total)
		}
		if check != nil {
			check(rt, s)
		}
	})
}
