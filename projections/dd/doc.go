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
//   - Quick tricks at the start of each trick, when the transposition
//     table has no answer (asking it first is cheaper: it answers most
//     trick starts): the leader's top cards, trumps first, and his long
//     cards once his top cards exhaust the suit, then partner's winners
//     (and long cards) once the lead can cross to him; the opponents' sure
//     tricks ("later tricks": their top trumps, all of their trumps when
//     only they hold any, one trick at no trumps when the suits the
//     leader's side tops hold fewer rounds than the tricks left). After
//     the lead, the tricks the second hand's side is sure of (the trick
//     in progress, and at no trumps the run its winner cashes next); after
//     two cards, the side sure of the trick when that trick decides the
//     search. Each bound reports the ranks it relied on.
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
// and every ply has its own scratch space in the engine. What every node
// needs is kept up to date card by card rather than recomputed (the suit
// lengths of the table's key, the card winning the trick) or read from
// tables of the deal (the relative-rank patterns of the table's entries),
// the search loop plays and takes back the cards itself, and the hot paths
// index arrays with masked values so that Go checks no bounds there.
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
// Side by side with DDS 2.9.0 (libdds, SetMaxThreads(1)), full tables on
// one thread, the two alternating deal by deal in one process so that
// both see the same load. On the 40 random deals of TestNodeCounts (the
// figure issue 29 asks for):
//
//	go test -tags dds -run '^$' -bench RandomSideBySide -benchtime=1x ./projections/dd/
//
// with both rounds of December 2026 (the table and the search's
// structure, below, and the moves and bounds, at the end of this section)
// ours took 0.97, 0.86 and 0.85 times DDS's time at load averages of 3.3
// to 5 (the end of this section), and 0.93, 0.87, 1.02, 0.98, 1.00 and
// 0.88 in six more runs at 5.6 to 7.8 (0.95 on average), where the build
// before both took 1.27 to 1.32. On the quiet machine (load average 1.3
// to 1.5, nothing else running; 2 December 2026, after both rounds were
// merged) it took 0.956, 0.954 and 0.952: 458, 464 and 457 ms a table
// against DDS's 480, 486 and 480, where the build before both took 1.386
// (646 against 466) on the same machine that morning. On DDS's 100 test
// deals (-bench List100SideBySide), quiet: 0.932 (335 against 360 ms).
// Nodes with both: 50.92 million on DDS's first 40 deals and 77.09
// million on the random ones; instructions of this package's functions
// (as below) 2515 M.
//
// The table and the search's structure alone took 1.161, 1.142 and 1.182
// times DDS's time (December 2026, at load averages of 4 to 5.5), where
// the build before it took 1.283, 1.273 and 1.317 in runs alternating
// with them: about 10% less time (earlier the same day, at load average 5
// to 7: 1.102 and 1.132 against 1.226 and 1.305). The ratio moves with
// the load of the machine, so compare only runs made close together: the
// build before this round took 1.372, 1.380 and 1.364 on the
// quiet machine (load average under 2) and 1.18 to 1.40 at load averages
// of 5 to 12. Built with GOAMD64=v3 (popcount and leading-zero count
// without a run-time check of the CPU: 5% fewer instructions) that build
// took 1.31 and 1.25.
//
// This round (issue 29: the table and the search's structure) made nodes
// cheaper again, measured by the instructions of this package's functions
// (valgrind --tool=cachegrind on DD_NODES=1 TestNodeCounts; the Go
// runtime's own instructions vary from run to run under valgrind and are
// left out): 3368 M before, 2829 M after (-16.0%). The steps: the
// relative-rank patterns of a trick start read from a table of the deal
// (all 8192 holdings of each suit), not kept card by card (-2.3%); no
// search of the group for an entry to update when storing, which found
// one in only 4% of the stores (-2.6%, 0.02% more nodes); tables, not
// branches, for the suit-length units of the key and the signature masks,
// and the small-card test without a branch (-1.5%); the search loop plays
// and takes back its cards itself, with what a node's moves share worked
// out once, only the completion of a trick calling out (-5.3%); the
// moves' winning ranks added up as one word (-1.0%); the ranks a table
// hit relied on from two small tables, not a loop over the cards (-1.5%);
// moves taken by pointer (-1.2%); and the rows solved North, South, East,
// West (0.3% and 0.6% fewer nodes on the 40 deals). Instructions fell
// more than time: the table's lookup is still about 30% of the time (a
// CPU profile), most of it waiting on memory (the group's slot, then its
// blocks), which fewer instructions do not shorten.
//
// Tried this round and dropped: a direct-mapped hint naming the entry
// that last answered an exact position (16K slots; 0.4% more
// instructions, 30% more first-level cache misses under cachegrind's
// model, the same nodes); no move to the front on a hit (1% more nodes
// and instructions); quick tricks before the table in the last tricks, as
// DDS does below six tricks left (with three, five and seven tricks: 1.0%,
// 3.4% and 6.6% more instructions, for at most 1.7% fewer nodes); groups
// of at most 60 or 150 entries rather than 510 (1.7% more instructions
// and 1.3 to 3.5% more nodes; the same); the first block of a group kept beside
// its slot, indexed by the slot, so that the two reads go at once (0.8%
// more instructions and 15% fewer cache misses under cachegrind's model,
// but 8% more processor time: 12 MB of heads, half of them empty); the
// patterns from two tables of 3 KB, not one of 128 KB (3% more
// instructions, no faster); the next block's or the second block's
// signatures, or the next trick's group slot, read early so that the
// cache misses overlap (no gain to be seen in processor time, 10
// alternating runs); the cards of the trick in progress kept as one word
// (-0.1%, not worth its code); an entry that answers moved to a rotating
// slot of the first block rather than the first (1% more nodes).
//
// The round before made nodes cheaper more than fewer, and was measured by
// instructions the same way (all of the process's): 4.17 G before, 3.39
// G after (-19%). The steps: the transposition table's signatures and
// link in one cache line; quick tricks by bit arithmetic, and no plan for
// crossing to partner when partner tops no suit (-4.4%); the table asked
// before quick tricks are counted (-7.1%, for 3.5% more nodes); the suit
// lengths of the table's key and the card winning the trick kept card by
// card (-4.7%); masked indexes, no bounds checks (-1.8%); sixteen move
// slots a ply (-2.2%). Tried and dropped: a second-level group of entries
// keyed by the owners of the top cards (same instructions, more cache
// misses); no table in the last two tricks (3% more nodes); a perfect first
// guess for each row's first leader would save only 4% of the nodes.
//
// Nodes (TestNodeCounts, DD_NODES=40 DD_NODES_THREADS=2):
//
//	DD_NODES=40 DD_NODES_THREADS=2 go test -run NodeCounts -v ./projections/dd/
//
// 65.19 million on DDS's first 40 deals and 97.56 million on the 40
// random deals (65.3 and 98.0 before this round; 63.2 and 94.6 before the
// table was asked first). Two threads solve whole rows, each as the single
// thread does, so that they search exactly its nodes; the busiest thread
// searched 40.2 and 56.6 million of them (62% and 58%). In the round
// before, the run took 21.1 and 21.4 s on two threads against 33.9 and
// 36.6 s on one (same run, loaded machine). Splitting a
// row between threads cost up to 15% more nodes. In BenchmarkList100,
// with other builds running, two threads were no faster than one (392
// against 393 ms a table at load average 1 to 5; 584 against 553 at 10;
// DDS 295 and 604 ms on one thread): the second thread only pays when a
// core is free for it.
// The search itself allocates nothing (BenchmarkSolveLead: 0 allocs/op).
//
// Moves and bounds (a round of its own, December 2026). The order of the
// moves was already near the best it can do: in the 10 first random deals
// of TestNodeCounts, of the nodes that cut off, 91% at a trick start and
// 98 to 99% after the lead cut off with the first move tried; most of the
// remaining nodes are nodes where every move must be searched (48% of the
// trick starts searched, 21%, 68% and 21% of the second, third and fourth
// hands' nodes). So the round made the tree smaller with bounds that end
// the search sooner, after DDS's LaterTricks and QuickTricks, and made
// the weights cheaper. Nodes on those 10 deals, step by step: 21.20 M;
// later tricks counting the opponents' top two trumps, their trumps when
// only they hold trumps, the second trump behind the top, 18.59 M
// (-12.3%); at no trumps (or when trumps are gone), the leader's side
// cannot take every trick when the suits it tops hold fewer rounds than
// the tricks left (DDS's rule; no counterexample in 100,000 small endings
// solved without it), and the second hand's quick tricks counting the
// run its winner cashes, 17.59 M (-5.4%); fourth hand's ruff, 17.55 M;
// the third hand's sure trick (asked only when one trick decides the
// search: asked at every node it cost more than it saved), and the second
// hand's counting only cards that can still be played to the trick, 17.23
// M (-1.8%); the leader's long cards, and his trumps once his top trumps
// have drawn the others', 16.82 M (-2.4%); partner's long cards after
// the crossing, 16.62 M (-1.2%): -21.6% in all. Instructions (cachegrind,
// DD_NODES=1): 3.396 G before, 3.015 G after (-11.2%), of which the
// cheaper weights (the tops of a suit written in place, a table where the
// discard bonus divided, second hand's bound giving up at once with
// trumps when more than one trick is needed) about 2.5%. Tried and
// dropped: choosing each move when it is needed (selection) instead of
// sorting them (the same nodes, 2.3% more instructions: the call per move
// costs more than the sort of two or three moves); DDS's quick tricks of
// a suit only the leader's side holds (0.7% fewer nodes, 0.8% more
// instructions); the leader's side sure of the trick after the lead (the
// trick start's quick tricks see nearly all of it: 0.01% fewer nodes);
// masking every index of the weights (0.6% more instructions: a mask
// costs as much as the bounds check it saves); the last cut-off lead's
// bonus removed or doubled (3.8% and 1.7% more nodes), or cut to three
// quarters (1.2% fewer nodes on those 10 deals, but 0.4% more on DDS's 20
// first and 0.2% fewer on 20 random ones: noise). On the 40 deals of
// each set of TestNodeCounts: 98.0 to 77.3 million nodes on the random
// deals, 65.3 to 51.0 million on DDS's. Side by side with DDS on the 40
// random deals, alternating with the build before in the same minutes
// (load average 3.5 to 4.5): 1.15 and 1.12 (the build before 1.49 and
// 1.38); earlier, at load average 3 to 7, 1.07 and 1.13 (before, 1.47 and
// 1.35). With the round on the table and the search loop of the same days
// (merged in main), the two together: 0.97, 0.86 and 0.85 (ours 530, 425
// and 508 ms a table, DDS 545, 492 and 594), the build before both 1.30 in
// the same minutes (load average 3.3 to 5); 77.1 and 50.9 million nodes,
// 2.54 G instructions on DD_NODES=1.
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
