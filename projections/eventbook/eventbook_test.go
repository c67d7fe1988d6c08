package eventbook_test

import (
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/eventrec"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/projections/eventbook"
	"github.com/hoyle/hoyle/projections/movement"
)

// deal1 is a whole deal: North, East, South, West.
func deal1(t *testing.T, board int) eventrec.Deal {
	t.Helper()
	d, err := cards.ParseDeal("N:AKQ2.K2.A3.AQ432 J93.QJ9.KQJ2.J75 T654.A854.T94.K8 87.T763.8765.T96")
	require.NoError(t, err)
	out := eventrec.Deal{Board: board}
	copy(out.Hands[:], d)
	return out
}

// env wraps a payload as a stored event of the record, encoded and
// decoded as the log does.
func env(t *testing.T, v int, p events.Payload) events.Envelope {
	t.Helper()
	name, schema, raw, err := events.EncodePayload(p)
	require.NoError(t, err)
	data, err := events.DecodePayload(name, schema, raw)
	require.NoError(t, err)
	return events.Envelope{Type: name, Schema: schema, ID: events.NewID(), Session: eventrec.StreamID("Club"), Version: uint64(v), At: time.Now(), Data: data}
}

func mitchell(t *testing.T, text string) *movement.Plan {
	t.Helper()
	spec, err := movement.Parse(text)
	require.NoError(t, err)
	plan, err := spec.Plan()
	require.NoError(t, err)
	return plan
}

func TestStreamIDIsTheEventsNameInAnyCase(t *testing.T) {
	assert.Equal(t, eventrec.StreamID("Tuesday Pairs"), eventrec.StreamID("  tuesday pairs "))
	assert.NotEqual(t, eventrec.StreamID("Tuesday Pairs"), eventrec.StreamID("Wednesday Pairs"))
	assert.True(t, eventrec.IsStream(eventrec.StreamID("x")))
	assert.False(t, eventrec.IsStream(events.NewID().String()), "a table's ULID is not an event's record")
}

func TestFoldRosterAndBoardsWithRetractions(t *testing.T) {
	r1 := env(t, 1, &eventrec.Roster{Event: "Club", Entries: []eventrec.Entry{{Who: "1 NS", Names: []string{"Ann", "Bob"}}}})
	r2 := env(t, 2, &eventrec.Roster{Event: "Club", Entries: []eventrec.Entry{{Who: "1 NS", Names: []string{"Cy", "Di"}}}})
	b1 := env(t, 3, &eventrec.Boards{Event: "Club", Deals: []eventrec.Deal{deal1(t, 1)}})
	undo := env(t, 4, &table.Retracted{Target: r2.ID})
	b, err := eventbook.Fold([]events.Envelope{r1, r2, b1, undo})
	require.NoError(t, err)
	assert.Equal(t, []string{"Ann", "Bob"}, b.Roster["1 NS"], "the later entry is withdrawn: the first stands")
	assert.Equal(t, []events.ID{r1.ID}, b.RosterIDs)
	d, ok := b.Deal(1)
	require.True(t, ok)
	assert.Equal(t, deal1(t, 1).Hands, d.Hands)

	redo := env(t, 5, &table.Retracted{Target: undo.ID})
	b, err = eventbook.Fold([]events.Envelope{r1, r2, b1, undo, redo})
	require.NoError(t, err)
	assert.Equal(t, []string{"Cy", "Di"}, b.Roster["1 NS"], "the retraction is itself withdrawn: the later entry stands again")

	_, err = eventbook.Fold([]events.Envelope{env(t, 1, &table.SessionClosed{})})
	assert.ErrorIs(t, err, eventbook.ErrNotRecord)
}

func TestParseWhoByTheMovement(t *testing.T) {
	plan := mitchell(t, "mitchell:3x2")
	for text, want := range map[string]string{"1NS": "1 NS", "2 ew": "2 EW", "NS3": "3 NS"} {
		got, err := eventbook.ParseWho(plan, text)
		require.NoError(t, err, text)
		assert.Equal(t, want, got, text)
	}
	for _, text := range []string{"4NS", "1", "0EW", "x"} {
		_, err := eventbook.ParseWho(plan, text)
		assert.ErrorIs(t, err, eventbook.ErrNoSuchPair, text)
	}
	howell := mitchell(t, "howell:4x2")
	got, err := eventbook.ParseWho(howell, "7")
	require.NoError(t, err)
	assert.Equal(t, "pair 7", got)
	_, err = eventbook.ParseWho(howell, "9")
	assert.ErrorIs(t, err, eventbook.ErrNoSuchPair)
	// With a sit-out the phantom is no pair to name.
	odd := mitchell(t, "mitchell:3x2,pairs=5")
	_, err = eventbook.ParseWho(odd, "3EW")
	assert.ErrorIs(t, err, eventbook.ErrNoSuchPair)
}

func TestCheckRosterRefusesAPairTwice(t *testing.T) {
	plan := mitchell(t, "mitchell:3x2")
	err := eventbook.CheckRoster(plan, []eventrec.Entry{{Who: "1 NS", Names: []string{"A"}}, {Who: "1 NS", Names: []string{"B"}}})
	require.ErrorIs(t, err, eventbook.ErrPairTwice)
	assert.Contains(t, err.Error(), `"A" and as "B"`)
	assert.ErrorIs(t, eventbook.CheckRoster(plan, []eventrec.Entry{{Who: "1 NS", Names: []string{"A"}}, {Who: "1 NS", Names: []string{"A"}}}), eventbook.ErrPairTwice)
	assert.NoError(t, eventbook.CheckRoster(plan, []eventrec.Entry{{Who: "1 NS", Names: []string{"A"}}, {Who: "1 EW", Names: []string{"B"}}}))
}

func TestCheckDealAndBoards(t *testing.T) {
	good := deal1(t, 1)
	require.NoError(t, eventbook.CheckDeal(good))

	twice := good
	twice.Hands[1] = twice.Hands[1].Remove(cards.NewCard(cards.Clubs, cards.Jack)).Add(cards.NewCard(cards.Spades, cards.Ace))
	err := eventbook.CheckDeal(twice)
	require.ErrorIs(t, err, eventbook.ErrBadDeal)
	assert.Contains(t, err.Error(), "♠A is dealt twice")

	missing := good
	missing.Hands[3] = missing.Hands[3].Remove(cards.NewCard(cards.Clubs, 6))
	err = eventbook.CheckDeal(missing)
	require.ErrorIs(t, err, eventbook.ErrBadDeal)
	assert.Contains(t, err.Error(), "West has 12 cards")

	other := good
	other.Hands[0], other.Hands[2] = good.Hands[2], good.Hands[0]
	_, err = eventbook.CheckBoards(&eventbook.Book{}, []eventrec.Deal{good, other})
	require.ErrorIs(t, err, eventbook.ErrBoardTwice)
	assert.Contains(t, err.Error(), "board 1 is given twice")

	fresh, err := eventbook.CheckBoards(&eventbook.Book{}, []eventrec.Deal{good, good})
	require.NoError(t, err, "the same deal twice is one board")
	assert.Len(t, fresh, 1)
	held := &eventbook.Book{Deals: map[int]eventrec.Deal{1: good}}
	fresh, err = eventbook.CheckBoards(held, []eventrec.Deal{good})
	require.NoError(t, err)
	assert.Empty(t, fresh, "a board held as it is is not loaded again")
	_, err = eventbook.CheckBoards(held, []eventrec.Deal{other})
	assert.ErrorIs(t, err, eventbook.ErrBoardTwice)
}

func TestCheckGivenNamesTheDifference(t *testing.T) {
	rec := deal1(t, 3)
	assert.NoError(t, eventbook.CheckGiven(rec, rec.Hands[:]))
	assert.NoError(t, eventbook.CheckGiven(rec, []cards.Set{rec.Hands[0]}), "hands not given are not compared")
	given := []cards.Set{rec.Hands[2], rec.Hands[1], rec.Hands[0], rec.Hands[3]}
	err := eventbook.CheckGiven(rec, given)
	require.True(t, errors.Is(err, eventbook.ErrDealDiffers))
	assert.Equal(t, "the cards differ from the hand record: board 3: the hand record gives North ♠AKQ2 ♥K2 ♦A3 ♣AQ432, you gave ♠10654 ♥A854 ♦1094 ♣K8", err.Error())
}

// TestSeatsNameWhoSatThere: in round 2 of a Mitchell of three tables,
// table 1 has North-South pair 1 and East-West pair 3, who started at
// table 3: the roster names pair 1, table 3's session pair 3.
func TestSeatsNameWhoSatThere(t *testing.T) {
	plan := mitchell(t, "mitchell:3x2")
	book := &eventbook.Book{Roster: map[string][]string{"1 NS": {"Ann", "Bob"}}}
	starters := map[int][]string{1: {"n1", "e1", "s1", "w1"}, 3: {"n3", "e3", "s3", "w3"}}
	seats := &eventbook.Seats{Plan: plan, Table: 1, Names: eventbook.PairNames(plan, book, starters)}
	// Board 3 is round 2's at table 1; board 1 round 1's.
	assert.Equal(t, "Ann", seats.SeatName(3, cards.North))
	assert.Equal(t, "Bob", seats.SeatName(3, cards.South))
	assert.Equal(t, "e3", seats.SeatName(3, cards.East))
	assert.Equal(t, "w3", seats.SeatName(3, cards.West))
	assert.Equal(t, "e1", seats.SeatName(1, cards.East))
	assert.Equal(t, "", seats.SeatName(6, cards.East), "table 1 does not play board 6")
	// Pair 2 EW (started at table 2, not given) is not named.
	seats2 := &eventbook.Seats{Plan: plan, Table: 1, Names: eventbook.PairNames(plan, book, starters)}
	assert.Equal(t, "", seats2.SeatName(5, cards.East))
}
