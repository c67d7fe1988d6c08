package main

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"os/exec"
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
				cmds := make([]*exec.Cmd, 2)
				errs := make([]bytes.Buffer, 2)
				for i, c := range calls {
					cmds[i] = hoyleProcess(t, db, "--session", session, "call", c)
					cmds[i].Stderr = &errs[i]
				}
				for _, c := range cmds {
					require.NoError(t, c.Start())
				}
				var won []int
				for i, c := range cmds {
					err := c.Wait()
					var ee *exec.ExitError
					switch {
					case err == nil:
						won = append(won, i)
					case assert.ErrorAs(t, err, &ee):
						assert.Equal(t, 1, ee.ExitCode(), "round %d: %s", round, errs[i].String())
					}
				}
				require.Len(t, won, 1, "round %d (%v): exactly one call is recorded; stderr %q %q", round, calls, errs[0].String(), errs[1].String())
				winner, loser := calls[won[0]], errs[1-won[0]].String()
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
