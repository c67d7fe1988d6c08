// Command hoyle records card-game sessions at a real table as an
// append-only event log, and replays, scores, annotates and writes them up.
// Run `hoyle help`: the commands, and the help topics (topics/*.md).
//
// What each package of the module may import, this one included, is the
// table in architecture_test.go, checked against `go list` by its tests.
package main

import "os"

func main() { os.Exit(run(os.Args[1:], newSystemStreams())) }
