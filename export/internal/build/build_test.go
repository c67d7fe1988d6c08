package build_test

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/export/internal/build"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/rules/bridge"
	"github.com/hoyle/hoyle/projections/rules/contract"
	"github.com/hoyle/hoyle/projections/rules/sixhandbridge"
	"github.com/hoyle/hoyle/projections/rules/whist"
)

// Board 11 of the real file export/pbn/testdata/realbridge-2021-teams.pbn
// (2021 Online Qual: Open R2, RealBridge), its second table: South deals,
// nobody vulnerable; 1C Pass 1NT Pass Pass Pass, North declares 1NT, the
// play as the file gives it to West's lead of the eighth trick, and the
// result 8 tricks: [Score "NS 120"].
const (
	board11Deal = "N:KT8.A96.A95.7542 Q5.KJ52.KQ874.T8 AJ92.874.JT6.AQ3 7643.QT3.32.KJ96"
	board11Play = "E:D4 S:DJ W:D3 N:D5 " + // South's jack wins
		"S:S2 W:S3 N:SK E:S5 " +
		"N:ST E:SQ S:SA W:S4 " +
		"S:SJ W:S6 N:S8 E:D7 " +
		"S:S9 W:S7 N:H6 E:H5 " +
		"S:D6 W:D2 N:DA E:D8 " +
		"N:C4 E:C8 S:CQ W:CK " + // West's king: the defenders' first trick
		"W:H3"
)

var base = time.Date(2021, 8, 23, 12, 0, 0, 0, time.UTC)

// opened is a session.opened of contract bridge scored by boards.
func opened() *table.SessionOpened {
	return &table.SessionOpened{Ruleset: build.NativeGame, Name: "Open R2", Players: []string{"North player", "East player", "South player", "West player"},
		Dealer: cards.South, Options: build.SessionOptions(contract.New(), game.Options{"scoring": contract.ScoringDuplicate})}
}

// dealBoard11 opens a session and records board 11 to its auction.
func dealBoard11(t *testing.T, clock *build.Clock, b *build.Session) {
	t.Helper()
	deal, err := cards.ParseDeal(board11Deal)
	require.NoError(t, err)
	_, err = b.Add(clock.Tick(), &table.Dealt{Hand: b.Hand(), Dealer: cards.South, Board: 11, Hands: deal[:]})
	require.NoError(t, err)
	for i, tok := range strings.Fields("1C P 1NT P P P") {
		c, err := cards.ParseCall(tok)
		require.NoError(t, err)
		_, err = b.Add(clock.Tick(), &table.Called{Seat: cards.South.Plus(i, 4), Call: c})
		require.NoError(t, err, tok)
	}
}

// playCards plays "SEAT:CARD ..." through AddCard; none may be a renounce.
func playCards(t *testing.T, clock *build.Clock, b *build.Session, play string) {
	t.Helper()
	for _, tok := range strings.Fields(play) {
		seat, c := seatCard(t, tok)
		_, renounce, err := b.AddCard(clock.Tick(), seat, c)
		require.NoError(t, err, tok)
		require.NoError(t, renounce, tok)
	}
}

func seatCard(t *testing.T, tok string) (cards.Seat, cards.Card) {
	t.Helper()
	s, c, ok := strings.Cut(tok, ":")
	require.True(t, ok, tok)
	seat, err := cards.ParseSeat(s)
	require.NoError(t, err)
	card, err := cards.ParseCard(c)
	require.NoError(t, err)
	return seat, card
}

// TestBoard11FromTheRealFile builds board 11 as an importer does (Open, Add,
// AddCard, ClaimFor) and reads it back as an exporter does (Played,
// ContractText, DeclarerTricks, ScoresByHand): 1NT by North making 8, NS
// 120, as the file says.
func TestBoard11FromTheRealFile(t *testing.T) {
	var clock build.Clock
	clock.Reset(base)
	b, err := build.Open(opened(), clock.Tick())
	require.NoError(t, err)
	assert.True(t, b.First())
	assert.Equal(t, 1, b.Hand())
	assert.False(t, b.Unfinished(), "nothing dealt yet")
	dealBoard11(t, &clock, b)
	assert.True(t, b.Unfinished())
	playCards(t, &clock, b, board11Play)

	h := b.S.Current()
	assert.Equal(t, "1NT", game.ContractText(h.Contract))
	assert.Equal(t, cards.North, h.Contract.Declarer)
	assert.Equal(t, 6, h.DeclarerWon(), "six tricks to North-South in seven")
	n, gives, ok := b.ClaimFor(8)
	assert.True(t, ok)
	assert.Equal(t, 2, n, "two more of the six left make eight")
	assert.Equal(t, 8, gives)
	more, gives, ok := b.ClaimFor(14)
	assert.False(t, ok, "no claim makes fourteen")
	assert.Equal(t, 8, more, "the tricks it would take, more than are left")
	assert.Equal(t, -1, gives)

	_, err = b.Add(clock.Tick(), &table.Claimed{Seat: cards.North, Tricks: n})
	require.NoError(t, err)
	assert.False(t, b.Unfinished())
	_, gives, ok = b.ClaimFor(8)
	assert.False(t, ok, "the play is over: nothing to claim")
	assert.Equal(t, -1, gives)
	assert.Equal(t, 8, build.DeclarerTricks(b.S.Rules, h))
	assert.Equal(t, 2, b.Hand())

	played := build.Played(h)
	require.Len(t, played, 29)
	assert.Equal(t, game.PlayedCard{Seat: cards.East, Card: cards.MustCard("D4"), ID: played[0].ID}, played[0])
	assert.Equal(t, cards.MustCard("H3"), played[28].Card)

	scores := build.ScoresByHand(b.S, false)
	assert.Equal(t, build.HandScores{1: {Board: true, NS: 120}}, scores, "[Score \"NS 120\"]")

	var seen []int
	var firsts []bool
	require.NoError(t, build.EachHand(b.S, 0, func(done, total int) { assert.Equal(t, 1, total) }, func(h *game.Hand, first bool) error {
		seen, firsts = append(seen, h.Number), append(firsts, first)
		return nil
	}))
	assert.Equal(t, []int{1}, seen)
	assert.Equal(t, []bool{true}, firsts)
	err = build.EachHand(b.S, 2, nil, func(*game.Hand, bool) error { return nil })
	assert.ErrorIs(t, err, build.ErrNoHand)
	boom := errors.New("disk full")
	err = build.EachHand(b.S, 1, nil, func(*game.Hand, bool) error { return boom })
	assert.ErrorIs(t, err, boom)
	assert.Contains(t, err.Error(), "hand 1")
}

// A card that does not follow suit while its player holds the suit is
// recorded as the renounce it was, and the claim that gives the file's
// result counts the tricks the revoke transfers (contract Law 64A2: the
// trick was won by the declarer's side, so one trick if the defenders win
// that or any later trick).
func TestRenounceAndClaimFor(t *testing.T) {
	var clock build.Clock
	clock.Reset(base)
	b, err := build.Open(opened(), clock.Tick())
	require.NoError(t, err)
	dealBoard11(t, &clock, b)
	playCards(t, &clock, b, "E:D4 S:DJ")
	_, renounce, err := b.AddCard(clock.Tick(), cards.West, cards.MustCard("S3"))
	require.NoError(t, err)
	require.Error(t, renounce, "West holds D3 and D2")
	assert.ErrorIs(t, renounce, game.ErrRenounce)
	assert.Contains(t, build.RenounceRecorded(renounce), "recorded as the renounce it was")
	assert.NotContains(t, build.RenounceRecorded(renounce), "hoyle play --irregular", "the hint to the user at the table is left out")
	last := b.Events[len(b.Events)-1]
	assert.IsType(t, &table.IrregularPlay{}, last.Data)
	playCards(t, &clock, b, "N:D5")
	h := b.S.Current()
	require.Len(t, h.Irregular, 1)
	assert.Equal(t, game.KindRevoke, h.Irregular[0].Kind)
	assert.Equal(t, 1, h.DeclarerWon(), "South's jack won the first trick")

	for _, c := range []struct {
		total, n, gives int
		ok              bool
	}{
		{8, 6, 8, true},    // 1 + 6 in play, and one transferred
		{13, 11, 13, true}, // 1 + 11: the defenders win one, which transfers one
		{12, 10, 12, true},
		{1, 0, 2, false}, // the defenders win a trick, so the revoke costs them one: at least 2
	} {
		n, gives, ok := b.ClaimFor(c.total)
		assert.Equal(t, [3]any{c.n, c.gives, c.ok}, [3]any{n, gives, ok}, "ClaimFor(%d)", c.total)
	}
	_, renounce, err = b.AddCard(clock.Tick(), cards.North, cards.MustCard("SA"))
	assert.Error(t, err, "North does not hold the ace of spades: refused, not a renounce")
	assert.NoError(t, renounce)
}

// The Driver of a first pass: sessions with their records' fingerprints,
// events ending with the session.source of those records, warnings by
// line, and the batches that create the sessions in one append.
func TestDriverFirstPass(t *testing.T) {
	var progress []int
	offset := int64(0)
	d := build.NewDriver("pbn", build.ImportOptions{Name: "test", Size: 100, Progress: func(done, total int) {
		assert.Equal(t, 100, total)
		progress = append(progress, done)
	}}, func() int64 { return offset })
	assert.NotNil(t, d.Options().Now, "time.Now when not given")
	assert.False(t, d.Strict())

	var clock build.Clock
	clock.Reset(base)
	b, err := d.Open(opened(), clock.Tick(), 3)
	require.NoError(t, err)
	assert.False(t, d.Skip(b), "a first pass builds every record")
	dealBoard11(t, &clock, b)
	assert.True(t, d.Full(b), "the hand is unfinished: the session takes no more records")
	playCards(t, &clock, b, board11Play)
	_, err = b.Add(clock.Tick(), &table.Claimed{Seat: cards.North, Tricks: 2})
	require.NoError(t, err)
	assert.False(t, d.Full(b))
	d.Warn(b, 64, "a note kept as commentary")
	fp := build.Fingerprint("pbn", "[Board \"11\"]", board11Deal)
	offset = 60
	require.NoError(t, d.Record(b, build.Record{Line: 53, Fingerprint: fp, Origin: build.Origin{Event: "2021 Online Qual: Open R2"}}))
	offset = 100
	d.Skipped(90, "a record of another game")
	d.Warn(nil, 1, "about the file")

	res, err := d.Finish()
	require.NoError(t, err)
	assert.Equal(t, []int{60, 100}, progress)
	require.Len(t, res.Sessions, 1)
	s := res.Sessions[0]
	assert.Equal(t, b.ID, s.ID)
	assert.Equal(t, "Open R2", s.Name)
	assert.Equal(t, "pbn", s.Format)
	assert.Equal(t, 3, s.Line)
	assert.Equal(t, 1, s.Hands)
	assert.Equal(t, []string{fp}, s.Fingerprints())
	require.NotEmpty(t, s.Events)
	src, ok := s.Events[len(s.Events)-1].Data.(*table.SourceNoted)
	require.True(t, ok, "the session's events end with its session.source")
	assert.Equal(t, &table.SourceNoted{Format: "pbn", Records: []string{fp}}, src)
	assert.Equal(t, 1, res.Skipped)
	assert.Equal(t, []build.Warning{
		{Line: 64, Msg: "a note kept as commentary", Session: 0, Record: 0},
		{Line: 90, Msg: "a record of another game", Session: -1, Record: -1},
		{Line: 1, Msg: "about the file", Session: -1, Record: -1},
	}, res.Warnings)
	assert.Equal(t, "line 64: a note kept as commentary", res.Warnings[0].String())
	batches := res.Batches()
	require.Len(t, batches, 1)
	assert.Equal(t, events.Batch{Session: b.ID, Expected: events.NewSession, Events: s.Events}, batches[0])

	nothing := errors.New("nothing imported")
	err = res.Nothing(nothing)
	assert.ErrorIs(t, err, nothing)
	assert.Contains(t, err.Error(), "line 64", "why the first record skipped was skipped")
	assert.Same(t, nothing, (&build.Result{}).Nothing(nothing), "nothing skipped: the error as it was")
}

// Keep bounds the events held: past it they are let go, and only what the
// import learned of the records is kept, for a second pass to write.
func TestDriverKeepLetsGo(t *testing.T) {
	d := build.NewDriver("pbn", build.ImportOptions{Keep: 5}, nil)
	var clock build.Clock
	clock.Reset(base)
	b, err := d.Open(opened(), clock.Tick(), 1)
	require.NoError(t, err)
	dealBoard11(t, &clock, b)
	require.NoError(t, d.Record(b, build.Record{Line: 1, Fingerprint: "a"}))
	res, err := d.Finish()
	require.NoError(t, err)
	assert.True(t, res.Dropped)
	assert.Nil(t, res.Sessions[0].Events)
	assert.Empty(t, res.Batches())
	assert.Equal(t, []string{"a"}, res.Sessions[0].Fingerprints(), "what it learned of the record is kept")
}

// A second pass (Plan) writes each session's records past those in the
// database, in batches that end with the session.source of their records,
// and finds a file that changed in between.
func TestDriverSecondPass(t *testing.T) {
	record := func(d *build.Driver, fps ...string) (*build.Session, error) {
		var clock build.Clock
		clock.Reset(base)
		b, err := d.Open(opened(), clock.Tick(), 1)
		if err != nil {
			return nil, err
		}
		for _, fp := range fps {
			if !d.Skip(b) {
				dealBoard11(t, &clock, b)
				playCards(t, &clock, b, board11Play)
				if _, err := b.Add(clock.Tick(), &table.Claimed{Seat: cards.North, Tricks: 2}); err != nil {
					return nil, err
				}
			}
			if err := d.Record(b, build.Record{Fingerprint: fp}); err != nil {
				return b, err
			}
		}
		return b, nil
	}

	var flushed [][]events.Batch
	plan := &build.Plan{Targets: []build.Target{{ID: "s1", From: 0, Count: 2}}, BatchEvents: 1,
		Flush: func(bs []events.Batch) error { flushed = append(flushed, bs); return nil }}
	d := build.NewDriver("pbn", build.ImportOptions{Plan: plan}, nil)
	b, err := record(d, "r1", "r2")
	require.NoError(t, err)
	assert.Equal(t, "s1", b.ID, "the first pass's ID")
	res, err := d.Finish()
	require.NoError(t, err)
	require.Len(t, flushed, 2, "a flush after each record: one event makes a batch")
	first, second := flushed[0][0], flushed[1][0]
	assert.Equal(t, events.NewSession, first.Expected)
	assert.Equal(t, uint64(len(first.Events)), second.Expected, "the second batch follows the first")
	for i, bs := range flushed {
		src, ok := bs[0].Events[len(bs[0].Events)-1].Data.(*table.SourceNoted)
		require.True(t, ok)
		assert.Equal(t, []string{[]string{"r1", "r2"}[i]}, src.Records, "each batch names the records it holds")
	}
	assert.Equal(t, []string{"r1", "r2"}, res.Sessions[0].Fingerprints())

	assert.True(t, build.Target{From: 2, Count: 2}.Skip())
	assert.False(t, build.Target{From: 1, Count: 2}.Skip())

	// The file has a record more than the first pass found.
	d = build.NewDriver("pbn", build.ImportOptions{Plan: &build.Plan{Targets: []build.Target{{ID: "s1", Count: 1}}, Flush: func([]events.Batch) error { return nil }}}, nil)
	_, err = record(d, "r1", "r2")
	assert.ErrorIs(t, err, build.ErrInputChanged)
	// Fewer records than before.
	d = build.NewDriver("pbn", build.ImportOptions{Plan: &build.Plan{Targets: []build.Target{{ID: "s1", Count: 3}}, Flush: func([]events.Batch) error { return nil }}}, nil)
	_, err = record(d, "r1")
	require.NoError(t, err)
	_, err = d.Finish()
	assert.ErrorIs(t, err, build.ErrInputChanged)
	// More sessions than before.
	d = build.NewDriver("pbn", build.ImportOptions{Plan: &build.Plan{}}, nil)
	_, err = d.Open(opened(), base, 1)
	assert.ErrorIs(t, err, build.ErrInputChanged)
	// Fewer sessions than before.
	d = build.NewDriver("pbn", build.ImportOptions{Plan: &build.Plan{Targets: []build.Target{{ID: "s1", Count: 1}}}}, nil)
	_, err = d.Finish()
	assert.ErrorIs(t, err, build.ErrInputChanged)
}

// Run reads records until io.EOF and finishes; an error of either side
// stops it.
func TestRun(t *testing.T) {
	recs := []string{"a", "b"}
	d := build.NewDriver("lin", build.ImportOptions{}, nil)
	var took []string
	next := func() (string, error) {
		if len(recs) == 0 {
			return "", io.EOF
		}
		r := recs[0]
		recs = recs[1:]
		return r, nil
	}
	res, err := build.Run(d, next, func(r string) error { took = append(took, r); return nil })
	require.NoError(t, err)
	assert.Equal(t, []string{"a", "b"}, took)
	assert.Empty(t, res.Sessions)

	bad := errors.New("unreadable")
	_, err = build.Run(build.NewDriver("lin", build.ImportOptions{}, nil), func() (int, error) { return 0, bad }, func(int) error { return nil })
	assert.ErrorIs(t, err, bad)
	_, err = build.Run(build.NewDriver("lin", build.ImportOptions{}, nil), func() (int, error) { return 1, nil }, func(int) error { return bad })
	assert.ErrorIs(t, err, bad)
}

// The clock of imported events: one millisecond apart, never backwards
// within a session.
func TestClock(t *testing.T) {
	var c build.Clock
	c.Reset(base.In(time.FixedZone("X", 3600)))
	assert.Equal(t, base, c.Tick())
	assert.Equal(t, base.Add(time.Millisecond), c.Tick())
	c.Reset(base) // earlier than the clock: it keeps going
	assert.Equal(t, base.Add(2*time.Millisecond), c.Tick())
	later := base.Add(time.Hour)
	c.Reset(later)
	assert.Equal(t, later, c.Tick())
}

// The interchange formats hold bridge: four seats by the compass, 52
// cards and a contract; a game whose players move between hands is not
// read back.
func TestWhatTheFormatsCarry(t *testing.T) {
	var clock build.Clock
	clock.Reset(base)
	b, err := build.Open(opened(), clock.Tick())
	require.NoError(t, err)
	ic, err := build.Bridge(b.S)
	require.NoError(t, err)
	assert.NotNil(t, ic)

	w, err := build.Open(&table.SessionOpened{Ruleset: whist.IDWhist, Dealer: cards.South}, clock.Tick())
	require.NoError(t, err)
	_, err = build.Bridge(w.S)
	assert.ErrorIs(t, err, build.ErrNotBridge)
	assert.Contains(t, err.Error(), "Whist")

	assert.NoError(t, build.Importable(contract.New()))
	assert.NoError(t, build.Importable(bridge.New()))
	err = build.Importable(sixhandbridge.New())
	assert.ErrorIs(t, err, build.ErrPlayersMove)
	assert.Contains(t, err.Error(), "Six")
}

// Options: the session's options as hoyle new records them, the text a
// file carries only when an import would not take them so, and the key
// that tells a file's sessions apart.
func TestOptions(t *testing.T) {
	rs := contract.New()
	def := build.SessionOptions(rs, nil)
	assert.Equal(t, []table.Option{{Name: "scoring", Value: contract.ScoringRubber}, {Name: "we", Value: "NS"}}, def, "each option's default")
	dup := build.SessionOptions(rs, game.Options{"scoring": contract.ScoringDuplicate, "colour": "blue"})
	assert.Equal(t, []table.Option{{Name: "scoring", Value: contract.ScoringDuplicate}, {Name: "we", Value: "NS"}}, dup, "options the ruleset does not have are left out")

	assert.Equal(t, "", build.OptionsText(rs, def, nil), "the defaults go without saying")
	assert.Equal(t, "", build.OptionsText(rs, dup, game.Options{"scoring": contract.ScoringDuplicate}), "what the file says otherwise")
	assert.Equal(t, "scoring=duplicate we=NS", build.OptionsText(rs, dup, nil))

	assert.Equal(t, "a=1 b=2 scoring=duplicate", build.OptionsKey(game.Options{"scoring": "duplicate", "b": "2", "a": "1"}))
	assert.Equal(t, "", build.OptionsKey(nil))
}

// Names from a file are kept without what a terminal would act on, and
// the import says so.
func TestNames(t *testing.T) {
	clean, warning := build.CleanName("North player", "the name of North")
	assert.Equal(t, "North player", clean)
	assert.Empty(t, warning)
	clean, warning = build.CleanName("Mallory\x1b[2J", "the name of North")
	assert.NotContains(t, clean, "\x1b")
	assert.Contains(t, warning, "the name of North")
	assert.Contains(t, warning, "control characters")
	assert.Equal(t, clean, build.Name("Mallory\x1b[2J"))
}

// Place writes where a record says the session was played into its
// session.opened; what the laws of placement refuse is left out, with a
// warning.
func TestPlace(t *testing.T) {
	rs := contract.New()
	opts := game.Options{"scoring": contract.ScoringDuplicate}
	o := build.Origin{Event: "2021 Online Qual: Open R2", Section: "A", Round: "2", Table: "11", Room: "open", HomeTeam: "AUSTRIA", VisitTeam: "DENMARK"}
	op := opened()
	assert.Empty(t, build.Place(op, o, rs, opts))
	assert.Equal(t, "2021 Online Qual: Open R2, section A, round 2", op.Event)
	assert.Equal(t, "11", op.Table)
	assert.Equal(t, table.RoomOpen, op.Room)
	assert.Equal(t, "AUSTRIA", op.HomeTeam)
	assert.Equal(t, "DENMARK", op.VisitTeam)

	op = opened()
	o.VisitTeam = ""
	w := build.Place(op, o, rs, opts)
	assert.Contains(t, w, "without its room and teams", "one team without the other")
	assert.Empty(t, op.HomeTeam)
	assert.Equal(t, "11", op.Table)

	op = opened()
	assert.Empty(t, build.Place(op, build.Origin{Table: "3"}, rs, opts), "no event: played on its own")
	assert.Empty(t, op.Event)
	assert.Empty(t, op.Table)
}

// A record's fingerprint depends on its format and its text, part by
// part: the same record is known again, another is not.
func TestFingerprint(t *testing.T) {
	a := build.Fingerprint("pbn", "x", "y")
	assert.Len(t, a, 32)
	assert.Equal(t, a, build.Fingerprint("pbn", "x", "y"))
	assert.NotEqual(t, a, build.Fingerprint("lin", "x", "y"))
	assert.NotEqual(t, a, build.Fingerprint("pbn", "xy"), "parts are kept apart")
	assert.NotEqual(t, a, build.Fingerprint("pbn", "x", "y", ""))
}

// PBN's numeric annotation glyphs $1 to $6 are hoyle's six glyphs.
func TestGlyph(t *testing.T) {
	assert.Equal(t, table.Glyphs[0], build.Glyph(1))
	assert.Equal(t, table.Glyphs[5], build.Glyph(6))
	assert.Equal(t, "", build.Glyph(0))
	assert.Equal(t, "", build.Glyph(7))
	assert.Len(t, table.Glyphs, 6)
	for i, g := range table.Glyphs {
		assert.NotEmpty(t, g, fmt.Sprint(i))
	}
}

// A rubber of contract bridge, each hand's result given as a traveller
// gives it: ScoresByHand files each hand's points above and below the line
// with PBN's ScoreRubberHistory as the rubber stood before the deal, and
// the notes and steps of the session are filed by what they are on.
func TestRubberScoresAndHistory(t *testing.T) {
	var clock build.Clock
	clock.Reset(base)
	op := opened()
	op.Options = build.SessionOptions(contract.New(), nil) // rubber
	b, err := build.Open(op, clock.Tick())
	require.NoError(t, err)
	deal := func(dealer cards.Seat, auction string, won ...int) events.ID {
		id, err := b.Add(clock.Tick(), &table.Dealt{Hand: b.Hand(), Dealer: dealer, Hands: make([]cards.Set, 4)})
		require.NoError(t, err)
		for i, tok := range strings.Fields(auction) {
			c, err := cards.ParseCall(tok)
			require.NoError(t, err)
			_, err = b.Add(clock.Tick(), &table.Called{Seat: dealer.Plus(i, 4), Call: c})
			require.NoError(t, err, tok)
		}
		if won != nil {
			_, err = b.Add(clock.Tick(), &table.ResultGiven{Won: won})
			require.NoError(t, err)
		}
		return id
	}
	// 1NT by South, nine tricks: 40 below, two overtricks 60 above.
	first := deal(cards.South, "1NT P P P", 9, 4)
	// 3NT by West, nine tricks: 100 below, East-West's game.
	deal(cards.West, "3NT P P P", 4, 9)
	// Passed out.
	deal(cards.North, "P P P P")
	_, err = b.Add(clock.Tick(), &table.Noted{Target: first, Text: "a flat board", Glyph: table.Glyphs[0]})
	require.NoError(t, err)

	scores := build.ScoresByHand(b.S, true)
	assert.Equal(t, build.HandScore{Above: [2]int{60, 0}, Below: [2]int{40, 0}, NS: 100, History: "NS 0 0/0 EW 0 0/0"}, scores[1])
	assert.Equal(t, build.HandScore{Below: [2]int{0, 100}, NS: -100, History: "NS 0 60/40 EW 0 0/0"}, scores[2])
	assert.Equal(t, build.HandScore{History: "NS 0 60/40 0 EW 0 0/100 0"}, scores[3], "a line under East-West's game: a second game begun")
	assert.Empty(t, build.ScoresByHand(b.S, false)[1].History, "history only when asked")

	notes := build.NotesByTarget(b.S)
	require.Len(t, notes[first], 1)
	assert.Equal(t, "a flat board", notes[first][0].Text)

	// The builder's own fold keeps no steps (an import's checking fold):
	// the exporters index the steps of a whole fold of its events.
	envs := make([]events.Envelope, len(b.Events))
	for i, ev := range b.Events {
		envs[i] = events.Envelope{Type: ev.Data.EventType(), ID: ev.ID, Session: b.ID, Version: uint64(i + 1), At: ev.At, Data: ev.Data}
	}
	whole, err := projections.Fold(envs)
	require.NoError(t, err)
	assert.Len(t, b.S.Steps, 1, "the builder's checking fold keeps no hand's steps, only the opening")
	steps := build.StepsByHand(whole)
	for hand, ss := range steps {
		for _, s := range ss {
			assert.Equal(t, hand, s.Hand)
		}
	}
	require.NotEmpty(t, steps[1])
	assert.Equal(t, first, steps[1][0].ID, "a hand's steps begin with its deal")
	assert.Len(t, steps[3], 6, "the deal, four passes, and the note recorded during it (on hand 1)")
	total := 0
	for _, ss := range steps {
		total += len(ss)
	}
	assert.Equal(t, len(whole.Steps), total, "every step filed once")
}
