package projections_test

import (
	"context"
	"reflect"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/memstore"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/load"
	"github.com/hoyle/hoyle/projections/rules"
	"github.com/hoyle/hoyle/projections/simulate"
)

// fieldsOf lists the fields of a struct type, and of the structs it holds,
// as paths: "Hand.Tricks.Cards.ID".
func fieldsOf(t reflect.Type, prefix string, seen map[reflect.Type]bool) []string {
	for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Array || t.Kind() == reflect.Map {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct || seen[t] || t.PkgPath() != reflect.TypeFor[game.Hand]().PkgPath() {
		return nil
	}
	seen[t] = true
	var out []string
	for i := range t.NumField() {
		f := t.Field(i)
		out = append(out, prefix+f.Name)
		out = append(out, fieldsOf(f.Type, prefix+f.Name+".", seen)...)
	}
	return out
}

// The snapshot's codec writes every field of a hand: a field added to
// game.Hand (or to a struct it holds) must be added to AppendHand and
// HandDecoder.Decode, with SnapshotFormat raised, or a hand read from a
// checkpoint would lack it. (Seating and Opts are the session's.)
func TestSnapshotCodecCoversEveryField(t *testing.T) {
	known := []string{"Number", "Board", "Dealer", "Seating", "Seating.Seats", "Seating.Names", "Seating.Sides", "Seating.Compass",
		"Opts", "DealID", "Dealt", "Held", "Played", "Widow", "TurnUp", "Vulnerable", "Phase", "Turn",
		"Calls", "Calls.Seat", "Calls.Call", "Calls.ID", "Contract", "Contract.Level", "Contract.Strain", "Contract.Doubled",
		"Contract.Declarer", "Dummy", "Fouled", "Tricks", "Tricks.Leader", "Tricks.Cards", "Tricks.Cards.Seat", "Tricks.Cards.Card",
		"Tricks.Cards.ID", "Tricks.Winner", "Tricks.LedAs", "Tricks.Named", "Tricks.WonID", "Won", "Claim", "Claim.Seat", "Claim.Tricks",
		"Claim.Others", "Claim.Others.Seat", "Claim.Others.Tricks", "Claim.ID", "Discards", "HonoursClaimed",
		"Revealed", "Result", "Result.Won", "Result.ID", "Given", "Given.Calls", "Given.First", "Given.Inconsistent", "Given.ID", "Annulled", "Abandoned", "Sitting", "Sitting.Players", "Sitting.Round", "Sitting.Table",
		"Out", "Seating.PlayedFrom", "Seating.Dummies", "Seating.Players",
		"Irregular", "Irregular.ID", "Irregular.Kind", "Irregular.Seat", "Irregular.Card", "Irregular.Cards", "Irregular.Call",
		"Irregular.Trick", "Irregular.Calls", "Irregular.Proper", "Irregular.By", "Irregular.Law", "Irregular.What", "Irregular.Found",
		"Irregular.Proof", "Irregular.ProofTrick", "Irregular.Established", "Irregular.Corrected", "Irregular.Withheld",
		"Irregular.Disobeyed", "Irregular.Withdrawn", "Irregular.Remedies", "Irregular.Remedies.ID", "Irregular.Remedies.By",
		"Irregular.Remedies.Trick", "Irregular.Remedies.Choice", "Irregular.Remedies.Card", "Irregular.Remedies.Suit",
		"Irregular.Remedies.Law", "Irregular.Remedies.Effect", "Irregular.Settled", "Irregular.Reason",
		"Restrict", "Restrict.Bars", "Restrict.Bars.Seat", "Restrict.Bars.Until", "Restrict.Bars.NoDouble", "Restrict.Bars.After",
		"Restrict.Bars.Law", "Restrict.Bars.From", "Restrict.Exposed", "Restrict.Exposed.Seat", "Restrict.Exposed.Card",
		"Restrict.Exposed.Kind", "Restrict.Exposed.Law", "Restrict.Exposed.From", "Restrict.Called", "Restrict.Called.Seat",
		"Restrict.Called.Card", "Restrict.Called.Law", "Restrict.Called.From", "Restrict.Leads", "Restrict.Leads.Seats",
		"Restrict.Leads.Suit", "Restrict.Leads.Forbid", "Restrict.Leads.Law", "Restrict.Leads.From", "Restrict.Plays",
		"Restrict.Plays.Seat", "Restrict.Plays.Trick", "Restrict.Plays.Rule", "Restrict.Plays.Law", "Restrict.Plays.From",
		"Restrict.Repeat", "Restrict.Repeat.Seat", "Restrict.Repeat.Call", "Restrict.Repeat.After", "Restrict.Repeat.Law",
		"Restrict.Repeat.From"}
	got := fieldsOf(reflect.TypeFor[game.Hand](), "", map[reflect.Type]bool{})
	slices.Sort(got)
	slices.Sort(known)
	assert.Equal(t, known, got, "game.Hand changed: write the new fields in projections/snapshot_codec.go, raise SnapshotFormat, and list them here")
}

// Every hand of a session of every game, finished or in progress, decodes
// to exactly the hand encoded.
func TestSnapshotCodecRoundTrips(t *testing.T) {
	ctx := context.Background()
	for i, rs := range rules.All() {
		st := memstore.New()
		res, err := simulate.Run(ctx, st, simulate.Options{Game: rs.Info().ID, Hands: 6, Seed: uint64(i) + 40, ClaimEvery: 2})
		require.NoError(t, err)
		s, _, err := load.Session(ctx, st, res.Session)
		require.NoError(t, err)
		hd := projections.HandDecoder{Seating: s.Seating(), Opts: s.Opts}
		for _, h := range s.Hands {
			fouled := *h // a board recorded fouled (deal --fouled)
			fouled.Fouled = true
			for _, variant := range []*game.Hand{h, partway(h), &fouled} {
				got, err := hd.Decode(projections.AppendHand(nil, variant))
				require.NoError(t, err)
				assert.Equal(t, variant, got, "%s hand %d", rs.Info().ID, h.Number)
			}
		}
		for _, n := range s.Notes {
			got, err := projections.DecodeNote(projections.AppendNote(nil, n))
			require.NoError(t, err)
			assert.Equal(t, n, got)
		}
	}
}

// SameHand says two folds of a hand are one record by what they hold, not
// by where they are: every hand of a session folded twice is the same,
// and a hand that differs in any one thing a checkpoint keeps (here the
// vulnerability, which Graft settles from the checkpoint, and the claim)
// is not.
func TestSameHandIsTheRecord(t *testing.T) {
	ctx := context.Background()
	for i, rs := range rules.All() {
		st := memstore.New()
		res, err := simulate.Run(ctx, st, simulate.Options{Game: rs.Info().ID, Hands: 3, Seed: uint64(i) + 60, ClaimEvery: 2})
		require.NoError(t, err)
		a, _, err := load.Session(ctx, st, res.Session)
		require.NoError(t, err)
		b, _, err := load.Session(ctx, st, res.Session)
		require.NoError(t, err)
		require.Len(t, b.Hands, len(a.Hands))
		for j, h := range a.Hands {
			require.NotSame(t, h, b.Hands[j])
			assert.True(t, projections.SameHand(h, b.Hands[j]), "%s hand %d folded twice", rs.Info().ID, h.Number)
			assert.True(t, projections.SameHand(h, h))
			assert.False(t, projections.SameHand(h, partway(h)), "%s hand %d with a claim", rs.Info().ID, h.Number)
			other := h.Clone()
			other.Vulnerable = cards.VulNS
			if h.Vulnerable != other.Vulnerable {
				assert.False(t, projections.SameHand(h, other), "%s hand %d vulnerable otherwise", rs.Info().ID, h.Number)
			}
			assert.False(t, projections.SameHand(h, nil))
		}
	}
}

// partway is a hand with the fields a finished simulated hand leaves empty
// set: a claim with the others' shares, honours claimed, discards.
func partway(h *game.Hand) *game.Hand {
	c := h.Clone()
	c.HonoursClaimed = map[cards.Side]string{0: "four", 1: "simple"}
	c.Claim = &game.Claim{Seat: 1, Tricks: 3, Others: []game.SeatTricks{{Seat: 2, Tricks: 1}}, ID: h.DealID}
	c.Discards = []cards.Card{1, 2, 3}
	c.Vulnerable = cards.VulEW
	return c
}

// The score sheet's codec writes every field of a sheet: a field added to
// game.ScoreSheet (or to a struct it holds) must be added to AppendSheet
// and DecodeSheet, with SnapshotFormat raised.
func TestSheetCodecCoversEveryField(t *testing.T) {
	known := []string{"Rubbers", "Rubbers.Number", "Rubbers.Complete", "Rubbers.Winner", "Rubbers.Sides", "Rubbers.Sides.Above",
		"Rubbers.Sides.Below", "Rubbers.Sides.Total", "Rubbers.Points", "Rubbers.Games", "Rubbers.Entries", "Rubbers.Entries.Hand",
		"Rubbers.Entries.Side", "Rubbers.Entries.Above", "Rubbers.Entries.Points", "Rubbers.Entries.Label", "Rubbers.Entries.Law",
		"Rubbers.Entries.GameLine", "Rubbers.Hands", "Rubbers.Note", "Rubbers.GameTo", "Rubbers.Deals", "Rubbers.Above", "Rubbers.Running", "Rubbers.Name", "Rubbers.NoGames", "Rubbers.Balance", "Rubbers.Players", "Rubbers.Players.Player", "Rubbers.Players.Name", "Rubbers.Players.Points", "Rubbers.Players.Role", "Players", "Sides", "Sides.Label", "Sides.Players", "Sides.Name",
		"Boards", "Boards.Board", "Boards.Hand", "Boards.Contract", "Boards.Declarer", "Boards.Tricks", "Boards.NS", "Boards.Entries",
		"Tally", "Tally.Hand", "Tally.Won", "Tally.Lost", "Tally.Net", "Tally.Entries", "Winner", "Notes"}
	got := fieldsOf(reflect.TypeFor[game.ScoreSheet](), "", map[reflect.Type]bool{})
	slices.Sort(got)
	slices.Sort(known)
	assert.Equal(t, known, got, "game.ScoreSheet changed: write the new fields in projections/sheet_codec.go, raise SnapshotFormat, and list them here")
}

// Every game's score sheet, at every hand, open and closed, decodes to
// exactly the sheet encoded.
func TestSheetCodecRoundTrips(t *testing.T) {
	ctx := context.Background()
	for i, rs := range rules.All() {
		for _, scoring := range []string{"", "duplicate", "chicago"} {
			opts := map[string]string{}
			if scoring != "" {
				if !slices.ContainsFunc(rs.Info().Options, func(o game.OptionInfo) bool { return slices.Contains(o.Values, scoring) }) {
					continue
				}
				opts["scoring"] = scoring
			}
			st := memstore.New()
			res, err := simulate.Run(ctx, st, simulate.Options{Game: rs.Info().ID, Options: opts, Hands: 9, Seed: uint64(i) + 7, ClaimEvery: 3})
			require.NoError(t, err)
			s, _, err := load.Session(ctx, st, res.Session)
			require.NoError(t, err)
			for f := 0; f <= len(s.Hands); f++ {
				for _, closed := range []bool{false, true} {
					want := s.ScoreOf(projections.SheetKey{Finished: f, Closed: closed})
					got, err := projections.DecodeSheet(projections.AppendSheet(nil, want))
					require.NoError(t, err)
					assert.Equal(t, want, got, "%s %s, %d hands", rs.Info().ID, scoring, f)
				}
			}
		}
	}
}
