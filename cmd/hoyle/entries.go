package main

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/eventrec"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/eventbook"
	"github.com/hoyle/hoyle/replay"
)

// The table entries: deal, call, play, discard, claim, undo, note. Each is
// a thin wrapper over the recorder, which checks the laws and appends all
// or nothing; each prints the table's state in one line after it.

// recordEntry records e and prints the status line.
func recordEntry(ctx context.Context, streams *Streams, db *database, e tableEntry) error {
	s, err := db.record(ctx, e)
	if err != nil {
		return err
	}
	printStatus(streams, s)
	return nil
}

// dealOptions are the flags of hoyle deal.
type dealOptions struct {
	IO     *Streams
	DB     *database
	PBN    string
	Hands  []string // --hand SEAT=HAND
	Widow  string
	TurnUp string
	Seed   *uint64 // nil: not given
	Cut    *int
	Board  *int
	Of     int // --of N: give hands to hand N, dealt already
	// Fouled records a board whose cards differ from the event's hand
	// record as they were dealt at this table (Law 87).
	Fouled bool
}

// newDealCmd builds the command: it binds the flags to the options and calls runDeal.
func newDealCmd(f *factory) *cobra.Command {
	opts := &dealOptions{IO: f.IO, DB: f.DB}
	var seed uint64
	var cut, board int
	cmd := &cobra.Command{
		Use:   "deal [--pbn DEAL | --hand SEAT=HAND... [--widow HAND] [--turn-up CARD]] [--seed N] [--cut K] [--board N]",
		Short: "Record the deal of the next hand",
		Long: `Record the deal of the next hand. The dealer is the seat on the last dealer's
left (or the board's dealer with --board). Give the hands as a PBN deal, or
a shuffle seed (hoyle records the shuffle and derives the hands, the widow
and the card turned up), or nothing (the hands are not recorded; calls and
cards are still checked for turn).

For a game not played by compass seats (Five Hundred's A, B, C), or to give
only some hands, give each hand with --hand SEAT=HAND: the seat as the game
names it or the player's name, and the hand in PBN form, spades first
("AKQ2.K2.A3.AQ432"; "-" or nothing for a void; "+JK" adds the Joker).
--widow gives the widow (when every hand is given, the cards left over are
the widow). In whist, --turn-up records the trump card the dealer turned up:
it is required unless the deal comes from --seed.

Hands learned after the deal (turned up after the play) are given with
--hand while the hand is in progress, or with --of N for hand N: each must
agree with the cards its seat played. When the play has shown every card,
hoyle knows the hands itself.`,
		Example: `  hoyle deal --pbn "N:AKQ2.K2.A3.AQ432 J93.QJ9.KQJ2.J75 T654.A854.T94.K8 87.T763.8765.T96"
  hoyle deal --seed 42 --cut 20
  hoyle deal --board 7
  hoyle deal --turn-up H7
  hoyle deal --hand A=87.AKJ.J7.87+JK --hand B=AKQ.QT9.AK.AK --hand C=JT9.87.QT.QJT --widow ..98.9
  hoyle deal --of 3 --hand W=KQ4.T98.A73.J652   # West's hand of hand 3, turned up after the play`,
		Args: func(cmd *cobra.Command, args []string) error {
			// A PBN deal's four hands, given without quotes, arrive as
			// the flag's value and three more words.
			if len(args) > 0 && (opts.PBN == "" || len(args) > 3) {
				return usagef("no arguments; give the deal with --pbn, --hand or --seed")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) > 0 {
				opts.PBN = strings.Join(append([]string{opts.PBN}, args...), " ")
			}
			if cmd.Flags().Changed("seed") {
				opts.Seed = &seed
			}
			if cmd.Flags().Changed("cut") {
				opts.Cut = &cut
			}
			if cmd.Flags().Changed("board") {
				opts.Board = &board
			}
			return runDeal(cmd.Context(), opts)
		},
	}
	cmd.Flags().StringVar(&opts.PBN, "pbn", "", `the hands as a PBN deal, "N:spades.hearts.diamonds.clubs ..." clockwise`)
	cmd.Flags().StringArrayVar(&opts.Hands, "hand", nil, "a hand as SEAT=HAND (repeatable): the seat (or the player's name) and a PBN hand")
	cmd.Flags().StringVar(&opts.Widow, "widow", "", "the widow as a PBN hand (Five Hundred)")
	cmd.Flags().StringVar(&opts.TurnUp, "turn-up", "", "the card turned up for trump (whist), such as H7")
	cmd.Flags().Uint64Var(&seed, "seed", 0, "shuffle with this seed and derive the hands")
	cmd.Flags().IntVar(&cut, "cut", 0, "cards lifted in the cut (at least four in each packet)")
	cmd.Flags().IntVar(&board, "board", 0, "duplicate board number, 1 or more: fixes dealer and vulnerability")
	cmd.Flags().IntVar(&opts.Of, "of", 0, "give --hand to hand N, dealt already (hands turned up after the play)")
	cmd.Flags().BoolVar(&opts.Fouled, "fouled", false, "with --board: the board is fouled (Law 87): record the cards given, which differ from the event's hand record")
	return cmd
}

// runDeal records the next deal from the flags; the laws check it.
func runDeal(ctx context.Context, opts *dealOptions) error {
	spec := projections.DealSpec{PBN: opts.PBN, Widow: opts.Widow, TurnUp: opts.TurnUp, Seed: opts.Seed, Cut: opts.Cut, Of: opts.Of}
	if opts.Of < 0 {
		return usagef("--of %d: hands are numbered from 1", opts.Of)
	}
	if opts.Board != nil {
		if *opts.Board < 1 {
			return usagef("--board %d: a board number is 1 or more", *opts.Board)
		}
		spec.Board = *opts.Board
	}
	var err error
	if spec.Hands, err = handFlags(opts.Hands); err != nil {
		return err
	}
	if opts.Fouled && opts.Board == nil {
		return usagef("--fouled is for a duplicate board: give --board N and the cards as they were")
	}
	var record *eventrec.Deal // the hand record's deal of the board, if the event has one
	return recordEntry(ctx, opts.IO, opts.DB, tableEntry{
		prepare: func(ctx context.Context, st events.Store, session string) error {
			if opts.Board == nil {
				return nil
			}
			d, err := handRecordDeal(ctx, st, session, *opts.Board)
			record = d
			return err
		},
		decide: func(s *projections.Session, stamp projections.Stamp) ([]events.Event, error) {
			given := spec
			typed := given.PBN != "" || len(given.Hands) > 0 || given.Seed != nil
			if record != nil && !typed && given.Of == 0 {
				// No cards typed: the board's cards are the hand record's.
				given.PBN = cards.Deal(record.Hands[:]).PBN(cards.North)
			}
			evs, err := s.DecideDeal(stamp, given)
			if err != nil || given.Of != 0 || opts.Board == nil {
				return evs, err
			}
			return checkHandRecord(evs, record, opts.Fouled, *opts.Board)
		}})
}

// handRecordDeal is the event's hand record's deal of board, for the
// session's event; nil if the session is in no event, or its record has
// no such board (its cards are typed, as at a table of no event).
func handRecordDeal(ctx context.Context, st events.Store, session string, board int) (*eventrec.Deal, error) {
	for e, err := range st.ReadSession(ctx, session, 1) {
		if err != nil {
			return nil, err
		}
		o, ok := e.Data.(*table.SessionOpened)
		if !ok || o.Event == "" {
			return nil, nil
		}
		book, _, err := readBook(ctx, st, o.Event)
		if err != nil {
			return nil, err
		}
		if d, ok := book.Deal(board); ok {
			return &d, nil
		}
		return nil, nil
	}
	return nil, nil
}

// checkHandRecord holds a board's deal, as decided, against the hand
// record's: cards that differ are refused, naming the difference, unless
// the board is recorded fouled (then the deal is marked so).
func checkHandRecord(evs []events.Event, record *eventrec.Deal, fouled bool, board int) ([]events.Event, error) {
	if record == nil {
		if fouled {
			return nil, usagef("--fouled: board %d is not in the event's hand record, so its cards cannot differ from it; record the deal without --fouled", board)
		}
		return evs, nil
	}
	for _, ev := range evs {
		d, ok := ev.Data.(*table.Dealt)
		if !ok {
			continue
		}
		err := eventbook.CheckGiven(*record, d.Hands)
		switch {
		case err != nil && fouled:
			d.Fouled = true
		case err != nil:
			return nil, fmt.Errorf("%w; type the cards again, or record the board as fouled with --fouled (Law 87); nothing was recorded", err)
		case fouled:
			return nil, usagef("--fouled: board %d's cards are as the hand record gives them; a fouled board is one whose cards differ", board)
		}
	}
	return evs, nil
}

// handFlags reads deal's repeated --hand SEAT=HAND flags into the
// DealSpec's Hands (nil when none is given). Which seat a name means, and
// whether the hand is one, is for the laws to judge.
func handFlags(flags []string) (map[string]string, error) {
	var out map[string]string
	for _, kv := range flags {
		seat, hand, ok := strings.Cut(kv, "=")
		if !ok || strings.TrimSpace(seat) == "" {
			return nil, usagef("--hand %q: write it as SEAT=HAND, such as A=87.AKJ.J7.87+JK", kv)
		}
		for given := range out {
			if strings.EqualFold(given, seat) {
				return nil, usagef("--hand %q: seat %s is given twice", kv, seat)
			}
		}
		if out == nil {
			out = map[string]string{}
		}
		out[seat] = hand
	}
	return out, nil
}

// tokensOptions are the arguments of the commands that take calls or
// cards: call, play, discard.
type tokensOptions struct {
	IO     *Streams
	DB     *database
	Tokens []string
	// Irregular records the calls or cards as made although the laws
	// forbid them, by Seat (default: whose turn it is); By is who played
	// a card of dummy's when not the declarer (see irregular.go).
	Irregular bool
	Seat, By  string
}

// newCallCmd builds the command: it binds the flags to the options and calls runCall.
func newCallCmd(f *factory) *cobra.Command {
	opts := &tokensOptions{IO: f.IO, DB: f.DB}
	cmd := &cobra.Command{
		Use:   "call CALL...",
		Short: "Record calls, each for whoever's turn it is",
		Long: `Record calls of the auction, each for the seat whose turn it is. Calls are
1C to 7NT (2R is royal spades in Auction Bridge), P or pass, X or double,
XX or redouble, in any case. If any call is not allowed, none is recorded.

A call made against the laws (out of turn, insufficient, impossible, a
double of partner, a call by a player barred) is recorded as it was made
with --irregular, by --seat (default: whoever's turn it is): hoyle names
the irregularity and its law, and hoyle penalty lists the remedies.`,
		Example: `  hoyle call 1S P 1C 1NT
  hoyle call pass double
  hoyle call --irregular 4C            # insufficient over three royals
  hoyle call --irregular --seat E 1H   # East called out of turn`,
		Args: minArgs(1, "at least one call, such as 1S, P, X or XX"),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Tokens = args
			if opts.Irregular {
				return runIrregularCall(cmd.Context(), opts)
			}
			if opts.Seat != "" {
				return usagef("--seat names who made an irregular call: give it with --irregular")
			}
			return runCall(cmd.Context(), opts)
		},
	}
	irregularFlags(cmd, opts, false)
	return cmd
}

// runCall records the calls, all or none.
func runCall(ctx context.Context, opts *tokensOptions) error {
	return recordNamed(ctx, opts.IO, opts.DB, func(s *projections.Session, stamp projections.Stamp) ([]events.Event, error) {
		return s.DecideCalls(stamp, opts.Tokens)
	})
}

// newPlayCmd builds the command: it binds the flags to the options and calls runPlay.
func newPlayCmd(f *factory) *cobra.Command {
	opts := &tokensOptions{IO: f.IO, DB: f.DB}
	cmd := &cobra.Command{
		Use:   "play CARD...",
		Short: "Record cards played, each for whoever's turn it is (dummy's too)",
		Long: `Record cards played, each for the seat whose turn it is; when it is dummy's
turn, the card is dummy's. Cards are suit and rank in either order and any
case: SA, as, HT, H10, 10h, d2. If any card is not allowed, none is recorded.

A card played against the laws (a renounce in error, a lead or play out of
turn, a card from the wrong hand, dummy's card played by someone else) is
recorded as it was played with --irregular: --seat is the hand it came
from (default: whoever's turn it is), --by who played it when that was not
its player (dummy's card played by dummy himself). hoyle names the
irregularity and its law; hoyle penalty lists the remedies.`,
		Example: `  hoyle play D4 DJ D3 D5
  hoyle play --irregular D2            # a renounce: he held a heart
  hoyle play --irregular --seat W SK   # West led out of turn
  hoyle play --irregular --seat N --by N C3   # dummy played his own card`,
		Args: minArgs(1, "at least one card, such as SA or h10"),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Tokens = args
			if opts.Irregular {
				return runIrregularPlay(cmd.Context(), opts)
			}
			if opts.Seat != "" || opts.By != "" {
				return usagef("--seat and --by say who played an irregular card: give them with --irregular")
			}
			return runPlay(cmd.Context(), opts)
		},
	}
	irregularFlags(cmd, opts, true)
	return cmd
}

// runPlay records the cards, all or none.
func runPlay(ctx context.Context, opts *tokensOptions) error {
	// A card may prove a revoke found in the record, or establish one:
	// recordNamed says so.
	return recordNamed(ctx, opts.IO, opts.DB, func(s *projections.Session, stamp projections.Stamp) ([]events.Event, error) {
		return s.DecidePlays(stamp, opts.Tokens)
	})
}

// newDiscardCmd builds the command: it binds the flags to the options and calls runDiscard.
func newDiscardCmd(f *factory) *cobra.Command {
	opts := &tokensOptions{IO: f.IO, DB: f.DB}
	return &cobra.Command{
		Use:   "discard CARD...",
		Short: "Record the cards the bidder lays away after taking the widow (Five Hundred)",
		Long: `Record the cards the player to act lays away: in Five Hundred the bidder
takes the widow into his hand and lays away three cards face down, then
leads. Cards are written as for play (C7, d10, JK for the Joker). If the
discard is not allowed, nothing is recorded.`,
		Example: `  hoyle discard C7 C8 D9`,
		Args:    minArgs(1, "the cards laid away, such as C7 C8 D9"),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Tokens = args
			return runDiscard(cmd.Context(), opts)
		},
	}
}

// runDiscard records the cards laid away.
func runDiscard(ctx context.Context, opts *tokensOptions) error {
	return recordEntry(ctx, opts.IO, opts.DB, tableEntry{decide: func(s *projections.Session, stamp projections.Stamp) ([]events.Event, error) {
		return s.DecideDiscard(stamp, opts.Tokens)
	}})
}

// claimOptions are the arguments and flags of hoyle claim.
type claimOptions struct {
	IO        *Streams
	DB        *database
	Args      []string // as typed: N, then SEAT=N for how the rest fall; checked by runClaim
	By        string
	Statement string
}

// newClaimCmd builds the command: it binds the flags to the options and calls runClaim.
func newClaimCmd(f *factory) *cobra.Command {
	opts := &claimOptions{IO: f.IO, DB: f.DB}
	cmd := &cobra.Command{
		Use:   "claim N [SEAT=N...] [--by SEAT|SIDE] [--statement TEXT]",
		Short: "Record a claim: the claimer's side takes N of the tricks not yet played",
		Long: `Record a claim: of the tricks not yet played, the claimer's side takes N
and the other side the rest. The declarer claims unless --by names another
seat, player or side; a game without a declarer (whist; Five Hundred when
nobody bid) needs --by. In a game of single players (Five Hundred) say how
the rest fall: claim 5 A=3 C=2 (one player left out takes what remains).
With --statement, record what the claimer said of how the rest would be
played: a contested claim is ruled on that statement (contract bridge
Laws 68C and 70).`,
		Example: `  hoyle claim 3
  hoyle claim 9 --statement "drawing trumps, then the clubs are good"
  hoyle claim 8 --by NS            # whist: North-South take 8 of the tricks left
  hoyle claim 5 A=3 C=2            # Five Hundred: the bidder 5, A 3, C 2`,
		Args: minArgs(1, "the number of remaining tricks the claimer's side takes"),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Args = args
			return runClaim(cmd.Context(), opts)
		},
	}
	cmd.Flags().StringVar(&opts.Statement, "statement", "", "the claimer's statement of the line of play")
	cmd.Flags().StringVar(&opts.By, "by", "", "whose claim: a seat, a player or a side (default: the declarer)")
	return cmd
}

// runClaim records the claim; the numbers are checked here, the claim by
// the laws.
func runClaim(ctx context.Context, opts *claimOptions) error {
	n, err := strconv.Atoi(opts.Args[0])
	if err != nil || n < 0 {
		return usagef("%q is not a number of tricks", opts.Args[0])
	}
	spec := projections.ClaimSpec{Tricks: n, By: opts.By, Statement: opts.Statement}
	for _, a := range opts.Args[1:] {
		seat, tricks, ok := strings.Cut(a, "=")
		k, err := strconv.Atoi(tricks)
		if !ok || err != nil || k < 0 {
			return usagef("%q: say how the rest fall as SEAT=N (A=3)", a)
		}
		if spec.Others == nil {
			spec.Others = map[string]int{}
		}
		spec.Others[seat] = k
	}
	return recordNamed(ctx, opts.IO, opts.DB, func(s *projections.Session, stamp projections.Stamp) ([]events.Event, error) {
		return s.DecideClaim(stamp, spec)
	})
}

// undoOptions: hoyle undo takes nothing but the globals.
type undoOptions struct {
	IO *Streams
	DB *database
}

// newUndoCmd builds the command: it binds the flags to the options and calls runUndo.
func newUndoCmd(f *factory) *cobra.Command {
	opts := &undoOptions{IO: f.IO, DB: f.DB}
	return &cobra.Command{
		Use:   "undo",
		Short: "Retract the latest deal, call, card or claim (it stays in the log)",
		Args:  exactArgs(0, "no arguments"),
		RunE:  func(cmd *cobra.Command, _ []string) error { return runUndo(cmd.Context(), opts) },
	}
}

// runUndo retracts the latest entry and says which it was, so that a
// scorer who undid one entry too many sees it at once.
func runUndo(ctx context.Context, opts *undoOptions) error {
	var what string
	s, err := opts.DB.record(ctx, tableEntry{decide: func(s *projections.Session, stamp projections.Stamp) ([]events.Event, error) {
		evs, err := s.DecideUndo(stamp)
		if err != nil {
			return nil, err
		}
		if r, ok := evs[0].Data.(*table.Retracted); ok {
			if st, ok := s.StepOf(r.Target); ok {
				what = replay.EntryText(s, st, false)
			}
		}
		return evs, nil
	}})
	if err != nil {
		return err
	}
	if what != "" {
		fmt.Fprintln(opts.IO.Out, "undid "+replay.Clean(what))
	}
	printStatus(opts.IO, s)
	return nil
}

// noteOptions are the arguments and flags of hoyle note.
type noteOptions struct {
	IO      *Streams
	DB      *database
	Text    string
	At      string
	Glyph   string
	By      string
	Retract bool
	Trick   int  // --trick N: the note is on trick N as a whole (0: not given)
	Hand    bool // --hand: the note is on the hand as a whole
}

// newNoteCmd builds the command: it binds the flags to the options and calls runNote.
func newNoteCmd(f *factory) *cobra.Command {
	opts := &noteOptions{IO: f.IO, DB: f.DB}
	cmd := &cobra.Command{
		Use:   "note [--at MOMENT] [--trick N | --hand] [--glyph G] [--by NAME] TEXT",
		Short: "Annotate the latest event, a trick, a hand, or the event at a moment",
		Long: `Annotate an event: the latest deal, call, card or claim, or with --at the one
at a moment: ` + replay.MomentSyntax + `. A moment may have several notes, by
several people; each is an event of its own.

--trick N puts the note on trick N as a whole (it must be complete), and
--hand on the hand as a whole: of the latest hand, or of the hand of --at.
A write-up then places it beside the trick, or with the hand's commentary,
not on a card. The line printed says what the note is on ("note on W ♣5,
trick 3", "note on trick 3", "note on hand 2"), so a note put in the wrong
place is seen at once.`,
		Example: `  hoyle note --glyph '?!' "the heart switch lets the contract through"
  hoyle note --trick 3 "a textbook hold-up"
  hoyle note --hand --by Foster "The hand turns on the opening lead."
  hoyle note --at 1.a3 --by Foster "one club shows strength, not clubs"
  hoyle note --at 2 --hand "hand 2 as a whole"
  hoyle note --retract --by Foster      # withdraws Foster's latest note`,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Text = strings.Join(args, " ")
			if cmd.Flags().Changed("trick") && opts.Trick < 1 {
				return usagef("--trick %d: tricks are numbered from 1", opts.Trick)
			}
			return runNote(cmd.Context(), opts)
		},
	}
	cmd.Flags().StringVar(&opts.At, "at", "", "annotate the event at this moment ("+replay.MomentSyntax+"); with --trick or --hand, the hand it is in")
	cmd.Flags().IntVar(&opts.Trick, "trick", 0, "annotate trick N (complete) as a whole")
	cmd.Flags().BoolVar(&opts.Hand, "hand", false, "annotate the hand as a whole")
	cmd.Flags().StringVar(&opts.Glyph, "glyph", "", "one of ! ? !! ?? !? ?!")
	cmd.Flags().StringVar(&opts.By, "by", "", "who says so")
	cmd.Flags().BoolVar(&opts.Retract, "retract", false, "withdraw the latest note (on the event at --at, by --by) instead of adding one")
	return cmd
}

// runNote adds a note, or withdraws one with --retract, and says what the
// note is on.
func runNote(ctx context.Context, opts *noteOptions) error {
	m, err := momentFlag(opts.At)
	if err != nil {
		return err
	}
	on := table.NoteOnEvent
	switch {
	case opts.Trick > 0 && opts.Hand:
		return usagef("a note is on a trick (--trick) or on the hand (--hand), not both")
	case opts.Trick > 0:
		on = table.NoteOnTrick
	case opts.Hand:
		on = table.NoteOnHand
	}
	switch {
	case opts.Retract && (opts.Text != "" || opts.Glyph != ""):
		return usagef("--retract withdraws a note; give no text or glyph with it")
	case opts.Retract && on != table.NoteOnEvent:
		return usagef("--retract withdraws the latest note (on the event at --at, by --by); it takes no --trick or --hand")
	case !opts.Retract && strings.TrimSpace(opts.Text) == "" && opts.Glyph == "":
		return usagef("expected the note's text (or a --glyph)")
	}
	var target events.ID
	var whole *projections.Session
	hand := 0
	// The moment's event (or, for a trick or the hand, the moment's hand)
	// is found in its hand, read with the database open for the entry.
	prepare := func(ctx context.Context, st events.Store, session string) error {
		if m == nil {
			return nil
		}
		w, err := loadHand(ctx, st, session, 0, m)
		if err != nil {
			return err
		}
		whole = w.Session
		if on != table.NoteOnEvent {
			p, err := replay.Resolve(w.Session, *m)
			if err != nil {
				return err
			}
			hand = p.Hand
			return nil
		}
		target, err = replay.Target(w.Session, *m)
		return err
	}
	if opts.Retract {
		return recordEntry(ctx, opts.IO, opts.DB, tableEntry{prepare: prepare,
			decide: func(s *projections.Session, stamp projections.Stamp) ([]events.Event, error) {
				return s.DecideRetractNote(stamp, projections.NoteFilter{By: opts.By, Target: target})
			}})
	}
	spec := projections.NoteSpec{Text: opts.Text, Glyph: opts.Glyph, By: opts.By, On: on, Trick: opts.Trick}
	if err := spec.Check(); err != nil {
		return err
	}
	var what string
	s, err := opts.DB.record(ctx, tableEntry{prepare: prepare,
		decide: func(s *projections.Session, stamp projections.Stamp) ([]events.Event, error) {
			spec.Target, spec.Hand = target, hand
			evs, err := s.DecideNote(stamp, spec)
			if err != nil {
				return nil, err
			}
			if n, ok := evs[0].Data.(*table.Noted); ok {
				what = replay.NoteTarget(s, n.Target, n.On, false)
				if what == "" && whole != nil {
					what = replay.NoteTarget(whole, n.Target, n.On, false)
				}
			}
			return evs, nil
		}})
	if err != nil {
		return err
	}
	if what != "" {
		fmt.Fprintln(opts.IO.Out, "note on "+replay.Clean(what))
	}
	printStatus(opts.IO, s)
	return nil
}

// momentFlag reads an --at flag: nil when it is not given.
func momentFlag(at string) (*replay.Moment, error) {
	if at == "" {
		return nil, nil
	}
	m, err := replay.ParseMoment(at)
	if err != nil {
		return nil, err
	}
	return &m, nil
}

// tableFlags reads the --seats and --at flags of the commands that show a
// table (show, replay, export): the seat style, and the moment, nil when
// --at is not given.
func tableFlags(seats, at string) (replay.SeatStyle, *replay.Moment, error) {
	style, err := replay.ParseSeatStyle(seats)
	if err != nil {
		return style, nil, err
	}
	m, err := momentFlag(at)
	return style, m, err
}
