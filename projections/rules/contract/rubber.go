package contract

import (
	"errors"
	"fmt"

	"github.com/hoyle/hoyle/events/cards"
)

// Law texts of rubber bridge and Chicago, as SheetEntry.Law carries them.
// The numbers are those of the Laws of Rubber Bridge (ACBL edition).
const (
	RubberLawTrickScore  = "Laws of Rubber Bridge, Law 72 and Law 81: trick points, below the line"
	RubberLawOvertricks  = "Laws of Rubber Bridge, Law 81: overtricks"
	RubberLawSlam        = "Laws of Rubber Bridge, Law 81: slam premium"
	RubberLawInsult      = "Laws of Rubber Bridge, Law 81: premium for making a doubled or redoubled contract"
	RubberLawUndertricks = "Laws of Rubber Bridge, Law 81: undertrick penalties, scored by the defenders"
	RubberLawHonours     = "Laws of Rubber Bridge, Law 81: honours, scored by the side that held them (four trump honours in one hand 100; five trump honours in one hand, or four aces in one hand at no trumps, 150)"
	RubberLawGame        = "Laws of Rubber Bridge, Law 73: game is 100 trick points; no part score is carried into the next game"
	RubberLawRubber      = "Laws of Rubber Bridge, Law 74: rubber bonus to the first side to win two games, 700 if the other side won no game, 500 if it won one"
	RubberLawUnfinished  = "Laws of Rubber Bridge, Law 80: incomplete rubber, 300 to the winners of the only game completed"
	RubberLawUnfinPart   = "Laws of Rubber Bridge, Law 80: incomplete rubber, 100 to the only side with a part score in the unfinished game"
	ChicagoLawVul        = "Laws of Rubber Bridge, four-deal bridge (Chicago): deal 1 neither side vulnerable, deals 2 and 3 dealer's side vulnerable, deal 4 both sides"
	ChicagoLawGame       = "Laws of Rubber Bridge, four-deal bridge (Chicago): game premium, 300 not vulnerable, 500 vulnerable, by the vulnerability of the side completing the game on that deal"
	ChicagoLawFourthPart = "Laws of Rubber Bridge, four-deal bridge (Chicago): 100 for a part score made on the fourth deal that does not complete a game"
)

// Errors of the score sheets. Add wraps them with the details.
var (
	ErrBadResult   = errors.New("not a valid hand result")
	ErrRubberOver  = errors.New("the rubber is over")
	ErrChicagoOver = errors.New("the four deals have been played")
)

// Line says where a rubber-bridge score is written: trick points for a
// contract bid and made go below the line and count toward game; every
// other score is a premium, above the line (Law 72).
type Line uint8

// The two places on a score sheet.
const (
	Above Line = iota + 1
	Below
)

// String is "above" or "below".
func (l Line) String() string {
	switch l {
	case Above:
		return "above"
	case Below:
		return "below"
	}
	return "?"
}

// Honours says which side held scorable honours on a deal and what they are
// worth (Law 81 of the Laws of Rubber Bridge): 100 for four of the five
// trump honours (A K Q J 10) in one hand, 150 for all five in one hand or,
// at no trumps, for the four aces in one hand. Points 0 means none; Side is
// then ignored. Honours count for the holders whether they declared or
// defended, and whether or not the contract was made.
type Honours struct {
	Side   cards.Side
	Points int
}

// HonoursBonus is the value of scorable honours at a contract in strain s,
// given how many of them one hand held (Law 81 of the Laws of Rubber
// Bridge). With a trump suit, count the trump A K Q J 10 in that hand: four
// is 100, five is 150. At no trumps, count the aces: four is 150. Any other
// holding is worth nothing.
func HonoursBonus(s cards.Strain, inOneHand int) int {
	if s == cards.NoTrump {
		if inOneHand == 4 {
			return 150
		}
		return 0
	}
	if !modernStrain(s) {
		return 0
	}
	switch inOneHand {
	case 4:
		return 100
	case 5:
		return 150
	}
	return 0
}

// HandHonours is what one hand's honours are worth at a contract in strain
// s (see HonoursBonus).
func HandHonours(s cards.Strain, hand cards.Set) int {
	n := 0
	if s == cards.NoTrump {
		for _, u := range cards.Suits {
			if hand.Has(cards.NewCard(u, cards.Ace)) {
				n++
			}
		}
		return HonoursBonus(s, n)
	}
	u, ok := s.Trump()
	if !ok || !modernStrain(s) {
		return 0
	}
	for r := cards.Ten; r <= cards.Ace; r++ {
		if hand.Has(cards.NewCard(u, r)) {
			n++
		}
	}
	return HonoursBonus(s, n)
}

// DealHonours finds the scorable honours of a four-handed deal (indexed by
// seat, as cards.Deal is) at a contract in strain s: the side of the hand
// that held them and their value. It is the zero Honours when no hand held
// any.
func DealHonours(s cards.Strain, d cards.Deal) Honours {
	for i, hand := range d {
		if p := HandHonours(s, hand); p > 0 {
			return Honours{Side: cards.Seat(i).Partnership(), Points: p}
		}
	}
	return Honours{}
}

// HandResult is the outcome of one deal of rubber bridge or Chicago: the
// declaring side, the contract, the tricks declarer's side took and any
// scorable honours. PassedOut marks a deal that all four players passed;
// its other fields are ignored.
type HandResult struct {
	Declarer  cards.Side
	Contract  Contract
	Tricks    int
	Honours   Honours
	PassedOut bool
}

// Validate reports whether the result can be scored; the error wraps
// ErrBadResult (and ErrBadContract for a bad contract or trick count).
func (h HandResult) Validate() error {
	if h.PassedOut {
		return nil
	}
	if h.Declarer != cards.NS && h.Declarer != cards.EW {
		return fmt.Errorf("%w: the declaring side is NS or EW, not %v", ErrBadResult, h.Declarer)
	}
	if err := CheckResult(h.Contract, h.Tricks); err != nil {
		return fmt.Errorf("%w: %w", ErrBadResult, err)
	}
	switch hp := h.Honours.Points; {
	case hp == 0:
	case h.Honours.Side != cards.NS && h.Honours.Side != cards.EW:
		return fmt.Errorf("%w: honours are held by NS or EW, not %v", ErrBadResult, h.Honours.Side)
	case h.Contract.Strain == cards.NoTrump && hp != 150:
		return fmt.Errorf("%w: at no trumps only four aces in one hand score honours, 150, not %d", ErrBadResult, hp)
	case hp != 100 && hp != 150:
		return fmt.Errorf("%w: honours are worth 100 or 150, not %d", ErrBadResult, hp)
	}
	return nil
}

// SheetEntry is one score written on a rubber-bridge or Chicago score sheet:
// the hand it was scored on (from 1; 0 for a score made when the sheet was
// closed), the game of the rubber it falls in (from 1), the side credited,
// above or below the line, what it is for (one of the Label constants), its
// points (never negative: they are credited to Side) and the law that
// awards them.
type SheetEntry struct {
	Hand   int
	Game   int
	Side   cards.Side
	Line   Line
	Label  string
	Points int
	Law    string
}

func other(s cards.Side) cards.Side { return 1 - s }

// RubberEntries scores one hand by the rubber-bridge table (Law 81 of the
// Laws of Rubber Bridge), vulnerable being the declaring side's
// vulnerability: for a contract made, its trick points below the line and
// any overtricks, slam premium and premium for making a doubled or
// redoubled contract above it, all to the declaring side; for a contract
// defeated, the undertrick penalty above the line to the defenders; and any
// honours to the side that held them. Game, rubber and Chicago premiums
// depend on the state of the sheet and are for RubberSheet and
// ChicagoSheet to add. Hand and Game are left 0. The result is nil for a
// passed-out or invalid hand (see HandResult.Validate).
func RubberEntries(h HandResult, vulnerable bool) []SheetEntry {
	if h.PassedOut || h.Validate() != nil {
		return nil
	}
	c, decl := h.Contract, h.Declarer
	var es []SheetEntry
	add := func(side cards.Side, l Line, label string, points int, law string) {
		es = append(es, SheetEntry{Side: side, Line: l, Label: label, Points: points, Law: law})
	}
	if h.Tricks >= c.Needed() {
		add(decl, Below, LabelContractTricks, TrickScore(c), RubberLawTrickScore)
		if over := h.Tricks - c.Needed(); over > 0 {
			add(decl, Above, LabelOvertricks, over*OvertrickValue(c, vulnerable), RubberLawOvertricks)
		}
		switch c.Level {
		case 6:
			add(decl, Above, LabelSmallSlam, SlamBonus(6, vulnerable), RubberLawSlam)
		case 7:
			add(decl, Above, LabelGrandSlam, SlamBonus(7, vulnerable), RubberLawSlam)
		}
		if c.Doubled != Undoubled {
			add(decl, Above, LabelInsult, InsultBonus(c.Doubled), RubberLawInsult)
		}
	} else {
		add(other(decl), Above, LabelUndertricks, UndertrickPenalty(c.Needed()-h.Tricks, c.Doubled, vulnerable), RubberLawUndertricks)
	}
	if h.Honours.Points > 0 {
		add(h.Honours.Side, Above, LabelHonours, h.Honours.Points, RubberLawHonours)
	}
	return es
}

// RubberBonus is the premium of Law 74 of the Laws of Rubber Bridge to the
// first side to win two games: 700 if the other side won no game, 500 if it
// won one.
func RubberBonus(loserGames int) int {
	if loserGames == 0 {
		return 700
	}
	return 500
}

// UnfinishedEntries is what Law 80 of the Laws of Rubber Bridge adds when a
// rubber is abandoned before either side has won two games, given the games
// each side has won and the trick points each has below the line in the
// unfinished game (both indexed by cards.Side): 300 to a side that has won
// the only game completed, and 100 to a side that alone has a part score in
// the unfinished game. When both sides have won a game, or both have part
// scores, neither is credited for it.
func UnfinishedEntries(games, partScores [2]int) []SheetEntry {
	var es []SheetEntry
	for _, s := range []cards.Side{cards.NS, cards.EW} {
		if games[s] == 1 && games[other(s)] == 0 {
			es = append(es, SheetEntry{Side: s, Line: Above, Label: LabelUnfinishedGame, Points: 300, Law: RubberLawUnfinished})
		}
	}
	for _, s := range []cards.Side{cards.NS, cards.EW} {
		if partScores[s] > 0 && partScores[other(s)] == 0 {
			es = append(es, SheetEntry{Side: s, Line: Above, Label: LabelUnfinishedPart, Points: 100, Law: RubberLawUnfinPart})
		}
	}
	return es
}

// sheet is what both score sheets keep: the entries and their totals.
type sheet struct {
	entries []SheetEntry
}

func (s *sheet) record(es []SheetEntry, hand, game int) []SheetEntry {
	for i := range es {
		es[i].Hand, es[i].Game = hand, game
	}
	s.entries = append(s.entries, es...)
	return es
}

func (s *sheet) all() []SheetEntry { return append([]SheetEntry(nil), s.entries...) }

func (s *sheet) points(side cards.Side, l Line) int {
	t := 0
	for _, e := range s.entries {
		if e.Side == side && (l == 0 || e.Line == l) {
			t += e.Points
		}
	}
	return t
}

// RubberSheet is a rubber-bridge score sheet. Add folds in the result of
// each hand: trick points go below the line and a side that reaches 100 of
// them in the current game wins that game; a line is drawn under it and
// both sides start the next game from nothing, part scores included
// (Law 73). A side that has won a game is vulnerable. The first side to win
// two games wins the rubber and its bonus (Law 74), and the sheet takes no
// more hands. Close scores a rubber abandoned before that (Law 80).
//
// The zero RubberSheet is an empty sheet ready for the first hand.
type RubberSheet struct {
	sheet
	games   [2]int
	below   [2]int
	winners []cards.Side
	hands   int
	closed  bool
}

// Add scores one hand and returns the entries it wrote: those of
// RubberEntries for the hand, and the rubber bonus if the hand ended the
// rubber. A passed-out hand counts as a hand and writes nothing. It is an
// error (ErrRubberOver) to add to a finished or closed rubber, and
// (ErrBadResult) to add a result that HandResult.Validate rejects.
func (r *RubberSheet) Add(h HandResult) ([]SheetEntry, error) {
	if r.Over() || r.closed {
		return nil, ErrRubberOver
	}
	if err := h.Validate(); err != nil {
		return nil, err
	}
	r.hands++
	if h.PassedOut {
		return nil, nil
	}
	decl := h.Declarer
	es := RubberEntries(h, r.Vulnerable(decl))
	if h.Tricks >= h.Contract.Needed() {
		r.below[decl] += TrickScore(h.Contract)
	}
	game := r.Game()
	if r.below[decl] >= 100 {
		r.games[decl]++
		r.winners = append(r.winners, decl)
		r.below = [2]int{}
		if r.games[decl] == 2 {
			es = append(es, SheetEntry{Side: decl, Line: Above, Label: LabelRubber,
				Points: RubberBonus(r.games[other(decl)]), Law: RubberLawRubber})
		}
	}
	return r.record(es, r.hands, game), nil
}

// Close ends a rubber that is not finished and scores it by Law 80 (see
// UnfinishedEntries), returning the entries written; they have Hand 0.
// Closing a finished or already closed rubber writes nothing. After Close
// the sheet takes no more hands.
func (r *RubberSheet) Close() []SheetEntry {
	if r.Over() || r.closed {
		r.closed = true
		return nil
	}
	r.closed = true
	return r.record(UnfinishedEntries(r.games, r.below), 0, r.Game())
}

// Game is the number of the game in play, from 1; once the rubber is over,
// the number of the game that ended it.
func (r *RubberSheet) Game() int {
	if r.Over() {
		return len(r.winners)
	}
	return len(r.winners) + 1
}

// Games is the number of games side s has won.
func (r *RubberSheet) Games(s cards.Side) int {
	if s != cards.NS && s != cards.EW {
		return 0
	}
	return r.games[s]
}

// GameWinners lists the winner of each game completed, in order: the lines
// drawn under the games so far.
func (r *RubberSheet) GameWinners() []cards.Side { return append([]cards.Side(nil), r.winners...) }

// Vulnerable reports whether side s is vulnerable: it has won a game.
func (r *RubberSheet) Vulnerable(s cards.Side) bool { return r.Vulnerability().Vulnerable(s) }

// Vulnerability is who is vulnerable: each side that has won a game.
func (r *RubberSheet) Vulnerability() cards.Vulnerability {
	var v cards.Vulnerability
	for _, s := range []cards.Side{cards.NS, cards.EW} {
		if r.Games(s) > 0 {
			v |= cards.VulnerabilityOf(s)
		}
	}
	return v
}

// PartScore is the trick points side s has below the line in the game in
// play: the part score that counts toward its next game.
func (r *RubberSheet) PartScore(s cards.Side) int {
	if s != cards.NS && s != cards.EW {
		return 0
	}
	return r.below[s]
}

// Hands is the number of hands added, passed-out hands included.
func (r *RubberSheet) Hands() int { return r.hands }

// Over reports whether a side has won two games.
func (r *RubberSheet) Over() bool { return r.games[0] == 2 || r.games[1] == 2 }

// Closed reports whether Close has been called.
func (r *RubberSheet) Closed() bool { return r.closed }

// Winner is the side that won two games, or cards.NoSide.
func (r *RubberSheet) Winner() cards.Side {
	for _, s := range []cards.Side{cards.NS, cards.EW} {
		if r.games[s] == 2 {
			return s
		}
	}
	return cards.NoSide
}

// Entries is every entry written so far, in order.
func (r *RubberSheet) Entries() []SheetEntry { return r.all() }

// Points is side s's total on one side of the line.
func (r *RubberSheet) Points(s cards.Side, l Line) int { return r.points(s, l) }

// Total is side s's total, above and below the line.
func (r *RubberSheet) Total(s cards.Side) int { return r.points(s, 0) }

// ChicagoDealer is the dealer of deal number deal (from 1) of a Chicago
// whose first deal was dealt by first: the deal passes clockwise. It is
// cards.NoSeat for a deal below 1.
func ChicagoDealer(deal int, first cards.Seat) cards.Seat {
	if deal < 1 {
		return cards.NoSeat
	}
	return first.Plus(deal-1, 4)
}

// ChicagoVulnerability says which sides are vulnerable on deal number deal
// (from 1) of a Chicago whose first deal was dealt by first: on the first
// deal neither, on the second and third the dealer's side, on the fourth
// both. Later deals repeat the cycle of four. Neither for a deal below 1.
func ChicagoVulnerability(deal int, first cards.Seat) cards.Vulnerability {
	if deal < 1 {
		return cards.VulNone
	}
	switch (deal - 1) % 4 {
	case 1, 2:
		return cards.VulnerabilityOf(ChicagoDealer(deal, first).Partnership())
	case 3:
		return cards.VulAll
	}
	return cards.VulNone
}

// ChicagoSheet is a score sheet for Chicago (four-deal bridge): four deals,
// vulnerability set by the deal's number rather than by games won (see
// ChicagoVulnerability). Each deal is scored by the rubber-bridge table,
// with its honours. Trick points accumulate below the line from deal to
// deal; the side that reaches 100 completes a game and scores 300, or 500
// if it is vulnerable on that deal, and both sides' part scores are then
// cancelled for later games. A part score made on the fourth deal that does
// not complete a game scores 100. No other part score earns a premium, and
// there is no rubber bonus. A passed-out deal is dealt again by the same
// dealer and does not count as one of the four.
//
// The zero ChicagoSheet has North as first dealer.
type ChicagoSheet struct {
	sheet
	first cards.Seat
	below [2]int
	games int
	deals int
}

// NewChicagoSheet starts a Chicago whose first deal is dealt by first.
func NewChicagoSheet(first cards.Seat) *ChicagoSheet {
	return &ChicagoSheet{first: first}
}

// Deal is the number of the next deal to be played, 1 to 4; 0 once all
// four have been played.
func (c *ChicagoSheet) Deal() int {
	if c.Done() {
		return 0
	}
	return c.deals + 1
}

// Done reports whether all four deals have been played.
func (c *ChicagoSheet) Done() bool { return c.deals >= 4 }

// Dealer is the dealer of the next deal (cards.NoSeat once Done).
func (c *ChicagoSheet) Dealer() cards.Seat { return ChicagoDealer(c.Deal(), c.first) }

// Vulnerable reports whether side s is vulnerable on the next deal.
func (c *ChicagoSheet) Vulnerable(s cards.Side) bool { return c.Vulnerability().Vulnerable(s) }

// Vulnerability is who is vulnerable on the next deal.
func (c *ChicagoSheet) Vulnerability() cards.Vulnerability {
	return ChicagoVulnerability(c.Deal(), c.first)
}

// PartScore is the trick points side s has below the line toward its next
// game.
func (c *ChicagoSheet) PartScore(s cards.Side) int {
	if s != cards.NS && s != cards.EW {
		return 0
	}
	return c.below[s]
}

// Add scores the next deal and returns the entries it wrote: those of
// RubberEntries with the deal's vulnerability, a game premium if the deal
// completed a game, and the fourth deal's part-score premium. A passed-out
// deal writes nothing and is dealt again. It is an error (ErrChicagoOver)
// to add a fifth deal, and (ErrBadResult) to add a result that
// HandResult.Validate rejects.
func (c *ChicagoSheet) Add(h HandResult) ([]SheetEntry, error) {
	if c.Done() {
		return nil, ErrChicagoOver
	}
	if err := h.Validate(); err != nil {
		return nil, err
	}
	if h.PassedOut {
		return nil, nil
	}
	deal, decl := c.Deal(), h.Declarer
	vulnerable := c.Vulnerable(decl)
	es := RubberEntries(h, vulnerable)
	game := c.games + 1
	if h.Tricks >= h.Contract.Needed() {
		c.below[decl] += TrickScore(h.Contract)
		switch {
		case c.below[decl] >= 100:
			es = append(es, SheetEntry{Side: decl, Line: Above, Label: LabelGame, Points: vul(vulnerable, 300, 500), Law: ChicagoLawGame})
			c.below = [2]int{}
			c.games++
		case deal == 4:
			es = append(es, SheetEntry{Side: decl, Line: Above, Label: LabelFourthDealPart, Points: 100, Law: ChicagoLawFourthPart})
		}
	}
	c.deals++
	return c.record(es, deal, game), nil
}

// Entries is every entry written so far, in order.
func (c *ChicagoSheet) Entries() []SheetEntry { return c.all() }

// Points is side s's total on one side of the line.
func (c *ChicagoSheet) Points(s cards.Side, l Line) int { return c.points(s, l) }

// Total is side s's total, above and below the line.
func (c *ChicagoSheet) Total(s cards.Side) int { return c.points(s, 0) }
