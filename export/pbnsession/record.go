package pbnsession

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
	"github.com/hoyle/hoyle/export/pbn"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/rules"
	"github.com/hoyle/hoyle/projections/ruling"
)

// errSkip: the record cannot be recorded at all; it is skipped with a
// warning (never under Strict, which refuses the file instead).
var errSkip = errors.New("skipped")

// record is one record being imported.
type record struct {
	imp    *importer
	g      *pbn.Game
	strict bool
	b      *build.Session
	clock  *build.Clock
	first  bool

	rs   game.Ruleset
	opts game.Options
	// hoyle's own tags, when the record is of another game (see Export)
	tags     map[string]string
	warnings []Warning
	notes    map[slot][]pendingNote
	last     events.ID // the hand's latest event, for notes whose place was not reached
}

// warn records a warning about the record.
func (rc *record) warn(line int, format string, args ...any) {
	rc.warnings = append(rc.warnings, Warning{Line: line, Msg: fmt.Sprintf(format, args...)})
}

// problem is what the record says that cannot be recorded as it is: under
// Strict it refuses the file; otherwise it is a warning, and the import
// goes on with what it can keep (msg says what).
func (rc *record) problem(line int, err error, msg string) error {
	if rc.strict {
		return fail(rc.g, line, build.WithoutHint(err))
	}
	rc.warn(line, "board %s: %v; %s", boardText(rc.g), build.WithoutHint(err), msg)
	return nil
}

// skip gives up on the record: its warnings are said, and the last (or
// msg, when given) counts it skipped.
func (rc *record) skip(line int, msg string) {
	ws := rc.warnings
	if msg == "" && len(ws) > 0 {
		line, msg, ws = ws[len(ws)-1].Line, ws[len(ws)-1].Msg, ws[:len(ws)-1]
	}
	for _, w := range ws {
		rc.imp.drv.Warn(nil, w.Line, w.Msg)
	}
	rc.imp.drv.Skipped(line, msg)
}

// hoyleTag is one of hoyle's own tags ("" when absent).
func (rc *record) hoyleTag(name string) string { return rc.tags[name] }

// game reads which game the record is of (hoyle's tags name another than
// contract bridge) and the session's options; nil, nil when the record is
// skipped.
func (rc *record) game() (game.Ruleset, game.Options, error) {
	g := rc.g
	rc.tags = map[string]string{}
	for _, t := range g.Tags {
		if hoyleTags[t.Name] {
			rc.tags[t.Name] = t.Value
		}
	}
	rs := rc.imp.native
	if id := strings.TrimSpace(rc.tags[tagGame]); id != "" {
		r, err := rules.Lookup(id)
		if err != nil {
			if rc.strict {
				return nil, nil, fail(g, tagLine(g, tagGame), err)
			}
			rc.skip(tagLine(g, tagGame), fmt.Sprintf("board %s is of a game this hoyle does not know (%s %s); skipped", boardText(g), tagGame, cards.Quote(id)))
			return nil, nil, nil
		}
		rs = r
	}
	if trickGame(rs) {
		// The whist family: no contract, the trump turned up (tricks.go).
		rc.rs, rc.opts = rs, game.Options{}
		if err := rc.readOptions(rs); err != nil {
			return nil, nil, err
		}
		return rs, rc.opts, nil
	}
	ic, ok := rs.(game.Interchange)
	if err := build.Importable(rs); ok && rs.Seating().Compass && err != nil {
		if rc.strict {
			return nil, nil, fail(g, tagLine(g, tagGame), err)
		}
		rc.skip(tagLine(g, tagGame), fmt.Sprintf("board %s: %v; skipped", boardText(g), err))
		return nil, nil, nil
	}
	if !ok || !rs.Seating().Compass {
		err := fmt.Errorf("%w; %s is %s", build.ErrNotBridge, tagGame, rs.Info().Title)
		if rc.strict {
			return nil, nil, fail(g, tagLine(g, tagGame), err)
		}
		rc.skip(tagLine(g, tagGame), fmt.Sprintf("board %s: %v; skipped", boardText(g), err))
		return nil, nil, nil
	}
	rc.rs = rs
	opts := game.Options{}
	if rs.Info().ID == build.NativeGame {
		var known bool
		opts, known = ic.ScoringOptions(g.Scoring())
		if !known && rc.tags[tagOptions] == "" {
			rc.warn(tagLine(g, "Scoring"), "Scoring %s is not one hoyle knows; the board is scored as %s", cards.Quote(g.Scoring()), opts["scoring"])
		}
	}
	rc.opts = opts
	if err := rc.readOptions(rs); err != nil {
		return nil, nil, err
	}
	return rs, opts, nil
}

// readOptions reads HoyleOptions into rc.opts: the options of the
// ruleset it names, a warning for any other.
func (rc *record) readOptions(rs game.Ruleset) error {
	for _, f := range strings.Fields(rc.tags[tagOptions]) {
		name, value, _ := strings.Cut(f, "=")
		if !knownOption(rs, name, value) {
			rc.warn(tagLine(rc.g, tagOptions), "%s %s: %s is not an option of %s; left out", tagOptions, cards.Quote(rc.tags[tagOptions]), cards.Quote(f), rs.Info().Title)
			continue
		}
		rc.opts[name] = value
	}
	return nil
}

// knownOption reports whether name=value is one of the ruleset's options.
func knownOption(rs game.Ruleset, name, value string) bool {
	for _, o := range rs.Info().Options {
		if o.Name == name {
			for _, v := range o.Values {
				if v == value {
					return true
				}
			}
		}
	}
	return false
}

// playable reports whether the record says how the hand went: an auction,
// or a contract.
func (rc *record) playable() bool {
	if trickGame(rc.rs) {
		return true // the play (plan needs the card turned up, and says so)
	}
	_, err := rc.g.Contract()
	return rc.g.Auction != nil || rc.hoyleTag(tagAuction) != "" || rc.hoyleTag(tagContract) != "" || !errors.Is(err, pbn.ErrNoValue)
}

// player is the name at a seat, cleaned of what a terminal would act on.
func (rc *record) player(s cards.Seat) string {
	name, warning := build.CleanName(rc.g.Player(s), "the name of "+s.Name())
	if warning != "" {
		rc.warn(tagLine(rc.g, s.Name()), "%s", warning)
	}
	return name
}

// dealer is the Dealer tag, else the first seat of the auction, else the
// board's dealer (Law 2). ok is false when the record gives none (it is
// then skipped).
func (rc *record) dealer(rs game.Ruleset) (cards.Seat, bool, error) {
	g := rc.g
	d, err := g.Dealer()
	switch {
	case err == nil:
		return d, true, nil
	case !errors.Is(err, pbn.ErrNoValue):
		if e := rc.problem(tagLine(g, "Dealer"), err, "the dealer is taken from the auction or the board"); e != nil {
			return cards.NoSeat, false, e
		}
	}
	if g.Auction != nil && g.Auction.First != cards.NoSeat {
		return g.Auction.First, true, nil
	}
	if br, ok := rs.(game.BoardRules); ok {
		if n, err := g.Board(); err == nil && n > 0 {
			d, _ := br.Board(n)
			return d, true, nil
		}
	}
	err = errors.New("the record gives no dealer: no Dealer tag, no first seat of the auction, no board number")
	if rc.strict {
		return cards.NoSeat, false, fail(g, g.Line, err)
	}
	rc.warn(g.Line, "board %s: %v; the record is not imported", boardText(g), err)
	return cards.NoSeat, false, nil
}

// at is the time of the record's next event.
func (rc *record) at() time.Time { return rc.clock.Tick() }

// addCard records a card played: a foreign file records what was played,
// not whether it was lawful, so a renounce is recorded as the irregular
// play it was (build.Session.AddCard).
func (rc *record) addCard(line int, seat cards.Seat, c cards.Card) (events.ID, error) {
	id, renounce, err := rc.b.AddCard(rc.at(), seat, c)
	if err == nil {
		rc.last = id
	}
	if renounce != nil {
		rc.warn(line, "board %s: %s", boardText(rc.g), build.RenounceRecorded(renounce))
	}
	return id, err
}

// add records one event; the notes of its slot follow it.
func (rc *record) add(p events.Payload) (events.ID, error) {
	id, err := rc.b.Add(rc.at(), p)
	if err == nil {
		rc.last = id
	}
	return id, err
}

// planned is what a record will record, decided before any event is: a
// record that cannot be recorded at all is skipped whole, leaving nothing
// behind it (not even a session).
type planned struct {
	dealer cards.Seat
	first  cards.Seat // the seat of the first call
	// calls are the record's calls; record, those to record one by one
	// (nil when given is set: the contract is recorded instead, with the
	// calls as given).
	calls, record []call
	given         *table.ContractGiven
	givenLine     int
	resultKnown   bool
	result        int
	turnUp        cards.Card // the whist family's trump card (tricks.go)
}

// plan decides what the record records: errSkip when it cannot be
// recorded (a warning says why), an error under Strict.
func (rc *record) plan() (*planned, error) {
	p := &planned{}
	dealer, ok, err := rc.dealer(rc.rs)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, errSkip
	}
	p.dealer = dealer
	if trickGame(rc.rs) {
		// No contract, no Result: the trump turned up, and the play.
		if p.turnUp, err = cards.ParseCard(strings.TrimSpace(rc.hoyleTag(tagTurnUp))); err != nil {
			return nil, rc.skipRecord(tagLine(rc.g, tagTurnUp), errNoTurnUp, "")
		}
		return p, nil
	}
	if p.resultKnown, p.result, err = rc.result(); err != nil {
		return nil, err
	}
	if err := rc.planContract(p); err != nil {
		return nil, err
	}
	return p, nil
}

// run records the record as the next hand of its session, as planned.
func (rc *record) run(p *planned) error {
	if trickGame(rc.rs) {
		return rc.runTricks(p)
	}
	g, b := rc.g, rc.b
	d := &table.Dealt{Hand: b.Hand(), Dealer: p.dealer}
	keepBoard := rc.board(d)
	if err := rc.vulnerability(d); err != nil {
		return err
	}
	switch deal, _, err := g.Deal(); {
	case err == nil:
		if deal.Cards() == 0 {
			break
		}
		if err := rc.rs.CheckDeal(game.DealResult{Hands: deal}); err != nil {
			if e := rc.problem(tagLine(g, "Deal"), err, "the hands are recorded as unknown"); e != nil {
				return e
			}
			break
		}
		d.Hands = deal
	case !errors.Is(err, pbn.ErrNoValue):
		if e := rc.problem(tagLine(g, "Deal"), err, "the hands are recorded as unknown"); e != nil {
			return e
		}
	}
	d.Fouled = d.Board != 0 && strings.TrimSpace(rc.tags[tagFouled]) != ""
	dealID, err := rc.add(d)
	if err != nil && d.Board != 0 {
		// A board dealt before in this session with other cards.
		if e := rc.problem(tagLine(g, "Board"), err, "the deal is recorded without a board number"); e != nil {
			return e
		}
		d.Board, keepBoard = 0, true
		dealID, err = rc.add(d)
	}
	if err != nil {
		return fail(g, tagLine(g, "Deal"), err)
	}
	if err := rc.addKeptTags(g, keepBoard); err != nil {
		return err
	}
	rc.notes = rc.routeNotes(p.resultKnown && !rc.continued())
	if rc.first {
		if err := rc.addNotes(b.Events[0].ID, slot{kind: onSession}, nil); err != nil {
			return err
		}
	}
	if err := rc.addNotes(dealID, slot{kind: onDeal}, nil); err != nil {
		return err
	}
	if p.given == nil {
		if err := rc.addNotes(dealID, slot{kind: onContract}, nil); err != nil {
			return err
		}
		if err := rc.recordCalls(p.record, p.first); err != nil {
			return err
		}
	} else {
		id, err := rc.add(p.given)
		if err != nil {
			return fail(g, p.givenLine, err) // the plan tried it
		}
		if err := rc.addNotes(id, slot{kind: onContract}, nil); err != nil {
			return err
		}
		// The notes of the calls are on the auction as given.
		for i, c := range p.calls {
			if err := rc.addNotes(id, slot{onCall, i}, c.ann); err != nil {
				return err
			}
			for _, n := range c.refs {
				if err := rc.addNote(id, n); err != nil {
					return err
				}
			}
		}
	}
	h := b.S.Current()
	if h.Phase == game.PhaseAuction {
		return rc.flush()
	}
	if err := rc.play(h, p.resultKnown, p.result); err != nil {
		return err
	}
	if err := rc.honoursAndClose(); err != nil {
		return err
	}
	rc.checkScore(h)
	return rc.flush()
}

// board reads the board number into d: the Board tag, or (when it is
// absent) the hand's place in the session, as hoyle numbers a hand not
// dealt as a board. keep says the tag is not the board recorded, so it is
// kept as the file has it.
func (rc *record) board(d *table.Dealt) (keep bool) {
	g := rc.g
	if rc.hoyleTag(tagBoard) == "none" {
		return false // a hand hoyle did not deal as a board
	}
	n, err := g.Board()
	switch {
	case err == nil && n > 0:
		d.Board = n
		return false
	case errors.Is(err, pbn.ErrNoValue):
		d.Board = d.Hand
		return false
	case err == nil: // Board "0"
		rc.warn(tagLine(g, "Board"), "Board \"0\" is not a board (boards are numbered from 1); the deal is recorded without a board number, as hand %d of the session", d.Hand)
	default:
		rc.warn(tagLine(g, "Board"), "%v; the deal is recorded without a board number, as hand %d of the session", err, d.Hand)
	}
	return true
}

// vulnerability reads the Vulnerable tag into d, or the board's when it is
// absent at duplicate (Law 2).
func (rc *record) vulnerability(d *table.Dealt) error {
	g := rc.g
	vul, err := g.Vulnerable()
	switch {
	case err == nil:
		d.Vul = vul
		return nil
	case !errors.Is(err, pbn.ErrNoValue):
		if e := rc.problem(tagLine(g, "Vulnerable"), err, "the vulnerability is the board's"); e != nil {
			return e
		}
	}
	if br, ok := rc.rs.(game.BoardRules); ok && br.Duplicate(rc.opts) && d.Board != 0 {
		_, d.Vul = br.Board(d.Board)
	}
	return nil
}

// result reads the Result tag: the declarer's tricks.
func (rc *record) result() (bool, int, error) {
	result, err := rc.g.Result()
	switch {
	case err == nil:
		return true, result, nil
	case errors.Is(err, pbn.ErrNoValue):
		return false, 0, nil
	}
	return false, 0, rc.problem(tagLine(rc.g, "Result"), err, "the result is not known")
}

// continued reports a "+" in the play: the record is to be continued.
func (rc *record) continued() bool {
	if pl := rc.g.Play; pl != nil {
		for _, row := range pl.Tricks {
			for _, c := range row {
				if c.Placeholder == pbn.Plus {
					return true
				}
			}
		}
	}
	if a := rc.g.Auction; a != nil {
		for _, c := range a.Calls {
			if c.Placeholder == pbn.Plus {
				return true
			}
		}
	}
	return false
}

// given is the contract the record's tags give, and whether they give one
// whole (a contract and its declarer, or a pass).
type given struct {
	bid      cards.Call
	doubled  int
	declarer cards.Seat
	ok       bool
	own      bool // in the game's own words (HoyleContract), not PBN's
	line     int
	text     string // as the tags write it, for messages
}

// tagContract reads the contract from the Contract and Declarer tags (or
// hoyle's HoyleContract, for another game).
func (rc *record) tagContract() (given, error) {
	g := rc.g
	out := given{line: tagLine(g, "Contract"), declarer: cards.NoSeat}
	if v := rc.hoyleTag(tagContract); v != "" {
		bid, doubled, err := parseContract(rc.rs, v)
		if err != nil {
			return out, rc.problem(tagLine(g, tagContract), err, "the contract is not known")
		}
		out.bid, out.doubled, out.text, out.own = bid, doubled, v, true
	} else {
		c, err := g.Contract()
		switch {
		case errors.Is(err, pbn.ErrNoValue):
			return out, nil
		case err != nil:
			return out, rc.problem(out.line, err, "the contract is not known")
		case c.IsPass():
			out.bid, out.ok, out.text = cards.PassCall, true, "Pass"
			return out, nil
		}
		out.bid, out.doubled, out.text = cards.NewBid(c.Level, c.Strain), c.Doubled, c.String()
	}
	if out.bid.Kind == cards.Pass {
		out.ok = true
		return out, nil
	}
	decl, err := g.Declarer()
	switch {
	case err == nil && decl != cards.NoSeat:
		out.declarer, out.ok = decl, true
	case err == nil || errors.Is(err, pbn.ErrNoValue):
	default:
		return out, rc.problem(tagLine(g, "Declarer"), err, "the declarer is not known")
	}
	return out, nil
}

// parseContract reads a contract in a game's words ("4SX", "2R", "HXX").
func parseContract(rs game.Ruleset, v string) (cards.Call, int, error) {
	t := strings.ToUpper(strings.TrimSpace(v))
	if t == "PASS" || t == "P" {
		return cards.PassCall, 0, nil
	}
	doubled := 0
	for strings.HasSuffix(t, "X") {
		t, doubled = t[:len(t)-1], doubled+1
	}
	bid, err := rs.ParseCall(t)
	if err != nil {
		return cards.Call{}, 0, err
	}
	if bid.Kind != cards.Bid {
		return cards.Call{}, 0, fmt.Errorf("%s is not a contract: a bid, then X or XX if doubled", cards.Quote(v))
	}
	return bid, doubled, nil
}

// calls are the record's calls: from its Auction section, or (another game)
// from HoyleAuction; with where each is written and its notes.
type call struct {
	call        cards.Call
	placeholder byte
	line        int
	ann         *pendingNote
	refs        []pendingNote // further notes (HoyleAuction)
	// byTurn: the call is made by whoever's turn it is (HoyleAuction: in
	// some games the turn does not go round the table, as in Bridge, where
	// the dealer's partner declares when he passes); otherwise by the seats
	// in turn from the first.
	byTurn bool
}

// auction reads the record's calls and the seat of the first.
func (rc *record) auction() ([]call, cards.Seat, bool, error) {
	g := rc.g
	if v := rc.hoyleTag(tagAuction); v != "" {
		calls, err := rc.hoyleCalls(v)
		if err != nil {
			return nil, cards.NoSeat, true, rc.problem(tagLine(g, tagAuction), err, "the auction is not recorded")
		}
		return calls, cards.NoSeat, true, nil
	}
	a := g.Auction
	if a == nil {
		return nil, cards.NoSeat, false, nil
	}
	var out []call
	for _, c := range a.Calls {
		out = append(out, call{call: c.Call, placeholder: c.Placeholder, line: c.Line, ann: rc.annotation(c.Annotation, a.Notes, c.Line)})
	}
	return out, a.First, true, nil
}

// planContract decides how the record's contract is recorded: the
// auction call by call when the laws allow it and it agrees with the
// record's Contract and Declarer; else the contract those tags give
// (auction.contract), with the calls as given; the record is skipped
// when neither can be.
func (rc *record) planContract(p *planned) error {
	g := rc.g
	calls, first, hasAuction, err := rc.auction()
	if err != nil {
		return err
	}
	tags, err := rc.tagContract()
	if err != nil {
		return err
	}
	if first == cards.NoSeat {
		first = p.dealer
	}
	p.calls, p.first = calls, first
	// The known calls, up to the first placeholder.
	known, stop := calls, -1
	for i, c := range calls {
		if c.placeholder != 0 {
			known, stop = calls[:i], i
			break
		}
	}
	why, line := "", g.Line
	if hasAuction {
		s, bad, badLine := rc.scratch(known, first, p.dealer)
		if bad != nil {
			why, line = bad.Error(), badLine
		}
		switch {
		case why == "" && stop >= 0 && calls[stop].placeholder == pbn.Plus:
			p.record = known // to be continued: as far as it goes
			return nil
		case why == "" && stop >= 0:
			why, line = fmt.Sprintf("call %d is not known (-)", stop+1), calls[stop].line
		case why == "" && s.Phase == game.PhaseAuction:
			why, line = "the auction stops before it is over", tagLine(g, "Auction")
			if len(calls) > 0 {
				line = calls[len(calls)-1].line
			}
		case why == "" && tags.ok:
			why, line = rc.disagreement(s, tags)
		}
		if why == "" {
			p.record = known
			return nil
		}
		lawful := bad == nil
		switch {
		case !tags.ok && lawful:
			// Nothing gives the contract instead: the auction as far as
			// it is known, the hand left in it.
			rc.warn(line, "board %s: %s; the hand is recorded up to it", boardText(g), why)
			p.record = known
			return nil
		case !tags.ok:
			return rc.skipRecord(line, bad, "and no Contract and Declarer give the contract instead")
		case rc.strict && lawful && stop >= 0:
			// An unknown call is no contradiction: the record says what
			// it knows, and its tags the rest.
		case rc.strict:
			return fail(g, line, fmt.Errorf("%s (Contract %s, Declarer %s)", why, tags.text, tags.declarer))
		}
	}
	if !tags.ok {
		return rc.skipRecord(tagLine(g, "Declarer"), errors.New("the record gives a contract without its declarer"), "")
	}
	given := &table.ContractGiven{Bid: tags.bid, Doubled: tags.doubled, Declarer: tags.declarer}
	if hasAuction {
		// The calls as given, as far as they are known (a call after an
		// unknown one has no seat to be made from).
		for _, c := range known {
			given.Calls = append(given.Calls, c.call)
		}
		if len(given.Calls) > 0 && first != p.dealer {
			given.First = &first // as the section says, though the dealer should begin
		}
		given.Inconsistent = fmt.Sprintf("%s (line %d)", why, line)
	}
	// The laws must allow the contract itself.
	cr, ok := rc.rs.(game.ContractRules)
	var lawErr error
	if !ok {
		lawErr = fmt.Errorf("%s has no contract to give", rc.rs.Info().Title)
	} else {
		s := game.NewHand(1, p.dealer, rc.rs.Seating(), rc.opts)
		rc.rs.Start(s, rc.opts)
		lawErr = cr.GiveContract(s, given.Bid, given.Doubled, given.Declarer)
	}
	if lawErr != nil {
		return rc.skipRecord(tags.line, fmt.Errorf("the contract %s by %s cannot be: %w", tags.text, tags.declarer, lawErr), "")
	}
	if hasAuction {
		rc.warn(line, "board %s: %s; recorded as the Contract and Declarer give it (%s by %s), with the auction as given", boardText(g), why, tags.text, tags.declarer)
	}
	p.given, p.givenLine = given, tags.line
	return nil
}

// skipRecord gives up on a record that cannot be recorded (errSkip, with
// a warning), or under Strict refuses the file.
func (rc *record) skipRecord(line int, err error, more string) error {
	if rc.strict {
		return fail(rc.g, line, err)
	}
	msg := err.Error()
	if more != "" {
		msg += ", " + more
	}
	rc.warn(line, "board %s: %s; the record is not imported", boardText(rc.g), msg)
	return errSkip
}

// scratch plays calls on a hand of its own, as the fold would: the hand
// they leave, and the first call the laws refuse (why, and its line).
func (rc *record) scratch(calls []call, first, dealer cards.Seat) (*game.Hand, error, int) {
	s := game.NewHand(1, dealer, rc.rs.Seating(), rc.opts)
	rc.rs.Start(s, rc.opts)
	for i, c := range calls {
		seat := first.Plus(i, 4)
		if c.byTurn {
			seat = s.Turn
		}
		var err error
		switch {
		case s.Phase != game.PhaseAuction:
			err = s.NotNow("a call cannot be made", c.call.String())
		case seat != s.Turn:
			err = game.Illegal(c.call.String(), fmt.Sprintf("it is %s's turn, not %s's", s.SeatName(s.Turn), s.SeatName(seat)), "")
		default:
			err = rc.rs.Call(s, c.call, events.ID{})
		}
		if err != nil {
			return s, fmt.Errorf("call %d: %w", i+1, err), c.line
		}
	}
	return s, nil, 0
}

// disagreement says how a lawful, finished auction (played on s) disagrees
// with the contract the tags give; "" when it does not. PBN's Contract tag
// writes contract bridge's strains: the auction's contract is compared in
// them (hoyle's HoyleContract, in the game's own words).
func (rc *record) disagreement(s *game.Hand, tags given) (string, int) {
	c := s.Contract
	if c != nil && !tags.own {
		std := rc.rs.(game.Interchange).StandardContract(*c)
		c = &std
	}
	switch {
	case c == nil && tags.bid.Kind == cards.Pass:
		return "", 0
	case c == nil:
		return fmt.Sprintf("the auction passes the board out; Contract says %s", tags.text), tags.line
	case tags.bid.Kind == cards.Pass:
		return fmt.Sprintf("the auction makes the contract %s; Contract says Pass", game.ContractText(c)), tags.line
	case c.Level != int(tags.bid.Level) || c.Strain != tags.bid.Strain || c.Doubled != tags.doubled:
		return fmt.Sprintf("the auction makes the contract %s; Contract says %s", game.ContractText(c), tags.text), tags.line
	case c.Declarer != tags.declarer:
		return fmt.Sprintf("the auction makes %s declarer; Declarer says %s", c.Declarer.Name(), tags.declarer.Name()), tagLine(rc.g, "Declarer")
	}
	return "", 0
}

// recordCalls records the calls one by one, with their notes.
func (rc *record) recordCalls(calls []call, first cards.Seat) error {
	for i, c := range calls {
		seat := first.Plus(i, 4)
		if c.byTurn {
			seat = rc.b.S.Current().Turn
		}
		id, err := rc.add(&table.Called{Seat: seat, Call: c.call})
		if err != nil {
			return fail(rc.g, c.line, err) // the trial allowed it
		}
		if err := rc.addNotes(id, slot{onCall, i}, c.ann); err != nil {
			return err
		}
		for _, n := range c.refs {
			if err := rc.addNote(id, n); err != nil {
				return err
			}
		}
	}
	return nil
}

// play records the cards in the order played, then ends the hand by a
// claim (Result gives the declarer's total) or, when no card was played,
// by the result given.
func (rc *record) play(h *game.Hand, resultKnown bool, result int) error {
	g := rc.g
	pl := rc.g.Play
	if h.Contract == nil {
		if pl != nil && pl.Entries() > 0 {
			rc.warn(pl.Line, "board %s was passed out; its Play section is ignored", boardText(g))
		}
		return nil
	}
	cell := map[cards.Card]int{} // card -> index of its entry in the play section
	var played []pbn.PlayedCard
	early := false
	if pl != nil {
		k := 0
		for _, row := range pl.Tricks {
			for _, c := range row {
				if c.Placeholder == 0 {
					cell[c.Card] = k
				}
				k++
			}
		}
		var err error
		played, early, err = pl.Order(h.Contract.Strain)
		if err != nil {
			bad := badTrick(pl, h.Contract.Strain)
			if e := rc.problem(bad.line, err, fmt.Sprintf("the play is recorded up to trick %d", bad.trick)); e != nil {
				return e
			}
			part := *pl
			part.Tricks, part.End = pl.Tricks[:bad.trick-1], true
			played, _, _ = part.Order(h.Contract.Strain)
			early = true
		}
	}
	for i, pc := range played {
		k := cell[pc.Card]
		entry := pl.Tricks[k/4][k%4]
		id, err := rc.addCard(entry.Line, pc.Seat, pc.Card)
		if err != nil {
			if e := rc.problem(entry.Line, err, "the play is recorded up to it ("+count(i, "card")+")"); e != nil {
				return e
			}
			early = true
			break
		}
		if err := rc.addNotes(id, slot{onCard, k}, rc.annotation(entry.Annotation, pl.Notes, entry.Line)); err != nil {
			return err
		}
	}
	switch {
	case h.Phase == game.PhaseDone:
		if got := build.DeclarerTricks(rc.rs, h); resultKnown && got != result {
			rc.warn(tagLine(g, "Result"), "board %s: Result says %d tricks, the play gives declarer %d", boardText(g), result, got)
		}
		return nil
	case rc.continued():
		return nil
	case !resultKnown && pl == nil:
		rc.warn(tagLine(g, "Contract"), "board %s has neither play nor Result; the hand is left in play", boardText(g))
		return nil
	case !resultKnown:
		if !early {
			rc.warn(pl.Line, "board %s: the play stops after %d cards with no Result; the hand is left in play", boardText(g), len(h.Tricks)*4)
		} else {
			rc.warn(pl.Line, "board %s: the play stops early with no Result; the hand is left in play", boardText(g))
		}
		return nil
	}
	claim, gives, reached := rc.b.ClaimFor(result) // Result counts any revoke's tricks transferred
	if !reached && gives >= 0 {
		rc.warn(tagLine(g, "Result"), "board %s: Result says %d tricks; with the revoke penalties of the play the nearest declarer can have is %d, recorded so", boardText(g), result, gives)
	}
	var p events.Payload = &table.Claimed{Seat: h.Contract.Declarer, Tricks: claim}
	if len(h.Tricks) == 1 && len(h.Tricks[0].Cards) == 0 && (h.Given != nil || len(h.Calls) == 0) {
		// No card played of a contract given: the result as a traveller gives it.
		won := make([]int, h.Seating.SideCount())
		won[h.DeclaringSide()] = result
		won[1-h.DeclaringSide()] = rc.rs.Tricks() - result
		p = &table.ResultGiven{Won: won}
	}
	id, err := rc.add(p)
	if err != nil {
		if e := rc.problem(tagLine(g, "Result"), fmt.Errorf("Result %d: %w", result, err), "the hand is left in play"); e != nil {
			return e
		}
		return nil
	}
	return rc.addNotes(id, slot{kind: onClaim}, nil)
}

// trickAt is a trick of a play section that cannot be replayed, and its
// line.
type trickAt struct{ trick, line int }

// badTrick is the first trick of a play section that cannot be replayed
// (Order says which in words; this finds its number and line).
func badTrick(pl *pbn.Play, strain cards.Strain) trickAt {
	for k := 1; k <= len(pl.Tricks); k++ {
		part := *pl
		part.Tricks, part.End = pl.Tricks[:k], false
		if _, _, err := part.Order(strain); err != nil {
			for _, c := range pl.Tricks[k-1] {
				if c.Line > 0 {
					return trickAt{k, c.Line}
				}
			}
			return trickAt{k, pl.Line}
		}
	}
	return trickAt{len(pl.Tricks) + 1, pl.Line}
}

// honoursAndClose records what hoyle's tags add for another game: honours
// claimed at the table, and the end of the session.
func (rc *record) honoursAndClose() error {
	g := rc.g
	f := strings.Fields(rc.hoyleTag(tagHonours))
	for i := 0; i+1 < len(f); i += 2 {
		side, err := cards.ParseSide(f[i])
		if err == nil {
			_, err = rc.add(&table.HonoursClaimed{Side: side, Holding: f[i+1]})
		}
		if err != nil {
			if e := rc.problem(tagLine(g, tagHonours), err, "the honours claimed are not recorded"); e != nil {
				return e
			}
		}
	}
	if err := rc.rulings(); err != nil {
		return err
	}
	if reason, ok := rc.tags[tagClose]; ok {
		if _, err := rc.add(&table.SessionClosed{Reason: reason}); err != nil {
			return rc.problem(tagLine(g, tagClose), err, "the session is left open")
		}
	}
	return nil
}

// rulings records the director's rulings the record's HoyleRuling gives
// (hoyle adjust's arguments, ";" between them) on its board, as hoyle
// adjust records them at a table of the session's event.
func (rc *record) rulings() error {
	text := strings.TrimSpace(rc.tags[tagRuling])
	h := rc.b.S.Current()
	if text == "" || h == nil {
		return nil
	}
	line := tagLine(rc.g, tagRuling)
	for _, one := range strings.Split(text, ";") {
		spec, err := ruling.ParseArgs(h.Board, one)
		var rs []table.RulingAdjusted
		if err == nil {
			rs, err = ruling.Build(spec, ruling.FormOf(rc.b.S.Placement()))
		}
		for i := 0; err == nil && i < len(rs); i++ {
			_, err = rc.add(&rs[i])
		}
		if err != nil {
			if e := rc.problem(line, err, fmt.Sprintf("the ruling %q is not recorded", strings.TrimSpace(one))); e != nil {
				return e
			}
		}
	}
	return nil
}

// checkScore warns when a duplicate board's Score tag is not the score of
// the hand hoyle recorded (Law 77).
func (rc *record) checkScore(h *game.Hand) {
	g := rc.g
	sc, err := g.Score()
	if err != nil || h.Phase != game.PhaseDone {
		return
	}
	ns, ok := nsScore(rc.rs, rc.opts, h)
	if !ok {
		return
	}
	want := sc.Points
	switch sc.Side {
	case cards.EW:
		want = -want
	case cards.NoSide:
		if h.DeclaringSide() == cards.EW {
			want = -want
		}
	}
	if want != ns {
		rc.warn(tagLine(g, "Score"), "board %s: Score says %s, the hand scores NS %d", boardText(g), sc, ns)
	}
}

// nsScore is a finished hand's score as a board, from North-South's side,
// by its ruleset's duplicate scoring (the board alone: Law 77); ok is false
// when the session is not scored by boards.
func nsScore(rs game.Ruleset, opts game.Options, h *game.Hand) (int, bool) {
	br, ok := rs.(game.BoardRules)
	if !ok || !br.Duplicate(opts) {
		return 0, false
	}
	sheet := rs.Score(game.ScoreInput{Hands: []*game.Hand{h}, Opts: opts, Seating: rs.Seating()})
	if len(sheet.Boards) != 1 {
		return 0, false
	}
	return sheet.Boards[0].NS, true
}

// NSScore is a finished hand's duplicate score from North-South's side
// (Law 77), with the vulnerability recorded with its deal: 0 when passed
// out. ok is false when the session is not scored by boards.
func NSScore(rs game.Ruleset, opts game.Options, h *game.Hand) (int, bool) {
	return nsScore(rs, opts, h)
}

// flush puts the notes whose place the record never reached (a hand left
// unfinished, a claim that did not come) on its latest event.
func (rc *record) flush() error {
	var rest []slot
	for sl := range rc.notes {
		rest = append(rest, sl)
	}
	sort.Slice(rest, func(i, j int) bool {
		return rest[i].kind < rest[j].kind || rest[i].kind == rest[j].kind && rest[i].i < rest[j].i
	})
	for _, sl := range rest {
		if err := rc.addNotes(rc.last, sl, nil); err != nil {
			return err
		}
	}
	return nil
}

// count writes n things: "1 card", "3 cards".
func count(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// hoyleCalls reads HoyleAuction: the calls in the game's words, each
// followed by the references of its notes ("=n=", a glyph after it:
// "=2=!?"), whose texts are the record's [Note] tags.
func (rc *record) hoyleCalls(v string) ([]call, error) {
	line := tagLine(rc.g, tagAuction)
	var out []call
	for _, tok := range strings.Fields(v) {
		if strings.HasPrefix(tok, "=") {
			if len(out) == 0 {
				return nil, fmt.Errorf("%s: a note before any call", cards.Quote(tok))
			}
			end := strings.Index(tok[1:], "=")
			if end < 0 {
				return nil, fmt.Errorf("%s is not a note reference", cards.Quote(tok))
			}
			n, err := strconv.Atoi(tok[1 : end+1])
			glyph := tok[end+2:]
			if err != nil || n < 1 {
				return nil, fmt.Errorf("%s is not a note reference", cards.Quote(tok))
			}
			text, ok := rc.g.Notes[n]
			if !ok {
				rc.warn(line, "board %s: note =%d= has no [Note \"%d:...\"]; the reference is dropped", boardText(rc.g), n, n)
				continue
			}
			c := &out[len(out)-1]
			c.refs = append(c.refs, pendingNote{text: text, glyph: glyph, line: line})
			continue
		}
		c, err := rc.rs.ParseCall(tok)
		if err != nil {
			return nil, err
		}
		out = append(out, call{call: c, line: line, byTurn: true})
	}
	return out, nil
}
