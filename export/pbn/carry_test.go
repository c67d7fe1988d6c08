package pbn

import (
	"bytes"
	"errors"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// readContinued reads text with Reader.Continue.
func readContinued(t testing.TB, text string) ([]Game, int, int) {
	rd := NewReader(strings.NewReader(text))
	rd.Continue = true
	var out []Game
	for {
		g, err := rd.Next()
		if errors.Is(err, io.EOF) {
			n, line := rd.Continued()
			return out, n, line
		}
		require.NoError(t, err)
		out = append(out, *g)
	}
}

// tagsOf writes a game's tags "Name=Value" in file order, to compare.
func tagsOf(g Game, names ...string) string {
	var parts []string
	for _, n := range names {
		v, ok := g.Tag(n)
		if !ok {
			v = "(none)"
		}
		parts = append(parts, n+"="+v)
	}
	return strings.Join(parts, " ")
}

// Each rule of carrying forward (carry.go), one record pair each.
func TestContinueCarriesWhatTheRecordBeforeGave(t *testing.T) {
	const head = "[Event \"E\"]\n[Site \"S\"]\n[Stage \"Final\"]\n[Round \"1\"]\n[HomeTeam \"H\"]\n[VisitTeam \"V\"]\n" +
		"[Board \"1\"]\n[North \"n1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"N:AKQJ.T98.765.432 T987.654.32.AKQJ 6543.32.AKQJ.T98 2.AKQJ.T98.7654\"]\n\n"
	names := []string{"Event", "Site", "Round", "HomeTeam", "North", "Board", "Dealer", "Deal"}
	deal := "N:AKQJ.T98.765.432 T987.654.32.AKQJ 6543.32.AKQJ.T98 2.AKQJ.T98.7654"
	cases := []struct {
		name, next, want string
		continued        int
	}{
		{"the other room: everything but its players", "[North \"n2\"]\n",
			"Event=E Site=S Round=1 HomeTeam=H North=n2 Board=1 Dealer=N Deal=" + deal, 1},
		{"the next board: its own deal, the rest carried", "[Board \"2\"]\n[Deal \"?\"]\n",
			"Event=E Site=S Round=1 HomeTeam=H North=n1 Board=2 Dealer=(none) Deal=?", 1},
		{"another event: nothing carries", "[Event \"F\"]\n",
			"Event=F Site=(none) Round=(none) HomeTeam=(none) North=(none) Board=(none) Dealer=(none) Deal=(none)", 0},
		{"another match: not its players", "[HomeTeam \"X\"]\n[VisitTeam \"Y\"]\n",
			"Event=E Site=S Round=1 HomeTeam=X North=(none) Board=1 Dealer=N Deal=" + deal, 1},
		{"the same match named the other way round: its players", "[HomeTeam \"V\"]\n[VisitTeam \"H\"]\n",
			"Event=E Site=S Round=1 HomeTeam=V North=n1 Board=1 Dealer=N Deal=" + deal, 1},
		{"another round: not the board nor its deal", "[Round \"2\"]\n",
			"Event=E Site=S Round=2 HomeTeam=H North=n1 Board=(none) Dealer=(none) Deal=(none)", 1},
		{"a board with another deal: not the number", "[Deal \"N:T987.654.32.AKQJ AKQJ.T98.765.432 6543.32.AKQJ.T98 2.AKQJ.T98.7654\"]\n",
			"Event=E Site=S Round=1 HomeTeam=H North=n1 Board=(none) Dealer=(none) Deal=N:T987.654.32.AKQJ AKQJ.T98.765.432 6543.32.AKQJ.T98 2.AKQJ.T98.7654", 1},
		{"a tag given empty or unknown is the record's own", "[Site \"\"]\n[North \"?\"]\n[Board \"?\"]\n",
			"Event=E Site= Round=1 HomeTeam=H North=? Board=? Dealer=(none) Deal=(none)", 1},
		{"the standard's # still means the record before", "[Event \"#\"]\n[Site \"#\"]\n",
			"Event=E Site=S Round=1 HomeTeam=H North=n1 Board=1 Dealer=N Deal=" + deal, 1},
		{"a record that gives everything continues nothing", strings.Replace(head, "\n\n", "\n", 1), tagsOf(mustParse(t, head)[0], names...), 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			gs, n, line := readContinued(t, head+c.next)
			require.Len(t, gs, 2)
			assert.Equal(t, c.want, tagsOf(gs[1], names...))
			assert.Equal(t, c.continued, n)
			if n > 0 {
				assert.Equal(t, 13, line)
			}
			plain := mustParse(t, head+c.next)
			assert.Equal(t, tagsOf(plain[0], names...), tagsOf(gs[0], names...), "the first record is as Parse reads it")
		})
	}
}

func mustParse(t testing.TB, text string) []Game {
	gs, err := Parse(strings.NewReader(text))
	require.NoError(t, err)
	return gs
}

// A file written room by room gives a board's deal in its first room
// only: a later record of the board, not the next, takes it; a record of
// another round does not.
func TestContinueRemembersTheRoundsDeals(t *testing.T) {
	text := "[Event \"E\"]\n[Round \"1\"]\n[Board \"1\"]\n[Dealer \"N\"]\n[Deal \"N:AKQJ.T98.765.432 T987.654.32.AKQJ 6543.32.AKQJ.T98 2.AKQJ.T98.7654\"]\n\n" +
		"[Board \"2\"]\n[Dealer \"E\"]\n\n[Board \"1\"]\n\n[Round \"2\"]\n[Board \"1\"]\n"
	gs, n, _ := readContinued(t, text)
	require.Len(t, gs, 4)
	assert.Equal(t, "Board=1 Dealer=N", tagsOf(gs[2], "Board", "Dealer"))
	_, ok := gs[2].Tag("Deal")
	assert.True(t, ok)
	assert.Equal(t, "Board=1 Dealer=(none)", tagsOf(gs[3], "Board", "Dealer"))
	assert.Equal(t, 3, n)
}

// Without Continue, Parse reads a record as the standard does: what it
// leaves out is absent.
func TestParseDoesNotContinue(t *testing.T) {
	gs := mustParse(t, "[Event \"E\"]\n[Board \"1\"]\n\n[North \"n\"]\n")
	_, ok := gs[1].Tag("Event")
	assert.False(t, ok)
}

// FuzzContinue: reading with Continue never panics, refuses what Parse
// refuses, and gives every record with the tags Parse gives it (the same
// values), those it carried added; no more records continue than there
// are.
func FuzzContinue(f *testing.F) {
	b, err := os.ReadFile("../pbnsession/testdata/archive/championship.pbn")
	require.NoError(f, err)
	f.Add(b)
	f.Add([]byte("[Event \"E\"]\n[Board \"1\"]\n[Deal \"#\"]\n\n[Event \"##F\"]\n\n[North \"n\"]\n\n[Board \"1\"]\n"))
	f.Add([]byte("[Event \"E\"]\n[Board \"1\"]\n\n[North \"n\"]\n\n[Event \"#\"]\n[Board \"#\"]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		plain, perr := Parse(bytes.NewReader(data))
		rd := NewReader(bytes.NewReader(data))
		rd.Continue = true
		var gs []Game
		for {
			g, err := rd.Next()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				if perr == nil {
					t.Fatalf("Continue refuses what Parse reads: %v", err)
				}
				return
			}
			gs = append(gs, *g)
		}
		if perr != nil {
			t.Fatalf("Continue reads what Parse refuses: %v", perr)
		}
		if len(gs) != len(plain) {
			t.Fatalf("%d records, Parse reads %d", len(gs), len(plain))
		}
		n, _ := rd.Continued()
		if n > len(gs) {
			t.Fatalf("%d records continued of %d", n, len(gs))
		}
		for i := range plain {
			for _, tg := range plain[i].Tags {
				// A "#" the record before could not answer without
				// Continue reads "" in Parse, and what was carried with.
				if v, ok := gs[i].Tag(tg.Name); !ok || v != tg.Value && tg.Value != "" {
					t.Fatalf("record %d: tag %s is %q, Parse reads %q", i, tg.Name, v, tg.Value)
				}
			}
		}
		var out bytes.Buffer
		if err := Write(&out, gs); err != nil {
			t.Fatalf("Write of continued records: %v", err)
		}
	})
}
