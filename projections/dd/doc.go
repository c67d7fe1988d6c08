// Package dd is a double-dummy solver for bridge: given every hand, the
// strain and the position of the play, it finds how many tricks each side
// takes when both play perfectly. On top of the solver it builds the
// double-dummy table of a deal (SolveTable), its par score and par
// contracts (Par) and the value of each card of a played sequence (Trace).
//
// # No cgo
//
// The solver is plain Go, and imports no ruleset: par takes its scores
// from the caller (a Scorer). The cgo binding to DDS in internal/ddsoracle
// exists for the tests and benchmark only, behind the build tag dds.
//
// # Whose tricks
//
// Solver.Solve answers for the side of Position.Leader, the seat that led
// (or is to lead) the trick in progress, and counts that trick: with North
// having led to a trick still open, the answer is the number of tricks,
// this one included, that North-South take from here. (DDS's SolveBoard
// counts for the side of the seat to play next instead.) Trace counts for
// declarer, the seat on the right of the opening leader, and counts the
// tricks already won too, as DDS's AnalysePlay does.
//
// # The algorithm
//
// It follows the design of DDS, described by Bo Haglund and Soren Hein in
// "Search Algorithms for a Bridge Double Dummy Solver" (DDS 2.8, 2014),
// with our own code:
//
//   - Zero-window alpha-beta: each search answers "can the side take at
//     least t tricks?"; an outer loop (MTD(f) on the trick count, Plaat et
//     al.) moves t from a first guess until the bounds meet. In a table row
//     the guess for each leader is the answer already found for his
//     partner, or the complement of an opponent's.
//   - Partition search (Ginsberg): every answer comes back with the set of
//     cards whose ranks it depended on ("winning ranks": cards that won a
//     trick by rank, with the cards equal to them). A transposition-table
//     entry then stands for every position with the same suit lengths and
//     leader and the same owners of those cards, counted in relative ranks
//     (cards already played do not count). Entries hold lower and upper
//     bounds on the leader's side's tricks and the best lead found.
//   - The table is bounded in memory (Config.TTBytes, 256 MB by default):
//     it grows on demand and, when the bound is reached, is emptied and
//     filled again; a group of entries of one suit distribution keeps at
//     most 512 entries, the oldest overwritten first.
//   - Quick tricks at the start of each trick: the leader's top cards,
//     trumps first, then partner's winners once the lead can cross to him;
//     the opponents' sure trick ("later tricks"); and after the lead,
//     whether the second hand's side is sure of the trick. Each bound
//     reports the ranks it relied on.
//   - Move ordering after DDS's weights (Moves.cpp), written again in our
//     terms: a lead scores first by how few cards the opponents may answer
//     with (their length in the suit, their whole hand when void), then by
//     whether it wins the trick and who holds the next cards; second hand
//     plays low where the card cannot matter, third hand wins cheaply or
//     forces out fourth hand's top card, nobody ruffs partner's sure
//     winner, discards come from length; and the lead that last caused a
//     cut-off at the same ply goes first. (A bonus for the last cut-off
//     card at the other plies, or for the best lead stored in a table
//     entry, made the search larger.)
//   - Equivalent cards (no other remaining card between them, the trick in
//     progress counting as remaining) are searched once; and once a card
//     of a hand and suit is shown to be small (below every rank its
//     subtree depended on), the hand's lower cards of the suit are skipped
//     (Hans Kuijf's idea).
//
// The search allocates nothing: the position changes in place card by card
// and every ply has its own scratch space in the engine.
//
// # Par
//
// Par follows DDS's Par() (Haglund's adaptation of Matthew Kidd's
// ACBLmerge; see par.go) and reproduces its strings exactly: it is checked
// against the 100 PAR lines of DDS's list100 and, with -tags dds, against
// DDS itself on random tables.
//
// # Speed
//
// On DDS's 100 test deals, full tables on one thread, DDS 2.9.0 (libdds,
// SetMaxThreads(1)) and this package alternating deal by deal in one
// process (go test -tags dds -run '^$' -bench List100SideBySide
// -benchtime=1x -count=3 ./projections/dd/): ours takes 1.33, 1.40 and
// 1.35 times DDS's time (median 1.35), within the target of 2. It took
// 2.31 (median of 2.40, 2.14, 2.31) before the move ordering followed
// DDS's weights: leads (325 to 208 million nodes on the hundred tables)
// and then the other hands' cards (208 to 178 million). The machine is two
// cores shared with other work, so single figures move by a factor of two
// from run to run; the ratio of the interleaved run moves much less. In
// BenchmarkList100 (-count=2, one process, on the loaded machine) ours
// took 187 and 189 ms a table on one thread and 174 and 170 ms on two
// (SolveTable's default), DDS 211 and 158 ms on one.
//
// Two threads solve whole rows, each as the single thread does, so that
// they search exactly its nodes; splitting a row between threads cost up
// to 15% more nodes (TestNodeCounts, DD_NODES=40 DD_NODES_THREADS=2: 63.2
// million nodes on DDS's first 40 deals and 94.6 million on 40 random
// deals, the busiest thread 64% and 60% of them). Side by side with DDS on
// a machine loaded 15 deep: 1.26 times DDS's time on the list, 1.29 on the
// 40 random deals (-bench 'SideBySide' -benchtime=1x).
// The search itself allocates nothing (BenchmarkSolveLead: 0 allocs/op).
//
// # Tests and oracle
//
// testdata/dds-list100.txt is DDS's own test list (Apache-2.0); the tests
// compare every TABLE, PAR and TRACE line. With -tags dds the differential
// tests compare with DDS 2.9.0 (Debian libdds-dev) on random deals, random
// positions in the middle of the play, random tables for par and random
// plays for traces. See list100_test.go and oracle_test.go for the
// environment variables that set how many.
package dd
