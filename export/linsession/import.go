// Package linsession turns the boards of a LIN file (Bridge Base Online's
// hand notation, see export/lin) into hoyle sessions (Import), and a
// session back into LIN (Export).
//
// # Import
//
// A file holds one record (one board) or many: a record ends where the
// next board begins, at a second qx|, pn|, md|, ah|, sv| or mc|, or at a
// board's heading (qx|, pn|, md|, ah|, sv|, st|, rh|) after calls or cards. Each
// record becomes a hand recorded through the laws, as a scorer would have
// entered it: deal.dealt (the board from ah| "Board N" or qx|, the dealer
// from md|'s digit or else the board, the vulnerability from sv|, the
// hands), auction.call for each mb| (its an| explanation, or "alert" for
// an alert without one, as a note on the call), play.card for each pc| in
// the order played, and play.claim for mc| (the declarer's total tricks).
// Table chat and stray explanations (nt|, an|) become notes at their
// place. Each event is checked by the laws before the next, so a record
// that breaks them is refused with its token's index and line, and
// nothing is appended.
//
// Consecutive records with the same players and room (qx|'s o or c)
// become one session of contract bridge at duplicate scoring (LIN
// records boards), named after the file and the room. A record that stops
// before its hand is over leaves the hand in progress; the records after
// it open a new session ("(2)"). A record without pn| keeps the players
// of the record before (a vugraph file names them once).
//
// It imports events, projections and the export codecs below it (export/lin,
// export/pbn, export/internal/build).
package linsession

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/export/internal/build"
	"github.com/hoyle/hoyle/export/lin"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/rules/contract"
)

// Options of Import. Sessions are named "LIN import" when Name is empty;
// LIN gives no time, so the events are dated by Now.
type Options = build.ImportOptions

// Warning is something an import passed over.
type Warning = build.Warning

// Session is one session an import builds, not yet appended.
type Session = build.Imported

// Result is what an import builds: the sessions, to be appended together
// (Batches), and what it passed over.
type Result = build.Result

// pair is one key|value| of the file, where it stands.
type pair struct {
	key   string
	index int // in the file, from 0
	line  int
}

// chunk is the text of one record and its pairs.
type chunk struct {
	text  string
	pairs []pair
}

// once are the keys a record has at most one of; heading, those that
// come before a board's calls and cards. Either, in the wrong place,
// begins the next record.
var (
	once    = map[string]bool{"qx": true, "pn": true, "md": true, "ah": true, "sv": true, "mc": true}
	heading = map[string]bool{"qx": true, "pn": true, "md": true, "ah": true, "sv": true, "st": true, "rh": true}
)

// split cuts a file into records (see the package doc).
func split(src string) []chunk {
	var out []chunk
	var cur *chunk
	seen := map[string]bool{}
	line, off, start := 1, 0, 0
	parts := strings.Split(src, "|")
	for i := 0; i < len(parts); i += 2 {
		keyText := parts[i]
		keyStart := off
		// The key's line: after the blanks and line breaks before it.
		trimmed := strings.TrimLeft(keyText, " \t\r\n")
		keyLine := line + strings.Count(keyText[:len(keyText)-len(trimmed)], "\n")
		key := strings.ToLower(strings.TrimSpace(keyText))
		end := off + len(keyText)
		if i+1 < len(parts) {
			end += 1 + len(parts[i+1])
			if i+2 < len(parts) {
				end++ // the value's closing |
			}
		}
		if key == "" && strings.TrimSpace(src[off:end]) == "" {
			line += strings.Count(src[off:end], "\n")
			off = end
			continue
		}
		newRecord := cur == nil || once[key] && seen[key] ||
			heading[key] && (seen["mb"] || seen["pc"] || seen["mc"])
		if newRecord {
			if cur != nil {
				cur.text = src[start:keyStart]
				out = append(out, *cur)
			}
			cur, start, seen = &chunk{}, keyStart, map[string]bool{}
		}
		seen[key] = true
		cur.pairs = append(cur.pairs, pair{key: key, index: i / 2, line: keyLine})
		line += strings.Count(src[off:end], "\n")
		off = end
	}
	if cur != nil {
		cur.text = src[start:]
		out = append(out, *cur)
	}
	return out
}

// Import builds the sessions of a LIN file's records (see the package doc).
func Import(src string, opt Options) (*Result, error) {
	if opt.Now == nil {
		opt.Now = time.Now
	}
	if opt.Name == "" {
		opt.Name = "LIN import"
	}
	chunks := split(src)
	res := &Result{}
	var b *build.Session
	var clock build.Clock
	var players [4]string
	prevKey := ""
	part := map[string]int{}
	for n, ch := range chunks {
		r, err := lin.Parse(ch.text)
		if err != nil {
			var pe *lin.ParseError
			if errors.As(err, &pe) && pe.Index < len(ch.pairs) {
				p := ch.pairs[pe.Index]
				return nil, &Error{Line: p.line, Token: p.index, Key: pe.Key, Err: err}
			}
			return nil, &Error{Line: ch.pairs[0].line, Token: ch.pairs[0].index, Err: err}
		}
		if r.Players != nil {
			players = seats(r)
		}
		room := ""
		if strings.HasPrefix(strings.ToLower(r.BoardID), "o") {
			room = "open room"
		} else if strings.HasPrefix(strings.ToLower(r.BoardID), "c") {
			room = "closed room"
		}
		key := room + "\x00" + strings.Join(players[:], "\x00")
		if b == nil || b.Unfinished() || key != prevKey {
			if b != nil {
				b.Finish(&res.Sessions[len(res.Sessions)-1])
			}
			part[key]++
			name := opt.Name
			if room != "" {
				name += ", " + room
			}
			if part[key] > 1 {
				name += fmt.Sprintf(" (%d)", part[key])
			}
			dealer, err := dealerOf(r, ch)
			if err != nil {
				return nil, err
			}
			clock = build.Clock{}
			clock.Reset(opt.Now())
			opened := &table.SessionOpened{Ruleset: "contract", Name: name, Players: append([]string(nil), players[:]...), Dealer: dealer,
				Options: []table.Option{{Name: "scoring", Value: contract.ScoringDuplicate}}}
			if b, err = build.Open(opened, clock.Tick()); err != nil {
				return nil, &Error{Line: ch.pairs[0].line, Token: ch.pairs[0].index, Err: err}
			}
			res.Sessions = append(res.Sessions, Session{ID: b.ID, Name: name, Line: ch.pairs[0].line})
			prevKey = key
		}
		if err := record(b, &clock, r, ch, res); err != nil {
			return nil, err
		}
		if opt.Progress != nil {
			opt.Progress(n+1, len(chunks))
		}
	}
	if b == nil {
		return nil, ErrNothingToImport
	}
	b.Finish(&res.Sessions[len(res.Sessions)-1])
	return res, nil
}

// seats is the players of a record by seat. A vugraph record names eight
// (the open room's four, then the closed room's): the room of its board id
// picks four.
func seats(r lin.Record) [4]string {
	names := r.Players
	if len(names) >= 8 && strings.HasPrefix(strings.ToLower(r.BoardID), "c") {
		names = names[4:]
	}
	var out [4]string
	for i := 0; i < 4 && i < len(names); i++ {
		out[cards.South.Plus(i, 4)] = names[i]
	}
	return out
}

func board(r lin.Record) int {
	if n, ok := r.Board(); ok {
		return n
	}
	if n, err := strconv.Atoi(strings.TrimLeft(r.BoardID, "ocOC")); err == nil && n > 0 {
		return n
	}
	return 0
}

// dealerOf is md|'s dealer, else the board's (Law 2).
func dealerOf(r lin.Record, ch chunk) (cards.Seat, error) {
	if r.Dealer != cards.NoSeat {
		return r.Dealer, nil
	}
	if n := board(r); n > 0 {
		return contract.BoardDealer(n), nil
	}
	p := ch.pairs[0]
	return cards.NoSeat, &Error{Line: p.line, Token: p.index, Err: errors.New("the record gives no dealer: no digit in md| and no board number")}
}

// find is the k-th (from 0) pair of the chunk with the key, or its first.
func find(ch chunk, key string, k int) pair {
	for _, p := range ch.pairs {
		if p.key == key {
			if k == 0 {
				return p
			}
			k--
		}
	}
	return ch.pairs[0]
}

func record(b *build.Session, clock *build.Clock, r lin.Record, ch chunk, res *Result) error {
	at := clock.Tick
	refuse := func(p pair, err error) error { return &Error{Line: p.line, Token: p.index, Key: p.key, Err: err} }
	dealer, err := dealerOf(r, ch)
	if err != nil {
		return err
	}
	n := board(r)
	if n == 0 {
		n = len(b.S.Hands) + 1 // numbered by its place, as hoyle scores a hand not dealt as a board
	}
	d := &table.Dealt{Hand: len(b.S.Hands) + 1, Dealer: dealer, Board: n}
	for _, s := range []cards.Side{cards.NS, cards.EW} {
		if r.Vul.Vulnerable(s) {
			d.Vul = append(d.Vul, s)
		}
	}
	if r.Deal.Cards() != 0 {
		d.Hands = r.Deal
	}
	dealID, err := b.Add(at(), d)
	if err != nil {
		return refuse(find(ch, "md", 0), err)
	}
	// Events in the order LIN counts them (Token.At): the deal, each call,
	// each card.
	ids := []events.ID{dealID}
	last := dealID
	var claimID events.ID // set once the claim is recorded
	chat := map[int][]lin.Token{}
	for _, t := range r.Extra {
		if (t.Key == "nt" || t.Key == "an") && strings.TrimSpace(t.Value) != "" {
			chat[t.At] = append(chat[t.At], t)
		}
	}
	note := func(target events.ID, text string, p pair) error {
		_, err := b.Add(at(), &table.Noted{Target: target, Text: text})
		if err != nil {
			return refuse(p, err)
		}
		return nil
	}
	// Chat at the end of a record that ends in a claim is on the claim.
	final := len(r.Calls) + len(r.Cards)
	notesAt := func(k int, target events.ID, p pair) error {
		if k == final && r.Claimed && target != claimID {
			return nil
		}
		for _, t := range chat[k] {
			if err := note(target, strings.TrimSpace(t.Value), p); err != nil {
				return err
			}
		}
		delete(chat, k)
		return nil
	}
	if err := notesAt(0, dealID, find(ch, "md", 0)); err != nil {
		return err
	}
	for i, c := range r.Calls {
		p := find(ch, "mb", i)
		h := b.S.Current()
		if h.Phase != game.PhaseAuction {
			return refuse(p, game.Illegal(c.Call.String(), "the auction is over", ""))
		}
		id, err := b.Add(at(), &table.Called{Seat: dealer.Plus(i, 4), Call: c.Call})
		if err != nil {
			return refuse(p, err)
		}
		ids, last = append(ids, id), id
		text := c.Explanation
		if text == "" && c.Alert {
			text = "alert"
		}
		if text != "" {
			if err := note(id, text, p); err != nil {
				return err
			}
		}
		if err := notesAt(len(ids)-1, id, p); err != nil {
			return err
		}
	}
	h := b.S.Current()
	for i, c := range r.Cards {
		p := find(ch, "pc", i)
		if h.Phase != game.PhasePlay {
			return refuse(p, h.NotNow("a card cannot be played", c.String()))
		}
		id, err := b.AddCard(at(), h.Turn, c)
		if err != nil {
			return refuse(p, err)
		}
		ids, last = append(ids, id), id
		if err := notesAt(len(ids)-1, id, p); err != nil {
			return err
		}
	}
	if r.Claimed {
		p := find(ch, "mc", 0)
		switch {
		case h.Contract == nil:
			return refuse(p, game.Illegal(strconv.Itoa(r.Claim), "there is no contract to claim tricks in", ""))
		case h.Phase == game.PhaseDone:
			if got := h.Won[h.DeclaringSide()]; got != r.Claim {
				res.Warnings = append(res.Warnings, Warning{Line: p.line, Msg: fmt.Sprintf("board %d: mc| says %d tricks, the play gives declarer %d", n, r.Claim, got)})
			}
		default:
			id, err := b.Add(at(), &table.Claimed{Seat: h.Contract.Declarer, Tricks: r.Claim - h.Won[h.DeclaringSide()]})
			if err != nil {
				return refuse(p, fmt.Errorf("mc|%d|: %w", r.Claim, err))
			}
			last = id
		}
		claimID = last
		return notesAt(final, claimID, p)
	}
	return nil
}
