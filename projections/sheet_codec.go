package projections

import (
	"fmt"
	"maps"
	"slices"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
)

// The score sheet's codec, for the sheets a checkpoint keeps (see
// KeptSheets): complete as the hand's is (TestSheetCodecCoversEveryField),
// labels and laws written once each and referred to by number.

// AppendSheet encodes a score sheet.
func AppendSheet(buf []byte, sh game.ScoreSheet) []byte {
	e := events.NewEncoder(buf)
	strs := map[string]uint64{}
	var table []string
	str := func(s string) uint64 {
		if i, ok := strs[s]; ok {
			return i
		}
		strs[s] = uint64(len(table))
		table = append(table, s)
		return uint64(len(table) - 1)
	}
	body := events.NewEncoder(nil)
	entries := func(es []game.Entry) {
		length(body, es == nil, len(es))
		for _, x := range es {
			body.Int(int64(x.Hand))
			body.Int(int64(x.Side))
			body.Bool(x.Above)
			body.Int(int64(x.Points))
			body.Uint(str(x.Label))
			body.Uint(str(x.Law))
			body.Bool(x.GameLine)
		}
	}
	ints := func(xs []int) {
		length(body, xs == nil, len(xs))
		for _, x := range xs {
			body.Int(int64(x))
		}
	}
	players := func(ps []game.PlayerScore) {
		length(body, ps == nil, len(ps))
		for _, p := range ps {
			body.Int(int64(p.Player))
			body.Uint(str(p.Name))
			body.Int(int64(p.Points))
			body.Uint(str(p.Role))
		}
	}
	side := func(s *cards.Side) {
		body.Bool(s != nil)
		if s != nil {
			body.Int(int64(*s))
		}
	}
	length(body, sh.Rubbers == nil, len(sh.Rubbers))
	for _, r := range sh.Rubbers {
		body.Int(int64(r.Number))
		body.Bool(r.Complete)
		side(r.Winner)
		keys := slices.Sorted(maps.Keys(r.Sides))
		length(body, r.Sides == nil, len(keys))
		for _, k := range keys {
			body.Int(int64(k))
			t := r.Sides[k]
			body.Bool(t != nil)
			if t != nil {
				body.Int(int64(t.Above))
				body.Int(int64(t.Below))
				body.Int(int64(t.Total))
			}
		}
		body.Int(int64(r.Points))
		length(body, r.Games == nil, len(r.Games))
		for _, g := range r.Games {
			body.Int(int64(g))
		}
		entries(r.Entries)
		ints(r.Hands)
		body.Uint(str(r.Note))
		body.Int(int64(r.GameTo))
		body.Int(int64(r.Deals))
		body.Uint(str(r.Above))
		body.Bool(r.Running)
		body.Uint(str(r.Name))
		body.Bool(r.NoGames)
		ints(r.Balance)
		players(r.Players)
	}
	length(body, sh.Boards == nil, len(sh.Boards))
	for _, b := range sh.Boards {
		body.Int(int64(b.Board))
		body.Int(int64(b.Hand))
		body.Uint(str(b.Contract))
		body.Seat(b.Declarer)
		body.Int(int64(b.Tricks))
		body.Int(int64(b.NS))
		entries(b.Entries)
	}
	length(body, sh.Tally == nil, len(sh.Tally))
	for _, t := range sh.Tally {
		body.Int(int64(t.Hand))
		ints(t.Won)
		ints(t.Lost)
		ints(t.Net)
		entries(t.Entries)
	}
	side(sh.Winner)
	length(body, sh.Notes == nil, len(sh.Notes))
	for _, n := range sh.Notes {
		body.Uint(str(n))
	}
	length(body, sh.Sides == nil, len(sh.Sides))
	for _, sd := range sh.Sides {
		body.Uint(str(sd.Label))
		ints(sd.Players)
		body.Uint(str(sd.Name))
	}
	players(sh.Players)
	e.Strings(table)
	e.Raw(body.Bytes())
	return e.Bytes()
}

// DecodeSheet decodes a sheet written by AppendSheet.
func DecodeSheet(b []byte) (game.ScoreSheet, error) {
	var sh game.ScoreSheet
	d := events.NewDecoder(b)
	table := d.Strings()
	body := d.Raw()
	if err := d.Err(); err != nil {
		return sh, fmt.Errorf("a score sheet of the snapshot: %w", err)
	}
	d = events.NewDecoder(body)
	str := func() string {
		i := d.Uint()
		if i >= uint64(len(table)) {
			d.Fail("string")
			return ""
		}
		return table[i]
	}
	entries := func() []game.Entry {
		n, isNil := readLength(d)
		if isNil {
			return nil
		}
		out := make([]game.Entry, n)
		for i := range out {
			out[i] = game.Entry{Hand: int(d.Int()), Side: cards.Side(d.Int()), Above: d.Bool(), Points: int(d.Int()),
				Label: str(), Law: str(), GameLine: d.Bool()}
		}
		return out
	}
	ints := func() []int {
		n, isNil := readLength(d)
		if isNil {
			return nil
		}
		out := make([]int, n)
		for i := range out {
			out[i] = int(d.Int())
		}
		return out
	}
	players := func() []game.PlayerScore {
		n, isNil := readLength(d)
		if isNil {
			return nil
		}
		out := make([]game.PlayerScore, n)
		for i := range out {
			out[i] = game.PlayerScore{Player: int(d.Int()), Name: str(), Points: int(d.Int()), Role: str()}
		}
		return out
	}
	side := func() *cards.Side {
		if !d.Bool() {
			return nil
		}
		s := cards.Side(d.Int())
		return &s
	}
	if n, isNil := readLength(d); !isNil {
		sh.Rubbers = make([]game.Rubber, n)
		for i := range sh.Rubbers {
			r := &sh.Rubbers[i]
			r.Number = int(d.Int())
			r.Complete = d.Bool()
			r.Winner = side()
			if m, isNil := readLength(d); !isNil {
				r.Sides = make(map[cards.Side]*game.SideTotal, m)
				for range m {
					k := cards.Side(d.Int())
					var t *game.SideTotal
					if d.Bool() {
						t = &game.SideTotal{Above: int(d.Int()), Below: int(d.Int()), Total: int(d.Int())}
					}
					r.Sides[k] = t
				}
			}
			r.Points = int(d.Int())
			if m, isNil := readLength(d); !isNil {
				r.Games = make([]cards.Side, m)
				for j := range r.Games {
					r.Games[j] = cards.Side(d.Int())
				}
			}
			r.Entries = entries()
			r.Hands = ints()
			r.Note = str()
			r.GameTo = int(d.Int())
			r.Deals = int(d.Int())
			r.Above = str()
			r.Running = d.Bool()
			r.Name = str()
			r.NoGames = d.Bool()
			r.Balance = ints()
			r.Players = players()
		}
	}
	if n, isNil := readLength(d); !isNil {
		sh.Boards = make([]game.Board, n)
		for i := range sh.Boards {
			sh.Boards[i] = game.Board{Board: int(d.Int()), Hand: int(d.Int()), Contract: str(), Declarer: d.Seat(),
				Tricks: int(d.Int()), NS: int(d.Int()), Entries: entries()}
		}
	}
	if n, isNil := readLength(d); !isNil {
		sh.Tally = make([]game.Tally, n)
		for i := range sh.Tally {
			sh.Tally[i] = game.Tally{Hand: int(d.Int()), Won: ints(), Lost: ints(), Net: ints(), Entries: entries()}
		}
	}
	sh.Winner = side()
	if n, isNil := readLength(d); !isNil {
		sh.Notes = make([]string, n)
		for i := range sh.Notes {
			sh.Notes[i] = str()
		}
	}
	if n, isNil := readLength(d); !isNil {
		sh.Sides = make([]game.SheetSide, n)
		for i := range sh.Sides {
			sh.Sides[i] = game.SheetSide{Label: str(), Players: ints(), Name: str()}
		}
	}
	sh.Players = players()
	if err := d.Err(); err != nil {
		return game.ScoreSheet{}, fmt.Errorf("a score sheet of the snapshot: %w", err)
	}
	return sh, nil
}

// AppendFoldState encodes a score's fold (game.FoldState): its sheet as
// AppendSheet writes it, the counts it carries, and, for a running state,
// what it leaves out.
func AppendFoldState(buf []byte, st game.FoldState) []byte {
	e := events.NewEncoder(buf)
	e.Raw(AppendSheet(nil, st.Sheet))
	length(e, st.Carry == nil, len(st.Carry))
	for _, c := range st.Carry {
		e.Int(int64(c))
	}
	e.Bool(st.Running)
	e.Int(int64(st.Before.Rubbers))
	e.Int(int64(st.Before.Hands))
	length(e, st.Before.Totals == nil, len(st.Before.Totals))
	for _, t := range st.Before.Totals {
		e.Int(int64(t))
	}
	return e.Bytes()
}

// DecodeFoldState reads what AppendFoldState wrote.
func DecodeFoldState(b []byte) (game.FoldState, error) {
	var st game.FoldState
	d := events.NewDecoder(b)
	sheet := d.Raw()
	n, isNil := readLength(d)
	if !isNil {
		st.Carry = make([]int, 0, n)
		for range n {
			st.Carry = append(st.Carry, int(d.Int()))
		}
	}
	st.Running = d.Bool()
	st.Before.Rubbers = int(d.Int())
	st.Before.Hands = int(d.Int())
	if n, isNil := readLength(d); !isNil {
		st.Before.Totals = make([]int, 0, n)
		for range n {
			st.Before.Totals = append(st.Before.Totals, int(d.Int()))
		}
	}
	if err := d.Err(); err != nil {
		return st, fmt.Errorf("a score's fold of the snapshot: %w", err)
	}
	var err error
	st.Sheet, err = DecodeSheet(sheet)
	return st, err
}
