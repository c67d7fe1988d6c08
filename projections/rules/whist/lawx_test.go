package whist

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestLawX works the revoke penalty of Duplicate Whist, Law X, Sec. 4.
func TestLawX(t *testing.T) {
	plays := []LawXPlay{
		{NS: 8, Total: 13},
		{NS: 7, Total: 13},
		{NS: 9, Total: 13},
		{NS: 8, Total: 13, Revokes: [2]int{0, 1}}, // East-West revoked once
	}
	adj, avg := LawX(plays, true)
	// The averages of the scores limited: North-South 9 at the fourth
	// table (not above the others' best), East-West 4 (not below the
	// others' least, until the averages are taken).
	assert.Equal(t, [2]float64{8.25, 4.75}, avg)
	assert.Equal(t, [2]float64{8, 5}, adj[0], "no revoke: as made")
	// Two tricks to North-South: 10, but in a pair match not above the
	// most made at the other tables (9); East-West then bear the full
	// penalty, 5-2 = 3.
	assert.Equal(t, [2]float64{9, 3}, adj[3])

	// Two revokes by one side: two tricks, then one.
	adj, _ = LawX([]LawXPlay{{NS: 6, Total: 13}, {NS: 6, Total: 13, Revokes: [2]int{2, 0}}}, false)
	assert.Equal(t, [2]float64{3, 10}, adj[1])

	// The revoking side cannot score more than the average: North-South
	// made 11 against an average of 8.5, revoked, and keep 8.5, not 9.
	adj, avg = LawX([]LawXPlay{{NS: 6, Total: 13}, {NS: 11, Total: 13, Revokes: [2]int{1, 0}}}, false)
	assert.Equal(t, [2]float64{8.5, 4.5}, avg)
	assert.Equal(t, [2]float64{8.5, 4.5}, adj[1], "nor their adversaries less than the average")

	// Nor does the penalty take tricks won before the first revoke.
	adj, _ = LawX([]LawXPlay{{NS: 3, Total: 13}, {NS: 3, Total: 13, Revokes: [2]int{1, 0}, Before: [2]int{2, 0}}}, false)
	assert.Equal(t, 2.0, adj[1][0])

	// In a pair match, adversaries who made more than the other tables'
	// best stand as made.
	adj, _ = LawX([]LawXPlay{{NS: 7, Total: 13}, {NS: 10, Total: 13, Revokes: [2]int{0, 1}}}, true)
	assert.Equal(t, 10.0, adj[1][0])
}

// TestLawXCapBeforeAverages: the pair match. North-South take 9,
// 9 and 8 at three tables; at the third East revoked. Capped at the
// others' best (9) and floored at their least (4) before the averages,
// North-South score 0 at every table and East-West 0, 0 and -1 (the full
// penalty borne after the averages). Averaging the scores as made gave
// North-South +1/3 everywhere and East-West -4/3 at the third.
func TestLawXCapBeforeAverages(t *testing.T) {
	plays := []LawXPlay{{NS: 9, Total: 13}, {NS: 9, Total: 13}, {NS: 8, Total: 13, Revokes: [2]int{0, 1}}}
	adj, avg := LawX(plays, true)
	assert.Equal(t, [2]float64{9, 4}, avg)
	var ns, ew []float64
	for _, a := range adj {
		ns, ew = append(ns, a[0]-avg[0]), append(ew, a[1]-avg[1])
	}
	assert.Equal(t, []float64{0, 0, 0}, ns)
	assert.Equal(t, []float64{0, 0, -1}, ew)
}
