// Package replaytest records fixture scripts (fixtures/scripts/*.hoyle)
// into an in-memory store through the recorder, as the CLI would, so that
// library tests can replay and write up real sessions without a database
// file or the CLI.
package replaytest

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/memstore"
	"github.com/hoyle/hoyle/events/recorder"
	"github.com/hoyle/hoyle/fixtures"
	"github.com/hoyle/hoyle/projections/rules"
	"github.com/hoyle/hoyle/replay"
)

// Record runs the named fixture script and returns its session's log.
func Record(t testing.TB, name string) []events.Envelope {
	t.Helper()
	text, err := fixtures.Script(name)
	if err != nil {
		t.Fatalf("fixture %s: %v", name, err)
	}
	return RecordText(t, text)
}

// RecordText runs a script (one hoyle command a line, without "hoyle") and
// returns its session's log. It knows the commands that record: new, deal,
// call, play, discard, claim, honours, cut-for-deal, undo and note; score,
// which only reads, is passed over. Any failure fails the test.
func RecordText(t testing.TB, script string) []events.Envelope {
	t.Helper()
	return RecordLines(t, fixtures.Lines(script))
}

// RecordLines is RecordText with the commands already split into words.
func RecordLines(t testing.TB, lines [][]string) []events.Envelope {
	t.Helper()
	ctx := context.Background()
	st := memstore.New()
	clock := time.Date(1914, 1, 1, 20, 0, 0, 0, time.UTC)
	r := &recorder.Recorder{Store: st, Now: func() time.Time { clock = clock.Add(time.Second); return clock }}
	session := ""
	for _, words := range lines {
		cmd, flags, multi, args := parse(words)
		var err error
		switch cmd {
		case "new":
			spec := recorder.SessionSpec{Game: flags["game"], Name: flags["name"], Dealer: flags["dealer"],
				Players: map[string]string{}, Options: map[string]string{}}
			for _, seat := range []string{"north", "east", "south", "west"} {
				if p, ok := flags[seat]; ok {
					spec.Players[seat] = p
				}
			}
			if v, ok := flags["scoring"]; ok {
				spec.Options["scoring"] = v
			}
			for _, o := range multi["option"] {
				k, v, _ := strings.Cut(o, "=")
				spec.Options[k] = v
			}
			if list, ok := flags["players"]; ok {
				err = seatPlayers(&spec, list)
			}
			if err == nil {
				session, err = r.Open(ctx, spec)
			}
		case "deal":
			spec := recorder.DealSpec{PBN: flags["pbn"], Widow: flags["widow"], TurnUp: flags["turn-up"]}
			for _, h := range multi["hand"] {
				k, v, _ := strings.Cut(h, "=")
				if spec.Hands == nil {
					spec.Hands = map[string]string{}
				}
				spec.Hands[k] = v
			}
			if v, ok := flags["seed"]; ok {
				n, _ := strconv.ParseUint(v, 10, 64)
				spec.Seed = &n
			}
			if v, ok := flags["cut"]; ok {
				n, _ := strconv.Atoi(v)
				spec.Cut = &n
			}
			if v, ok := flags["board"]; ok {
				spec.Board, _ = strconv.Atoi(v)
			}
			_, err = r.Deal(ctx, session, spec)
		case "call":
			_, err = r.Calls(ctx, session, args)
		case "play":
			_, err = r.Plays(ctx, session, args)
		case "discard":
			_, err = r.Discard(ctx, session, args)
		case "honours":
			var side cards.Side
			if len(args) == 2 {
				if side, err = cards.ParseSide(args[0]); err == nil {
					_, err = r.Honours(ctx, session, side, args[1])
				}
			} else {
				t.Fatalf("%v: honours takes a side and a holding", words)
			}
		case "cut-for-deal":
			var cuts []recorder.CutSpec
			for _, a := range args {
				seat, card, _ := strings.Cut(a, "=")
				cuts = append(cuts, recorder.CutSpec{Seat: seat, Card: card})
			}
			_, err = r.CutForDeal(ctx, session, cuts)
		case "score":
			// It only reads.
		case "claim":
			n, _ := strconv.Atoi(strings.Join(args, ""))
			_, err = r.Claim(ctx, session, n)
		case "undo":
			_, err = r.Undo(ctx, session)
		case "note":
			spec := recorder.NoteSpec{Text: strings.Join(args, " "), Glyph: flags["glyph"], By: flags["by"]}
			if at, ok := flags["at"]; ok {
				var m replay.Moment
				if m, err = replay.ParseMoment(at); err == nil {
					var s, _, lerr = recorder.Load(ctx, st, session)
					if lerr != nil {
						t.Fatalf("%v: %v", words, lerr)
					}
					spec.Target, err = replay.Target(s, m)
				}
			}
			if err == nil {
				_, err = r.Note(ctx, session, spec)
			}
		default:
			t.Fatalf("replaytest: the command %q is not one that records", cmd)
		}
		if err != nil {
			t.Fatalf("%v: %v", words, err)
		}
	}
	envs, err := recorder.Read(ctx, st, session)
	if err != nil {
		t.Fatal(err)
	}
	return envs
}

// parse splits a command's words into the command, its --flags (each with
// a value: the last one given, and every one given, for flags that repeat
// such as --hand) and its other arguments.
func parse(words []string) (string, map[string]string, map[string][]string, []string) {
	flags := map[string]string{}
	multi := map[string][]string{}
	set := func(k, v string) {
		flags[k] = v
		multi[k] = append(multi[k], v)
	}
	var args []string
	for i := 1; i < len(words); i++ {
		w := words[i]
		if name, ok := strings.CutPrefix(w, "--"); ok {
			if k, v, eq := strings.Cut(name, "="); eq {
				set(k, v)
				continue
			}
			if i+1 < len(words) {
				set(name, words[i+1])
				i++
			}
			continue
		}
		args = append(args, w)
	}
	return words[0], flags, multi, args
}

// seatPlayers seats --players in the game's seat order, as hoyle new does,
// and lets --dealer name one of them.
func seatPlayers(spec *recorder.SessionSpec, list string) error {
	rs, err := rules.Lookup(spec.Game)
	if err != nil {
		return err
	}
	seating := rs.Seating()
	names := strings.Split(list, ",")
	if len(names) != seating.Seats {
		return fmt.Errorf("--players %q names %d players; the game has %d seats", list, len(names), seating.Seats)
	}
	for i, name := range names {
		name = strings.TrimSpace(name)
		spec.Players[seating.Names[i]] = name
		if spec.Dealer != "" && strings.EqualFold(name, spec.Dealer) {
			if _, err := recorder.SeatByName(seating, spec.Dealer); err != nil {
				spec.Dealer = seating.Names[i]
			}
		}
	}
	return nil
}
