package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/bolt"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/load"
	"github.com/hoyle/hoyle/projections/recorder"
	"github.com/hoyle/hoyle/replay"
)

func init() {
	register(newDealCmd)
	register(newCallCmd)
	register(newPlayCmd)
	register(newClaimCmd)
	register(newUndoCmd)
	register(newNoteCmd)
}

// The table commands: deal, call, play, claim, undo. Each is a thin wrapper
// over the recorder, which checks the laws and appends all or nothing.

// recordWith opens the session for writing and runs one recorder method,
// then prints the table's state in one line.
func recordWith(cmd *cobra.Command, g *globals, fn func(r *recorder.Recorder, session string) ([]events.Envelope, error)) error {
	return g.withSession(cmd.Context(), true, func(st *bolt.Store, session string) error {
		if _, err := fn(recorder.New(st), session); err != nil {
			return err
		}
		s, err := load.Tail(cmd.Context(), st, session)
		if err != nil {
			return err
		}
		fmt.Fprintln(g.io.Out, replay.StatusLine(s))
		return nil
	})
}

type dealOptions struct {
	*globals
	pbn   string
	seed  uint64
	cut   int
	board int
}

func newDealCmd(g *globals) *cobra.Command {
	o := &dealOptions{globals: g}
	var hands []string
	var widow, turnUp string
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
it is required unless the deal comes from --seed.`,
		Example: `  hoyle deal --pbn "N:AKQ2.K2.A3.AQ432 J93.QJ9.KQJ2.J75 T654.A854.T94.K8 87.T763.8765.T96"
  hoyle deal --seed 42 --cut 20
  hoyle deal --board 7
  hoyle deal --turn-up H7
  hoyle deal --hand A=87.AKJ.J7.87+JK --hand B=AKQ.QT9.AK.AK --hand C=JT9.87.QT.QJT --widow ..98.9`,
		Args: exactArgs(0, "no arguments; give the deal with --pbn, --hand or --seed"),
		RunE: func(cmd *cobra.Command, _ []string) error {
			spec := projections.DealSpec{PBN: o.pbn, Board: o.board, Widow: widow, TurnUp: turnUp}
			if cmd.Flags().Changed("seed") {
				spec.Seed = &o.seed
			}
			if cmd.Flags().Changed("cut") {
				spec.Cut = &o.cut
			}
			var err error
			if spec.Hands, err = handFlags(hands); err != nil {
				return err
			}
			return recordWith(cmd, g, func(r *recorder.Recorder, s string) ([]events.Envelope, error) {
				return r.Deal(cmd.Context(), s, spec)
			})
		},
	}
	cmd.Flags().StringVar(&o.pbn, "pbn", "", `the hands as a PBN deal, "N:spades.hearts.diamonds.clubs ..." clockwise`)
	cmd.Flags().StringArrayVar(&hands, "hand", nil, "a hand as SEAT=HAND (repeatable): the seat (or the player's name) and a PBN hand")
	cmd.Flags().StringVar(&widow, "widow", "", "the widow as a PBN hand (Five Hundred)")
	cmd.Flags().StringVar(&turnUp, "turn-up", "", "the card turned up for trump (whist), such as H7")
	cmd.Flags().Uint64Var(&o.seed, "seed", 0, "shuffle with this seed and derive the hands")
	cmd.Flags().IntVar(&o.cut, "cut", 0, "cards lifted in the cut (at least four in each packet)")
	cmd.Flags().IntVar(&o.board, "board", 0, "duplicate board number: fixes dealer and vulnerability")
	return cmd
}

func newCallCmd(g *globals) *cobra.Command {
	return &cobra.Command{
		Use:   "call CALL...",
		Short: "Record calls, each for whoever's turn it is",
		Long: `Record calls of the auction, each for the seat whose turn it is. Calls are
1C to 7NT (2R is royal spades in Auction Bridge), P or pass, X or double,
XX or redouble, in any case. If any call is not allowed, none is recorded.`,
		Example: `  hoyle call 1S P 1C 1NT
  hoyle call pass double`,
		Args: minArgs(1, "at least one call, such as 1S, P, X or XX"),
		RunE: func(cmd *cobra.Command, args []string) error {
			return recordWith(cmd, g, func(r *recorder.Recorder, s string) ([]events.Envelope, error) {
				return r.Calls(cmd.Context(), s, args)
			})
		},
	}
}

func newPlayCmd(g *globals) *cobra.Command {
	return &cobra.Command{
		Use:   "play CARD...",
		Short: "Record cards played, each for whoever's turn it is (dummy's too)",
		Long: `Record cards played, each for the seat whose turn it is; when it is dummy's
turn, the card is dummy's. Cards are suit and rank in either order and any
case: SA, as, HT, H10, 10h, d2. If any card is not allowed, none is recorded.`,
		Example: `  hoyle play D4 DJ D3 D5`,
		Args:    minArgs(1, "at least one card, such as SA or h10"),
		RunE: func(cmd *cobra.Command, args []string) error {
			return recordWith(cmd, g, func(r *recorder.Recorder, s string) ([]events.Envelope, error) {
				return r.Plays(cmd.Context(), s, args)
			})
		},
	}
}

func newClaimCmd(g *globals) *cobra.Command {
	var statement, by string
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
			n, err := strconv.Atoi(args[0])
			if err != nil || n < 0 {
				return usagef("%q is not a number of tricks", args[0])
			}
			spec := projections.ClaimSpec{Tricks: n, By: by, Statement: statement}
			for _, a := range args[1:] {
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
			return recordWith(cmd, g, func(r *recorder.Recorder, s string) ([]events.Envelope, error) {
				return r.Claim(cmd.Context(), s, spec)
			})
		},
	}
	cmd.Flags().StringVar(&statement, "statement", "", "the claimer's statement of the line of play")
	cmd.Flags().StringVar(&by, "by", "", "whose claim: a seat, a player or a side (default: the declarer)")
	return cmd
}

func newUndoCmd(g *globals) *cobra.Command {
	return &cobra.Command{
		Use:   "undo",
		Short: "Retract the latest deal, call, card or claim (it stays in the log)",
		Args:  exactArgs(0, "no arguments"),
		RunE: func(cmd *cobra.Command, _ []string) error {
			return recordWith(cmd, g, func(r *recorder.Recorder, s string) ([]events.Envelope, error) {
				return r.Undo(cmd.Context(), s)
			})
		},
	}
}

type noteOptions struct {
	*globals
	glyph   string
	by      string
	retract bool
}

func newNoteCmd(g *globals) *cobra.Command {
	o := &noteOptions{globals: g}
	var at string
	cmd := &cobra.Command{
		Use:   "note [--at MOMENT] [--glyph G] [--by NAME] TEXT",
		Short: "Annotate the latest event, or the event at a moment",
		Long: `Annotate an event: the latest deal, call, card or claim, or with --at the one
at a moment: ` + replay.MomentSyntax + `. A moment may have several notes, by
several people; each is an event of its own.`,
		Example: `  hoyle note --glyph '?!' "the heart switch lets the contract through"
  hoyle note --at 1.a3 --by Foster "one club shows strength, not clubs"
  hoyle note --retract --by Foster      # withdraws Foster's latest note`,
		Args: minArgs(0, "the note's text"),
		RunE: func(cmd *cobra.Command, args []string) error {
			text := joinArgs(args)
			m, err := momentFlag(at)
			if err != nil {
				return err
			}
			if o.retract && (text != "" || o.glyph != "") {
				return usagef("--retract withdraws a note; give no text or glyph with it")
			}
			return recordWith(cmd, g, func(r *recorder.Recorder, s string) ([]events.Envelope, error) {
				spec := projections.NoteSpec{Text: text, Glyph: o.glyph, By: o.by}
				if o.retract {
					f := projections.NoteFilter{By: o.by}
					if m != nil {
						sess, _, err := load.Session(cmd.Context(), r.Store, s)
						if err != nil {
							return nil, err
						}
						if f.Target, err = replay.Target(sess, *m); err != nil {
							return nil, err
						}
					}
					return r.RetractNote(cmd.Context(), s, f)
				}
				if m != nil {
					sess, _, err := load.Session(cmd.Context(), r.Store, s)
					if err != nil {
						return nil, err
					}
					if spec.Target, err = replay.Target(sess, *m); err != nil {
						return nil, err
					}
				}
				return r.Note(cmd.Context(), s, spec)
			})
		},
	}
	cmd.Flags().StringVar(&at, "at", "", "annotate the event at this moment: "+replay.MomentSyntax)
	cmd.Flags().StringVar(&o.glyph, "glyph", "", "one of ! ? !! ?? !? ?!")
	cmd.Flags().StringVar(&o.by, "by", "", "who says so")
	cmd.Flags().BoolVar(&o.retract, "retract", false, "withdraw the latest note (on the event at --at, by --by) instead of adding one")
	return cmd
}

func joinArgs(args []string) string {
	out := ""
	for i, a := range args {
		if i > 0 {
			out += " "
		}
		out += a
	}
	return out
}
