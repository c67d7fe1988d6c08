// Package replaytest records fixture scripts (fixtures/scripts/*.hoyle)
// into an in-memory store through the recorder, as the CLI would, so that
// library tests can replay and write up real sessions without a database
// file or the CLI. It reads the scripts from their folder by path: only cmd
// imports package fixtures.
package replaytest

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/memstore"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/load"
	"github.com/hoyle/hoyle/projections/recorder"
	"github.com/hoyle/hoyle/replay"
	"github.com/hoyle/hoyle/replay/prompt"
)

// Record runs the named fixture script and returns its session's log.
func Record(t testing.TB, name string) []events.Envelope {
	t.Helper()
	return RecordText(t, Script(t, name))
}

// Script reads the named fixture script ("demo": fixtures/scripts/demo.hoyle).
func Script(t testing.TB, name string) string {
	t.Helper()
	_, here, _, ok := runtime.Caller(0)
	if !ok {
		t.Fatal("replaytest: cannot find the fixtures folder")
	}
	b, err := os.ReadFile(filepath.Join(filepath.Dir(here), "..", "..", "fixtures", "scripts", name+".hoyle"))
	if err != nil {
		t.Fatalf("fixture %s: %v", name, err)
	}
	return string(b)
}

// RecordText runs a script (one hoyle command a line, without "hoyle") and
// returns its session's log. It knows the commands that record: new, deal,
// call, play (--irregular too), penalty CHOICE, discard, won, claim,
// honours, cut-for-deal, undo, note and close; score,
// which only reads, is passed over. Any failure fails the test.
func RecordText(t testing.TB, script string) []events.Envelope {
	t.Helper()
	return RecordLines(t, prompt.Lines(script))
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
			spec := projections.SessionSpec{Game: flags["game"], Name: flags["name"], Dealer: flags["dealer"],
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
				spec.PlayerList = strings.Split(list, ",")
			}
			spec.Placement = projections.Placement{Event: flags["event"], Table: flags["table"], Room: flags["room"],
				HomeTeam: flags["home"], VisitTeam: flags["visit"], Movement: flags["movement"]}
			if _, older := flags["as-older-hoyle"]; older {
				session, err = openAsOlderHoyle(ctx, r, spec)
				break
			}
			session, err = r.Open(ctx, spec)
		case "deal":
			spec := projections.DealSpec{PBN: flags["pbn"], Widow: flags["widow"], TurnUp: flags["turn-up"]}
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
			if _, irregular := flags["irregular"]; irregular {
				seat, by := flags["seat"], flags["by"]
				_, err = r.Record(ctx, session, func(s *projections.Session, stamp projections.Stamp) ([]events.Event, error) {
					return s.DecideIrregularPlays(stamp, seat, by, args)
				})
				break
			}
			_, err = r.Plays(ctx, session, args)
		case "penalty":
			// The choice, and its argument if any, for the irregularity
			// open (no --at: the earliest).
			spec := projections.PenaltySpec{}
			if len(args) > 0 {
				spec.Choice = args[0]
			}
			if len(args) > 1 {
				spec.Arg = args[1]
			}
			_, err = r.Record(ctx, session, func(s *projections.Session, stamp projections.Stamp) ([]events.Event, error) {
				return s.DecidePenalty(stamp, spec)
			})
		case "discard":
			_, err = r.Discard(ctx, session, args)
		case "won":
			if len(args) != 1 {
				t.Fatalf("%v: won takes the seat that won the trick", words)
			}
			_, err = r.TrickWon(ctx, session, args[0])
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
			var cuts []projections.CutSpec
			for _, a := range args {
				seat, card, _ := strings.Cut(a, "=")
				cuts = append(cuts, projections.CutSpec{Seat: seat, Card: card})
			}
			_, err = r.CutForDeal(ctx, session, cuts)
		case "close":
			_, err = r.Close(ctx, session, strings.Join(args, " "))
		case "score":
			// It only reads.
		case "claim":
			spec := projections.ClaimSpec{By: flags["by"], Statement: flags["statement"]}
			spec.Tricks, err = strconv.Atoi(args[0])
			for _, a := range args[1:] {
				seat, n, _ := strings.Cut(a, "=")
				if spec.Others == nil {
					spec.Others = map[string]int{}
				}
				spec.Others[seat], _ = strconv.Atoi(n)
			}
			if err == nil {
				_, err = r.Claim(ctx, session, spec)
			}
		case "undo":
			_, err = r.Undo(ctx, session)
		case "note":
			spec := projections.NoteSpec{Text: strings.Join(args, " "), Glyph: flags["glyph"], By: flags["by"]}
			if n, ok := flags["trick"]; ok {
				spec.On = table.NoteOnTrick
				if spec.Trick, err = strconv.Atoi(n); err != nil {
					t.Fatalf("%v: --trick %q", words, n)
				}
			}
			if _, ok := flags["hand"]; ok {
				spec.On = table.NoteOnHand
			}
			if at, ok := flags["at"]; ok {
				var m replay.Moment
				if m, err = replay.ParseMoment(at); err == nil {
					var s, _, lerr = load.Session(ctx, st, session)
					if lerr != nil {
						t.Fatalf("%v: %v", words, lerr)
					}
					if spec.On == table.NoteOnEvent {
						spec.Target, err = replay.Target(s, m)
					} else {
						var p replay.Point
						p, err = replay.Resolve(s, m)
						spec.Hand = p.Hand
					}
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
	envs, err := load.Events(ctx, st, session)
	if err != nil {
		t.Fatal(err)
	}
	return envs
}

// Hostile records a session of contract bridge whose names and notes try
// everything a writer of views must survive: breaking a Markdown table or
// heading, injecting HTML (a script, an image, a style), escape sequences
// to a terminal, bidi overrides. Names with control characters are refused
// today; the session is opened as an older hoyle let them in.
func Hostile(t testing.TB) []events.Envelope {
	t.Helper()
	return RecordLines(t, [][]string{
		{"new", "--game", "contract", "--name", "# Club | night <script>alert(1)</script> #",
			"--north", "Ann | Bob", "--east", "<img src=x onerror=alert(1)>", "--south", "\x1b[2J\x1b]0;pwned\x07Cy",
			"--west", "`Di` **bold** [link](javascript:alert(1))", "--dealer", "N", "--as-older-hoyle", "yes"},
		{"deal", "--pbn", "N:AKQ2.K2.A3.AQ432 J93.QJ9.KQJ2.J75 T654.A854.T94.K8 87.T763.8765.T96"},
		{"call", "1NT"},
		{"note", "--by", "Eve\r\nMallory", "a | b | c\n| --- |\n\n# heading\n<b>bold</b> &amp; &lt; \\| ~~strike~~ ![img](x.png) <style>body{display:none}</style>"},
		{"call", "P", "3NT", "P", "P", "P"},
		{"play", "DK"},
		{"note", "--glyph", "?", "\x1b[31mred\x1b[0m \u202eevil\u202c ```code``` _under_ *star*"},
	})
}

// openAsOlderHoyle opens a session as a hoyle did before names were
// checked (new --as-older-hoyle in a script): the names are stored as
// given, control characters and all, so that tests can show that the views
// still print them safely.
func openAsOlderHoyle(ctx context.Context, r *recorder.Recorder, spec projections.SessionSpec) (string, error) {
	name, players := spec.Name, map[string]string{}
	spec.Name = ""
	for seat, p := range spec.Players {
		players[seat], spec.Players[seat] = p, "player "+seat
	}
	opened, err := projections.DecideOpen(spec)
	if err != nil {
		return "", err
	}
	opened.Name = name
	for i, p := range opened.Players {
		for seat, placeholder := range spec.Players {
			if p == placeholder {
				opened.Players[i] = players[seat]
			}
		}
	}
	id := events.NewID().String()
	_, err = r.Store.Append(ctx, events.Batch{Session: id, Expected: events.NewSession, Events: []events.Event{r.Stamp(opened)}})
	return id, err
}

// boolFlags are the flags that take no value, by command.
var boolFlags = map[string]bool{"note --hand": true, "play --irregular": true}

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
			if boolFlags[words[0]+" --"+name] {
				set(name, "true")
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
