// Package simulate records random but legal hands of any ruleset into a
// store, exactly as a scorer would enter them: a seeded shuffle and cut,
// the deal derived from them, calls and cards each checked by the laws
// before it is appended. Property tests and benchmarks use it to make
// sessions of any size.
package simulate

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/load"
	"github.com/hoyle/hoyle/projections/recorder"
)

// ErrBadOptions: a simulation asked for nothing, or for an unknown game.
var ErrBadOptions = errors.New("bad simulation options")

// Options describes a simulation.
type Options struct {
	Game    string            // ruleset ID
	Options map[string]string // session options (e.g. scoring)
	// Placement puts the session in an event (a table of a duplicate
	// room); none when zero.
	Placement projections.Placement
	Hands     int    // hands to record
	Seed      uint64 // the same seed gives the same calls and cards
	// Batch is how many hands go into one append (one transaction, one
	// fsync); 0 means 1, as a scorer would append them.
	Batch int
	// ClaimEvery makes roughly one hand in ClaimEvery end by a claim
	// part-way through the play; 0 never claims.
	ClaimEvery int
	// Start is the recording time of the first event; each later event is a
	// few seconds after, as at a real table. Zero means 2026-01-01.
	Start time.Time
	// Progress, if set, is told after each batch how many hands are done.
	Progress func(done int)
	// EachEntry appends every event on its own (the deal, each call, each
	// card), as a scorer enters them at the table, rather than Batch hands
	// at once.
	EachEntry bool
	// Entered, if set, is told how long each append took, and how many
	// events it held: what a scorer waits for.
	Entered func(took time.Duration, events int)
}

// Result says what a simulation recorded.
type Result struct {
	Session string
	Hands   int
	Events  int
}

// Run records a new session of opt.Hands random legal hands.
func Run(ctx context.Context, st events.Store, opt Options) (Result, error) {
	if opt.Hands < 0 {
		return Result{}, fmt.Errorf("%w: %d hands", ErrBadOptions, opt.Hands)
	}
	clock := opt.Start
	if clock.IsZero() {
		clock = time.Date(2026, 1, 1, 19, 0, 0, 0, time.UTC)
	}
	rng := rand.New(rand.NewPCG(opt.Seed, opt.Seed^0x5eed))
	tick := func() time.Time {
		clock = clock.Add(time.Duration(2+rng.IntN(8)) * time.Second)
		return clock
	}
	rec := &recorder.Recorder{Store: st, Now: tick}
	session, err := rec.Open(ctx, projections.SessionSpec{Game: opt.Game, Name: fmt.Sprintf("simulated, seed %d", opt.Seed), Options: opt.Options,
		Placement: opt.Placement})
	if err != nil {
		return Result{}, err
	}
	s, err := load.Stream(ctx, st, session)
	if err != nil {
		return Result{}, err
	}
	batch := max(opt.Batch, 1)
	res := Result{Session: session, Events: 1}
	var pending []events.Event
	expected := s.Version
	flush := func() error {
		if len(pending) == 0 {
			return nil
		}
		chunk := len(pending)
		if opt.EachEntry {
			chunk = 1
		}
		for i := 0; i < len(pending); i += chunk {
			evs := pending[i:min(i+chunk, len(pending))]
			start := time.Now()
			if _, err := st.Append(ctx, events.Batch{Session: session, Expected: expected, Events: evs}); err != nil {
				return err
			}
			if opt.Entered != nil {
				opt.Entered(time.Since(start), len(evs))
			}
			expected += uint64(len(evs))
		}
		res.Events += len(pending)
		expected = s.Version
		pending = pending[:0]
		return nil
	}
	for n := 1; n <= opt.Hands; n++ {
		if err := ctx.Err(); err != nil {
			return res, err
		}
		evs, err := hand(s, rec.Stamp, rng, opt.ClaimEvery)
		if err != nil {
			return res, fmt.Errorf("hand %d: %w", n, err)
		}
		pending = append(pending, evs...)
		res.Hands = n
		if n%batch == 0 || n == opt.Hands {
			if err := flush(); err != nil {
				return res, err
			}
			if opt.Progress != nil {
				opt.Progress(n)
			}
		}
	}
	return res, nil
}

// hand records one hand on s (in memory) and returns its events.
func hand(s *projections.Session, stamp projections.Stamp, rng *rand.Rand, claimEvery int) ([]events.Event, error) {
	seed := rng.Uint64()
	cut := 4 + rng.IntN(len(s.Rules.Pack())-7)
	out, err := s.DecideDeal(stamp, projections.DealSpec{Seed: &seed, Cut: &cut})
	if err != nil {
		return nil, err
	}
	claimAt := -1
	if claimEvery > 0 && rng.IntN(claimEvery) == 0 {
		claimAt = rng.IntN(s.Rules.Tricks())
	}
	propose := func(p events.Payload) error {
		ev := stamp(p)
		if err := s.Propose(ev); err != nil {
			return err
		}
		out = append(out, ev)
		return nil
	}
	for guard := 0; ; guard++ {
		h := s.Current()
		if guard > 10000 {
			return nil, fmt.Errorf("the hand did not end (phase %s)", h.Phase)
		}
		switch h.Phase {
		case game.PhaseDone:
			return out, nil
		case game.PhaseAuction:
			legal := h.LegalCalls(s.Rules)
			if len(legal) == 0 {
				return nil, fmt.Errorf("no legal call for %s", h.SeatName(h.Turn))
			}
			if err := propose(&table.Called{Seat: h.Turn, Call: pickCall(rng, legal, len(h.Calls))}); err != nil {
				return nil, err
			}
		case game.PhaseExchange:
			held := h.Held[h.Turn].Cards()
			extra := len(held) - s.Rules.Tricks()
			rng.Shuffle(len(held), func(i, j int) { held[i], held[j] = held[j], held[i] })
			if err := propose(&table.Discarded{Seat: h.Turn, Cards: held[:max(extra, 0)]}); err != nil {
				return nil, err
			}
		case game.PhasePlay:
			if h.Unsettled() != nil {
				// The laws do not say who won the trick (Quinto's text
				// breaks off first): any player may have, as the table says.
				if err := propose(&table.TrickWon{Trick: len(h.Tricks), Seat: cards.Seat(rng.IntN(h.Seating.Seats))}); err != nil {
					return nil, err
				}
				continue
			}
			if t := h.CurrentTrick(); claimAt >= 0 && len(h.Tricks)-1 == claimAt && len(t.Cards) == 0 {
				seat := h.Turn
				if h.Contract != nil && h.Contract.Declarer != cards.NoSeat {
					seat = h.Contract.Declarer
				}
				rest := s.Rules.Tricks() - h.CompletedTricks()
				if err := propose(&table.Claimed{Seat: seat, Tricks: rng.IntN(rest + 1)}); err != nil {
					return nil, err
				}
				continue
			}
			legal := h.LegalCards(s.Rules)
			if len(legal) == 0 {
				return nil, fmt.Errorf("no legal card for %s", h.SeatName(h.Turn))
			}
			if err := propose(&table.Played{Seat: h.Turn, Card: legal[rng.IntN(len(legal))]}); err != nil {
				return nil, err
			}
		default:
			return nil, fmt.Errorf("unexpected phase %q", h.Phase)
		}
	}
}

// pickCall chooses a call the way a table might: mostly passes once the
// bidding is under way, a double now and then, and bids near the lowest
// legal one, so that auctions end and contracts are of every size.
func pickCall(rng *rand.Rand, legal []cards.Call, made int) cards.Call {
	var pass, doubles, bids []cards.Call
	for _, c := range legal {
		switch c.Kind {
		case cards.Pass:
			pass = append(pass, c)
		case cards.Double, cards.Redouble:
			doubles = append(doubles, c)
		default:
			bids = append(bids, c)
		}
	}
	r := rng.Float64()
	switch {
	case len(pass) > 0 && (len(bids) == 0 || r < 0.35+0.1*float64(min(made, 6))):
		return pass[0]
	case len(doubles) > 0 && r > 0.93:
		return doubles[rng.IntN(len(doubles))]
	case len(bids) > 0:
		return bids[rng.IntN(min(len(bids), 4))]
	case len(pass) > 0:
		return pass[0]
	}
	return legal[rng.IntN(len(legal))]
}
