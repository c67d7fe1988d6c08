// Command hoyle records card-game sessions at a real table as an
// append-only event log, and replays, scores, annotates and writes them up.
// Run `hoyle help`: the commands, and the help topics (topics/*.md).
//
// It may import every layer below it, and is the only package that imports
// fixtures.
package main

import "os"

func main() { os.Exit(run(os.Args[1:], newSystemStreams())) }
