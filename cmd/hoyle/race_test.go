package main

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events/testkit"
)

// TestRacingCallsOneRecorded: two plain `hoyle call` commands started at
// once at South's turn (a shell's `hoyle call 1S & hoyle call 1H`), on a
// file and on the shared log. Exactly one is recorded; the other is not
// recorded for the next seat but refused, naming the call that got in
// meanwhile and the table as it is now. (Before the fix, both got in, the
// second as West's call.)
func TestRacingCallsOneRecorded(t *testing.T) {
	t.Parallel()
	for _, backend := range []string{"file", "shared log"} {
		t.Run(backend, func(t *testing.T) {
			t.Parallel()
			db := filepath.Join(t.TempDir(), "race.db")
			if backend == "shared log" {
				db = sharedLog(t)
			}
			session := strings.TrimSpace(ok(t, db, "new", "--game", "contract"))
			ok(t, db, "--session", session, "deal", "--pbn", demoPBN)
			rng := rand.New(rand.NewPCG(testkit.Seed(t), 26))
			for round := range testkit.Rounds(3, 20) {
				calls := []string{"1S", "1H"}
				rng.Shuffle(len(calls), func(i, j int) { calls[i], calls[j] = calls[j], calls[i] })
				won, errs := raceCalls(t, db, session, calls)
				require.Len(t, won, 1, "round %d (%v): exactly one call is recorded; stderr %q %q", round, calls, errs[0], errs[1])
				winner, loser := calls[won[0]], errs[1-won[0]]
				assert.Contains(t, loser, "another scorer recorded in this session after this command was typed (S "+winner+")", "round %d", round)
				assert.Contains(t, loser, "W to call · "+winner, "round %d: the refusal says whose turn it is now", round)
				var got []string
				for _, line := range strings.Split(strings.TrimSpace(ok(t, db, "--session", session, "log", "--json")), "\n") {
					var e struct {
						Type string
						Data struct{ Seat, Call string }
					}
					require.NoError(t, json.Unmarshal([]byte(line), &e))
					if e.Type == "auction.call" {
						got = append(got, e.Data.Seat+" "+e.Data.Call)
					}
				}
				assert.Equal(t, "S "+winner, got[len(got)-1], "round %d: the winner's call, as South's", round)
				ok(t, db, "--session", session, "undo")
			}
			// One command after another is no race: each sees the last.
			ok(t, db, "--session", session, "call", "1S")
			ok(t, db, "--session", session, "note", "a note")
			ok(t, db, "--session", session, "call", "2H")
		})
	}
}

// raceCalls runs `hoyle call C0 & hoyle call C1` as a shell runs it: one
// shell forks both at once, so neither waits for the other to start (a
// test that started them one after the other, each Start waiting for its
// exec, let the first record before the second was even forked on a busy
// machine, and that is no race). It returns which calls were recorded
// (exit 0) and each one's stderr; any exit other than 0 or 1 fails.
func raceCalls(t *testing.T, db, session string, calls []string) (won []int, errs []string) {
	t.Helper()
	dir := t.TempDir()
	sh := hoyleProcess(t, db)
	exe := sh.Path
	sh.Path, sh.Err = "/bin/sh", nil
	sh.Args = []string{"sh", "-c", `
{ "$X" --db "$DB" --session "$S" call "$C0" 2>"$D/e0"; echo $? >"$D/c0"; } &
{ "$X" --db "$DB" --session "$S" call "$C1" 2>"$D/e1"; echo $? >"$D/c1"; } &
wait`}
	sh.Env = append(sh.Env, "X="+exe, "DB="+db, "S="+session, "C0="+calls[0], "C1="+calls[1], "D="+dir)
	out, err := sh.CombinedOutput()
	require.NoError(t, err, "%s", out)
	for i := range calls {
		code, err := os.ReadFile(filepath.Join(dir, fmt.Sprintf("c%d", i)))
		require.NoError(t, err)
		stderr, err := os.ReadFile(filepath.Join(dir, fmt.Sprintf("e%d", i)))
		require.NoError(t, err)
		errs = append(errs, string(stderr))
		switch strings.TrimSpace(string(code)) {
		case "0":
			won = append(won, i)
		case "1":
		default:
			t.Fatalf("hoyle call %s exited %s: %s", calls[i], code, stderr)
		}
	}
	return won, errs
}
