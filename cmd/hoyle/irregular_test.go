package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/replay/prompt"
)

// The irregularities of each code, from its law text. Each scenario in
// testdata/irregular/*.hoyle is a table's entries, one hoyle command a
// line, with the passage of the laws it follows quoted above it; a line
// that begins "refused" must be refused (and changes nothing). The
// transcript of every command (what hoyle names, the remedies it lists,
// the score, the write-up, the replay) is the golden file beside it.
//
// Then, with every checkpoint brought to the session's head, the hand
// read from the checkpoint shows, exports and scores what the whole log
// does: the snapshot's codec carries the irregularities, their remedies
// and the restrictions they put in force.
//
//	go test ./cmd/hoyle -run TestIrregularitiesByTheLaws -update
func TestIrregularitiesByTheLaws(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join("testdata", "irregular", "*.hoyle"))
	require.NoError(t, err)
	require.NotEmpty(t, paths)
	for _, path := range paths {
		name := strings.TrimSuffix(filepath.Base(path), ".hoyle")
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			db := filepath.Join(t.TempDir(), "irr.db")
			golden(t, filepath.Join("irregular", name+".golden"), irregularTranscript(t, db, path))
			refreshCheckpoints(t, db)
			for _, args := range [][]string{{"show", "--json"}, {"export"}, {"score", "--json"}} {
				sameAsWhole(t, db, args...)
			}
		})
	}
}

// irregularTranscript runs a scenario and returns what each command
// printed. "irregularities" stands for the irregularities and
// restrictions of show --json (the rest of which names the session by
// its random ID).
func irregularTranscript(t *testing.T, db, path string) string {
	t.Helper()
	text, err := os.ReadFile(path)
	require.NoError(t, err)
	var b strings.Builder
	for _, words := range prompt.Lines(string(text)) {
		want := 0
		if words[0] == "refused" {
			words, want = words[1:], 1
		}
		b.WriteString("$ hoyle " + strings.Join(words, " ") + "\n")
		if words[0] == "irregularities" {
			var v struct {
				Irregularities json.RawMessage `json:"irregularities"`
				Restrictions   json.RawMessage `json:"restrictions"`
			}
			require.NoError(t, json.Unmarshal([]byte(ok(t, db, "show", "--json")), &v))
			out, err := json.MarshalIndent(v, "", "  ")
			require.NoError(t, err)
			b.Write(append(out, '\n'))
			continue
		}
		var before [32]byte
		if _, err := os.Stat(db); err == nil {
			before = fileHash(t, db)
		}
		r := hoyle(t, db, words...)
		if want == 0 {
			require.Equal(t, 0, r.code, "hoyle %v: %s", words, r.err)
			if words[0] == "new" {
				r.out = "(the new session's ID)\n" // random: not golden
			}
			b.WriteString(r.out)
			continue
		}
		require.NotEqual(t, 0, r.code, "hoyle %v should be refused; it printed %s", words, r.out)
		assert.Equal(t, before, fileHash(t, db), "a refused %v changed nothing", words)
		b.WriteString(r.err)
	}
	return b.String()
}

// Foster's worked example, Auction Bridge, The Revoke: three hearts
// doubled, the odd trick made in play, three tricks taken for an
// adversary's revoke: "four by cards, doubled, worth 64 points toward
// game, but he does not get any bonus".
func TestFosterRevokeExample(t *testing.T) {
	db := filepath.Join(t.TempDir(), "foster.db")
	irregularTranscript(t, db, filepath.Join("testdata", "irregular", "auction1913-revoke.hoyle"))
	r := scoreJSON(t, db)["rubbers"].([]any)[0].(map[string]any)
	var below, bonus []float64
	for _, e := range r["entries"].([]any) {
		e := e.(map[string]any)
		if e["hand"].(float64) != 1 || e["side"] != "NS" {
			continue
		}
		if e["above"] == false {
			below = append(below, e["points"].(float64))
		} else if strings.Contains(e["label"].(string), "doubled") {
			bonus = append(bonus, e["points"].(float64))
		}
	}
	assert.Equal(t, []float64{64}, below, "four by cards at hearts, doubled: 64 below")
	assert.Empty(t, bonus, "no bonus for the doubled contract: the tricks were taken in penalty")
}

// The record prompt takes the same entries: a leading "!" marks a card or
// call recorded as made although the laws forbid it, and penalty works as
// a line, as every command does. Foster's example, typed at the prompt.
func TestRecordPromptIrregular(t *testing.T) {
	db := filepath.Join(t.TempDir(), "prompt.db")
	ok(t, db, "new", "--game", "auction", "--south", "Z", "--west", "A", "--north", "Y", "--east", "B", "--dealer", "S")
	r := recordPiped(t, db, strings.Join([]string{
		`deal --pbn "N:43.T98.KQ4.AKQ65 KQJT9.65.J98.JT9 A2.AKQJ7.A32.432 8765.432.T765.87"`,
		"3h x p p p s8 s3 sk sa",
		"c2 c7 ca d8",
		"c2 c7 ca !d8",
		"ck ct c3 c8",
		"penalty",
		"penalty tricks",
		"claim 4",
	}, "\n")+"\n")
	require.Equal(t, 0, r.code, r.err)
	assert.Contains(t, r.err, "record it as played with `hoyle play --irregular D8`", "an ordinary renounce is refused, naming the command")
	assert.Contains(t, r.out, "irregularity: E renounced in clubs with D8")
	assert.Contains(t, r.out, "revoke established: E renounced")
	assert.Contains(t, r.out, "hoyle penalty tricks")
	assert.Contains(t, r.out, "remedy: E renounced")
	v := showJSON(t, db)
	irr := v["irregularities"].([]any)
	require.Len(t, irr, 1)
	assert.Equal(t, "revoke", irr[0].(map[string]any)["kind"])
	assert.Equal(t, 3.0, irr[0].(map[string]any)["established"])
	rubber := scoreJSON(t, db)["rubbers"].([]any)[0].(map[string]any)
	first := rubber["entries"].([]any)[0].(map[string]any)
	assert.Equal(t, 64.0, first["points"])
}
