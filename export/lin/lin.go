// Package lin reads and writes one board of Bridge Base Online's LIN
// notation: a run of key|value| pairs such as
//
//	pn|Ann,Bob,Cat,Dan|md|3SAKQ2HK2DA3CAQ432,S...,S...,|ah|Board 1|sv|o|
//	mb|1C|an|could be short|mb|p|...|pc|D3|pc|DA|...|mc|10|
//
// The keys it understands: pn (players, South first), md (dealer digit and
// hands), ah (the board's title), sv (vulnerability), qx (board id), mb
// (a call, "!" for an alert), an (the explanation of the call before), pc
// (a card played) and mc (a claim: the declarer's tricks). Every other pair
// (st, rh, pg, nt...) is kept where it stood, so String reproduces it.
//
// Reader cuts a file into its records (boards) as it streams past, within
// bounds (MaxValue, MaxRecord). It is a pure text codec: no database, no
// events.
package lin

import (
	"strconv"
	"strings"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections/game"
)

// Record is one LIN record: one board.
type Record struct {
	BoardID string     // qx| ("o1": open room, board 1); "" when absent
	Players []string   // pn|: in LIN order, South, West, North, East (a team match may give eight); nil when absent
	Dealer  cards.Seat // md|'s digit (1 South, 2 West, 3 North, 4 East); NoSeat when absent
	// Deal is md|'s hands, indexed by seat; nil when there is no md|. A
	// hand LIN leaves out (the fourth, usually) is filled in when the
	// other three are complete.
	Deal    cards.Deal
	Title   string              // ah| ("Board 7")
	Vul     cards.Vulnerability // sv|; VulNone when absent
	Calls   []Call              // mb|, with an| explanations
	Cards   []cards.Card        // pc|, in the order played
	Claim   int                 // mc|: the tricks the declarer claims in all
	Claimed bool                // an mc| was given
	Extra   []Token             // pairs kept as they are, in order
	// Dropped counts the pairs Parse would have kept in Extra past
	// MaxExtra, and DroppedAt is the index of the first (in the record).
	Dropped, DroppedAt int
}

// MaxExtra is the most pairs a record keeps as they are (Extra): chat
// (nt|), explanations that follow no call (an|), keys hoyle does not fold.
// A real board has a few tens; past it each would become a note or a tag
// kept, and a record of a few megabytes could hold hundreds of thousands.
// The rest are counted (Record.Dropped), for the importer to say.
const MaxExtra = 1000

// keep adds a pair to Extra, or past MaxExtra counts it dropped.
func (r *Record) keep(t Token, idx int) {
	if len(r.Extra) >= MaxExtra {
		if r.Dropped == 0 {
			r.DroppedAt = idx
		}
		r.Dropped++
		return
	}
	r.Extra = append(r.Extra, t)
}

// Call is one call of the auction.
type Call struct {
	Call        cards.Call
	Alert       bool   // written with "!"
	Explanation string // the an| that followed it
}

// Token is a key|value| pair Record keeps as it is.
type Token struct {
	Key   string // lower case
	Value string // verbatim
	At    int    // the number of calls and cards (mb|, pc|) before it
	// AfterClaim: it comes after the claim (mc|), which ends the record's
	// calls and cards as well; false in a record without one.
	AfterClaim bool
}

// seatOf is the seat of the i-th hand or name in LIN's order (South first,
// then clockwise).
func seatOf(i int) cards.Seat { return cards.South.Plus(i, 4) }

// Player is the name of the player at a seat ("" if not given).
func (r Record) Player(s cards.Seat) string {
	i := int(s.Plus(-int(cards.South), 4))
	if s < cards.North || s > cards.West || i >= len(r.Players) {
		return ""
	}
	return r.Players[i]
}

// Board is the board number in the title ("Board 7" gives 7).
func (r Record) Board() (int, bool) {
	f := strings.FieldsFunc(r.Title, func(c rune) bool { return c < '0' || c > '9' })
	if len(f) == 0 {
		return 0, false
	}
	n, err := strconv.Atoi(f[len(f)-1])
	return n, err == nil
}

// Parse reads one LIN record. Keys are read in any case and may be
// surrounded by blanks and line breaks; the values of the pairs it
// understands are trimmed. A pair it cannot read gives a *ParseError with
// the pair's index (errors.Is ErrSyntax), and so do a second md|, pn|, qx|,
// ah|, sv| or mc| (one board to a record), a card played twice and a call
// after the first card. An an| that does not directly follow a call, or a
// second an| for the same call, is kept as an Extra token.
func Parse(s string) (Record, error) {
	r := Record{Dealer: cards.NoSeat}
	parts := strings.Split(s, "|")
	if len(parts)%2 == 1 {
		if last := parts[len(parts)-1]; strings.TrimSpace(last) != "" {
			parts = append(parts, "") // a key with no value
		} else {
			parts = parts[:len(parts)-1]
		}
	}
	seen := map[string]bool{}
	lastWasCall := false
	var played cards.Set
	for i := 0; i < len(parts); i += 2 {
		idx := i / 2
		key := strings.ToLower(strings.TrimSpace(parts[i]))
		raw := parts[i+1]
		v := strings.TrimSpace(raw)
		fail := func(msg string) error { return &ParseError{Index: idx, Key: key, Msg: msg} }
		switch key {
		case "qx", "pn", "md", "ah", "sv", "mc":
			if seen[key] {
				return Record{}, fail("given twice in one record (one board to a record)")
			}
			seen[key] = true
		}
		event := len(r.Calls) + len(r.Cards)
		switch key {
		case "qx":
			r.BoardID = v
		case "pn":
			r.Players = strings.Split(v, ",")
			for k := range r.Players {
				r.Players[k] = strings.TrimSpace(r.Players[k])
			}
		case "md":
			dealer, deal, err := parseDeal(v)
			if err != nil {
				return Record{}, fail(err.Error())
			}
			r.Dealer, r.Deal = dealer, deal
		case "ah":
			r.Title = v
		case "sv":
			if strings.TrimSpace(v) == "" {
				r.Vul = cards.VulNone // an empty sv| says nobody is
				break
			}
			vul, err := cards.ParseLINVulnerability(v)
			if err != nil {
				return Record{}, fail("vulnerability is o (or 0), n, e or b, not " + strconv.Quote(v))
			}
			r.Vul = vul
		case "mb":
			if len(r.Cards) > 0 {
				return Record{}, fail("a call after the play began")
			}
			if r.Claimed {
				return Record{}, fail("a call after the claim (mc|), which ends the record's calls and cards")
			}
			c, err := parseCall(v)
			if err != nil {
				return Record{}, fail(err.Error())
			}
			r.Calls = append(r.Calls, c)
			lastWasCall = true
			continue
		case "an":
			if lastWasCall && r.Calls[len(r.Calls)-1].Explanation == "" && v != "" {
				r.Calls[len(r.Calls)-1].Explanation = v
				continue
			}
			r.keep(Token{Key: key, Value: raw, At: event, AfterClaim: r.Claimed}, idx)
		case "pc":
			if r.Claimed {
				return Record{}, fail("a card after the claim (mc|), which ends the record's calls and cards")
			}
			c, err := cards.ParseCard(v)
			if err != nil || c == cards.Joker {
				return Record{}, fail(strconv.Quote(v) + " is not a card")
			}
			if played.Has(c) {
				return Record{}, fail(c.String() + " is played twice")
			}
			played = played.Add(c)
			r.Cards = append(r.Cards, c)
		case "mc":
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 || n > 13 {
				return Record{}, fail("a claim is a number of tricks, 0 to 13, not " + strconv.Quote(v))
			}
			r.Claim, r.Claimed = n, true
		default:
			r.keep(Token{Key: key, Value: raw, At: event, AfterClaim: r.Claimed}, idx)
		}
		switch key {
		case "an", "qx", "pn", "md", "ah", "sv":
			// An explanation still follows its call across the record's
			// header pairs, which String writes first, wherever they stood.
		default:
			lastWasCall = false
		}
	}
	return r, nil
}

type linError string

func (e linError) Error() string { return string(e) }

// parseDeal reads md|: a dealer digit, then up to four hands separated by
// commas, South's first, each as suit letters followed by ranks
// ("SAKQ2HK2DA3CAQ432").
func parseDeal(v string) (cards.Seat, cards.Deal, error) {
	dealer := cards.NoSeat
	if v != "" && v[0] >= '0' && v[0] <= '9' {
		if v[0] < '1' || v[0] > '4' {
			return cards.NoSeat, nil, linError("the dealer digit is 1 (South), 2 (West), 3 (North) or 4 (East)")
		}
		dealer = seatOf(int(v[0] - '1'))
		v = v[1:]
	}
	hands := strings.Split(v, ",")
	for len(hands) > 4 && strings.TrimSpace(hands[len(hands)-1]) == "" {
		hands = hands[:len(hands)-1]
	}
	if len(hands) > 4 {
		return cards.NoSeat, nil, linError("md| gives more than four hands")
	}
	d := make(cards.Deal, 4)
	var all cards.Set
	for i, h := range hands {
		set, err := parseHand(strings.TrimSpace(h))
		if err != nil {
			return cards.NoSeat, nil, err
		}
		if dup := set.Intersect(all); dup != 0 {
			return cards.NoSeat, nil, linError(dup.Cards()[0].String() + " is dealt twice")
		}
		all = all.Union(set)
		d[seatOf(i)] = set
	}
	// Fill in the one hand left out when the other three are complete.
	missing, complete := -1, 0
	for i := range 4 {
		switch d[seatOf(i)].Len() {
		case 0:
			missing = i
		case 13:
			complete++
		}
	}
	if missing >= 0 && complete == 3 {
		var pack cards.Set
		for _, c := range cards.Deck(2, false) {
			pack = pack.Add(c)
		}
		d[seatOf(missing)] = pack &^ all
	}
	return dealer, d, nil
}

func parseHand(h string) (cards.Set, error) {
	var s cards.Set
	suit := cards.NoSuit
	for i := 0; i < len(h); i++ {
		c := h[i]
		if u, err := cards.ParseSuit(string(c)); err == nil {
			suit = u
			continue
		}
		tok := string(c)
		if c == '1' && i+1 < len(h) && h[i+1] == '0' {
			tok, i = "10", i+1
		}
		r, err := cards.ParseRank(tok)
		if err != nil {
			return 0, linError(strconv.Quote(h) + " holds " + strconv.Quote(tok) + ", which is neither a suit nor a rank")
		}
		if suit == cards.NoSuit {
			return 0, linError(strconv.Quote(h) + " gives a rank before any suit")
		}
		card := cards.NewCard(suit, r)
		if s.Has(card) {
			return 0, linError(card.String() + " is named twice")
		}
		s = s.Add(card)
	}
	return s, nil
}

// parseCall reads mb|: p, d, r, or a level and a strain (N for no trumps),
// with "!" for an alert.
func parseCall(v string) (Call, error) {
	var c Call
	for strings.HasSuffix(v, "!") {
		c.Alert, v = true, v[:len(v)-1]
	}
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "p", "pass":
		c.Call = cards.PassCall
		return c, nil
	case "d", "x", "dbl":
		c.Call = cards.DoubleCall
		return c, nil
	case "r", "xx", "rdbl":
		c.Call = cards.RedoubleCall
		return c, nil
	}
	t := strings.ToUpper(strings.TrimSpace(v))
	if len(t) >= 2 && t[0] >= '1' && t[0] <= '7' {
		switch t[1:] {
		case "C", "D", "H", "S", "N", "NT":
			s, _ := cards.ParseStrain(t[1:])
			c.Call = cards.NewBid(int(t[0]-'0'), s)
			return c, nil
		}
	}
	return Call{}, linError(strconv.Quote(v) + " is not a call (p, d, r, 1C to 7N)")
}

func callText(c Call) string {
	var s string
	switch c.Call.Kind {
	case cards.Pass:
		s = "p"
	case cards.Double:
		s = "d"
	case cards.Redouble:
		s = "r"
	default:
		s = strconv.Itoa(int(c.Call.Level))
		if c.Call.Strain == cards.NoTrump {
			s += "N"
		} else {
			s += c.Call.Strain.String()
		}
	}
	if c.Alert {
		s += "!"
	}
	return s
}

// handText writes a hand as md| does; an unknown (empty) hand is "".
func handText(h cards.Set) string {
	if h == 0 {
		return ""
	}
	var b strings.Builder
	for _, u := range cards.Suits {
		b.WriteString(u.String())
		for r := cards.Ace; r >= 2; r-- {
			if h.Has(cards.NewCard(u, r)) {
				b.WriteString(r.String())
			}
		}
	}
	return b.String()
}

// String writes the record as LIN: qx, pn, md (all four hands), ah, sv,
// then the calls (each with its an|) and cards in order, the claim, and
// what followed the claim; the Extra tokens go back where they stood. A "|" inside a value, which
// LIN cannot hold, is left out.
func (r Record) String() string {
	var b strings.Builder
	put := func(k, v string) {
		b.WriteString(strings.ReplaceAll(k, "|", ""))
		b.WriteByte('|')
		b.WriteString(strings.ReplaceAll(v, "|", ""))
		b.WriteByte('|')
	}
	if r.BoardID != "" {
		put("qx", r.BoardID)
	}
	if r.Players != nil {
		put("pn", strings.Join(r.Players, ","))
	}
	if r.Deal != nil {
		var md strings.Builder
		if r.Dealer >= cards.North && r.Dealer <= cards.West {
			md.WriteByte(byte('1' + r.Dealer.Plus(-int(cards.South), 4)))
		}
		for i := range 4 {
			if i > 0 {
				md.WriteByte(',')
			}
			if s := seatOf(i); int(s) < len(r.Deal) {
				md.WriteString(handText(r.Deal[s]))
			}
		}
		put("md", md.String())
	}
	if r.Title != "" {
		put("ah", r.Title)
	}
	put("sv", r.Vul.LIN())
	extras := func(at int) {
		for _, t := range r.Extra {
			if t.At == at && !(t.AfterClaim && r.Claimed) {
				put(t.Key, t.Value)
			}
		}
	}
	extras(0)
	for i, c := range r.Calls {
		put("mb", callText(c))
		if c.Explanation != "" {
			put("an", c.Explanation)
		}
		extras(i + 1)
	}
	for i, c := range r.Cards {
		put("pc", c.String())
		extras(len(r.Calls) + i + 1)
	}
	if r.Claimed {
		put("mc", strconv.Itoa(r.Claim))
		for _, t := range r.Extra {
			if t.AfterClaim {
				put(t.Key, t.Value)
			}
		}
	}
	return b.String()
}

// Result is one entry of a vugraph file's rs| list: how a board went at a
// table, as "3NE+1" (three no trumps by East, one overtrick), "4SxN-2"
// (doubled), "PASS" (passed out); an empty entry is a board not (yet)
// played.
type Result struct {
	Passed bool
	// Contract is the contract and its declarer; Declarer is NoSeat when
	// the board was passed out.
	Contract game.Contract
	Tricks   int // the declarer's
}

// ParseResult reads an rs| entry; ok is false for an empty entry.
func ParseResult(v string) (Result, bool, error) {
	t := strings.ToUpper(strings.TrimSpace(v))
	switch t {
	case "":
		return Result{}, false, nil
	case "P", "PASS", "PASSED", "AP":
		return Result{Passed: true, Contract: game.Contract{Declarer: cards.NoSeat}}, true, nil
	}
	bad := linError(strconv.Quote(v) + " is not a result: a level, a strain, X or XX if doubled, the declarer, and =, +N or -N (3NE+1)")
	if len(t) < 4 || t[0] < '1' || t[0] > '7' {
		return Result{}, false, bad
	}
	r := Result{Contract: game.Contract{Level: int(t[0] - '0')}}
	rest := t[1:]
	switch {
	case strings.HasPrefix(rest, "NT"):
		r.Contract.Strain, rest = cards.NoTrump, rest[2:]
	default:
		s, err := cards.ParseStrain(rest[:1])
		if err != nil || s == cards.RoyalSpades {
			return Result{}, false, bad
		}
		r.Contract.Strain, rest = s, rest[1:]
	}
	for r.Contract.Doubled < 2 && strings.HasPrefix(rest, "X") {
		r.Contract.Doubled, rest = r.Contract.Doubled+1, rest[1:]
	}
	if rest == "" {
		return Result{}, false, bad
	}
	seat, err := cards.ParseSeat(rest[:1])
	if err != nil {
		return Result{}, false, bad
	}
	r.Contract.Declarer, rest = seat, rest[1:]
	r.Tricks = 6 + r.Contract.Level
	switch {
	case rest == "=":
	case len(rest) > 1 && (rest[0] == '+' || rest[0] == '-'):
		n, err := strconv.Atoi(rest[1:])
		if err != nil || n < 0 {
			return Result{}, false, bad
		}
		if rest[0] == '-' {
			n = -n
		}
		r.Tricks += n
	default:
		return Result{}, false, bad
	}
	if r.Tricks < 0 || r.Tricks > 13 {
		return Result{}, false, bad
	}
	return r, true, nil
}
