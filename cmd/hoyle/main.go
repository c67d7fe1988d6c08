// Command hoyle records card-game sessions at a real table as an
// append-only event log, and replays, scores, annotates and writes them up.
// Run `hoyle help`: the commands, and the help topics (topics/*.md).
//
// What each package of the module may import, this one included, is the
// table in architecture_test.go, checked against `go list` by its tests.
package main

import (
	"os"
	"time"
)

// processStarted is the nearest this process knows to when its command
// was typed: when the shell started it (forkedBy, on Linux), or else when
// it began to run Go code, whichever is earlier; never before it was
// started, so that an entry recorded by a command run before this one is
// always seen. An entry typed at once with another (two scorers, or
// `hoyle call 1S & hoyle call 1H`) is judged against the table as it stood
// then: whatever got in after, it did not see (recorder.RecordTyped).
var processStarted = func() time.Time {
	now := time.Now()
	if at, ok := forkedBy(); ok && at.Before(now) {
		return at
	}
	return now
}()

func main() { os.Exit(run(os.Args[1:], newSystemStreams())) }
