package main

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/load"
	"github.com/hoyle/hoyle/replay"
	"github.com/hoyle/hoyle/replay/jsonview"
)

// The irregularities: play --irregular and call --irregular record a card
// or call as it was made against the laws; expose, new-deal and correct
// record what else happens at a table; penalty lists the remedies open
// and records the one chosen. Every entry names the irregularity and its
// law as it is recorded, and so does any card that proves or establishes
// a revoke.

// irregularFlags adds --irregular and --seat (and, for cards, --by) to
// call or play.
func irregularFlags(cmd *cobra.Command, opts *tokensOptions, cards bool) {
	what := "calls"
	if cards {
		what = "cards"
	}
	cmd.Flags().BoolVar(&opts.Irregular, "irregular", false, "record the "+what+" as made, although the laws forbid them; hoyle names the irregularity and its law")
	cmd.Flags().StringVar(&opts.Seat, "seat", "", "with --irregular: who made them (a seat or a player's name; default: whoever's turn it is)")
	if cards {
		cmd.Flags().StringVar(&opts.By, "by", "", "with --irregular: who played a card of dummy's, when not the declarer")
	}
}

// runIrregularCall records calls made against the laws.
func runIrregularCall(ctx context.Context, opts *tokensOptions) error {
	return recordNamed(ctx, opts.IO, opts.DB, func(s *projections.Session, stamp projections.Stamp) ([]events.Event, error) {
		return s.DecideIrregularCalls(stamp, opts.Seat, opts.Tokens)
	})
}

// runIrregularPlay records cards played against the laws.
func runIrregularPlay(ctx context.Context, opts *tokensOptions) error {
	return recordNamed(ctx, opts.IO, opts.DB, func(s *projections.Session, stamp projections.Stamp) ([]events.Event, error) {
		return s.DecideIrregularPlays(stamp, opts.Seat, opts.By, opts.Tokens)
	})
}

// recordNamed records an entry and prints, before the status line, a line
// for each irregularity it recorded, remedied, found or established.
func recordNamed(ctx context.Context, streams *Streams, db *database, decide func(*projections.Session, projections.Stamp) ([]events.Event, error)) error {
	return recordNamedEntry(ctx, streams, db, nil, decide)
}

// recordNamedEntry is recordNamed with something read first (prepare),
// with the database open for the entry.
func recordNamedEntry(ctx context.Context, streams *Streams, db *database, prepare func(context.Context, events.Store, string) error,
	decide func(*projections.Session, projections.Stamp) ([]events.Event, error)) error {
	var ids []events.ID
	var established map[events.ID]bool
	s, err := db.record(ctx, tableEntry{prepare: prepare, decide: func(s *projections.Session, stamp projections.Stamp) ([]events.Event, error) {
		established = map[events.ID]bool{}
		if h := s.Current(); h != nil {
			for _, irr := range h.Irregular {
				if irr.Established > 0 {
					established[irr.ID] = true
				}
			}
		}
		evs, err := decide(s, stamp)
		ids = nil
		for _, e := range evs {
			ids = append(ids, e.ID)
		}
		return evs, err
	}})
	if err != nil {
		return err
	}
	for _, line := range namedIrregularities(s, ids, established) {
		fmt.Fprintln(streams.Out, line) // cleaned where it holds user text (IrregularityLine)
	}
	printStatus(streams, s)
	return nil
}

// namedIrregularities are the lines that name what the entries ids did to
// the current hand's irregularities: each recorded, remedied or found,
// and each revoke they established (those in established were already).
func namedIrregularities(s *projections.Session, ids []events.ID, established map[events.ID]bool) []string {
	h := s.Current()
	if h == nil {
		return nil
	}
	var out []string
	for _, irr := range h.Irregular {
		var label string
		switch {
		case slices.Contains(ids, irr.ID):
			label = "irregularity: "
		case irr.Found && slices.Contains(ids, irr.Proof):
			label = "revoke found in the record: "
		case slices.ContainsFunc(irr.Remedies, func(r game.Remedy) bool { return slices.Contains(ids, r.ID) }):
			label = "remedy: "
		case irr.Kind == game.KindRevoke && irr.Established > 0 && !established[irr.ID] && !irr.Corrected:
			label = "revoke established: "
		default:
			continue
		}
		out = append(out, label+replay.IrregularityLine(s, h, irr))
	}
	return out
}

// exposeOptions are the arguments of hoyle expose.
type exposeOptions struct {
	IO    *Streams
	DB    *database
	Seat  string
	Cards []string
}

// newExposeCmd builds the command: it binds the arguments to the options and calls runExpose.
func newExposeCmd(f *factory) *cobra.Command {
	opts := &exposeOptions{IO: f.IO, DB: f.DB}
	return &cobra.Command{
		Use:   "expose SEAT CARD...",
		Short: "Record cards exposed or dropped face up",
		Long: `Record cards of a player's hand exposed: dropped face up, shown, named as in
his hand, or played two at once. SEAT is the seat as the game names it, or
the player's name. hoyle names what the session's code of laws makes of
them (a partner barred from the auction, penalty cards liable to be called)
and hoyle penalty lists the remedies open.`,
		Example: `  hoyle expose W SQ
  hoyle expose Ann H2 H3`,
		Args: minArgs(2, "a seat and the cards exposed, such as W SQ"),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Seat, opts.Cards = args[0], args[1:]
			return recordNamed(cmd.Context(), opts.IO, opts.DB, func(s *projections.Session, stamp projections.Stamp) ([]events.Event, error) {
				return s.DecideExpose(stamp, opts.Seat, opts.Cards)
			})
		},
	}
}

// newNewDealCmd builds hoyle new-deal.
func newNewDealCmd(f *factory) *cobra.Command {
	var streams, db = f.IO, f.DB
	var misdeal bool
	cmd := &cobra.Command{
		Use:   "new-deal REASON...",
		Short: "Record a new deal demanded: the hand in progress is void and dealt again",
		Long: `Record a new deal demanded for the hand in progress, with the reason given at
the table (a card faced in the pack, a deal out of turn, the pack
incorrect). The hand is void and scores nothing; the same dealer deals
again with hoyle deal. A new deal chosen as the remedy of an irregularity
(a call out of turn) is recorded with hoyle penalty new-deal instead.

With --misdeal the dealer misdealt (the cards not dealt one at a time in
rotation, a player with fourteen cards): in Short Whist "a misdeal loses
the deal" (Laws of Short Whist, law 43), and the next player deals. Codes
in which the same dealer deals again whatever happened (bridge, auction,
duplicate) refuse it.`,
		Example: `  hoyle new-deal a card faced in the pack
  hoyle new-deal --misdeal N has fourteen cards`,
		Args: minArgs(1, "the reason, such as: a card faced in the pack"),
		RunE: func(cmd *cobra.Command, args []string) error {
			reason := strings.Join(args, " ")
			return recordNamed(cmd.Context(), streams, db, func(s *projections.Session, stamp projections.Stamp) ([]events.Event, error) {
				return s.DecideNewDeal(stamp, reason, misdeal)
			})
		},
	}
	cmd.Flags().BoolVar(&misdeal, "misdeal", false, "the dealer misdealt: where the laws say so (Short Whist, law 43) he loses the deal")
	return cmd
}

// newCorrectCmd builds hoyle correct.
func newCorrectCmd(f *factory) *cobra.Command {
	var streams, db = f.IO, f.DB
	return &cobra.Command{
		Use:   "correct [CARD]",
		Short: "Correct a renounce in error before it is established",
		Long: `Record a renounce in error corrected in time, before the revoke is
established: the card renounced with is withdrawn from the trick, with any
card played after it, and it is the offender's turn again. What the card
withdrawn becomes, and what the others may demand (his highest or lowest
card to the trick, the card called later), the session's code says:
hoyle penalty lists it. With CARD, the card he plays in its place is
recorded too.`,
		Example: `  hoyle correct
  hoyle correct H4`,
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) > 1 {
				return usagef("expected at most one card, the one played in place of the renounce")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			substitute := ""
			if len(args) == 1 {
				substitute = args[0]
			}
			return recordNamed(cmd.Context(), streams, db, func(s *projections.Session, stamp projections.Stamp) ([]events.Event, error) {
				return s.DecideCorrect(stamp, substitute)
			})
		},
	}
}

// penaltyOptions are the arguments and flags of hoyle penalty.
type penaltyOptions struct {
	IO   *Streams
	DB   *database
	Args []string
	At   string
}

// newPenaltyCmd builds the command: it binds the flags to the options and calls runPenalty.
func newPenaltyCmd(f *factory) *cobra.Command {
	opts := &penaltyOptions{IO: f.IO, DB: f.DB}
	cmd := &cobra.Command{
		Use:   "penalty [CHOICE [CARD|SUIT]] [--at MOMENT]",
		Short: "List the remedies open for an irregularity, or record the one chosen",
		Long: `With no argument, list the remedies open now for the current hand's
irregularities, each with who chooses it, what it does and its law. With a
choice, record it: the session's code of laws applies it (a partner barred,
a card called, three tricks taken) and the score follows.

The choices are the code's: tricks or points after an established revoke
at Auction Bridge (1913); tricks, deduct or add at Bridge and at whist;
accept to let a call or lead out of turn stand; new-deal; sufficient for an
insufficient bid; call-card CARD; call-suit SUIT; forbid-suit SUIT;
highest, lowest, win, not-win. Where a code gives no choice (contract
bridge's revoke, Five Hundred's), hoyle applies the remedy itself.

When two irregularities have the same choice open, the earlier is meant;
--at names another by its moment (` + replay.MomentSyntax + `).
A revoke cannot be claimed after the cards are cut for the next deal.`,
		Example: `  hoyle penalty
  hoyle penalty tricks
  hoyle penalty call-suit H
  hoyle penalty call-card SQ
  hoyle penalty accept --at 1.a3`,
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) > 2 {
				return usagef("expected a choice and at most one card or suit")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Args = args
			return runPenalty(cmd.Context(), opts)
		},
	}
	cmd.Flags().StringVar(&opts.At, "at", "", "the irregularity at this moment: "+replay.MomentSyntax)
	return cmd
}

// runPenalty lists the remedies open, or records the one chosen.
func runPenalty(ctx context.Context, opts *penaltyOptions) error {
	m, err := momentFlag(opts.At)
	if err != nil {
		return err
	}
	if len(opts.Args) == 0 {
		if m != nil {
			return usagef("--at names the irregularity a choice is for: give the choice")
		}
		return listPenalties(ctx, opts)
	}
	spec := projections.PenaltySpec{Choice: opts.Args[0]}
	if len(opts.Args) == 2 {
		spec.Arg = opts.Args[1]
	}
	return recordNamedEntry(ctx, opts.IO, opts.DB, func(ctx context.Context, st events.Store, session string) error {
		if m == nil {
			return nil
		}
		sess, _, err := load.Session(ctx, st, session)
		if err != nil {
			return err
		}
		spec.Target, err = replay.Target(sess, *m)
		return err
	}, func(s *projections.Session, stamp projections.Stamp) ([]events.Event, error) {
		return s.DecidePenalty(stamp, spec)
	})
}

// listPenalties prints the remedies open for the current hand's
// irregularities.
func listPenalties(ctx context.Context, opts *penaltyOptions) error {
	var s *projections.Session
	if err := opts.DB.read(ctx, func(st events.Store, session string) (err error) {
		s, err = load.Tail(ctx, st, session)
		return err
	}); err != nil {
		return err
	}
	h := s.Current()
	if h == nil {
		fmt.Fprintln(opts.IO.Out, "no hand has been dealt: there is nothing to remedy")
		return nil
	}
	views := jsonview.IrregularityViews(s)
	if len(views) == 0 {
		fmt.Fprintf(opts.IO.Out, "hand %d has no irregularity\n", h.Number)
		return nil
	}
	var b strings.Builder
	open := 0
	for i, irr := range h.Irregular {
		v := views[i]
		fmt.Fprintf(&b, "%s: %s\n", v.Moment, replay.IrregularityLine(s, h, irr))
		for _, c := range v.Choices {
			open++
			by := ""
			if c.By != "" {
				by = c.By + ": "
			}
			fmt.Fprintf(&b, "  %s\n      %s%s (%s)\n", c.Command, by, c.Effect, c.Law)
		}
	}
	if open == 0 {
		fmt.Fprintf(&b, "no remedy is open now\n")
	}
	// The lines are hoyle's own words and laws; the user's (a new deal's
	// reason) went through replay.Clean in IrregularityLine.
	_, err := fmt.Fprint(opts.IO.Out, b.String())
	return err
}
