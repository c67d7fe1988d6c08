package contract

import (
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events/cards"
)

var modernStrains = []cards.Strain{cards.StrainClubs, cards.StrainDiamonds, cards.StrainHearts, cards.StrainSpades, cards.NoTrump}

func mustContract(t *testing.T, s string) Contract {
	t.Helper()
	c, pass, err := ParseContract(s)
	require.NoError(t, err, s)
	require.False(t, pass, s)
	return c
}

// oracle is the Law 77 table worked out independently of score.go, from the
// figures as the table prints them: contract points summed trick by trick,
// undertricks in closed form.
func oracle(c Contract, vulnerable bool, tricks int) int {
	mult := []int{1, 2, 4}[c.Doubled]
	need := 6 + c.Level
	if tricks < need {
		u := tricks - need
		u = -u
		var pen int
		switch c.Doubled {
		case Undoubled:
			pen = 50 * u
			if vulnerable {
				pen = 100 * u
			}
		default:
			// Doubled, not vulnerable: 100, 300, 500, 800, 1100, ...
			// Doubled, vulnerable: 200, 500, 800, 1100, ...
			switch {
			case vulnerable:
				pen = 300*u - 100
			case u == 1:
				pen = 100
			case u == 2:
				pen = 300
			default:
				pen = 300*u - 400
			}
			pen *= mult / 2 // redoubled is twice doubled
		}
		return -pen
	}
	points := 0
	for i := 1; i <= c.Level; i++ {
		switch {
		case c.Strain == cards.NoTrump && i == 1:
			points += 40 * mult
		case c.Strain == cards.StrainClubs || c.Strain == cards.StrainDiamonds:
			points += 20 * mult
		default:
			points += 30 * mult
		}
	}
	score := points
	over := tricks - need
	switch {
	case over == 0:
	case c.Doubled == Undoubled && (c.Strain == cards.StrainClubs || c.Strain == cards.StrainDiamonds):
		score += 20 * over
	case c.Doubled == Undoubled:
		score += 30 * over
	default:
		per := 100 * (mult / 2) // 100 doubled, 200 redoubled
		if vulnerable {
			per *= 2
		}
		score += per * over
	}
	switch {
	case points < 100:
		score += 50
	case vulnerable:
		score += 500
	default:
		score += 300
	}
	if c.Level == 6 {
		score += map[bool]int{false: 500, true: 750}[vulnerable]
	}
	if c.Level == 7 {
		score += map[bool]int{false: 1000, true: 1500}[vulnerable]
	}
	score += []int{0, 50, 100}[c.Doubled]
	return score
}

// TestDuplicateWholeTable checks every level, strain, doubling,
// vulnerability and number of tricks against the independent oracle, and
// that DuplicateScore is the sum of DuplicateEntries.
func TestDuplicateWholeTable(t *testing.T) {
	n := 0
	for level := 1; level <= 7; level++ {
		for _, s := range modernStrains {
			for d := Undoubled; d <= Redoubled; d++ {
				for _, v := range []bool{false, true} {
					for tricks := 0; tricks <= 13; tricks++ {
						c := Contract{Level: level, Strain: s, Doubled: d}
						name := fmt.Sprintf("%v vul=%v tricks=%d", c, v, tricks)
						got := DuplicateScore(c, v, tricks)
						require.Equal(t, oracle(c, v, tricks), got, name)
						sum := 0
						es := DuplicateEntries(c, v, tricks)
						require.NotEmpty(t, es, name)
						for _, e := range es {
							sum += e.Points
							assert.NotEmpty(t, e.Label, name)
							assert.Contains(t, e.Law, "Law 77", name)
							assert.NotZero(t, e.Points, name)
						}
						require.Equal(t, got, sum, name)
						n++
					}
				}
			}
		}
	}
	assert.Equal(t, 7*5*3*2*14, n)
}

// TestDuplicatePublished checks values copied from published scoring tables
// and worked examples:
//
//	[L77]  Law 77 scoring table, Laws of Duplicate Bridge (copy at
//	       pzbs.pl/sedziowie/mpb/2007/ang/law77.htm; the 2017 table has the
//	       same figures)
//	[Belk] J. Belk, "Duplicate Bridge Scoring", pi.math.cornell.edu/~belk/scoring.htm
//	[Lumb] J. Lumbroso, "Learn Bridge Very Slowly", lessons 5 and 6,
//	       homepage.eircom.net/~lumbrosoforbridge/EN5.html and EN6.html
//	[Pav]  R. Pavlicek, rpbridge.net/1ub8.htm (a round of Chicago, scored
//	       duplicate style for the game premiums)
//	[Slide] rubber-bridge score sheet walk-through, slideplayer.com/slide/2812193
//	[HL]   High Lane U3A bridge lessons 27B and 28C, highlaneu3a.org.uk
//	[Q]    qeeebo.com, "How do doubled and redoubled undertricks affect
//	       penalty points in Bridge?" (4 down doubled NV = 3 down doubled V = 800)
//	[WB]   winningbridge.com/AbovetheLine.htm penalty table
//	[Brief] figures quoted in the task: 1NT=90, 3NT+1 NV 430, 4SX-3 V 800,
//	       7NTXX= V 2980, 1CX+1 NV 240
func TestDuplicatePublished(t *testing.T) {
	cases := []struct {
		contract string
		vul      bool
		tricks   int
		want     int
		src      string
	}{
		{"2H", false, 8, 110, "Belk"},
		{"2S", true, 8, 110, "Belk"},
		{"3H", false, 9, 140, "Belk"},
		{"1H", false, 9, 140, "Belk: 1H making 3"},
		{"1NT", false, 7, 90, "Belk"},
		{"2NT", false, 8, 120, "Belk"},
		{"2C", false, 8, 90, "Belk"},
		{"2D", true, 8, 90, "Belk"},
		{"4S", false, 10, 420, "Belk"},
		{"1S", false, 10, 170, "Belk: 1S making 4"},
		{"5C", false, 11, 400, "Belk"},
		{"3NT", false, 9, 400, "Belk"},
		{"7S", false, 13, 1510, "Belk"},
		{"1C", false, 7, 70, "Lumb"},
		{"2S", false, 10, 170, "Lumb: 2S+2"},
		{"6H", false, 12, 980, "Lumb"},
		{"7D", false, 13, 1440, "Lumb"},
		{"1HX", false, 7, 160, "Lumb"},
		{"2SX", false, 8, 470, "Lumb"},
		{"2HX", false, 10, 670, "Lumb: 2HX+2"},
		{"4SXX", false, 10, 880, "Lumb"},
		{"3HX", false, 9, 530, "Lumb: 180 trick points and the 300 game bonus"},
		{"3NT", true, 9, 600, "Pav: 100 and 500"},
		{"3DX", false, 9, 470, "Pav: 120, 300 and 50"},
		{"6S", true, 12, 1430, "Pav: 180, 500 and 750"},
		{"4SX", false, 8, -300, "Slide: 2 down doubled NV"},
		{"2D", true, 6, -200, "Slide: 2 down vulnerable"},
		{"3NTX", false, 6, -500, "HL 27B"},
		{"3NTX", true, 6, -800, "HL 27B"},
		{"4H", true, 9, -100, "HL 28C"},
		{"4HX", false, 9, -100, "HL 27B: one down doubled NV"},
		{"5DX", false, 7, -800, "Q: 4 down doubled NV"},
		{"5DX", true, 8, -800, "Q: 3 down doubled V"},
		{"1SXX", false, 6, -200, "WB"},
		{"2SXX", false, 6, -600, "WB"},
		{"3SXX", false, 6, -1000, "WB"},
		{"4SXX", false, 6, -1600, "WB: 600 from the fourth"},
		{"1SXX", true, 6, -400, "WB"},
		{"2SXX", true, 6, -1000, "WB"},
		{"4S", false, 7, -150, "WB / L77: 50 each"},
		{"1NT", false, 7, 90, "Brief"},
		{"3NT", false, 10, 430, "Brief"},
		{"4SX", true, 7, -800, "Brief"},
		{"7NTXX", true, 13, 2980, "Brief"},
		{"1CX", false, 8, 240, "Brief"},
		{"7NTXX", true, 0, -7600, "L77: 400 then 600 for each of 12 more"},
	}
	require.GreaterOrEqual(t, len(cases), 40)
	for _, tc := range cases {
		c := mustContract(t, tc.contract)
		assert.Equal(t, tc.want, DuplicateScore(c, tc.vul, tc.tricks), "%s vul=%v tricks=%d (%s)", tc.contract, tc.vul, tc.tricks, tc.src)
	}
}

func TestDuplicateEntriesBreakdown(t *testing.T) {
	es := DuplicateEntries(mustContract(t, "6HX"), false, 13)
	assert.Equal(t, []Entry{
		{LabelContractTricks, 360, LawTrickScore},
		{LabelOvertricks, 100, LawOvertricks},
		{LabelGame, 300, LawGame},
		{LabelSmallSlam, 500, LawSlam},
		{LabelInsult, 50, LawInsult},
	}, es)
	es = DuplicateEntries(mustContract(t, "2C"), true, 8)
	assert.Equal(t, []Entry{{LabelContractTricks, 40, LawTrickScore}, {LabelPartScore, 50, LawPartScore}}, es)
	es = DuplicateEntries(mustContract(t, "4SX"), true, 7)
	assert.Equal(t, []Entry{{LabelUndertricks, -800, LawUndertricks}}, es)
	es = DuplicateEntries(mustContract(t, "7NT"), true, 13)
	assert.Equal(t, []Entry{{LabelContractTricks, 220, LawTrickScore}, {LabelGame, 500, LawGame}, {LabelGrandSlam, 1500, LawSlam}}, es)
}

func TestDuplicateInvalid(t *testing.T) {
	bad := []struct {
		c      Contract
		tricks int
	}{
		{Contract{Level: 0, Strain: cards.StrainSpades}, 7},
		{Contract{Level: 8, Strain: cards.StrainSpades}, 13},
		{Contract{Level: 4, Strain: cards.RoyalSpades}, 10},
		{Contract{Level: 4, Strain: cards.NoStrain}, 10},
		{Contract{Level: 4, Strain: cards.StrainSpades, Doubled: 3}, 10},
		{Contract{Level: 4, Strain: cards.StrainSpades}, 14},
		{Contract{Level: 4, Strain: cards.StrainSpades}, -1},
	}
	for _, b := range bad {
		assert.Nil(t, DuplicateEntries(b.c, false, b.tricks), "%+v", b)
		assert.Zero(t, DuplicateScore(b.c, true, b.tricks), "%+v", b)
		err := CheckResult(b.c, b.tricks)
		require.Error(t, err)
		assert.True(t, errors.Is(err, ErrBadContract))
	}
	assert.Zero(t, TrickScore(Contract{Level: 4, Strain: cards.RoyalSpades}))
}

func TestScoringParts(t *testing.T) {
	assert.Equal(t, 100, TrickScore(mustContract(t, "3NT")))
	assert.Equal(t, 160, TrickScore(mustContract(t, "1NTXX")))
	assert.True(t, IsGame(mustContract(t, "1NTXX")))
	assert.True(t, IsGame(mustContract(t, "2SX")))
	assert.False(t, IsGame(mustContract(t, "2DX")))
	assert.False(t, IsGame(mustContract(t, "4D")))
	assert.True(t, IsGame(mustContract(t, "5D")))
	assert.Equal(t, 20, OvertrickValue(mustContract(t, "3C"), true))
	assert.Equal(t, 30, OvertrickValue(mustContract(t, "3NT"), true))
	assert.Equal(t, 200, OvertrickValue(mustContract(t, "3CX"), true))
	assert.Equal(t, 400, OvertrickValue(mustContract(t, "3CXX"), true))
	assert.Equal(t, 0, SlamBonus(5, true))
	assert.Equal(t, 750, SlamBonus(6, true))
	assert.Equal(t, 1000, SlamBonus(7, false))
	assert.Equal(t, []int{0, 50, 100}, []int{InsultBonus(Undoubled), InsultBonus(Doubled), InsultBonus(Redoubled)})
	// Law 77's undertrick table, cumulative, for 1 to 6 down.
	rows := []struct {
		doubled int
		vul     bool
		want    []int
	}{
		{Undoubled, false, []int{50, 100, 150, 200, 250, 300}},
		{Undoubled, true, []int{100, 200, 300, 400, 500, 600}},
		{Doubled, false, []int{100, 300, 500, 800, 1100, 1400}},
		{Doubled, true, []int{200, 500, 800, 1100, 1400, 1700}},
		{Redoubled, false, []int{200, 600, 1000, 1600, 2200, 2800}},
		{Redoubled, true, []int{400, 1000, 1600, 2200, 2800, 3400}},
	}
	for _, row := range rows {
		assert.Zero(t, UndertrickPenalty(0, row.doubled, row.vul))
		for i, w := range row.want {
			assert.Equal(t, w, UndertrickPenalty(i+1, row.doubled, row.vul), "doubled=%d vul=%v %d down", row.doubled, row.vul, i+1)
		}
	}
}

func TestContractStringAndParse(t *testing.T) {
	for level := 1; level <= 7; level++ {
		for _, s := range modernStrains {
			for d := Undoubled; d <= Redoubled; d++ {
				c := Contract{Level: level, Strain: s, Doubled: d}
				got, pass, err := ParseContract(c.String())
				require.NoError(t, err, c.String())
				assert.False(t, pass)
				assert.Equal(t, c, got)
				require.NoError(t, c.Validate())
				assert.Equal(t, 6+level, c.Needed())
			}
		}
	}
	assert.Equal(t, "4S", Contract{4, cards.StrainSpades, Undoubled}.String())
	assert.Equal(t, "3NTX", Contract{3, cards.NoTrump, Doubled}.String())
	assert.Equal(t, "6HXX", Contract{6, cards.StrainHearts, Redoubled}.String())

	forms := map[string]Contract{
		"1N":      {1, cards.NoTrump, Undoubled},
		"3ntx":    {3, cards.NoTrump, Doubled},
		" 6hxx ":  {6, cards.StrainHearts, Redoubled},
		"7c":      {7, cards.StrainClubs, Undoubled},
		"2DX":     {2, cards.StrainDiamonds, Doubled},
		"5NXX":    {5, cards.NoTrump, Redoubled},
		"4S":      {4, cards.StrainSpades, Undoubled},
		"1nT":     {1, cards.NoTrump, Undoubled},
		"3HX\t\n": {3, cards.StrainHearts, Doubled},
	}
	for in, want := range forms {
		got, pass, err := ParseContract(in)
		require.NoError(t, err, in)
		assert.False(t, pass, in)
		assert.Equal(t, want, got, in)
	}
	for _, in := range []string{"Pass", "pass", "PASS", "P", " p "} {
		c, pass, err := ParseContract(in)
		require.NoError(t, err, in)
		assert.True(t, pass, in)
		assert.Equal(t, Contract{}, c)
	}
	for _, in := range []string{"", "X", "0S", "8S", "4R", "4", "4SXXX", "4 S", "NT", "4Z", "10NT", "4SX X", "passed", "4NTT", "-1S"} {
		_, pass, err := ParseContract(in)
		require.Error(t, err, in)
		assert.False(t, pass, in)
		assert.True(t, errors.Is(err, ErrBadContract), in)
		var te *cards.TokenError
		require.True(t, errors.As(err, &te), in)
		assert.Equal(t, in, te.Token)
	}
}

// lawTwo is the table of Law 2 as printed (Laws of Duplicate Bridge; copy
// of the ACBL edition at server.bridgehands.com/Laws/ACBL/Duplicate/Preliminaries.htm).
var lawTwo = struct {
	dealer map[cards.Seat][]int
	vul    map[string][]int
}{
	dealer: map[cards.Seat][]int{
		cards.North: {1, 5, 9, 13},
		cards.East:  {2, 6, 10, 14},
		cards.South: {3, 7, 11, 15},
		cards.West:  {4, 8, 12, 16},
	},
	vul: map[string][]int{
		"none": {1, 8, 11, 14},
		"NS":   {2, 5, 12, 15},
		"EW":   {3, 6, 9, 16},
		"both": {4, 7, 10, 13},
	},
}

func TestBoards(t *testing.T) {
	for seat, boards := range lawTwo.dealer {
		for _, b := range boards {
			for k := 0; k < 4; k++ {
				assert.Equal(t, seat, BoardDealer(b+16*k), "board %d", b+16*k)
			}
		}
	}
	for name, boards := range lawTwo.vul {
		for _, b := range boards {
			for k := 0; k < 4; k++ {
				vul := BoardVulnerability(b + 16*k)
				got := map[[2]bool]string{{false, false}: "none", {true, false}: "NS", {false, true}: "EW", {true, true}: "both"}[[2]bool{vul.Vulnerable(cards.NS), vul.Vulnerable(cards.EW)}]
				assert.Equal(t, name, got, "board %d", b+16*k)
			}
		}
	}
	// The same table by rule: each group of four boards shifts the cycle
	// none, NS, EW, both by one.
	for b := 1; b <= 64; b++ {
		i := (b - 1) % 16
		v := (i + i/4) % 4
		vul := BoardVulnerability(b)
		assert.Equal(t, v == 1 || v == 3, vul.Vulnerable(cards.NS), "board %d", b)
		assert.Equal(t, v == 2 || v == 3, vul.Vulnerable(cards.EW), "board %d", b)
		assert.Equal(t, cards.Seat(i%4), BoardDealer(b))
	}
	assert.Equal(t, cards.NoSeat, BoardDealer(0))
	assert.Equal(t, cards.VulNone, BoardVulnerability(-3))
}
