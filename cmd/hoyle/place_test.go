package main

import (
	"bytes"
	"encoding/json"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// sessionLog is the event types of a session's log.
func sessionLog(t *testing.T, db, session string) []string {
	t.Helper()
	var types []string
	for _, line := range strings.Split(strings.TrimSpace(ok(t, db, "--session", session, "log", "--json")), "\n") {
		var e struct{ Type string }
		require.NoError(t, json.Unmarshal([]byte(line), &e))
		types = append(types, e.Type)
	}
	return types
}

// TestTableIsAPlace: on a shared log with two tables of an event open, a
// command that names no table is refused with both listed and nothing
// appended; --event/--table, $HOYLE_SESSION and --session each record
// into the table named; and a prompt pinned to table 1 records into
// table 1 after table 3 opened (before the fix, a plain command went to
// whichever table opened last).
func TestTableIsAPlace(t *testing.T) {
	t.Parallel()
	url := sharedLog(t)
	open := func(table string) string {
		return strings.TrimSpace(ok(t, url, "new", "--game", "contract", "--scoring", "duplicate", "--event", "club", "--table", table, "--movement", "mitchell:3x2",
			"--north", "Ann"+table, "--south", "Bob"+table))
	}
	t1, t2 := open("1"), open("2")

	r := hoyleRun(t, url, "deal", "--board", "1", "--pbn", demoPBN)
	assert.Equal(t, exitUsage, r.code, r.err)
	for _, want := range []string{"more than one table is open", "club · table 1", "club · table 2", t1, t2, "--event EVENT --table TABLE", "HOYLE_SESSION"} {
		assert.Contains(t, r.err, want)
	}
	assert.Equal(t, []string{"session.opened"}, sessionLog(t, url, t1), "nothing appended")
	assert.Equal(t, []string{"session.opened"}, sessionLog(t, url, t2), "nothing appended")
	r = hoyleRun(t, url, "show")
	assert.Equal(t, exitUsage, r.code, "a reader does not guess either: %s", r.err)

	ok(t, url, "--event", "club", "--table", "2", "deal", "--board", "3", "--pbn", demoPBN)
	assert.Equal(t, []string{"session.opened", "deal.dealt"}, sessionLog(t, url, t2))
	r = hoyleEnv(t, url, map[string]string{"HOYLE_SESSION": t1}, false, "deal", "--board", "1", "--pbn", demoPBN)
	require.Equal(t, 0, r.code, r.err)
	assert.Equal(t, []string{"session.opened", "deal.dealt"}, sessionLog(t, url, t1))

	r = hoyleRun(t, url, "--event", "club", "--table", "9", "call", "1S")
	assert.Equal(t, exitUsage, r.code)
	assert.Contains(t, r.err, "--event club --table 9: no session is at that table")
	assert.Contains(t, r.err, t1)
	r = hoyleRun(t, url, "--session", t1, "--event", "club", "call", "1S")
	assert.Equal(t, exitUsage, r.code)
	assert.Contains(t, r.err, "not both")

	// The prompt pinned to table 1, and table 3 opening while it runs.
	rec := hoyleProcess(t, url, "record", "--event", "club", "--table", "1")
	in, err := rec.StdinPipe()
	require.NoError(t, err)
	var out bytes.Buffer
	rec.Stdout, rec.Stderr = &out, &out
	require.NoError(t, rec.Start())
	_, err = io.WriteString(in, "1s\n")
	require.NoError(t, err)
	deadline := time.Now().Add(hangBound)
	for len(sessionLog(t, url, t1)) < 3 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	t3 := open("3")
	_, err = io.WriteString(in, "p\n")
	require.NoError(t, err)
	require.NoError(t, in.Close())
	require.NoError(t, rec.Wait(), out.String())
	assert.Equal(t, []string{"session.opened", "deal.dealt", "auction.call", "auction.call"}, sessionLog(t, url, t1), out.String())
	assert.Equal(t, []string{"session.opened"}, sessionLog(t, url, t3), "nothing went to the table opened later")
	assert.Contains(t, out.String(), "club · table 1 · round 1 · board 1 · hand 1 · auction", "the prompt says where it records")
}
