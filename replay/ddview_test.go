package replay_test

import (
	"bytes"
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/dd"
	"github.com/hoyle/hoyle/projections/rules/contract"
	"github.com/hoyle/hoyle/replay"
	"github.com/hoyle/hoyle/replay/jsonview"
	"github.com/hoyle/hoyle/replay/replaytest"
)

// A table as JSON is in the order people read it: declarers N, E, S, W,
// strains S, H, D, C, NT; each value the table's own.
func TestDDTableJSONIsInReadingOrder(t *testing.T) {
	var tb dd.Table
	for i, s := range dd.Strains {
		for seat := cards.North; seat <= cards.West; seat++ {
			tb.Tricks[s][seat] = 4*i + int(seat)
		}
	}
	b, err := json.Marshal(jsonview.DDTable(tb))
	require.NoError(t, err)
	assert.Equal(t, `{"N":{"S":0,"H":4,"D":8,"C":12,"NT":16},"E":{"S":1,"H":5,"D":9,"C":13,"NT":17},`+
		`"S":{"S":2,"H":6,"D":10,"C":14,"NT":18},"W":{"S":3,"H":7,"D":11,"C":15,"NT":19}}`, string(b))
}

// Par as JSON: a contract par at several levels is listed at each, a
// sacrifice doubled, a side's contract by the side; the view with East-West
// first to bid only when it differs.
func TestParJSON(t *testing.T) {
	ns := dd.ParView{Score: 420, Contracts: []dd.ParContract{
		{Level: 3, Overtricks: 1, Strain: cards.StrainSpades, Declarers: []cards.Seat{cards.North}},
		{Level: 3, Strain: cards.NoTrump, Declarers: []cards.Seat{cards.North, cards.South}},
	}}
	p := jsonview.NewPar(dd.ParResult{NSFirst: ns, EWFirst: ns})
	assert.Equal(t, jsonview.Par{NS: 420, Contracts: []string{"3S N", "4S N", "3NT NS"}}, p)

	ew := dd.ParView{Score: 300, Contracts: []dd.ParContract{
		{Level: 5, Strain: cards.StrainDiamonds, Declarers: []cards.Seat{cards.East, cards.West}, Doubled: true, Undertricks: 2},
	}}
	p = jsonview.NewPar(dd.ParResult{NSFirst: ns, EWFirst: ew})
	require.NotNil(t, p.EWFirst)
	assert.Equal(t, jsonview.Par{NS: 300, Contracts: []string{"5DX EW"}}, *p.EWFirst)

	b, err := json.Marshal(jsonview.NewPar(dd.ParResult{}))
	require.NoError(t, err)
	assert.Equal(t, `{"ns":0,"contracts":[]}`, string(b), "no contract is an empty list, not null")
}

// analyse is the analysis of a recorded game's hand at a moment ("" for
// the latest hand).
func analyse(t *testing.T, name, at string) *replay.DDHand {
	t.Helper()
	envs := replaytest.Record(t, name)
	full, err := projections.Fold(envs)
	require.NoError(t, err)
	var m *replay.Moment
	if at != "" {
		mm, err := replay.ParseMoment(at)
		require.NoError(t, err)
		m = &mm
	}
	v, err := replay.AnalyseDDHand(full, envs, m, nil)
	require.NoError(t, err)
	return v
}

// trickLine is a line of the play's table: the trick's number, then its
// first card.
var trickLine = regexp.MustCompile(`(?m)^ +\d+  [NESW] `)

// A recorded hand's analysis follows the play to the moment: the whole
// hand, its play to a card, none in the auction. The trace is the counted
// side's tricks before the first card and after each; the costly cards are
// those of the play that cost a trick.
func TestDDHandFollowsThePlayToTheMoment(t *testing.T) {
	whole := jsonview.NewDDHand(analyse(t, "demo", "1"))
	assert.Nil(t, whole.At, "a hand's number is the whole hand")
	require.NotNil(t, whole.Play)
	require.NotNil(t, whole.Table)
	require.NotNil(t, whole.Par)
	assert.Nil(t, whole.ByLeader)
	assert.Len(t, whole.Play.Cards, 52)
	assert.Len(t, whole.Play.Trace, 53)
	var costly []jsonview.DDCard
	for i, c := range whole.Play.Cards {
		assert.Equal(t, c.Tricks, whole.Play.Trace[i+1])
		if c.Cost > 0 {
			costly = append(costly, c)
		}
	}
	assert.NotEmpty(t, costly)
	assert.Equal(t, costly, whole.Play.Costly)

	mid := jsonview.NewDDHand(analyse(t, "demo", "1.5.2"))
	require.NotNil(t, mid.At)
	assert.Equal(t, "1.5.2", *mid.At)
	assert.Len(t, mid.Play.Cards, 18, "four tricks and two cards")
	assert.Equal(t, whole.Play.Cards[:18], mid.Play.Cards)

	auction := jsonview.NewDDHand(analyse(t, "demo", "1.a4"))
	assert.Nil(t, auction.Play, "no contract yet: no play to tell")
	assert.Equal(t, whole.Table, auction.Table)

	var text bytes.Buffer
	require.NoError(t, analyse(t, "demo", "1.5.2").WriteText(&text))
	assert.Contains(t, text.String(), ", at 1.5.2\n")
	assert.Contains(t, text.String(), "\nPar by duplicate scoring, ")
	assert.Len(t, trickLine.FindAllString(text.String(), -1), 5, "a line for each trick begun")
}

// Whist has no contract: its table is the tricks North-South take by the
// hand that leads, with no par and no vulnerability.
func TestDDHandOfWhistIsByLeader(t *testing.T) {
	// A hand of a suit each, which the solver solves at once.
	envs := replaytest.RecordText(t, "new --game whist --players Ann,Bob,Cy,Di --dealer S\n"+
		"deal --pbn \"N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432\" --turn-up D2\n")
	full, err := projections.Fold(envs)
	require.NoError(t, err)
	v, err := replay.AnalyseDDHand(full, envs, nil, nil)
	require.NoError(t, err)
	j := jsonview.NewDDHand(v)
	assert.NotNil(t, j.ByLeader)
	assert.Nil(t, j.Table)
	assert.Nil(t, j.Par)
	assert.Empty(t, j.Vulnerable)
	b, err := json.Marshal(j)
	require.NoError(t, err)
	assert.NotContains(t, string(b), `"par"`)
	// Spades trumps, North leading his thirteen: North-South take them all.
	assert.Contains(t, string(b), `"by_leader":{"N":{"S":13,`)
	var text bytes.Buffer
	require.NoError(t, v.WriteText(&text))
	assert.Contains(t, text.String(), "by the hand that leads and the trumps")
	assert.NotContains(t, text.String(), "Par by duplicate scoring")
}

// A session with no hand dealt has nothing to analyse, and says so.
func TestDDHandBeforeTheFirstDeal(t *testing.T) {
	envs := replaytest.Record(t, "demo")[:1]
	s, err := projections.Fold(envs)
	require.NoError(t, err)
	_, err = replay.AnalyseDDHand(s, envs, nil, nil)
	assert.ErrorIs(t, err, replay.ErrNoMoment)
}

// A bare deal: the deal, the table and par at nobody's vulnerability, as
// text and as JSON.
func TestDDDeal(t *testing.T) {
	d, err := cards.ParseDeal("N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3")
	require.NoError(t, err)
	var tb dd.Table // the views write what they are given; the solver is tested in projections/dd
	tb.Tricks[cards.NoTrump][cards.North] = 9
	var text bytes.Buffer
	require.NoError(t, replay.WriteDDDeal(&text, d, tb))
	lines := strings.Split(text.String(), "\n")
	assert.Equal(t, d.PBN(cards.North), lines[0])
	assert.Equal(t, "Declarer     ♠   ♥   ♦   ♣  NT", lines[2])
	assert.Equal(t, "North        0   0   0   0   9", lines[3])
	j := jsonview.NewDDDeal(d, tb)
	assert.Equal(t, "None", j.Vulnerable)
	assert.Equal(t, d.PBN(cards.North), j.Deal)
	assert.Equal(t, jsonview.NewPar(dd.Par(tb, cards.VulNone, contract.ParScore)), j.Par)
}
