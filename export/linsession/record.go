package linsession

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/export/internal/build"
	"github.com/hoyle/hoyle/export/lin"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/rules"
)

// hoyle's own pairs, for a session of another game than contract bridge
// (or a contract given without its auction): hy|NAME VALUE| says what LIN
// cannot (the game, its options, a contract in the game's words, honours
// claimed, a hand not dealt as a board, the end of the session), and
// ha|CALL| is a call in the game's words, followed by its notes (an|, nt|)
// as a call's are. Other programs skip pairs they do not know.
const (
	keyHoyle = "hy"
	keyCall  = "ha"
)

// afterClaim places a kept pair after the claim (mc|), where a number
// places it after so many calls and cards.
const afterClaim = "claim"

// keyAlerts names, among the pairs an import keeps, the calls that were
// alerted (their numbers, from 1): no pair of the file, so no LIN key.
const keyAlerts = "!alerts"

// hoyle's names in hy| pairs.
const (
	hyGame     = "game"
	hyOptions  = "options"
	hyContract = "contract" // "4SX N": the contract and its declarer
	hyHonours  = "honours"
	hyBoard    = "board" // "none"
	hyClose    = "close"
)

var errSkip = errors.New("skipped")

// record is one record being imported.
type record struct {
	imp   *importer
	r     lin.Record
	ch    lin.Chunk
	b     *build.Session
	clock *build.Clock
	first bool
	rs    game.Ruleset
	opts  game.Options

	hoyle    map[string]string // hy| pairs by name
	calls    []hoyleCall       // ha| pairs
	warnings []Warning
}

// hoyleCall is a call of ha|, with its notes.
type hoyleCall struct {
	call  cards.Call
	pair  lin.Pair
	notes []string
}

func (rc *record) warn(p lin.Pair, format string, args ...any) {
	rc.warnings = append(rc.warnings, Warning{Line: p.Line, Msg: fmt.Sprintf("token %d (%s|): %s", p.Index, p.Key, fmt.Sprintf(format, args...))})
}

// problem is what cannot be recorded as written: under Strict it refuses
// the file; otherwise a warning says what is kept instead.
func (rc *record) problem(p lin.Pair, err error, msg string) error {
	if rc.imp.opt.Strict {
		return fail(p, build.WithoutHint(err))
	}
	rc.warn(p, "%v; %s", build.WithoutHint(err), msg)
	return nil
}

// skip gives up on the record: its warnings are said, and the last (or
// msg, when given) counts it skipped.
func (rc *record) skip(p lin.Pair, msg string) {
	ws := rc.warnings
	line := p.Line
	if msg == "" && len(ws) > 0 {
		line, msg, ws = ws[len(ws)-1].Line, ws[len(ws)-1].Msg, ws[:len(ws)-1]
	} else {
		msg = fmt.Sprintf("token %d (%s|): %s", p.Index, p.Key, msg)
	}
	for _, w := range ws {
		rc.imp.drv.Warn(nil, w.Line, w.Msg)
	}
	rc.imp.drv.Skipped(line, msg)
}

// pairOf is the pair of the chunk behind the k-th Extra token of the
// record with that key.
func (rc *record) extraPair(key string, k int) lin.Pair { return find(rc.ch, key, k) }

// header takes the vugraph header's pairs out of the record: they describe
// the file.
func (rc *record) header() {
	imp := rc.imp
	var rest []lin.Token
	for _, t := range rc.r.Extra {
		if !headerKeys[t.Key] {
			rest = append(rest, t)
			continue
		}
		imp.setHeader(t.Key, t.Value)
		v := strings.TrimSpace(t.Value)
		switch t.Key {
		case "vg":
			f := strings.Split(v, ",")
			var parts []string
			for _, s := range f[:min(2, len(f))] {
				if s = strings.TrimSpace(s); s != "" {
					parts = append(parts, s)
				}
			}
			imp.event = strings.Join(parts, ", ")
			if len(f) > 7 {
				imp.teams = [2]string{strings.TrimSpace(f[5]), strings.TrimSpace(f[7])}
			}
		case "rs":
			imp.results = strings.Split(v, ",")
		case "bn":
			imp.boards = nil
			for _, s := range strings.Split(v, ",") {
				if n, err := strconv.Atoi(strings.TrimSpace(s)); err == nil {
					imp.boards = append(imp.boards, n)
				}
			}
		}
	}
	if len(rc.r.Players) > 4 {
		imp.setHeader("pn", strings.Join(rc.r.Players, ","))
	}
	rc.r.Extra = rest
}

// setHeader keeps a pair of the header: a second one of a key (a file
// that repeats its header, as hoyle's export does for each session)
// replaces the first.
func (imp *importer) setHeader(key, value string) {
	for i := range imp.header {
		if imp.header[i].Name == key {
			imp.header[i].Value = value
			return
		}
	}
	imp.header = append(imp.header, table.Tag{Name: key, Value: value, Section: []string{"header"}})
}

// game reads hoyle's pairs: the game (contract bridge unless hy|game
// names another) and its options; nil when the record is skipped.
func (rc *record) game() (game.Ruleset, game.Options, error) {
	rc.hoyle = map[string]string{}
	var rest []lin.Token
	var calls []lin.Token
	hy, ha := 0, 0
	for i := 0; i < len(rc.r.Extra); i++ {
		t := rc.r.Extra[i]
		switch t.Key {
		case keyHoyle:
			name, value, _ := strings.Cut(strings.TrimSpace(t.Value), " ")
			rc.hoyle[name] = strings.TrimSpace(value)
			hy++
			continue
		case keyCall:
			calls = append(calls, t)
			c := hoyleCall{pair: rc.extraPair(keyCall, ha)}
			ha++
			// Its notes follow it.
			for i+1 < len(rc.r.Extra) && (rc.r.Extra[i+1].Key == "an" || rc.r.Extra[i+1].Key == "nt") {
				i++
				if n := strings.TrimSpace(rc.r.Extra[i].Value); n != "" {
					c.notes = append(c.notes, n)
				}
			}
			rc.calls = append(rc.calls, c)
			continue
		}
		rest = append(rest, t)
	}
	rc.r.Extra = rest
	rs := rc.imp.native
	if id := rc.hoyle[hyGame]; id != "" {
		r, err := rules.Lookup(id)
		if err == nil {
			if _, ok := r.(game.Interchange); !ok || !r.Seating().Compass {
				err = fmt.Errorf("%w; %s is %s", build.ErrNotBridge, cards.Quote(id), r.Info().Title)
			} else if ierr := build.Importable(r); ierr != nil {
				err = ierr
			}
		}
		if err != nil {
			p := rc.extraPair(keyHoyle, 0)
			if rc.imp.opt.Strict {
				return nil, nil, fail(p, err)
			}
			rc.skip(p, fmt.Sprintf("hy|game %s|: %v; skipped", cards.Quote(id), err))
			return nil, nil, nil
		}
		rs = r
	}
	for i, t := range calls {
		c, err := rs.ParseCall(strings.TrimSpace(t.Value))
		if err != nil {
			rc.warn(rc.calls[i].pair, "%v; the call is left out", err)
			c = cards.Call{}
		}
		rc.calls[i].call = c
	}
	opts := game.Options{}
	if rs.Info().ID == build.NativeGame {
		opts["scoring"] = "duplicate" // LIN records boards
	}
	for _, f := range strings.Fields(rc.hoyle[hyOptions]) {
		name, value, _ := strings.Cut(f, "=")
		opts[name] = value
	}
	return rs, opts, nil
}

// cleanName is a name as hoyle keeps names (build.CleanName); a name
// that changes is said.
func (rc *record) cleanName(name, what string) string {
	clean, warning := build.CleanName(name, what)
	if warning != "" {
		rc.warn(rc.ch.Pairs[0], "%s", warning)
	}
	return clean
}

// dealer is md|'s dealer, else the board's (Law 2); ok is false when the
// record gives none (it is then skipped).
func (rc *record) dealer() (cards.Seat, bool, error) {
	if rc.r.Dealer != cards.NoSeat {
		return rc.r.Dealer, true, nil
	}
	if br, ok := rc.imp.native.(game.BoardRules); ok {
		if n := board(rc.r); n > 0 {
			d, _ := br.Board(n)
			return d, true, nil
		}
	}
	p := rc.ch.Pairs[0]
	err := errors.New("the record gives no dealer: no digit in md| and no board number")
	if rc.imp.opt.Strict {
		return cards.NoSeat, false, fail(p, err)
	}
	rc.warn(p, "%v; the record is not imported", err)
	return cards.NoSeat, false, nil
}

func (rc *record) at() time.Time { return rc.clock.Tick() }

func (rc *record) add(p events.Payload) (events.ID, error) { return rc.b.Add(rc.at(), p) }

func (rc *record) note(target events.ID, text string, p lin.Pair) error {
	if _, err := rc.add(&table.Noted{Target: target, Text: text}); err != nil {
		return fail(p, err)
	}
	return nil
}

// run records the record as the next hand of its session, as planned.
func (rc *record) run(p *planned) error {
	r, ch, b := rc.r, rc.ch, rc.b
	dealer := p.dealer
	n := board(r)
	switch {
	case rc.hoyle[hyBoard] == "none":
		n = 0 // a hand hoyle did not deal as a board
	case n == 0:
		n = b.Hand() // numbered by its place, as hoyle scores a hand not dealt as a board
	}
	d := &table.Dealt{Hand: b.Hand(), Dealer: dealer, Board: n, Vul: r.Vul}
	md := find(ch, "md", 0)
	if r.Deal.Cards() != 0 {
		if err := rc.rs.CheckDeal(game.DealResult{Hands: r.Deal}); err != nil {
			if e := rc.problem(md, err, "the hands are recorded as unknown"); e != nil {
				return e
			}
		} else {
			d.Hands = r.Deal
		}
	}
	dealID, err := rc.add(d)
	if err != nil && d.Board != 0 {
		if e := rc.problem(md, err, "the deal is recorded without a board number"); e != nil {
			return e
		}
		d.Board = 0
		dealID, err = rc.add(d)
	}
	if err != nil {
		return fail(md, err)
	}
	if kept := rc.kept(); len(kept) > 0 {
		if _, err := rc.add(&table.TagsKept{Format: "lin", Tags: kept}); err != nil {
			return fail(ch.Pairs[0], err)
		}
	}
	// Events in the order LIN counts them (Token.At): the deal, each call,
	// each card.
	ids := []events.ID{dealID}
	last := dealID
	var claimID events.ID // set once the claim is recorded
	// Chat after the claim (mc|) is on the claim; the rest on the call or
	// card it follows (-1: after the claim).
	const onClaim = -1
	chat := map[int][]lin.Token{}
	for _, t := range r.Extra {
		if (t.Key == "nt" || t.Key == "an") && strings.TrimSpace(t.Value) != "" {
			at := t.At
			if t.AfterClaim {
				at = onClaim
			}
			chat[at] = append(chat[at], t)
		}
	}
	notesAt := func(k int, target events.ID, p lin.Pair) error {
		for _, t := range chat[k] {
			if err := rc.note(target, strings.TrimSpace(t.Value), p); err != nil {
				return err
			}
		}
		delete(chat, k)
		return nil
	}
	if err := notesAt(0, dealID, md); err != nil {
		return err
	}
	ids, last, err = rc.recordAuction(p, ids, notesAt)
	if err != nil {
		return err
	}
	h := b.S.Current()
	for i, c := range r.Cards {
		p := find(ch, "pc", i)
		if h.Phase != game.PhasePlay {
			if e := rc.problem(p, h.NotNow("a card cannot be played", c.String()), "the cards are not recorded"); e != nil {
				return e
			}
			break
		}
		id, renounce, err := rc.b.AddCard(rc.at(), h.Turn, c)
		if renounce != nil {
			rc.warn(p, "%s", build.RenounceRecorded(renounce))
		}
		if err != nil {
			if e := rc.problem(p, err, fmt.Sprintf("the play is recorded up to it (%d cards)", i)); e != nil {
				return e
			}
			break
		}
		ids, last = append(ids, id), id
		if err := notesAt(len(ids)-1, id, p); err != nil {
			return err
		}
	}
	if r.Claimed {
		p := find(ch, "mc", 0)
		switch {
		case h.Contract == nil && h.Phase == game.PhaseDone:
			rc.warn(p, "the board was passed out; mc|%d| is ignored", r.Claim)
		case h.Contract == nil:
		case h.Phase == game.PhaseDone:
			if got := build.DeclarerTricks(rc.rs, h); got != r.Claim {
				rc.warn(p, "board %d: mc| says %d tricks, the play gives declarer %d", d.Board, r.Claim, got)
			}
		default:
			var pl events.Payload = &table.Claimed{Seat: h.Contract.Declarer, Tricks: r.Claim - h.DeclarerWon()}
			if len(h.Tricks) == 1 && len(h.Tricks[0].Cards) == 0 && len(h.Calls) == 0 {
				won := make([]int, h.Seating.SideCount())
				won[h.DeclaringSide()] = r.Claim
				won[1-h.DeclaringSide()] = rc.rs.Tricks() - r.Claim
				pl = &table.ResultGiven{Won: won}
			}
			id, err := rc.add(pl)
			if err != nil {
				if e := rc.problem(p, fmt.Errorf("mc|%d|: %w", r.Claim, err), "the hand is left in play"); e != nil {
					return e
				}
				break
			}
			last = id
		}
		claimID = last
		if err := notesAt(onClaim, claimID, p); err != nil {
			return err
		}
	}
	// Chat whose place the record never reached is on its latest event.
	var rest []int
	for k := range chat {
		rest = append(rest, k)
	}
	sort.Ints(rest)
	for _, k := range rest {
		for _, t := range chat[k] {
			if err := rc.note(last, strings.TrimSpace(t.Value), ch.Pairs[0]); err != nil {
				return err
			}
		}
	}
	if err := rc.hoyleEnd(); err != nil {
		return err
	}
	rc.checkResult(h, d.Board)
	return nil
}

// kept are the pairs hoyle keeps for the round trip: the vugraph header
// (with a session's first record), qx|, ah|, and the pairs it does not
// fold (st|, rh|, pg|...), each with its place (the number of calls and
// cards before it).
func (rc *record) kept() []table.Tag {
	var out []table.Tag
	if rc.first {
		out = append(out, rc.imp.header...)
	}
	if rc.r.BoardID != "" {
		out = append(out, table.Tag{Name: "qx", Value: rc.r.BoardID, Section: []string{"0"}})
	}
	if rc.r.Title != "" {
		out = append(out, table.Tag{Name: "ah", Value: rc.r.Title, Section: []string{"0"}})
	}
	for _, t := range rc.r.Extra {
		if t.Key == "nt" || t.Key == "an" {
			continue
		}
		at := strconv.Itoa(t.At)
		if t.AfterClaim {
			at = afterClaim
		}
		out = append(out, table.Tag{Name: t.Key, Value: t.Value, Section: []string{at}})
	}
	// Which calls were alerted ("!"): a note (an| explanation) says
	// nothing of it, and BBO explains calls it does not alert.
	var alerted []string
	explained := false
	for i, c := range rc.r.Calls {
		if c.Alert {
			alerted = append(alerted, strconv.Itoa(i+1))
		}
		explained = explained || c.Explanation != ""
	}
	if explained {
		out = append(out, table.Tag{Name: keyAlerts, Value: strings.Join(alerted, " ")})
	}
	return out
}

// lcall is a call of the record (mb|, or ha| for another game) with its
// pair and its notes.
type lcall struct {
	call  cards.Call
	pair  lin.Pair
	notes []string
}

// planned is what a record will record, decided before any event is: a
// record that cannot be recorded at all is skipped whole, leaving nothing
// behind it (not even a session).
type planned struct {
	dealer cards.Seat
	calls  []lcall
	given  *table.ContractGiven // recorded instead of the calls, when set
}

// plan decides what the record records: errSkip when it cannot be
// recorded (a warning says why), an error under Strict.
func (rc *record) plan() (*planned, error) {
	dealer, ok, err := rc.dealer()
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, errSkip
	}
	p := &planned{dealer: dealer}
	if err := rc.planAuction(p); err != nil {
		return nil, err
	}
	return p, nil
}

// planAuction decides how the auction is recorded: the calls when the
// laws allow them; else the contract the rs| entry (or hy|contract)
// gives, with the calls as given; else the record is skipped.
func (rc *record) planAuction(p *planned) error {
	r, ch := rc.r, rc.ch
	if len(rc.calls) > 0 {
		for _, c := range rc.calls {
			if c.call.Kind != 0 {
				p.calls = append(p.calls, lcall{c.call, c.pair, c.notes})
			}
		}
	} else {
		for i, c := range r.Calls {
			text := c.Explanation
			if text == "" && c.Alert {
				text = "alert"
			}
			var notes []string
			if text != "" {
				notes = []string{text}
			}
			p.calls = append(p.calls, lcall{c.Call, find(ch, "mb", i), notes})
		}
	}
	var bad error
	at := ch.Pairs[0]
	s := game.NewHand(1, p.dealer, rc.rs.Seating(), rc.opts)
	rc.rs.Start(s, rc.opts)
	for i, c := range p.calls {
		var err error
		if s.Phase != game.PhaseAuction {
			err = s.NotNow("a call cannot be made", c.call.String())
		} else {
			err = rc.rs.Call(s, c.call, events.ID{})
		}
		if err != nil {
			bad, at = fmt.Errorf("call %d: %w", i+1, err), c.pair
			break
		}
	}
	given, hasGiven := rc.given()
	_, hoyleGiven := rc.hoyle[hyContract] // hoyle wrote a contract given without (or against) its auction
	if bad == nil && !hoyleGiven {
		return nil
	}
	if !hasGiven {
		if rc.imp.opt.Strict {
			return fail(at, bad)
		}
		rc.warn(at, "%v, and no rs| result gives the contract instead; the record is not imported", bad)
		return errSkip
	}
	g := &table.ContractGiven{Bid: given.bid, Doubled: given.doubled, Declarer: given.declarer}
	for _, c := range p.calls {
		g.Calls = append(g.Calls, c.call)
	}
	if len(g.Calls) > 0 && given.first != cards.NoSeat && given.first != p.dealer {
		g.First = &given.first
	}
	if bad != nil {
		if rc.imp.opt.Strict {
			return fail(at, fmt.Errorf("%w (rs| gives %s)", bad, given.text))
		}
		g.Inconsistent = fmt.Sprintf("%v (line %d, token %d)", bad, at.Line, at.Index)
	}
	// The laws must allow the contract itself.
	var lawErr error
	if cr, ok := rc.rs.(game.ContractRules); ok {
		s := game.NewHand(1, p.dealer, rc.rs.Seating(), rc.opts)
		rc.rs.Start(s, rc.opts)
		lawErr = cr.GiveContract(s, g.Bid, g.Doubled, g.Declarer)
	} else {
		lawErr = fmt.Errorf("%s has no contract to give", rc.rs.Info().Title)
	}
	if lawErr != nil {
		if rc.imp.opt.Strict {
			return fail(at, lawErr)
		}
		rc.warn(at, "the contract %s cannot be: %v; the record is not imported", given.text, lawErr)
		return errSkip
	}
	if bad != nil {
		rc.warn(at, "%v; recorded as the rs| result gives it (%s), with the auction as given", bad, given.text)
	}
	p.given = g
	return nil
}

// recordAuction records the calls with their notes, or the contract as
// planned (the calls' notes then on it); ids gains an event for each call.
func (rc *record) recordAuction(p *planned, ids []events.ID, notesAt func(int, events.ID, lin.Pair) error) ([]events.ID, events.ID, error) {
	last := ids[len(ids)-1]
	// LIN counts mb| and pc| (Token.At): ha| calls, with their notes after
	// them, are not counted.
	counted := len(rc.calls) == 0
	if p.given == nil {
		for i, c := range p.calls {
			seat := p.dealer.Plus(i, 4)
			if !counted {
				seat = rc.b.S.Current().Turn // in some games the turn does not go round (Bridge)
			}
			id, err := rc.add(&table.Called{Seat: seat, Call: c.call})
			if err != nil {
				return nil, last, fail(c.pair, err) // the plan allowed it
			}
			last = id
			if counted {
				ids = append(ids, id)
			}
			for _, n := range c.notes {
				if err := rc.note(id, n, c.pair); err != nil {
					return nil, last, err
				}
			}
			if len(rc.calls) == 0 {
				if err := notesAt(len(ids)-1, id, c.pair); err != nil {
					return nil, last, err
				}
			}
		}
		return ids, last, nil
	}
	id, err := rc.add(p.given)
	if err != nil {
		return nil, last, fail(rc.ch.Pairs[0], err) // the plan tried it
	}
	for i, c := range p.calls {
		if counted {
			ids = append(ids, id)
		}
		for _, n := range c.notes {
			if err := rc.note(id, n, c.pair); err != nil {
				return nil, id, err
			}
		}
		if counted {
			if err := notesAt(i+1, id, c.pair); err != nil {
				return nil, id, err
			}
		}
	}
	return ids, id, nil
}

// contractGiven is a contract given without the calls; first is the seat
// the calls as given began with, when hy|contract says it was not the
// dealer.
type contractGiven struct {
	bid      cards.Call
	doubled  int
	declarer cards.Seat
	text     string
	first    cards.Seat
}

// given is the contract hy|contract gives (hoyle's own), else the
// record's rs| entry.
func (rc *record) given() (contractGiven, bool) {
	if v := rc.hoyle[hyContract]; v != "" {
		f := strings.Fields(v)
		out := contractGiven{declarer: cards.NoSeat, text: v, first: cards.NoSeat}
		if n := len(f); n >= 3 && strings.EqualFold(f[n-2], "from") {
			first, err := cards.ParseSeat(f[n-1])
			if err != nil {
				rc.warn(rc.extraPair(keyHoyle, 0), "hy|contract %s| says the calls began from %s, which is not a seat", cards.Quote(v), cards.Quote(f[n-1]))
				return contractGiven{}, false
			}
			out.first, f = first, f[:n-2]
		}
		t := strings.ToUpper(f[0])
		if t == "PASS" || t == "P" {
			out.bid = cards.PassCall
			return out, true
		}
		for out.doubled < 2 && strings.HasSuffix(t, "X") {
			t, out.doubled = t[:len(t)-1], out.doubled+1
		}
		bid, err := rc.rs.ParseCall(t)
		if err != nil || bid.Kind != cards.Bid || len(f) < 2 {
			rc.warn(rc.extraPair(keyHoyle, 0), "hy|contract %s| is not a contract and its declarer", cards.Quote(v))
			return contractGiven{}, false
		}
		decl, err := cards.ParseSeat(f[1])
		if err != nil {
			return contractGiven{}, false
		}
		out.bid, out.declarer = bid, decl
		return out, true
	}
	res, _, ok := rc.rsEntry()
	if !ok {
		return contractGiven{}, false
	}
	if res.Passed {
		return contractGiven{bid: cards.PassCall, declarer: cards.NoSeat, text: "PASS", first: cards.NoSeat}, true
	}
	c := res.Contract
	return contractGiven{bid: cards.NewBid(c.Level, c.Strain), doubled: c.Doubled, declarer: c.Declarer,
		text: game.ContractText(&c) + " by " + c.Declarer.String(), first: cards.NoSeat}, true
}

// rsEntry is the rs| result of this record, and as the file writes it:
// the boards of a vugraph file go in order (bn|, or as they come), each
// with its open and closed room.
func (rc *record) rsEntry() (lin.Result, string, bool) {
	imp := rc.imp
	n := board(rc.r)
	if len(imp.results) == 0 || n == 0 {
		return lin.Result{}, "", false
	}
	k, ok := imp.order[n]
	for i, b := range imp.boards {
		if b == n {
			k, ok = i, true
		}
	}
	i := 2 * k
	if strings.HasPrefix(strings.ToLower(rc.r.BoardID), "c") {
		i++
	}
	if !ok || i >= len(imp.results) {
		return lin.Result{}, "", false
	}
	entry := strings.TrimSpace(imp.results[i])
	res, ok, err := lin.ParseResult(entry)
	if err != nil {
		rc.warn(find(rc.ch, "qx", 0), "the rs| entry of this board, %v", err)
		return lin.Result{}, "", false
	}
	return res, entry, ok
}

// checkResult warns when the hand, as recorded, disagrees with the rs|
// line of the vugraph header.
func (rc *record) checkResult(h *game.Hand, n int) {
	res, entry, ok := rc.rsEntry()
	if !ok || h.Phase != game.PhaseDone {
		return
	}
	p := find(rc.ch, "mc", 0)
	if !rc.r.Claimed {
		p = rc.ch.Pairs[len(rc.ch.Pairs)-1]
	}
	switch {
	case res.Passed && h.Contract == nil:
	case res.Passed:
		rc.warn(p, "board %d: the rs| line says the board was passed out; it was played in %s", n, game.ContractText(h.Contract))
	case h.Contract == nil:
		rc.warn(p, "board %d: the rs| line says %s; the auction passed the board out", n, entry)
	case h.Contract.Level != res.Contract.Level || h.Contract.Strain != res.Contract.Strain || h.Contract.Doubled != res.Contract.Doubled || h.Contract.Declarer != res.Contract.Declarer:
		rc.warn(p, "board %d: the rs| line says %s; the auction made %s by %s", n, entry, game.ContractText(h.Contract), h.Contract.Declarer)
	case h.DeclarerWon() != res.Tricks:
		what := "the play gives"
		if rc.r.Claimed {
			what = fmt.Sprintf("mc|%d| gives", rc.r.Claim)
		}
		rc.warn(p, "board %d: %s declarer %d tricks; the rs| line says %s (%d)", n, what, h.DeclarerWon(), entry, res.Tricks)
	}
}

// hoyleEnd records what hy| adds at the end of a hand: honours claimed at
// the table, and the end of the session.
func (rc *record) hoyleEnd() error {
	f := strings.Fields(rc.hoyle[hyHonours])
	for i := 0; i+1 < len(f); i += 2 {
		side, err := cards.ParseSide(f[i])
		if err == nil {
			_, err = rc.add(&table.HonoursClaimed{Side: side, Holding: f[i+1]})
		}
		if err != nil {
			if e := rc.problem(rc.extraPair(keyHoyle, 0), err, "the honours claimed are not recorded"); e != nil {
				return e
			}
		}
	}
	if reason, ok := rc.hoyle[hyClose]; ok {
		if _, err := rc.add(&table.SessionClosed{Reason: reason}); err != nil {
			return rc.problem(rc.extraPair(keyHoyle, 0), err, "the session is left open")
		}
	}
	return nil
}
