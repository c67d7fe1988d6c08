package jsonlog

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/memstore"
	"github.com/hoyle/hoyle/events/testkit"
	"github.com/hoyle/hoyle/export/markdown"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/recorder"
	"github.com/hoyle/hoyle/projections/rules"
	"github.com/hoyle/hoyle/projections/verify"
	"github.com/hoyle/hoyle/replay"
)

// TestEveryHistoryVerifiesAndRoundTrips: whatever a scorer records, in
// any game, by any sequence of deals, calls and cards (legal or not),
// undos, new deals, penalties, claims and notes, what hoyle wrote verify
// accepts, and the JSON export of it imports into an empty database that
// verify accepts too, and its write-up at the moment reached is written
// (an undone deal of a game whose players move once
// left its seating behind, and neither did).
func TestEveryHistoryVerifiesAndRoundTrips(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(testkit.Seed(t), 30))
	type table struct {
		game     string
		movement string
	}
	var tables []table
	for _, rs := range rules.All() {
		tables = append(tables, table{game: rs.Info().ID})
	}
	tables = append(tables, table{"contract", "pivot"}, table{"contract", "progressive:3x4"}, table{"auction", "pivot"})
	rounds := testkit.Rounds(2, 12) // HOYLE_FULL=1 runs 12 sequences a game
	for _, tb := range tables {
		t.Run(tb.game+"/"+tb.movement, func(t *testing.T) {
			for round := range rounds {
				st := memstore.New()
				tick := time.Date(2026, 5, 1, 19, 0, 0, 0, time.UTC)
				rec := &recorder.Recorder{Store: st, Now: func() time.Time { tick = tick.Add(time.Second); return tick }}
				spec := projections.SessionSpec{Game: tb.game, Placement: projections.Placement{Movement: tb.movement}}
				if tb.movement != "" {
					spec.Placement.Event, spec.Placement.Table = "club night", "1"
				}
				id, err := rec.Open(ctx, spec)
				require.NoError(t, err)
				var did []string
				for range 20 + rng.IntN(60) {
					what, decide := randomEntry(rng)
					if _, err := rec.Record(ctx, id, decide); err == nil {
						did = append(did, what)
					}
				}
				where := fmt.Sprintf("round %d, after %v", round, did)
				_, err = verify.Run(ctx, st)
				require.NoError(t, err, "verify: %s", where)

				var envs []events.Envelope
				for e, err := range st.ReadSession(ctx, id, 1) {
					require.NoError(t, err)
					envs = append(envs, e)
				}
				// The write-up of the moment reached (what show prints).
				if m, err := replay.ParseMoment(fmt.Sprintf("@%d", len(envs))); err == nil {
					if _, err := markdown.Render(envs, markdown.Options{At: &m, NoDD: true}); err != nil {
						require.ErrorIs(t, err, replay.ErrNoMoment, where)
					}
				}
				var buf bytes.Buffer
				require.NoError(t, Write(&buf, envs), where)
				log, err := Read(bytes.NewReader(buf.Bytes()), Options{})
				require.NoError(t, err, "import of the export: %s", where)
				back := memstore.New()
				_, err = back.Append(ctx, log.Batches()...)
				require.NoError(t, err, where)
				rep, err := verify.Run(ctx, back)
				require.NoError(t, err, "verify of the import: %s", where)
				require.EqualValues(t, len(envs), rep.Events, where)
			}
		})
	}
}

// randomEntry is one entry a scorer might make now: mostly what the laws
// allow (the hand goes on), now and then an irregularity, a remedy, an
// undo or a new deal. The entry may be refused; the test goes on.
func randomEntry(rng *rand.Rand) (string, recorder.Decision) {
	switch n := rng.IntN(100); {
	case n < 8:
		return "deal", func(s *projections.Session, stamp projections.Stamp) ([]events.Event, error) {
			seed := rng.Uint64()
			return s.DecideDeal(stamp, projections.DealSpec{Seed: &seed})
		}
	case n < 16:
		return "undo", func(s *projections.Session, stamp projections.Stamp) ([]events.Event, error) {
			return s.DecideUndo(stamp)
		}
	case n < 19:
		return "new-deal", func(s *projections.Session, stamp projections.Stamp) ([]events.Event, error) {
			return s.DecideNewDeal(stamp, "a card faced in the pack", rng.IntN(2) == 0)
		}
	case n < 24:
		return "irregular", func(s *projections.Session, stamp projections.Stamp) ([]events.Event, error) {
			h := s.Current()
			if h == nil {
				return nil, game.ErrNothingToUndo
			}
			seat := cards.Seat(rng.IntN(h.Seating.Seats))
			name := h.SeatName(seat)
			if h.Phase == game.PhaseAuction {
				legal := h.LegalCalls(s.Rules)
				if len(legal) == 0 {
					return nil, game.ErrNothingToUndo
				}
				return s.DecideIrregularCalls(stamp, name, []string{legal[rng.IntN(len(legal))].String()})
			}
			held := h.Held[seat].Cards()
			if len(held) == 0 {
				return nil, game.ErrNothingToUndo
			}
			return s.DecideIrregularPlays(stamp, name, "", []string{held[rng.IntN(len(held))].String()})
		}
	case n < 30:
		return "penalty", func(s *projections.Session, stamp projections.Stamp) ([]events.Event, error) {
			h := s.Current()
			if h == nil {
				return nil, game.ErrNothingToUndo
			}
			open := h.Open(s.Rules)
			if len(open) == 0 || len(open[0].Choices) == 0 {
				return nil, game.ErrNothingToUndo
			}
			c := open[0].Choices[rng.IntN(len(open[0].Choices))]
			arg := ""
			switch c.Arg {
			case "CARD":
				if held := h.Held[open[0].Irregularity.Seat].Cards(); len(held) > 0 {
					arg = held[rng.IntN(len(held))].String()
				}
			case "SUIT":
				arg = cards.Suit(rng.IntN(4)).String()
			}
			return s.DecidePenalty(stamp, projections.PenaltySpec{Choice: c.Name, Arg: arg})
		}
	case n < 33:
		return "claim", func(s *projections.Session, stamp projections.Stamp) ([]events.Event, error) {
			return s.DecideClaim(stamp, projections.ClaimSpec{Tricks: rng.IntN(s.Rules.Tricks() + 1)})
		}
	case n < 35:
		return "note", func(s *projections.Session, stamp projections.Stamp) ([]events.Event, error) {
			return s.DecideNote(stamp, projections.NoteSpec{Text: "seen"})
		}
	}
	return "step", legalStep(rng)
}

// legalStep is the next entry the laws allow: a call, a card, a discard,
// or who won a trick the laws do not settle; a deal between hands.
func legalStep(rng *rand.Rand) recorder.Decision {
	return func(s *projections.Session, stamp projections.Stamp) ([]events.Event, error) {
		h := s.Current()
		if h == nil || h.Phase == game.PhaseDone {
			seed := rng.Uint64()
			return s.DecideDeal(stamp, projections.DealSpec{Seed: &seed})
		}
		switch h.Phase {
		case game.PhaseAuction:
			legal := h.LegalCalls(s.Rules)
			if len(legal) == 0 {
				return nil, game.ErrNothingToUndo
			}
			// Mostly passes, so that auctions end.
			call := legal[rng.IntN(len(legal))]
			for _, c := range legal {
				if c.Kind == cards.Pass && rng.IntN(3) > 0 {
					call = c
				}
			}
			return s.DecideCalls(stamp, []string{call.String()})
		case game.PhaseExchange:
			held := h.Held[h.Turn].Cards()
			extra := max(len(held)-s.Rules.Tricks(), 0)
			var toks []string
			for _, c := range held[:extra] {
				toks = append(toks, c.String())
			}
			return s.DecideDiscard(stamp, toks)
		case game.PhasePlay:
			if h.Unsettled() != nil {
				return s.DecideTrickWon(stamp, h.SeatName(cards.Seat(rng.IntN(h.Seating.Seats))))
			}
			legal := h.LegalCards(s.Rules)
			if len(legal) == 0 {
				return nil, game.ErrNothingToUndo
			}
			return s.DecidePlays(stamp, []string{legal[rng.IntN(len(legal))].String()})
		}
		return nil, game.ErrNothingToUndo
	}
}
