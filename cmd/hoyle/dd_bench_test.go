package main

import (
	"strings"
	"testing"
)

// BenchmarkProcessDD is what the double-dummy analysis costs a whole
// process: hand 3 of a simulated session of auction bridge, shown and
// replayed with it and without it, and hoyle dd. Each process solves the
// table and the play's trace afresh (the cache is the process's).
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
