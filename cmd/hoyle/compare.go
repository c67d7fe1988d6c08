package main

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/projections/compare"
	"github.com/hoyle/hoyle/projections/ledger"
	"github.com/hoyle/hoyle/replay"
	"github.com/hoyle/hoyle/replay/jsonview"
)

// compareOptions: hoyle compare [--json] [--event NAME] [--vp continuous|discrete].
type compareOptions struct {
	IO    *Streams
	DB    *database
	JSON  bool
	Event string
	VP    string // the Victory Point scale of teams events
	Pairs string // how pairs events are scored: matchpoints, butler or cross-imps
}

// newCompareCmd builds the command: it binds the flags to the options and calls runCompare.
func newCompareCmd(f *factory) *cobra.Command {
	opts := &compareOptions{IO: f.IO, DB: f.DB}
	cmd := &cobra.Command{
		Use:   "compare [--json] [--event NAME] [--vp continuous|discrete] [--scoring matchpoints|butler|cross-imps]",
		Short: "Compare each event's boards across its tables: travellers and a ranking",
		Long: `Compare every event's boards across its tables (sessions opened with
hoyle new --event NAME --table T, or imported with their event and table),
and rank its teams, pairs or players.

  teams        tables pair by match (the same two teams with their seats
               swapped, or the open and closed rooms of one table) and each
               result gets IMPs against its other room (Law 78B); each
               match's IMPs become Victory Points by the WBF 2013 20-point
               scale for its number of boards (--vp continuous, two
               decimals, or --vp discrete, whole VPs), and the teams are
               ranked by VPs, IMPs breaking a tie
  pairs        matchpoints across all tables: two for each result beaten,
               one for each tie (Law 78A), as a percentage of the top, with
               Neuberg's adjustment for a board not played everywhere; or
               IMP pairs: --scoring butler IMPs each result against the
               board's datum (the average without the top and bottom
               tenth of the results, at least one each way from five
               results, rounded to 10), --scoring cross-imps against each
               other result, averaged
  whist        duplicate whist, trick for trick: against the other room in
               a team match, against the average in a pair match, with the
               revoke limits of Duplicate Whist Law X
  progressive  each player's own score, wherever the movement seated him
  and pivot

Pairs are named by their players, or under a movement (hoyle movement) by
their numbers; a Mitchell's are ranked by direction, an arrow-switched
Mitchell's and a Howell's in one field. Only finished hands are compared;
what does not add up (a board played out of its round) is listed at the
end. A director's rulings (hoyle adjust) are scored by the laws: an
artificial score is 60/50/40% of the top at pairs (the others matchpointed
without it and factored up), +3/-3 IMPs at teams; an assigned score as if
played; a weighted one by its weighted matchpoints; a procedural penalty
from the side's total. A board dealt differently at two tables is fouled
(Law 87): scored within each group of identical deals, factored to the
full top. hoyle help tables says how.

The text is a traveller for each board and the ranking, within 80 columns.
--json prints {"events": [{"event", "form" (teams, pairs or individual),
"game", "scoring", "movement", "tables", "boards": [{"board", "top", "datum",
"results": [{"session", "hand", "table", "room", "round", "ns_pair",
"ew_pair", "contract", "declarer", "tricks", "ns", "imps",
"matchpoints", "percent", "plus", "plus_ew", "revoke", "adjusted",
"ruling", "law", "matchpoints_ew", "percent_ew", "penalty", "fouled"}],
"groups"}], "ranked", "totals":
[{"rank", "name", "field", "players", "boards", "imps" and "vps" |
"matchpoints", "top", "percent" | "tricks" | "points"}], "matches":
[{"teams", "imps", "vps", "boards"}], "vp_scale", "warnings"}]}:
"imps" and "matchpoints" are North-South's, null where they do not apply;
a match's "imps" and "vps" are [home, visitors].

Over a shared log (--db nats://...) compare reads the summaries hoyle
serve keeps, and folds only the sessions recorded since.`,
		Example: `  hoyle compare
  hoyle compare --event "Tuesday pairs" --json | jq '.events[0].totals'
  hoyle compare --event League --vp discrete
  hoyle compare --event "Monday IMPs" --scoring butler
  hoyle export --event "Tuesday pairs" -o tuesday.md`,
		Args: exactArgs(0, "no arguments; the event is --event NAME"),
		RunE: func(cmd *cobra.Command, _ []string) error { return runCompare(cmd.Context(), opts) },
	}
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print the comparison as JSON")
	cmd.Flags().StringVar(&opts.Event, "event", "", "compare this event only")
	cmd.Flags().StringVar(&opts.Pairs, "scoring", compare.ScoringMatchpoints, "how pairs events are scored: matchpoints, butler or cross-imps")
	cmd.Flags().StringVar(&opts.VP, "vp", compare.VPContinuous, "the Victory Point scale of teams events: continuous or discrete (WBF 2013)")
	return cmd
}

// runCompare compares and prints.
func runCompare(ctx context.Context, opts *compareOptions) error {
	if err := compare.CheckVPScale(opts.VP); err != nil {
		return usageError{fmt.Errorf("--vp: %w", err)}
	}
	if err := compare.CheckPairsScoring(opts.Pairs); err != nil {
		return usageError{fmt.Errorf("--scoring: %w", err)}
	}
	rep, err := loadComparisonWith(ctx, opts.DB, compare.Options{Event: opts.Event, VPScale: opts.VP, Pairs: opts.Pairs})
	if err != nil {
		return err
	}
	if opts.JSON {
		return jsonview.Write(opts.IO.Out, rep)
	}
	_, err = fmt.Fprint(opts.IO.Out, replay.CompareText(rep))
	return err
}

// loadComparison reads every session's summary (ledger: from the
// checkpoint of a shared log, folding what changed) and compares the
// events, or the one named. The database is closed before anything is
// printed.
func loadComparison(ctx context.Context, db *database, event string) (compare.Report, error) {
	return loadComparisonWith(ctx, db, compare.Options{Event: event})
}

// loadComparisonWith is loadComparison with the comparison's options.
func loadComparisonWith(ctx context.Context, db *database, opts compare.Options) (compare.Report, error) {
	st, err := db.open(false, false)
	if err != nil {
		return compare.Report{}, err
	}
	rep, _, err := compareStore(ctx, db, st, opts)
	st.Close()
	return rep, err
}

// compareStore compares the events of an open store: the report, and the
// sessions' summaries it was made of.
func compareStore(ctx context.Context, db *database, st events.Store, opts compare.Options) (compare.Report, []compare.Table, error) {
	event := opts.Event
	tables, stats, err := ledger.Tables(ctx, st)
	if err == nil {
		opts.Rosters, err = rosters(ctx, st, tables, event)
	}
	if err != nil {
		return compare.Report{}, nil, err
	}
	for _, id := range stats.Mismatched {
		db.warn(fmt.Sprintf("the saved summary of session %s does not match the log: computed again from the log", replay.Escape(id)))
	}
	rep := compare.CompareWith(tables, opts)
	if event != "" && len(rep.Events) == 0 {
		return rep, tables, fmt.Errorf("no event named %q in the database (hoyle sessions lists each session's event)", event)
	}
	return rep, tables, nil
}

// rosters reads the roster of each event compared (or of the one named),
// from its record, for compare.Options.Rosters.
func rosters(ctx context.Context, st events.Store, tables []compare.Table, event string) (map[string]map[string][]string, error) {
	out := map[string]map[string][]string{}
	for _, t := range tables {
		name := t.Place.Event
		if _, done := out[name]; done || name == "" || (event != "" && name != event) {
			continue
		}
		book, _, err := readBook(ctx, st, name)
		if err != nil {
			return nil, err
		}
		out[name] = book.Roster
	}
	return out, nil
}
