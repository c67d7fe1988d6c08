package game

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
)

// Irregularities. Every code of laws spends most of its text on what
// happens when someone errs: a revoke, a lead out of turn, an exposed card,
// an insufficient bid. hoyle records them as what they are (the card as
// played, the call as made) and the session's code names each, cites its
// law and says which remedies are open, to whom, and until when. The
// remedy chosen is an event of its own; where the code gives no choice it
// applies its remedy itself. What a remedy imposes while it is in force (a
// partner barred from the auction, a card that must be played when called,
// a suit called for the lead) is kept in the hand's Restrictions and
// enforced on every later call and card.
//
// The engine here is common to the codes: where a card or call goes, when
// a revoke is established, what a restriction allows. What each code says
// (which law, which choices, what they do to the play and the score) is its
// ruleset's, through IrregularityRules.

// Kind is what sort of irregularity an entry was.
type Kind string

// The kinds of irregularity.
const (
	KindRevoke        Kind = "revoke"
	KindLeadOutOfTurn Kind = "lead out of turn"
	KindPlayOutOfTurn Kind = "card played out of turn"
	KindWrongHand     Kind = "card from the wrong hand"
	KindDummyPlayed   Kind = "dummy's card played by another"
	KindInsufficient  Kind = "insufficient bid"
	KindImpossible    Kind = "impossible bid"
	KindCallOutOfTurn Kind = "call out of turn"
	KindBadDouble     Kind = "inadmissible double or redouble"
	KindBarredCall    Kind = "call by a player barred"
	KindExposed       Kind = "exposed card"
	KindNewDeal       Kind = "new deal"
)

// Choice is a remedy open now for an irregularity.
type Choice struct {
	Name   string // what hoyle penalty takes: "tricks", "accept", "call-card"
	Arg    string // what it names besides: "CARD", "SUIT", or ""
	Effect string // what it does, in a sentence
	Law    string
	// By says who chooses ("the declarer", "North-South"), when the code
	// names them.
	By string
}

// Remedy is what was done about an irregularity: a choice made, or what
// the code applied itself.
type Remedy struct {
	ID     events.ID // the penalty event; zero when the code applied it itself
	By     string    // who chose it, as the code names them; "" when applied by the code
	Trick  int       // the trick being played when it was chosen (0 in the auction)
	Choice string
	Card   cards.Card
	Suit   cards.Suit
	Law    string
	Effect string // what it did, in a sentence
}

// Irregularity is one irregularity of a hand, as its code judges it.
type Irregularity struct {
	// ID is the event of the offence: the card or call as made, the
	// exposure, the new deal; for a revoke found in the record, the card
	// renounced with.
	ID    events.ID
	Kind  Kind
	Seat  cards.Seat // the offender (NoSeat: nobody's, a new deal)
	Card  cards.Card
	Cards []cards.Card // the cards exposed
	Call  cards.Call
	// Trick is the trick of a card, from 1; 0 in the auction. Calls is
	// the number of calls made before a call or exposure.
	Trick int
	Calls int
	// Proper is whose turn it was (an entry out of turn); By who played a
	// card of dummy's that was not the declarer (NoSeat otherwise).
	Proper cards.Seat
	By     cards.Seat
	Law    string
	What   string // what happened, in a sentence
	// Found: a revoke found in the record, proved by the later play of a
	// card of the suit renounced (Proof, in trick ProofTrick).
	Found      bool
	Proof      events.ID
	ProofTrick int
	// Established is the trick at which a revoke was established (0: not
	// yet, and it may still be corrected).
	Established int
	Corrected   bool
	// Withheld: the code does not let the card stand in the trick (a
	// defender's card played before his turn becomes a penalty card,
	// contract Law 57): it stays in its holder's hand, and JudgePlay says
	// what it becomes.
	Withheld bool
	// Disobeyed: the "revoke" was a failure to play as a remedy in force
	// obliged (a card called, a suit called), which incurs the penalty of
	// a revoke.
	Disobeyed bool
	// Withdrawn are the cards taken back from the trick when the renounce
	// was corrected: the renounce itself, then those played after it.
	Withdrawn []PlayedCard
	Remedies  []Remedy
	// Settled says what ended the choice without a remedy being chosen
	// ("the second hand played to the false lead: it stands").
	Settled string
	Reason  string // the reason given for a new deal
}

// Remedied reports whether a remedy was chosen or applied.
func (irr *Irregularity) Remedied() bool { return len(irr.Remedies) > 0 }

// Chose reports whether the remedy named was chosen or applied.
func (irr *Irregularity) Chose(name string) bool {
	return slices.ContainsFunc(irr.Remedies, func(r Remedy) bool { return r.Choice == name })
}

func (irr *Irregularity) clone() *Irregularity {
	c := *irr
	c.Cards = slices.Clone(irr.Cards)
	c.Remedies = slices.Clone(irr.Remedies)
	c.Withdrawn = slices.Clone(irr.Withdrawn)
	return &c
}

// BarUntil says how long a player is barred from the auction.
type BarUntil uint8

// How long a bar lasts.
const (
	// BarAuction: he must pass for the rest of the auction.
	BarAuction BarUntil = iota
	// BarNextTurn: he must pass when next it is his turn.
	BarNextTurn
	// BarUntilAdverse: until an adversary of his bids or doubles.
	BarUntilAdverse
	// BarUntilOverbid: until the declaration he passed is overbid or
	// doubled, by anyone.
	BarUntilOverbid
)

// Bar keeps a player from the auction.
type Bar struct {
	Seat  cards.Seat
	Until BarUntil
	// NoDouble: he may bid or pass, but not double or redouble.
	NoDouble bool
	After    int // the calls made when it was imposed
	Law      string
	From     events.ID // the irregularity
}

// PenaltyKind says what an exposed card obliges its holder to.
type PenaltyKind uint8

// The kinds of penalty card.
const (
	// Callable: liable to be called; played when called, if that does
	// not make its holder revoke (the old codes).
	Callable PenaltyKind = iota
	// Major: must be played at the first legal opportunity (contract,
	// Law 50D).
	Major
	// Minor: no other card of its suit below an honour may be played
	// before it (contract, Law 50C).
	Minor
)

// PenaltyCard is an exposed card its holder keeps face up on the table.
type PenaltyCard struct {
	Seat cards.Seat
	Card cards.Card
	Kind PenaltyKind
	Law  string
	From events.ID
}

// CalledCard is a card called: its holder must play it at his next turn
// if he can without revoking.
type CalledCard struct {
	Seat cards.Seat
	Card cards.Card
	Law  string
	From events.ID
}

// LeadRule is a suit called, or forbidden, for the next lead by one of
// Seats.
type LeadRule struct {
	Seats  []cards.Seat
	Suit   cards.Suit
	Forbid bool
	Law    string
	From   events.ID
}

// The rules of PlayRule.
const (
	PlayHighest  = "highest"
	PlayLowest   = "lowest"
	PlayWin      = "win"
	PlayNotWin   = "not-win"
	PlayTrump    = "trump"
	PlayNotTrump = "not-trump"
)

// PlayRule obliges a player to a card in a trick: his highest or lowest
// of the suit led, to win or not to win it, to trump it or not.
type PlayRule struct {
	Seat  cards.Seat
	Trick int // from 1
	Rule  string
	Law   string
	From  events.ID
}

// RepeatCall obliges a player whose call out of turn was cancelled to
// repeat it at his turn if the calls between are all passes (contract,
// Law 31A1).
type RepeatCall struct {
	Seat  cards.Seat
	Call  cards.Call
	After int
	Law   string
	From  events.ID
}

// Restrictions are what remedies impose while they are in force.
type Restrictions struct {
	Bars    []Bar
	Exposed []PenaltyCard
	Called  []CalledCard
	Leads   []LeadRule
	Plays   []PlayRule
	Repeat  []RepeatCall
}

func (r Restrictions) clone() Restrictions {
	c := Restrictions{Bars: slices.Clone(r.Bars), Exposed: slices.Clone(r.Exposed), Called: slices.Clone(r.Called),
		Plays: slices.Clone(r.Plays), Repeat: slices.Clone(r.Repeat)}
	for _, l := range r.Leads {
		l.Seats = slices.Clone(l.Seats)
		c.Leads = append(c.Leads, l)
	}
	return c
}

// PlayLaws are what a code says of the revoke in general.
type PlayLaws struct {
	// Revoke is the law that says what a revoke is.
	Revoke string
	// Established is the law on when a revoke is established; Quitted
	// says it is established also when the trick is turned and quitted,
	// which hoyle knows by the next trick being begun, whoever leads to
	// it (the old codes); otherwise only when the offender or his partner
	// plays to a later trick (contract, Law 63A1).
	Established string
	Quitted     bool
	// Correct is the law on correcting a renounce before it is
	// established.
	Correct string
	// Dummy is what the code says of a revoke by dummy, when it excuses
	// him ("Law 68: Dummy is not liable to any penalty for a revoke").
	Dummy string
	// Claim is the law after which a revoke can no longer be claimed: the
	// cards cut for the following deal.
	Claim string
	// Twelfth, when the code has it, is the law by which a revoke on the
	// next-to-last trick, even established, must still be corrected when
	// it is discovered before the hands are put away ("A revoke on the
	// twelfth trick, even if established, must be corrected if discovered
	// before all four hands have been returned to the board", contract
	// Law 62D1): hoyle allows it while the hand played out is the last
	// one recorded.
	Twelfth string
}

// IrregularityRules is implemented by rulesets whose code of laws has
// remedies for irregularities. The engine (Hand's methods below) records
// the entry; the code judges it.
type IrregularityRules interface {
	// PlayLaws says what the code says of the revoke in general.
	PlayLaws(h *Hand) PlayLaws
	// JudgeCall names an irregular call (irr has the seat, the call, the
	// calls before it and whose turn it was) and applies what the code
	// does at once: the call entered in the auction as made, or not; the
	// turn. A call the code has no rule for is refused.
	JudgeCall(h *Hand, irr *Irregularity) error
	// JudgePlay names an irregular card (irr has its kind, seat, card and
	// trick; the engine plays it to the trick afterwards), or refuses it.
	JudgePlay(h *Hand, irr *Irregularity) error
	// JudgeExposed names cards exposed and imposes what the code imposes
	// at once (a partner barred, penalty cards).
	JudgeExposed(h *Hand, irr *Irregularity) error
	// JudgeNewDeal names a new deal demanded and says whether the code
	// allows one now.
	JudgeNewDeal(h *Hand, irr *Irregularity) error
	// Choices lists the remedies open now for irr; when there are none,
	// settled says why (a remedy already chosen, the time for it past, a
	// code that applies its own). A revoke's are open once established.
	Choices(h *Hand, irr *Irregularity) (choices []Choice, settled string)
	// Choose applies a remedy chosen from Choices: r has the choice and
	// what it names; Choose fills in its Law and Effect.
	Choose(h *Hand, irr *Irregularity, r *Remedy) error
	// Established is told when a revoke is established: a code that
	// applies its remedy in the play itself does it here.
	Established(h *Hand, irr *Irregularity)
	// Corrected is told when a renounce is corrected in time (the cards
	// withdrawn are in irr.Withdrawn): the code says what the card played
	// in error becomes (exposed, liable to be called; a penalty card; or
	// nothing).
	Corrected(h *Hand, irr *Irregularity)
}

// RulingFirst is implemented by codes in which a ruling must be recorded
// before the auction goes on (contract: whether a call is comparable,
// Law 31): RulingFirst refuses call c while one is awaited.
type RulingFirst interface {
	RulingFirst(h *Hand, c cards.Call) error
}

// ComputedRemedy is implemented by rulesets whose code applies a remedy it
// can only state once the play is over (contract's revoke: one or two
// tricks, by the tricks won after it): what it comes to now, if anything.
type ComputedRemedy interface {
	Computed(h *Hand, irr *Irregularity) (Remedy, bool)
}

// RemediesOf is every remedy of an irregularity: those chosen or applied,
// then what the code computes from the play.
func RemediesOf(rs Ruleset, h *Hand, irr *Irregularity) []Remedy {
	out := slices.Clone(irr.Remedies)
	if cr, ok := rs.(ComputedRemedy); ok {
		if r, ok := cr.Computed(h, irr); ok {
			out = append(out, r)
		}
	}
	return out
}

// SuitRules is implemented by rulesets in which a card may count as
// another suit than its own in the play (Five Hundred's Bowers and Joker):
// revokes are found in the record by the suits as they count.
type SuitRules interface {
	// PlaySuit is the suit c counts as in h's play; NoSuit for a card
	// that may follow any suit.
	PlaySuit(h *Hand, c cards.Card) cards.Suit
	// LedSuit is the suit led to t.
	LedSuit(h *Hand, t *Trick) cards.Suit
}

// playSuit is the suit a card counts as in the play.
func playSuit(rs Ruleset, h *Hand, c cards.Card) cards.Suit {
	if sr, ok := rs.(SuitRules); ok {
		return sr.PlaySuit(h, c)
	}
	return c.Suit()
}

// ledSuit is the suit led to a trick.
func ledSuit(rs Ruleset, h *Hand, t *Trick) cards.Suit {
	if len(t.Cards) == 0 {
		return cards.NoSuit
	}
	if sr, ok := rs.(SuitRules); ok {
		return sr.LedSuit(h, t)
	}
	return t.Led().Suit()
}

func irregularityRules(rs Ruleset, tok string) (IrregularityRules, error) {
	ir, ok := rs.(IrregularityRules)
	if !ok {
		return nil, Illegal(tok, rs.Info().Title+" has no laws hoyle knows for irregularities", "")
	}
	return ir, nil
}

// TrickOf is the number (from 1) of the trick holding the card of event
// id, or 0.
func (h *Hand) TrickOf(id events.ID) int {
	for i, t := range h.Tricks {
		for _, p := range t.Cards {
			if p.ID == id {
				return i + 1
			}
		}
	}
	return 0
}

// Irregularity finds an irregularity of the hand by the event of its
// offence.
func (h *Hand) Irregularity(id events.ID) *Irregularity {
	for _, irr := range h.Irregular {
		if irr.ID == id {
			return irr
		}
	}
	return nil
}

// Offending is the side of an irregularity's offender.
func (h *Hand) Offending(irr *Irregularity) cards.Side { return h.Seating.SideOf(irr.Seat) }

// Declaring reports whether seat is the declarer or dummy.
func (h *Hand) Declaring(seat cards.Seat) bool {
	return h.Contract != nil && h.Contract.Declarer != cards.NoSeat && h.Seating.SideOf(seat) == h.DeclaringSide()
}

// nextToPlay is the first seat clockwise from the trick's leader that
// plays on this hand and has not played to it.
func (h *Hand) nextToPlay(t *Trick) cards.Seat {
	if len(t.Cards) == 0 {
		return t.Leader
	}
	seats := h.Seating.Seats
	s := t.Cards[0].Seat
	for range seats {
		if h.InPlay(s) && !slices.ContainsFunc(t.Cards, func(p PlayedCard) bool { return p.Seat == s }) {
			return s
		}
		s = s.Next(seats)
	}
	return cards.NoSeat
}

// PlayIrregular records a card played against the laws: c from seat's
// hand, played by by when someone else played it (NoSeat otherwise). The
// engine says which irregularity it is (a renounce in error, a lead or
// play out of turn, a card from the wrong hand, dummy's card played by
// another), the code names it and may refuse it; then the card is played
// to the trick as it was played. A card the laws allow is refused
// (ErrRegular): it is recorded with the ordinary play.
func (h *Hand) PlayIrregular(rs Ruleset, seat, by cards.Seat, c cards.Card, id events.ID) (*Irregularity, error) {
	tok := c.String()
	ir, err := irregularityRules(rs, tok)
	if err != nil {
		return nil, err
	}
	if h.Phase != PhasePlay {
		return nil, h.notNow("a card cannot be played", tok)
	}
	switch {
	case seat < 0 || int(seat) >= h.Seating.Seats:
		return nil, Illegal(tok, "no such seat at this table", "")
	case !h.InPlay(seat):
		return nil, Illegal(tok, h.SeatName(seat)+"'s hand is laid aside: it plays no card on this hand", "")
	case !c.Valid():
		return nil, Illegal(tok, "it is not a card", "")
	case h.Played.Has(c):
		return nil, Illegal(tok, tok+" has already been played in this hand", "")
	case h.Known(seat) && !h.Held[seat].Has(c):
		where, hint := h.elsewhere(seat, c)
		return nil, &IllegalError{Token: tok, Reason: fmt.Sprintf("%s does not hold %s (holds %s): a card is played from the hand that holds it", h.SeatName(seat), c, h.Held[seat].PBN()) + where, Hint: hint}
	case !h.Known(seat) && h.heldBy(c, seat):
		return nil, Illegal(tok, tok+" is in another player's hand", "")
	}
	t := h.CurrentTrick()
	irr := &Irregularity{ID: id, Seat: seat, Card: c, Trick: len(h.Tricks), Proper: h.Turn, By: cards.NoSeat, Calls: len(h.Calls)}
	declarer := cards.NoSeat
	if h.Contract != nil {
		declarer = h.Contract.Declarer
	}
	player := declarer // who plays dummy's cards: the declarer, or (a dummy game) dummy's partner
	if h.IsDummy(seat) && h.PlayedFrom(seat) != seat {
		player = h.PlayedFrom(seat)
	}
	switch {
	case seat == h.Turn && by != cards.NoSeat && (by != seat || h.IsDummy(seat)) && !(h.IsDummy(seat) && by == player):
		// dummy's card played by another than the declarer: by an
		// adversary, or by dummy himself (a card he touched or named:
		// 1913 Law 62, "if the dummy ... suggest the play of one of
		// his cards").
		if !h.IsDummy(seat) {
			return nil, Illegal(tok, fmt.Sprintf("a card of %s's is his to play: only dummy's cards are played by another (the declarer)", h.SeatName(seat)), "")
		}
		irr.Kind = KindDummyPlayed
		irr.What = fmt.Sprintf("%s played dummy's %s", h.SeatName(by), c)
		irr.By = by
	case seat == h.Turn:
		err := h.CheckCard(rs, c)
		switch {
		case err == nil:
			return nil, &IllegalError{Token: tok, Reason: fmt.Sprintf("%s may play %s: record it with hoyle play %s", h.SeatName(seat), c, tok), Cause: ErrRegular}
		case isCause(err, ErrRenounce):
			irr.Kind = KindRevoke
			irr.What = fmt.Sprintf("%s renounced in %s with %s, holding %s", h.SeatName(seat), ledSuit(rs, h, t).Name(), c, h.suitHeld(rs, seat, ledSuit(rs, h, t)))
		case isCause(err, ErrRestricted):
			// Failing to play as a penalty obliges him, though able to,
			// incurs the penalty of a revoke.
			irr.Kind, irr.Disobeyed = KindRevoke, true
			irr.What = fmt.Sprintf("%s played %s against the penalty in force: %s", h.SeatName(seat), c, reasonOf(err))
		default:
			return nil, err
		}
	case declarer != cards.NoSeat && h.Dummy != cards.NoSeat && h.Declaring(seat) && h.Declaring(h.Turn):
		// The offender is the declarer, who plays both hands; the card is
		// the hand's it came from (the trick says so).
		irr.Kind, irr.Seat = KindWrongHand, declarer
		from, should := "dummy's hand", "his own"
		if seat == declarer {
			from, should = "his own hand", "dummy's"
		}
		verb := "played"
		if len(t.Cards) == 0 {
			verb = "led"
		}
		irr.What = fmt.Sprintf("%s %s %s from %s, the turn being %s", h.SeatName(declarer), verb, c, from, should)
	case len(t.Cards) == 0:
		irr.Kind = KindLeadOutOfTurn
		irr.What = fmt.Sprintf("%s led %s out of turn, the lead being %s's", h.SeatName(seat), c, h.SeatName(h.Turn))
	default:
		if slices.ContainsFunc(t.Cards, func(p PlayedCard) bool { return p.Seat == seat }) {
			return nil, Illegal(tok, h.SeatName(seat)+" has already played to this trick", "")
		}
		irr.Kind = KindPlayOutOfTurn
		irr.What = fmt.Sprintf("%s played %s out of turn, before %s", h.SeatName(seat), c, h.SeatName(h.Turn))
	}
	if err := ir.JudgePlay(h, irr); err != nil {
		return nil, err
	}
	h.Irregular = append(h.Irregular, irr)
	if irr.Withheld {
		return irr, nil
	}
	if len(t.Cards) == 0 {
		t.Leader = seat
	}
	return irr, h.playChecked(rs, seat, t, c, id)
}

func isCause(err, cause error) bool {
	ie, ok := err.(*IllegalError)
	return ok && ie.Cause == cause
}

func reasonOf(err error) string {
	if ie, ok := err.(*IllegalError); ok {
		return ie.Reason
	}
	return err.Error()
}

// suitHeld lists seat's cards of suit, as they count in the play.
func (h *Hand) suitHeld(rs Ruleset, seat cards.Seat, suit cards.Suit) string {
	var out []string
	for _, x := range h.Held[seat].Cards() {
		if playSuit(rs, h, x) == suit {
			out = append(out, x.String())
		}
	}
	return strings.Join(out, " ")
}

// heldBy reports whether a known hand other than seat's holds c.
func (h *Hand) heldBy(c cards.Card, seat cards.Seat) bool {
	for s, held := range h.Held {
		if cards.Seat(s) != seat && held.Has(c) {
			return true
		}
	}
	return false
}

// CallIrregular records a call made against the laws by seat: out of
// turn, insufficient, impossible, an inadmissible double, a call by a
// player barred. The code names it and enters it in the auction, or not,
// as its laws say. A call the laws allow is refused (ErrRegular).
func (h *Hand) CallIrregular(rs Ruleset, seat cards.Seat, c cards.Call, id events.ID) (*Irregularity, error) {
	tok := c.String()
	ir, err := irregularityRules(rs, tok)
	if err != nil {
		return nil, err
	}
	if h.Phase != PhaseAuction {
		return nil, h.notNow("a call cannot be made", tok)
	}
	if seat < 0 || int(seat) >= h.Seating.Seats {
		return nil, Illegal(tok, "no such seat at this table", "")
	}
	if seat == h.Turn {
		trial := h.Clone()
		if err := trial.CheckRestrictedCall(seat, c); err == nil {
			if rs.Call(trial, c, id) == nil {
				return nil, &IllegalError{Token: tok, Reason: fmt.Sprintf("%s may call %s: record it with hoyle call %s", h.SeatName(seat), tok, tok), Cause: ErrRegular}
			}
		}
	}
	irr := &Irregularity{ID: id, Seat: seat, Call: c, Calls: len(h.Calls), Proper: h.Turn, By: cards.NoSeat}
	if err := ir.JudgeCall(h, irr); err != nil {
		return nil, err
	}
	h.Irregular = append(h.Irregular, irr)
	h.AfterCall(seat)
	return irr, nil
}

// Expose records cards of seat's hand exposed. The code says what they
// become.
func (h *Hand) Expose(rs Ruleset, seat cards.Seat, cs []cards.Card, id events.ID) (*Irregularity, error) {
	tok := "expose"
	if len(cs) > 0 {
		tok = cs[0].String()
	}
	ir, err := irregularityRules(rs, tok)
	if err != nil {
		return nil, err
	}
	if h.Phase == PhaseDone {
		return nil, h.notNow("a card cannot be exposed", tok)
	}
	if seat < 0 || int(seat) >= h.Seating.Seats {
		return nil, Illegal(tok, "no such seat at this table", "")
	}
	if len(cs) == 0 {
		return nil, Illegal(tok, "name the cards exposed", "")
	}
	for i, c := range cs {
		t := c.String()
		switch {
		case !c.Valid():
			return nil, Illegal(t, "it is not a card", "")
		case h.Played.Has(c):
			return nil, Illegal(t, t+" has already been played", "")
		case h.Known(seat) && !h.Held[seat].Has(c):
			return nil, Illegal(t, fmt.Sprintf("%s does not hold %s (holds %s)", h.SeatName(seat), c, h.Held[seat].PBN()), "")
		case !h.Known(seat) && h.heldBy(c, seat):
			return nil, Illegal(t, t+" is in another player's hand", "")
		case slices.Contains(cs[:i], c):
			return nil, Illegal(t, t+" is named twice", "")
		case slices.ContainsFunc(h.Restrict.Exposed, func(p PenaltyCard) bool { return p.Card == c }):
			return nil, Illegal(t, t+" is already exposed", "")
		case h.IsDummy(seat) && len(h.Tricks) > 0 && (len(h.Tricks[0].Cards) > 0 || seat != h.Dummy):
			return nil, Illegal(t, "dummy's cards are on the table: they cannot be exposed", "")
		}
	}
	irr := &Irregularity{ID: id, Kind: KindExposed, Seat: seat, Cards: slices.Clone(cs), Calls: len(h.Calls), Trick: len(h.Tricks), Proper: h.Turn, By: cards.NoSeat}
	if err := ir.JudgeExposed(h, irr); err != nil {
		return nil, err
	}
	h.Irregular = append(h.Irregular, irr)
	return irr, nil
}

// ExposePenalty makes cards of an irregularity penalty cards of its
// offender, of kind k.
func (h *Hand) ExposePenalty(irr *Irregularity, cs []cards.Card, k PenaltyKind, law string) {
	for _, c := range cs {
		h.Restrict.Exposed = append(h.Restrict.Exposed, PenaltyCard{Seat: irr.Seat, Card: c, Kind: k, Law: law, From: irr.ID})
	}
}

// NewDeal records a new deal demanded: the hand is void, and dealt again.
// A misdeal loses the deal where the code says so (MisdealRules); where
// it does not, a misdeal is refused, the same dealer dealing again.
func (h *Hand) NewDeal(rs Ruleset, reason string, misdeal bool, id events.ID) (*Irregularity, error) {
	ir, err := irregularityRules(rs, "new-deal")
	if err != nil {
		return nil, err
	}
	if h.Phase == PhaseDone {
		return nil, Illegal("new-deal", fmt.Sprintf("hand %d is over; a new deal is demanded while a hand is in progress", h.Number), "")
	}
	irr := &Irregularity{ID: id, Kind: KindNewDeal, Seat: cards.NoSeat, Reason: reason, Calls: len(h.Calls), Trick: len(h.Tricks), Proper: h.Turn, By: cards.NoSeat}
	if err := ir.JudgeNewDeal(h, irr); err != nil {
		return nil, err
	}
	if misdeal {
		mr, ok := rs.(MisdealRules)
		law, loses := "", false
		if ok {
			law, loses = mr.Misdeal(h)
		}
		if !loses {
			return nil, Illegal("new-deal", rs.Info().Title+" has no misdeal that loses the deal: the same dealer deals again; record it without --misdeal", irr.Law)
		}
		irr.Law, irr.What = law, "a misdeal: "+ReasonWords(reason)
		irr.Remedies = append(irr.Remedies, Remedy{Choice: ChoiceMisdeal, Law: law,
			Effect: fmt.Sprintf("a misdeal loses the deal: %s deals next", h.SeatName(h.Dealer.Next(h.Seating.Seats)))})
	}
	h.Irregular = append(h.Irregular, irr)
	h.Annul()
	return irr, nil
}

// ChoiceMisdeal is the remedy a code applies to a new deal that was a
// misdeal which loses the deal.
const ChoiceMisdeal = "misdeal"

// MisdealRules is implemented by codes in which a misdeal loses the deal:
// Misdeal says whether it does for h, and by which law.
type MisdealRules interface {
	Misdeal(h *Hand) (law string, losesDeal bool)
}

// Misdealt reports whether the hand was annulled by a misdeal that lost
// the dealer his deal: the next player deals.
func (h *Hand) Misdealt() bool {
	if !h.Annulled {
		return false
	}
	for _, irr := range h.Irregular {
		if irr.Kind == KindNewDeal && irr.Chose(ChoiceMisdeal) {
			return true
		}
	}
	return false
}

// Annul voids the hand: it is over, scores nothing, and its dealer deals
// again.
func (h *Hand) Annul() {
	h.Annulled = true
	h.Phase, h.Turn = PhaseDone, cards.NoSeat
}

// CorrectRenounce withdraws a renounce in error before it is established:
// the card seat renounced with in the current trick goes back to his hand,
// the cards played after it are taken back (their players may play others,
// Bridge Law 94 and the like), and it is his turn again. What the card
// withdrawn becomes, and what the others may demand, the code says through
// Choices and the irregularity's remedies.
func (h *Hand) CorrectRenounce(rs Ruleset, seat cards.Seat, c cards.Card) (*Irregularity, error) {
	tok := c.String()
	ir, err := irregularityRules(rs, tok)
	if err != nil {
		return nil, err
	}
	t := h.CurrentTrick()
	var irr *Irregularity
	for _, x := range h.Irregular {
		if x.Kind == KindRevoke && x.Seat == seat && x.Card == c && !x.Corrected {
			irr = x
		}
	}
	laws := ir.PlayLaws(h)
	switch {
	case irr == nil:
		return nil, Illegal(tok, fmt.Sprintf("%s has no renounce with %s to correct in this hand", h.SeatName(seat), c), laws.Correct)
	case h.CorrectableTwelfth(rs, irr):
		h.reopenTwelfth()
		t = h.CurrentTrick()
	case irr.Established > 0:
		return nil, Illegal(tok, fmt.Sprintf("%s's revoke was established at trick %d: it can no longer be corrected", h.SeatName(seat), irr.Established), laws.Established)
	case h.Phase != PhasePlay || t == nil || !h.Correctable(irr):
		return nil, Illegal(tok, "a renounce is corrected in the trick in which it was made, before the next is begun and before it is established", laws.Established)
	}
	if irr.Trick == len(h.Tricks)-1 {
		// The trick was complete but not yet quitted: it is opened again.
		h.Tricks = h.Tricks[:len(h.Tricks)-1]
		t = h.CurrentTrick()
		h.Won[h.Seating.SideOf(t.Winner)]--
		t.Winner = cards.NoSeat
	}
	i := slices.IndexFunc(t.Cards, func(p PlayedCard) bool { return p.ID == irr.ID })
	if i < 0 {
		return nil, Illegal(tok, "the renounce is no longer on the table", laws.Correct)
	}
	var withdrawn []PlayedCard
	for len(t.Cards) > i {
		withdrawn = append([]PlayedCard{h.takeBackLast(t)}, withdrawn...)
	}
	irr.Withdrawn = withdrawn
	irr.Corrected = true
	h.Turn = seat
	if len(t.Cards) == 0 {
		t.Leader = seat
	}
	ir.Corrected(h, irr)
	return irr, nil
}

// Correctable reports whether a renounce can still be corrected: not
// established, and its trick still the one being played, or complete with
// nothing yet led to the next.
func (h *Hand) Correctable(irr *Irregularity) bool {
	if irr.Kind != KindRevoke || irr.Corrected || irr.Established > 0 || h.Phase != PhasePlay {
		return false
	}
	n := len(h.Tricks)
	return irr.Trick == n || irr.Trick == n-1 && len(h.Tricks[n-1].Cards) == 0
}

// CorrectableTwelfth reports whether a revoke on the next-to-last trick
// of a hand played out may still be corrected although established, by
// the code's PlayLaws.Twelfth (contract Law 62D1).
func (h *Hand) CorrectableTwelfth(rs Ruleset, irr *Irregularity) bool {
	ir, ok := rs.(IrregularityRules)
	if !ok || ir.PlayLaws(h).Twelfth == "" || irr.Kind != KindRevoke || irr.Corrected {
		return false
	}
	n := rs.Tricks()
	return h.Phase == PhaseDone && !h.Annulled && h.Claim == nil && irr.Trick == n-1 &&
		len(h.Tricks) == n && h.Tricks[n-1].Winner != cards.NoSeat
}

// reopenTwelfth takes back the last trick and opens the one before it
// again, so that a revoke in it is corrected as in a trick on the table
// (Law 62D1): the play goes on from the corrected card.
func (h *Hand) reopenTwelfth() {
	last := &h.Tricks[len(h.Tricks)-1]
	for len(last.Cards) > 0 {
		h.takeBackLast(last)
	}
	h.Won[h.Seating.SideOf(last.Winner)]--
	h.Tricks = h.Tricks[:len(h.Tricks)-1]
	t := h.CurrentTrick()
	h.Won[h.Seating.SideOf(t.Winner)]--
	t.Winner = cards.NoSeat
	for _, irr := range h.Irregular {
		if irr.Kind == KindRevoke && irr.Trick == len(h.Tricks) {
			irr.Established = 0
		}
	}
	h.Phase = PhasePlay
}

// takeBackLast takes the last card of trick t back into its player's
// hand.
func (h *Hand) takeBackLast(t *Trick) PlayedCard {
	p := t.Cards[len(t.Cards)-1]
	t.Cards = t.Cards[:len(t.Cards)-1]
	h.Played = h.Played.Remove(p.Card)
	if h.Known(p.Seat) {
		h.Held[p.Seat] = h.Held[p.Seat].Add(p.Card)
	}
	return p
}

// TakeBack withdraws the card of an irregularity from the current trick
// (a lead out of turn not accepted), with any card played after it, and
// gives the turn back to whose it was (irr.Proper). The card returns to
// its holder's hand; a code that makes it a penalty card says so with
// ExposePenalty.
func (h *Hand) TakeBack(irr *Irregularity) error {
	t := h.CurrentTrick()
	if t == nil || irr.Trick != len(h.Tricks) {
		return Illegal(irr.Card.String(), "the card is no longer on the table", "")
	}
	i := slices.IndexFunc(t.Cards, func(p PlayedCard) bool { return p.ID == irr.ID })
	if i < 0 {
		return Illegal(irr.Card.String(), "the card is no longer on the table", "")
	}
	for len(t.Cards) > i {
		h.takeBackLast(t)
	}
	h.Turn = irr.Proper
	if len(t.Cards) == 0 {
		t.Leader = irr.Proper
	}
	return nil
}

// ReplayFrom takes back the cards of trick n (from 1) and every trick
// after it, and the tricks they won: the hand is played anew from that
// trick, its leader to lead (Five Hundred, Hoffmann's revoke rule).
func (h *Hand) ReplayFrom(rs Ruleset, n int) {
	if n < 1 || n > len(h.Tricks) {
		return
	}
	leader := h.Tricks[n-1].Leader
	if len(h.Tricks[n-1].Cards) > 0 {
		leader = h.Tricks[n-1].Cards[0].Seat
		for _, irr := range h.Irregular {
			if irr.Trick == n && (irr.Kind == KindLeadOutOfTurn || irr.Kind == KindWrongHand) && irr.ID == h.Tricks[n-1].Cards[0].ID {
				leader = irr.Proper
			}
		}
	}
	for i := len(h.Tricks) - 1; i >= n-1; i-- {
		t := &h.Tricks[i]
		if t.Winner != cards.NoSeat {
			h.Won[h.Seating.SideOf(t.Winner)]--
		}
		for len(t.Cards) > 0 {
			h.takeBackLast(t)
		}
	}
	h.Tricks = append(h.Tricks[:n-1], Trick{Leader: leader, Winner: cards.NoSeat})
	h.Claim = nil
	h.Phase, h.Turn = PhasePlay, leader
	_ = rs
}

// ChooseRemedy records the remedy chosen for the irregularity of event
// target: choice must be open now (IrregularityRules.Choices).
func (h *Hand) ChooseRemedy(rs Ruleset, target events.ID, choice string, card cards.Card, suit cards.Suit, id events.ID) (*Irregularity, error) {
	ir, err := irregularityRules(rs, choice)
	if err != nil {
		return nil, err
	}
	irr := h.Irregularity(target)
	if irr == nil {
		return nil, fmt.Errorf("%w: the event named is not an irregularity of hand %d", ErrNoIrregularity, h.Number)
	}
	open, settled := ir.Choices(h, irr)
	i := slices.IndexFunc(open, func(c Choice) bool { return c.Name == choice })
	if i < 0 {
		if len(open) == 0 {
			if settled == "" {
				settled = "no remedy is open for it now"
			}
			return nil, Illegal(choice, fmt.Sprintf("%s: %s", irr.Describe(h), settled), irr.Law)
		}
		return nil, Illegal(choice, fmt.Sprintf("the remedies open for %s are %s", irr.Describe(h), ChoiceNames(open)), irr.Law)
	}
	c := open[i]
	switch c.Arg {
	case "CARD":
		if card == cards.NoCard {
			return nil, Illegal(choice, fmt.Sprintf("name the card: hoyle penalty %s CARD", choice), c.Law)
		}
	case "SUIT":
		if suit == cards.NoSuit {
			return nil, Illegal(choice, fmt.Sprintf("name the suit: hoyle penalty %s SUIT", choice), c.Law)
		}
	default:
		if card != cards.NoCard || suit != cards.NoSuit {
			return nil, Illegal(choice, choice+" names no card or suit", c.Law)
		}
	}
	r := Remedy{ID: id, By: c.By, Choice: choice, Card: card, Suit: suit, Law: c.Law, Effect: c.Effect}
	if h.Phase == PhasePlay {
		r.Trick = len(h.Tricks)
	}
	if err := ir.Choose(h, irr, &r); err != nil {
		return nil, err
	}
	irr.Remedies = append(irr.Remedies, r)
	return irr, nil
}

// ChoiceNames lists choices for a message: "tricks or points".
func ChoiceNames(cs []Choice) string {
	var names []string
	for _, c := range cs {
		n := c.Name
		if c.Arg != "" {
			n += " " + c.Arg
		}
		names = append(names, n)
	}
	switch len(names) {
	case 0:
		return "none"
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// Open lists the irregularities of the hand with a remedy open now, each
// with its choices.
func (h *Hand) Open(rs Ruleset) []OpenRemedy {
	ir, ok := rs.(IrregularityRules)
	if !ok {
		return nil
	}
	var out []OpenRemedy
	for _, irr := range h.Irregular {
		if cs, _ := ir.Choices(h, irr); len(cs) > 0 {
			out = append(out, OpenRemedy{Irregularity: irr, Choices: cs})
		}
	}
	return out
}

// OpenRemedy is an irregularity with the remedies open for it.
type OpenRemedy struct {
	Irregularity *Irregularity
	Choices      []Choice
}

// Describe names an irregularity in a few words: "E's revoke (trick 3)".
func (irr *Irregularity) Describe(h *Hand) string {
	who := "the table"
	if irr.Seat != cards.NoSeat {
		who = h.SeatName(irr.Seat) + "'s"
	}
	switch {
	case irr.Trick > 0 && irr.Card != cards.NoCard:
		return fmt.Sprintf("%s %s (%s, trick %d)", who, irr.Kind, irr.Card, irr.Trick)
	case irr.Kind == KindExposed:
		var cs []string
		for _, c := range irr.Cards {
			cs = append(cs, c.String())
		}
		return fmt.Sprintf("%s %s (%s)", who, irr.Kind, strings.Join(cs, " "))
	case !irr.Call.IsZero():
		return fmt.Sprintf("%s %s (%s)", who, irr.Kind, irr.Call)
	}
	return fmt.Sprintf("%s %s", who, irr.Kind)
}

// AfterCall is told of each call entered in the auction by seat (the
// fold's, after the ruleset took it): a bar for his next turn only has
// been served.
func (h *Hand) AfterCall(seat cards.Seat) {
	bars := h.Restrict.Bars[:0]
	for _, b := range h.Restrict.Bars {
		if b.Seat == seat && b.Until == BarNextTurn && b.After < len(h.Calls) {
			continue
		}
		bars = append(bars, b)
	}
	h.Restrict.Bars = bars
	var rep []RepeatCall
	for _, r := range h.Restrict.Repeat {
		if r.Seat == seat && r.After < len(h.Calls) {
			continue
		}
		rep = append(rep, r)
	}
	h.Restrict.Repeat = rep
	if h.Phase != PhaseAuction {
		h.Restrict.Bars = nil
		h.Restrict.Repeat = nil
		if h.Contract != nil && h.Contract.Declarer != cards.NoSeat {
			// The declarer is not liable to any penalty for exposed cards
			// (Foster, Exposed Cards; Bridge Law 72; contract Law 24, a
			// card exposed in the auction is a penalty card only if its
			// holder becomes a defender).
			var keep []PenaltyCard
			for _, p := range h.Restrict.Exposed {
				if !h.Declaring(p.Seat) {
					keep = append(keep, p)
				}
			}
			h.Restrict.Exposed = keep
		}
	}
}

// barActive reports whether bar b keeps its seat from a call now.
func (h *Hand) barActive(b Bar) bool {
	for _, c := range h.Calls[min(b.After, len(h.Calls)):] {
		if c.Call.Kind != cards.Bid && c.Call.Kind != cards.Double {
			continue
		}
		switch b.Until {
		case BarUntilAdverse:
			if h.Seating.SideOf(c.Seat) != h.Seating.SideOf(b.Seat) {
				return false
			}
		case BarUntilOverbid:
			return false
		}
	}
	return true
}

// CheckRestrictedCall refuses a call a bar or a repeat in force forbids
// to seat; the refusal's Cause is ErrRestricted.
func (h *Hand) CheckRestrictedCall(seat cards.Seat, c cards.Call) error {
	tok := c.String()
	for _, b := range h.Restrict.Bars {
		if b.Seat != seat || !h.barActive(b) {
			continue
		}
		switch {
		case b.NoDouble && (c.Kind == cards.Double || c.Kind == cards.Redouble):
			return &IllegalError{Token: tok, Reason: h.SeatName(seat) + " may not double or redouble in this auction", Law: b.Law, Cause: ErrRestricted}
		case !b.NoDouble && c.Kind != cards.Pass:
			return &IllegalError{Token: tok, Reason: h.SeatName(seat) + " " + barText(b), Law: b.Law, Cause: ErrRestricted}
		}
	}
	for _, r := range h.Restrict.Repeat {
		if r.Seat != seat {
			continue
		}
		allPass := true
		for _, x := range h.Calls[min(r.After, len(h.Calls)):] {
			allPass = allPass && x.Call.Kind == cards.Pass
		}
		if allPass && c != r.Call {
			return &IllegalError{Token: tok, Reason: fmt.Sprintf("%s must repeat the %s he made out of turn, his right-hand opponent having passed", h.SeatName(seat), r.Call), Law: r.Law, Cause: ErrRestricted}
		}
	}
	return nil
}

// barText says how long a bar lasts.
func barText(b Bar) string {
	switch b.Until {
	case BarNextTurn:
		return "must pass at this turn"
	case BarUntilAdverse:
		return "is barred from the auction until an adversary bids or doubles"
	case BarUntilOverbid:
		return "passed out of turn and may not bid again until the declaration he passed is overbid or doubled"
	}
	return "must pass for the rest of the auction"
}

// BarsText lists the bars in force, for a view: "W must pass for the rest
// of the auction (Law 27B2)".
func (h *Hand) BarsText() []string {
	var out []string
	for _, b := range h.Restrict.Bars {
		if !h.barActive(b) {
			continue
		}
		line := h.SeatName(b.Seat) + " " + barText(b)
		if b.NoDouble {
			line = h.SeatName(b.Seat) + " may not double or redouble in this auction"
		}
		if b.Law != "" {
			line += " (" + b.Law + ")"
		}
		out = append(out, line)
	}
	return out
}

// checkRestrictedCard refuses a card that a remedy in force forbids seat
// to play: a card called, a penalty card that must be played, a suit
// called or forbidden for the lead, a card he must play to this trick. A
// remedy never obliges a player to revoke. The refusal's Cause is
// ErrRestricted.
func (h *Hand) checkRestrictedCard(rs Ruleset, seat cards.Seat, c cards.Card) error {
	tok := c.String()
	refuse := func(reason, law string) error {
		return &IllegalError{Token: tok, Reason: reason, Law: law, Cause: ErrRestricted}
	}
	t := h.CurrentTrick()
	legal := func(x cards.Card) bool {
		if x == c {
			return true
		}
		if h.Known(seat) && !h.Held[seat].Has(x) || h.Played.Has(x) {
			return false
		}
		return rs.CheckPlay(h, seat, x) == nil
	}
	for _, cc := range h.Restrict.Called {
		if cc.Seat == seat && cc.Card != c && legal(cc.Card) {
			return refuse(fmt.Sprintf("%s was called: %s must play it", cc.Card, h.SeatName(seat)), cc.Law)
		}
	}
	var majors []cards.Card
	law := ""
	for _, p := range h.Restrict.Exposed {
		if p.Seat == seat && p.Kind == Major && legal(p.Card) {
			majors = append(majors, p.Card)
			law = p.Law
		}
	}
	if len(majors) > 0 && !slices.Contains(majors, c) {
		return refuse(fmt.Sprintf("%s must play his penalty card (%s) at the first legal opportunity", h.SeatName(seat), CardList(majors)), law)
	}
	for _, p := range h.Restrict.Exposed {
		if p.Seat == seat && p.Kind == Minor && c != p.Card && c.Suit() == p.Card.Suit() && c.Rank() < cards.Ten {
			return refuse(fmt.Sprintf("%s may not play another card of %s below an honour before his penalty card %s", h.SeatName(seat), c.Suit().Name(), p.Card), p.Law)
		}
	}
	if t != nil && len(t.Cards) == 0 {
		for _, l := range h.Restrict.Leads {
			if !slices.Contains(l.Seats, seat) {
				continue
			}
			s := playSuit(rs, h, c)
			switch {
			case l.Forbid && s == l.Suit:
				return refuse(fmt.Sprintf("%s may not lead %s", h.SeatName(seat), l.Suit.Name()), l.Law)
			case !l.Forbid && s != l.Suit && h.Known(seat) && h.suitHeld(rs, seat, l.Suit) != "":
				return refuse(fmt.Sprintf("%s was called: %s must lead one (holds %s)", l.Suit.Name(), h.SeatName(seat), h.suitHeld(rs, seat, l.Suit)), l.Law)
			}
		}
	}
	for _, pr := range h.Restrict.Plays {
		if pr.Seat != seat || pr.Trick != len(h.Tricks) || t == nil || !h.Known(seat) {
			continue
		}
		if want, ok := h.ruleCard(rs, seat, pr.Rule); ok && !slices.Contains(want, c) {
			return refuse(fmt.Sprintf("%s must play %s to this trick (%s)", h.SeatName(seat), ruleText(pr.Rule), CardList(want)), pr.Law)
		}
	}
	return nil
}

// ruleCard lists the cards that satisfy a play rule for seat now; ok is
// false when he cannot comply and may play any legal card.
func (h *Hand) ruleCard(rs Ruleset, seat cards.Seat, rule string) ([]cards.Card, bool) {
	t := h.CurrentTrick()
	var legal []cards.Card
	for _, x := range h.Held[seat].Cards() {
		if !h.Played.Has(x) && rs.CheckPlay(h, seat, x) == nil {
			legal = append(legal, x)
		}
	}
	led := ledSuit(rs, h, t)
	var ofLed []cards.Card
	for _, x := range legal {
		if playSuit(rs, h, x) == led {
			ofLed = append(ofLed, x)
		}
	}
	trump, hasTrump := h.Trump()
	wins := func(x cards.Card) bool {
		trial := *t
		trial.Cards = append(slices.Clone(t.Cards), PlayedCard{Seat: seat, Card: x})
		return rs.TrickWinner(h, &trial) == seat
	}
	switch rule {
	case PlayHighest, PlayLowest:
		if len(ofLed) == 0 {
			return nil, false
		}
		best := ofLed[0]
		for _, x := range ofLed[1:] {
			if (rule == PlayHighest) == (x.Rank() > best.Rank()) {
				best = x
			}
		}
		return []cards.Card{best}, true
	case PlayWin, PlayNotWin:
		var out []cards.Card
		for _, x := range legal {
			if wins(x) == (rule == PlayWin) {
				out = append(out, x)
			}
		}
		return out, len(out) > 0
	case PlayTrump, PlayNotTrump:
		if len(ofLed) > 0 || !hasTrump {
			return nil, false
		}
		var out []cards.Card
		for _, x := range legal {
			if (playSuit(rs, h, x) == trump) == (rule == PlayTrump) {
				out = append(out, x)
			}
		}
		return out, len(out) > 0
	}
	return nil, false
}

func ruleText(rule string) string {
	switch rule {
	case PlayHighest:
		return "his highest card of the suit led"
	case PlayLowest:
		return "his lowest card of the suit led"
	case PlayWin:
		return "a card that wins the trick"
	case PlayNotWin:
		return "a card that does not win the trick"
	case PlayTrump:
		return "a trump"
	case PlayNotTrump:
		return "a card that is not a trump"
	}
	return rule
}

// CardList writes cards for a sentence: "SA H2".
func CardList(cs []cards.Card) string {
	var out []string
	for _, c := range cs {
		out = append(out, c.String())
	}
	return strings.Join(out, " ")
}

// consumeRestrictions clears what a card played by seat has served: a
// card called, the penalty card played, a lead rule of this lead, a play
// rule of this trick.
func (h *Hand) consumeRestrictions(seat cards.Seat, c cards.Card, trick int, led bool) {
	var called []CalledCard
	for _, cc := range h.Restrict.Called {
		if cc.Seat != seat {
			called = append(called, cc)
		}
	}
	h.Restrict.Called = called
	var exposed []PenaltyCard
	for _, p := range h.Restrict.Exposed {
		if p.Card != c {
			exposed = append(exposed, p)
		}
	}
	h.Restrict.Exposed = exposed
	if led {
		var leads []LeadRule
		for _, l := range h.Restrict.Leads {
			if !slices.Contains(l.Seats, seat) {
				leads = append(leads, l)
			}
		}
		h.Restrict.Leads = leads
	}
	var plays []PlayRule
	for _, p := range h.Restrict.Plays {
		if !(p.Seat == seat && p.Trick == trick) && p.Trick >= trick {
			plays = append(plays, p)
		}
	}
	h.Restrict.Plays = plays
}

// afterCard follows the revokes after each card: it finds the revokes the
// card proves (a player who showed out of a suit plays a card of it,
// which hoyle can tell only of a hand not recorded at the deal), and
// establishes those the card establishes.
func (h *Hand) afterCard(rs Ruleset, seat cards.Seat, c cards.Card, id events.ID, trick int) {
	ir, ok := rs.(IrregularityRules)
	if !ok {
		return
	}
	if !h.Known(seat) {
		h.findRevokes(rs, seat, c, id, trick)
	}
	h.establish(ir, func(irr *Irregularity) bool {
		if trick <= irr.Trick {
			return false
		}
		return ir.PlayLaws(h).Quitted || seat == irr.Seat || seat == h.Seating.Partner(irr.Seat)
	}, trick)
	if h.Phase == PhaseDone {
		h.EstablishAll(rs)
	}
}

// findRevokes flags the revokes a card proves: seat plays c, of a suit he
// failed to follow earlier in the hand (a card of another suit played to
// its lead), so he held it then. Each earlier renounce in the suit is a
// revoke, found in the record.
func (h *Hand) findRevokes(rs Ruleset, seat cards.Seat, c cards.Card, id events.ID, trick int) {
	suit := playSuit(rs, h, c)
	if suit == cards.NoSuit {
		return
	}
	for ti := 0; ti < trick-1 && ti < len(h.Tricks); ti++ {
		t := &h.Tricks[ti]
		if ledSuit(rs, h, t) != suit {
			continue
		}
		for _, p := range t.Cards {
			if p.Seat != seat || playSuit(rs, h, p.Card) == suit || playSuit(rs, h, p.Card) == cards.NoSuit {
				continue
			}
			if h.Irregularity(p.ID) != nil {
				continue // already recorded as a renounce
			}
			irr := &Irregularity{ID: p.ID, Kind: KindRevoke, Seat: seat, Card: p.Card, Trick: ti + 1, Proper: seat, By: cards.NoSeat,
				Found: true, Proof: id, ProofTrick: trick,
				What: fmt.Sprintf("%s renounced in %s with %s at trick %d, and played %s at trick %d", h.SeatName(seat), suit.Name(), p.Card, ti+1, c, trick)}
			if ir, ok := rs.(IrregularityRules); ok {
				irr.Law = ir.PlayLaws(h).Revoke
				if laws := ir.PlayLaws(h); laws.Dummy != "" && h.IsDummy(seat) {
					irr.Law = laws.Dummy
				}
			}
			h.Irregular = append(h.Irregular, irr)
			h.establishFound(rs, irr)
		}
	}
}

// establishFound settles when a revoke found in the record was
// established: the first card of a later trick by its offender or his
// partner (or by anyone, in a code where quitting the trick establishes
// it).
func (h *Hand) establishFound(rs Ruleset, irr *Irregularity) {
	ir, ok := rs.(IrregularityRules)
	if !ok {
		return
	}
	quitted := ir.PlayLaws(h).Quitted
	for ti := irr.Trick; ti < len(h.Tricks); ti++ {
		for _, p := range h.Tricks[ti].Cards {
			if quitted || p.Seat == irr.Seat || p.Seat == h.Seating.Partner(irr.Seat) {
				irr.Established = ti + 1
				ir.Established(h, irr)
				return
			}
		}
	}
	if h.Phase == PhaseDone {
		irr.Established = irr.Trick
		ir.Established(h, irr)
	}
}

// establish establishes each revoke not yet established (nor corrected)
// that by says the latest card establishes.
func (h *Hand) establish(ir IrregularityRules, by func(*Irregularity) bool, trick int) {
	for _, irr := range h.Irregular {
		if irr.Kind != KindRevoke || irr.Established > 0 || irr.Corrected || !by(irr) {
			continue
		}
		irr.Established = trick
		ir.Established(h, irr)
	}
}

// EstablishAll establishes every revoke still open when the hand ends:
// the last trick is turned and quitted, or the play is ended by a claim.
func (h *Hand) EstablishAll(rs Ruleset) {
	ir, ok := rs.(IrregularityRules)
	if !ok {
		return
	}
	h.establish(ir, func(*Irregularity) bool { return true }, len(h.Tricks))
}

// RevokeTransfer is what a revoke penalty of tricks does to the tricks a
// side is scored with.
type RevokeTransfer struct {
	Irregularity *Irregularity
	To           cards.Side
	Tricks       int
}

// ScoredWon is the tricks each side is scored with: those won in play,
// with transfers applied (the tricks a revoke penalty takes from one side
// to the other, never more than the side has).
func ScoredWon(h *Hand, transfers []RevokeTransfer) []int {
	won := slices.Clone(h.Won)
	for _, tr := range transfers {
		from := 1 - tr.To
		if int(tr.To) < 0 || int(tr.To) >= len(won) || len(won) != 2 {
			continue
		}
		n := min(tr.Tricks, won[from])
		won[from] -= n
		won[tr.To] += n
	}
	return won
}

// WonBefore counts the tricks side won in play before trick n (from 1).
func WonBefore(h *Hand, side cards.Side, n int) int {
	k := 0
	for i := 0; i < n-1 && i < len(h.Tricks); i++ {
		if w := h.Tricks[i].Winner; w != cards.NoSeat && h.Seating.SideOf(w) == side {
			k++
		}
	}
	return k
}

// Revokes lists the hand's revokes that carry a penalty: established, not
// corrected.
func (h *Hand) Revokes() []*Irregularity {
	var out []*Irregularity
	for _, irr := range h.Irregular {
		if irr.Kind == KindRevoke && irr.Established > 0 && !irr.Corrected {
			out = append(out, irr)
		}
	}
	return out
}

// ReasonWords is the reason given at the table for a new deal, or words
// for none.
func ReasonWords(reason string) string {
	if reason == "" {
		return "demanded at the table"
	}
	return reason
}

// TricksOrValue is what the old codes' revoke penalty does to a hand:
// three tricks taken, or their value deducted from the revoking side's
// score or added to the claimants' (Bridge Law 90; the Laws of Whist, 75).
// Transfers are the tricks of those who chose tricks; Deduct and Add the
// revokes whose value is deducted or added; Revoked the sides penalized;
// Unchosen the established revokes with no penalty chosen.
type TricksOrValue struct {
	Transfers   []RevokeTransfer
	Deduct, Add []*Irregularity
	Revoked     map[cards.Side]bool
	Unchosen    []*Irregularity
}

// TricksOrValue reads the hand's established revokes (not dummy's) and the
// penalties chosen for them, tricks being the tricks a revoke costs.
func (h *Hand) TricksOrValue(tricks int) TricksOrValue {
	rv := TricksOrValue{Revoked: map[cards.Side]bool{}}
	for _, irr := range h.Revokes() {
		if h.IsDummy(irr.Seat) {
			continue
		}
		side := h.Offending(irr)
		switch {
		case irr.Chose("tricks"):
			rv.Transfers = append(rv.Transfers, RevokeTransfer{Irregularity: irr, To: 1 - side, Tricks: tricks})
		case irr.Chose("deduct"):
			rv.Deduct = append(rv.Deduct, irr)
		case irr.Chose("add"):
			rv.Add = append(rv.Add, irr)
		default:
			rv.Unchosen = append(rv.Unchosen, irr)
			continue
		}
		rv.Revoked[side] = true
	}
	return rv
}
