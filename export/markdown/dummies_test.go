package markdown

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events/testkit"
	"github.com/hoyle/hoyle/replay"
	"github.com/hoyle/hoyle/replay/replaytest"
)

// The dummy games written up: who plays each hand beside its seat in the
// diagram (a dummy by its partner, wherever the tournée has seated them; a
// hand taken up at Humbug Whist; a hand laid aside), the trumps line naming
// the dummies, and tricks of two cards.
func TestDummyGamesWriteUps(t *testing.T) {
	dummy := replaytest.Record(t, "dummy")
	for name, c := range map[string]struct {
		script string
		opts   Options
	}{
		// The third rubber of the tournée: Cy takes dummy, lying North
		// where the deal had come round to; Ann sits West.
		"dummy-9": {"dummy", Options{Hand: 9}},
		// Double Dummy: two dummies, each played from across the table.
		"double-dummy-1": {"double-dummy", Options{Hand: 1}},
		// Humbug Whist: Ann put her hand down for East's; the dead hands
		// are shown laid aside.
		"humbug-2": {"humbug", Options{Hand: 2}},
		// Thirteen and the Odd: two hands.
		"thirteen-and-the-odd-1": {"thirteen-and-the-odd", Options{Hand: 1}},
	} {
		t.Run(name, func(t *testing.T) {
			envs := dummy
			if c.script != "dummy" {
				envs = replaytest.Record(t, c.script)
			}
			got, err := Render(envs, c.opts)
			require.NoError(t, err)
			testkit.Golden(t, filepath.Join("testdata", name+".md"), string(got))
		})
	}
	got, err := Render(dummy, Options{Hand: 9, Seats: replay.FosterSeats})
	require.NoError(t, err)
	assert.Contains(t, string(got), "Z: Cy's dummy", "Foster's letters, with who plays the hand")
}
