package html

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/export/markdown"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/replay"
	"github.com/hoyle/hoyle/replay/replaytest"
)

// viewerHand is a recorded hand the viewer is tried on.
type viewerHand struct {
	name string
	envs []events.Envelope
	hand int
}

// The viewer's hands, recorded once for the test binary: every test reads
// them and none changes them.
var (
	viewerHandsMu   sync.Mutex
	viewerHandsMade []viewerHand
)

// viewerHands are the three hands the viewer is walked through: a revoke
// and its penalty (with a hostile name and note), a claim, and Auction
// Bridge. The first is the one plain go test walks in a browser.
func viewerHands(t testing.TB) []viewerHand {
	t.Helper()
	viewerHandsMu.Lock()
	defer viewerHandsMu.Unlock()
	if viewerHandsMade != nil {
		return viewerHandsMade
	}
	script, err := os.ReadFile(filepath.Join("testdata", "revoke.hoyle"))
	require.NoError(t, err)
	viewerHandsMade = []viewerHand{
		{"revoke", replaytest.RecordText(t, string(script)), 1},
		{"claim", replaytest.Record(t, "claim"), 1},
		{"demo", replaytest.Record(t, "demo"), 1},
	}
	return viewerHandsMade
}

// expectedStep is what the viewer must show at a step, read from the fold
// at that moment, not from the page's data.
type expectedStep struct {
	Moment string
	Held   map[int][]string // by seat, known hands only: the cards held
	Trick  int              // the trick shown: the latest with a card, 0 for none
	Cards  []string         // its cards in order
	Calls  int
	Score  string
	Notes  int
	Irr    int
}

// foldSteps folds hand n at each of its moments (replay.Cursor) and says
// what a view of each must show.
func foldSteps(t *testing.T, envs []events.Envelope, n int) []expectedStep {
	t.Helper()
	full, err := projections.Fold(envs)
	require.NoError(t, err)
	c, err := replay.NewCursor(envs, full, n)
	require.NoError(t, err)
	var out []expectedStep
	for i := range c.Len() {
		require.True(t, c.Seek(i))
		state, err := c.State()
		require.NoError(t, err)
		h := state.Hands[n-1]
		names, err := replay.SeatNames(h.Seating, h.Dealer, replay.CompassSeats)
		require.NoError(t, err)
		e := expectedStep{Moment: c.Point().Moment.String(), Held: map[int][]string{}, Calls: len(h.Calls),
			Score: replay.ScoreSummary(state.Score(), names), Notes: len(c.Notes()), Irr: len(h.Irregular), Cards: []string{}}
		for seat := range h.Held {
			if !h.Known(cards.Seat(seat)) {
				continue
			}
			held := []string{}
			for _, card := range h.Held[seat].Cards() {
				held = append(held, card.String())
			}
			slices.Sort(held)
			e.Held[seat] = held
		}
		for k := len(h.Tricks) - 1; k >= 0; k-- {
			if len(h.Tricks[k].Cards) > 0 {
				e.Trick = k + 1
				for _, pc := range h.Tricks[k].Cards {
					e.Cards = append(e.Cards, pc.Card.String())
				}
				break
			}
		}
		out = append(out, e)
	}
	return out
}

var jsonBlock = regexp.MustCompile(`(?s)<script type="application/json" id="hoyle-moments">(.*?)</script>`)

// pageData reads the states a page carries.
func pageData(t *testing.T, page []byte) viewerData {
	t.Helper()
	m := jsonBlock.FindSubmatch(page)
	require.NotNil(t, m, "the page carries its states")
	var d viewerData
	require.NoError(t, json.Unmarshal(m[1], &d))
	return d
}

// TestViewerStatesAreTheFold: the states the page carries are the fold at
// each moment of the hand, one for each.
func TestViewerStatesAreTheFold(t *testing.T) {
	for _, vh := range viewerHands(t) {
		t.Run(vh.name, func(t *testing.T) {
			full, err := projections.Fold(vh.envs)
			require.NoError(t, err)
			page, err := RenderViewer(full, vh.envs, vh.hand, ViewerOptions{})
			require.NoError(t, err)
			d := pageData(t, page)
			want := foldSteps(t, vh.envs, vh.hand)
			require.Len(t, d.States, len(want))
			for i, s := range d.States {
				w := want[i]
				assert.Equal(t, w.Moment, s.Moment)
				for seat, held := range w.Held {
					got := slices.Clone(s.Hands[seat].Held)
					slices.Sort(got)
					assert.Equal(t, held, got, "%s seat %d", s.Moment, seat)
				}
				assert.Equal(t, w.Score, s.Score, s.Moment)
				assert.Len(t, s.Notes, w.Notes, s.Moment)
				assert.Len(t, s.Irregular, w.Irr, s.Moment)
			}
		})
	}
}

// TestViewerIsSelfContained: the page allows one script, its own, by its
// hash, and names nothing to fetch.
func TestViewerIsSelfContained(t *testing.T) {
	vh := viewerHands(t)[0]
	full, err := projections.Fold(vh.envs)
	require.NoError(t, err)
	page, err := RenderViewer(full, vh.envs, 1, ViewerOptions{})
	require.NoError(t, err)
	sum := sha256.Sum256([]byte(viewerJS))
	assert.Contains(t, string(page), "script-src 'sha256-"+base64.StdEncoding.EncodeToString(sum[:])+"'")
	assert.Contains(t, string(page), "default-src 'none'")
	assert.Equal(t, 1, bytes.Count(page, []byte("<script>")), "one script that runs")
	for _, bad := range []string{"http://", "https://", " src=", "@import", "url("} {
		assert.NotContains(t, strings.ReplaceAll(string(page), `src=x`, ""), bad)
	}
	assert.Contains(t, string(page), `<section id="viewer" class="viewer" hidden`, "without JavaScript the viewer stays hidden")
	assert.Contains(t, string(page), `<article class="writeup" id="writeup">`, "and the write-up shows")
	// The hostile name and note are in the data as JSON escapes only.
	assert.NotContains(t, string(page), "<script>alert(1)</script>")
	assert.NotContains(t, string(page), "<img src=x")
}

// TestViewerOpensAt: a moment given to the viewer is the one it opens at.
func TestViewerOpensAt(t *testing.T) {
	vh := viewerHands(t)[2]
	full, err := projections.Fold(vh.envs)
	require.NoError(t, err)
	m, err := replay.ParseMoment("1.3.2")
	require.NoError(t, err)
	page, err := RenderViewer(full, vh.envs, 1, ViewerOptions{Open: &m})
	require.NoError(t, err)
	assert.Equal(t, "1.3.2", pageData(t, page).Open)
	_, err = RenderViewer(full, vh.envs, 9, ViewerOptions{})
	assert.ErrorIs(t, err, markdown.ErrNoHand)
}

// TestViewerTellsWhatHappened: each card's double-dummy cost where it was
// played (none with NoDD), and the revoke and its penalty at their steps.
func TestViewerTellsWhatHappened(t *testing.T) {
	hands := viewerHands(t)
	state := func(d viewerData, m string) viewState {
		t.Helper()
		for _, s := range d.States {
			if s.Moment == m {
				return s
			}
		}
		t.Fatalf("no state at %s", m)
		return viewState{}
	}
	demo := hands[2]
	full, err := projections.Fold(demo.envs)
	require.NoError(t, err)
	page, err := RenderViewer(full, demo.envs, 1, ViewerOptions{})
	require.NoError(t, err)
	d := pageData(t, page)
	assert.Equal(t, "dd EW 12 · cost 4 tricks", state(d, "1.1.1").DD, "the opening lead's cost")
	page, err = RenderViewer(full, demo.envs, 1, ViewerOptions{Writeup: markdown.Options{NoDD: true}})
	require.NoError(t, err)
	for _, s := range pageData(t, page).States {
		assert.Empty(t, s.DD+s.Position, "NoDD: %s", s.Moment)
	}

	revoke := hands[0]
	full, err = projections.Fold(revoke.envs)
	require.NoError(t, err)
	page, err = RenderViewer(full, revoke.envs, 1, ViewerOptions{})
	require.NoError(t, err)
	d = pageData(t, page)
	var renounce, penalty bool
	for _, s := range d.States {
		renounce = renounce || strings.HasPrefix(s.Step, "E ♦8") && strings.Contains(s.Step, "— irregular: E renounced in clubs with ♦8")
		penalty = penalty || strings.HasPrefix(s.Step, "for E's revoke (♦8, trick 2), tricks: 3 tricks taken")
	}
	assert.True(t, renounce, "the renounce is told at its card")
	assert.True(t, penalty, "the penalty is told at its step")
	last := d.States[len(d.States)-1]
	require.Len(t, last.Irregular, 1)
	assert.Contains(t, last.Irregular[0].Text, "Remedy: the declarer chose tricks")
}
