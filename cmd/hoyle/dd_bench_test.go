package main

import (
	"strings"
	"testing"
)

// BenchmarkProcessDD is what the double-dummy analysis costs a whole
// process: hand 3 of a simulated session of auction bridge, shown and
// replayed with it and without it, and hoyle dd. The first process that
// analyses the hand solves the table and the play's trace and keeps them
// beside the log (projections/ddkeep); every later one reads them, as a
// user's second show does.
func BenchmarkProcessDD(b *testing.B) {
	db := simulatedDB(b, "auction", 10)
	for _, args := range [][]string{
		{"show", "--at", "3", "--no-dd"},
		{"show", "--at", "3"},
		{"export", "--hand", "3"},
		{"replay", "--hand", "3"},
		{"dd", "--at", "3"},
		{"dd", "--at", "3", "--json"},
	} {
		b.Run(strings.Join(args, " "), func(b *testing.B) { benchProcess(b, db, args...) })
	}
}
