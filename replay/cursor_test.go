package replay_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/replay"
	"github.com/hoyle/hoyle/replay/jsonview"
	"github.com/hoyle/hoyle/replay/replaytest"
)

// withUndo is a hand with mistakes corrected at the table: a call and a card
// undone and made again, so that the log holds events not in force.
const withUndo = `
new --game auction --name "with undo" --south Z --west A --north Y --east B
deal --pbn "N:84.985.J73.AKQ82 53.AKQ2.AKQ4.J43 T76.JT76.T965.T5 AKQJ92.43.82.976"
call 1S P 1C 1NT
call 2H
undo
call 2C 2R P P 3C X P 2NT P P P
play HJ H3 H5 HA DA
undo
note "the retracted card's successor"
play DK D5 D2 D3
note --glyph ? --by Ann "why not the ace"
claim 9
`

// sameState checks the cursor's state against the fold of the log up to
// the point's event: the hands, the steps, the notes, the score and the
// view show --json prints.
func sameState(t *testing.T, envs []events.Envelope, c *replay.Cursor) {
	t.Helper()
	p := c.Point()
	got, err := c.State()
	require.NoError(t, err)
	want, err := projections.Fold(envs[:p.Version])
	require.NoError(t, err)
	where := p.Moment.String()
	require.Equal(t, want.Hands, got.Hands, where)
	require.Equal(t, want.Steps, got.Steps, where)
	require.Equal(t, want.Notes, got.Notes, where)
	require.Equal(t, want.Score(), got.Score(), where)
	require.Equal(t, jsonview.NewView(want), jsonview.NewView(got), where)
	require.Equal(t, p.Version, got.Version, where)
}

func TestReplayEveryMomentForwardsAndBackwards(t *testing.T) {
	for name, envs := range map[string][]events.Envelope{
		"demo":      replaytest.Record(t, "demo"),
		"claim":     replaytest.Record(t, "claim"),
		"with undo": replaytest.RecordText(t, withUndo),
	} {
		t.Run(name, func(t *testing.T) {
			full, err := projections.Fold(envs)
			require.NoError(t, err)
			// Forwards from the deal.
			c, err := replay.NewCursor(envs, full, 1)
			require.NoError(t, err)
			var seen []string
			for {
				sameState(t, envs, c)
				seen = append(seen, c.Point().Moment.String())
				if !c.Next() {
					break
				}
			}
			h := full.Hands[0]
			played := 0
			for _, tr := range h.Tricks {
				played += len(tr.Cards)
			}
			claims := 0
			if h.Claim != nil {
				claims = 1
			}
			assert.Len(t, seen, 1+len(h.Calls)+played+claims, "the deal, every call, every card, the claim")
			assert.Equal(t, "1", seen[0])
			assert.Equal(t, "1.a1", seen[1])
			// Backwards from the end, with a fresh cursor so nothing is
			// remembered from the way forwards.
			back, err := replay.NewCursor(envs, full, 1)
			require.NoError(t, err)
			back.Last()
			i := len(seen) - 1
			for {
				sameState(t, envs, back)
				assert.Equal(t, seen[i], back.Point().Moment.String())
				i--
				if !back.Prev() {
					break
				}
			}
			assert.Equal(t, -1, i)
		})
	}
}

func TestNotesShowOnlyAtTheirStep(t *testing.T) {
	envs := replaytest.Record(t, "claim")
	full, err := projections.Fold(envs)
	require.NoError(t, err)
	c, err := replay.NewCursor(envs, full, 1)
	require.NoError(t, err)
	shown := map[events.ID]string{}
	before := 0
	for {
		p := c.Point()
		for _, n := range c.Notes() {
			assert.Equal(t, p.Step.ID, n.Target, "a note shows at the step it is on")
			shown[n.ID] = p.Moment.String()
		}
		so := c.NotesSoFar()
		assert.GreaterOrEqual(t, len(so), before)
		before = len(so)
		for _, n := range so {
			assert.LessOrEqual(t, n.Point.Version, p.Version, "no note from a later step")
		}
		if !c.Next() {
			break
		}
	}
	assert.Len(t, shown, len(full.Notes))
	var byMoment []string
	for _, n := range full.Notes {
		byMoment = append(byMoment, shown[n.ID])
	}
	assert.Equal(t, []string{"1", "1.a1", "1.a2", "1.1.1", "1.1.1", "1.3.3", "@23"}, byMoment)
}

func TestCursorTricksAndJumps(t *testing.T) {
	envs := replaytest.Record(t, "demo")
	full, err := projections.Fold(envs)
	require.NoError(t, err)
	c, err := replay.NewCursor(envs, full, 1)
	require.NoError(t, err)
	var stops []string
	for c.NextTrick() {
		stops = append(stops, c.Point().Moment.String())
	}
	assert.Equal(t, []string{"1.a15", "1.1", "1.2", "1.3", "1.4", "1.5", "1.6", "1.7", "1.8", "1.9", "1.10", "1.11", "1.12", "1.13"}, stops)
	var backs []string
	for c.PrevTrick() {
		backs = append(backs, c.Point().Moment.String())
	}
	assert.Equal(t, "1.12", backs[0])
	assert.Equal(t, []string{"1.a15", "1"}, backs[len(backs)-2:])

	for _, text := range []string{"1.a12", "1.5", "1.5.2", "1"} {
		m, _ := replay.ParseMoment(text)
		require.NoError(t, c.Jump(m))
		assert.Equal(t, text, c.Point().Moment.String())
	}
	// The note written after call 4 is event 7: the cursor goes to the
	// call it follows.
	require.NoError(t, c.Jump(replay.Moment{Kind: replay.AfterEvent, Event: 7}))
	assert.Equal(t, "1.a4", c.Point().Moment.String())
	err = c.Jump(replay.Moment{Kind: replay.AfterEvent, Event: 1})
	assert.ErrorIs(t, err, replay.ErrNoMoment, "the session's opening is not in hand 1")
	m, _ := replay.ParseMoment("2.3")
	assert.ErrorIs(t, c.Jump(m), replay.ErrNoMoment)

	_, err = replay.NewCursor(envs, full, 2)
	assert.ErrorIs(t, err, replay.ErrNoMoment)
}
