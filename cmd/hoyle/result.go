package main

import (
	"context"
	"errors"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections"
)

// resultOptions are the arguments and flags of hoyle result.
type resultOptions struct {
	IO    *Streams
	DB    *database
	Args  []string
	By    string
	Board int
}

// newResultCmd builds the command: it binds the flags to the options and calls runResult.
func newResultCmd(f *factory) *cobra.Command {
	opts := &resultOptions{IO: f.IO, DB: f.DB}
	cmd := &cobra.Command{
		Use:   "result [--board N] CONTRACT DECLARER TRICKS | result pass | result TRICKS",
		Short: "Record a hand's result without its auction and play, as a traveller gives it",
		Long: `Record the outcome of the hand in progress, as most club scores are kept:
the contract (4S, 3NTX, 6HXX; 2R for royal spades at Auction Bridge; H or NT
in Bridge, where the trump is named without a number), who declared, and the
tricks the declaring side took: a number, or = for the contract made
exactly, +1 and -2 for over- and under-tricks. "result pass" records a hand
passed out. When the auction was recorded, give the tricks alone. With
--board N the board is dealt first. The hand is scored by the session's
code of laws exactly as a played hand; at Auction Bridge its honours come
from hoyle honours.

At whist, where nobody declares, say whose tricks: result --by NS 8. At
Five Hundred give the bid, the bidder and his tricks, and how the rest fell
(one player left out takes what remains): result 8H B 8 A=1.`,
		Example: `  hoyle result 4SX N 9          # four spades doubled by North, one down
  hoyle result --board 7 3NT S =
  hoyle result pass
  hoyle result 10               # the auction settled the contract
  hoyle result --by NS 8        # whist`,
		// "-2" is a result (two down), not a flag: the flags are read here.
		DisableFlagParsing: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := opts.parse(args, cmd.InheritedFlags()); err != nil {
				if errors.Is(err, pflag.ErrHelp) {
					return cmd.Help()
				}
				return err
			}
			return runResult(cmd.Context(), opts)
		},
	}
	// Declared for --help; parse reads them.
	cmd.Flags().StringVar(&opts.By, "by", "", "whose tricks, where nobody declares (whist): a side or a seat")
	cmd.Flags().IntVar(&opts.Board, "board", 0, "deal this duplicate board first")
	return cmd
}

// parse reads result's words: --board N, --by SIDE (or --board=N), -h,
// every global flag (--db, --session, --event, --table, --token-file:
// cobra leaves them, even those before the command's name, to a command
// that reads its own flags; they are set through global, the inherited
// flags, so that a global flag added later is read here too), and the rest
// as the result, where "-2" is two down.
func (opts *resultOptions) parse(args []string, global *pflag.FlagSet) error {
	opts.Args = nil
	for i := 0; i < len(args); i++ {
		a := args[i]
		name, value, hasValue := strings.Cut(a, "=")
		var flag *pflag.Flag
		if strings.HasPrefix(name, "--") && global != nil {
			flag = global.Lookup(strings.TrimPrefix(name, "--"))
		}
		switch {
		case name == "-h" || name == "--help":
			return pflag.ErrHelp
		case name == "--board" || name == "--by" || flag != nil:
			if !hasValue {
				if i+1 == len(args) {
					return usagef("%s needs a value", name)
				}
				i++
				value = args[i]
			}
			switch {
			case name == "--by":
				opts.By = value
				continue
			case flag != nil:
				if err := flag.Value.Set(value); err != nil {
					return usagef("%s %q: %v", name, value, err)
				}
				continue
			}
			n, err := strconv.Atoi(value)
			if err != nil {
				return usagef("--board %q: a board number is 1 or more", value)
			}
			opts.Board = n
		default:
			if strings.HasPrefix(a, "--") {
				return usagef("unknown flag: %s", a)
			}
			opts.Args = append(opts.Args, a)
		}
	}
	if len(opts.Args) == 0 {
		return usagef("expected the result: CONTRACT DECLARER TRICKS, pass, or TRICKS")
	}
	return nil
}

// runResult reads the words of a result; the laws judge it.
func runResult(ctx context.Context, opts *resultOptions) error {
	if opts.Board < 0 {
		return usagef("--board %d: a board number is 1 or more", opts.Board)
	}
	spec := projections.ResultSpec{By: opts.By, Board: opts.Board}
	args := opts.Args
	var rest []string
	switch {
	case len(args) == 1 && strings.EqualFold(args[0], "pass"):
		spec.Contract = "pass"
	case len(args) == 1:
		spec.Tricks = args[0]
	case len(args) == 2 && opts.By == "":
		spec.By, spec.Tricks = args[0], args[1] // whist: result NS 8
	case len(args) == 2:
		return usagef("expected CONTRACT DECLARER TRICKS, or --by SIDE TRICKS")
	default:
		spec.Contract, spec.Declarer, spec.Tricks, rest = args[0], args[1], args[2], args[3:]
	}
	if d := strings.ToUpper(spec.Tricks); (d == "X" || d == "XX") && len(rest) > 0 {
		// "4S W X -2": the double said apart from the contract.
		return usagef("%q: a double is written with the contract, as in %s%s %s %s (XX for redoubled)", d, spec.Contract, d, spec.Declarer, strings.Join(rest, " "))
	}
	for _, a := range rest {
		seat, tricks, ok := strings.Cut(a, "=")
		n, err := strconv.Atoi(tricks)
		if !ok || err != nil || n < 0 {
			return usagef("%q: expected CONTRACT DECLARER TRICKS, as in 4SX W -2; only Five Hundred gives other players' tricks after them, as SEAT=N (A=3)", a)
		}
		if spec.Others == nil {
			spec.Others = map[string]int{}
		}
		spec.Others[seat] = n
	}
	return recordEntry(ctx, opts.IO, opts.DB, tableEntry{
		prepare: func(ctx context.Context, st events.Store, session string) error {
			if spec.Board == 0 {
				return nil
			}
			// The board is dealt with its cards when the event's hand
			// record has them, as deal --board deals it: compare then
			// knows which form of the board the result was on (Law 87).
			d, err := handRecordDeal(ctx, st, session, spec.Board)
			if d != nil {
				spec.PBN = cards.Deal(d.Hands[:]).PBN(cards.North)
			}
			return err
		},
		decide: func(s *projections.Session, stamp projections.Stamp) ([]events.Event, error) {
			return s.DecideResult(stamp, spec)
		}})
}
