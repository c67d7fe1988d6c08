package main

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/recorder"
)

// newOptions are the flags of hoyle new (and of hoyle record, which opens
// a session with them).
type newOptions struct {
	IO   *Streams
	DB   *database
	Game string
	// Seats is --north, --east, --south, --west: the player in each.
	Seats map[string]*string
	// Players is --players: every player's name, in seat order.
	Players string
	Dealer  string
	Name    string
	Scoring string
	Options []string // NAME=VALUE
	// Place is --event, --table, --room, --home, --visit and --movement:
	// where the session sits in an event played at several tables.
	Place projections.Placement
}

// newFlagNames are the flags bindNewFlags binds, for record to tell
// whether any was given.
var newFlagNames = []string{"game", "north", "east", "south", "west", "players", "dealer", "name", "scoring", "option",
	"event", "table", "room", "home", "visit", "movement"}

// bindNewFlags binds new's flags to opts, on new and on record, so that the
// two cannot drift apart.
func bindNewFlags(fs *pflag.FlagSet, opts *newOptions) {
	fs.StringVar(&opts.Game, "game", "", "the game (see hoyle games)")
	opts.Seats = map[string]*string{}
	for _, seat := range []string{"north", "east", "south", "west"} {
		opts.Seats[seat] = fs.String(seat, "", "the player in the "+seat+" seat")
	}
	fs.StringVar(&opts.Players, "players", "", "every player's name, comma-separated, in seat order (N,E,S,W; A,B,C in Five Hundred; in a game whose players move between hands, by the places hoyle games lists)")
	fs.StringVar(&opts.Dealer, "dealer", "", "the first dealer's seat, or with --players his name (default South, Foster's Z; the first seat at a table without compass seats)")
	fs.StringVar(&opts.Name, "name", "", "a name for the session")
	fs.StringVar(&opts.Scoring, "scoring", "", "scoring style, for games that have several (contract: rubber, duplicate, chicago)")
	fs.StringArrayVar(&opts.Options, "option", nil, "a ruleset option as NAME=VALUE (repeatable)")
	fs.StringVar(&opts.Place.Event, "event", "", "the event the session belongs to, whose boards hoyle compare compares across its tables")
	fs.StringVar(&opts.Place.Table, "table", "", "the table of the event this session is played at (a number under a movement)")
	fs.StringVar(&opts.Place.Room, "room", "", "open or closed: the room of a team match played in two rooms")
	fs.StringVar(&opts.Place.HomeTeam, "home", "", "the home team of a team match (North-South in the open room)")
	fs.StringVar(&opts.Place.VisitTeam, "visit", "", "the visiting team of a team match (East-West in the open room)")
	fs.StringVar(&opts.Place.Movement, "movement", "", "the event's movement: mitchell:TABLESxBOARDS, howell:TABLESxBOARDS, progressive:TABLESxDEALS, pivot or pivot:DEALS (see hoyle movement)")
}

// newNewCmd builds the command: it binds the flags to the options and calls runNew.
func newNewCmd(f *factory) *cobra.Command {
	opts := &newOptions{IO: f.IO, DB: f.DB}
	cmd := &cobra.Command{
		Use:   "new --game GAME",
		Short: "Open a new session and print its ID",
		Long: `Open a new session of a game and print its ID alone on standard output.
Everything given is checked before the database is touched: a refused new
creates no file. Two players of one name are refused: the log could not
tell them apart.

With --event the session is one table of an event played at several
tables, and hoyle compare scores its boards against the event's other
tables: --table names the table, --room open|closed and --home/--visit
the rooms and teams of a team match (the home team sits North-South in
the open room), and --movement the event's movement (hoyle movement
prints its plan): at a table of a Mitchell or a Howell, a deal is checked
against the boards the movement brings to that table.`,
		Example: `  hoyle new --game auction --north Ann --east Bob --south Cy --west Di --dealer S
  hoyle new --game contract --scoring duplicate --name "Tuesday club"
  hoyle new --game contract --scoring duplicate --event "Tuesday pairs" --table 3 --movement mitchell:7x2
  hoyle new --game contract --scoring duplicate --event "League" --table 1 --room open --home Rovers --visit Wanderers
  hoyle new --game five-hundred --players Ann,Bob,Cy --dealer Cy`,
		Args: exactArgs(0, "no arguments; the game and players are flags"),
		RunE: func(cmd *cobra.Command, _ []string) error { return runNew(cmd.Context(), opts) },
	}
	bindNewFlags(cmd.Flags(), opts)
	return cmd
}

// runNew opens the session and prints its ID alone, for scripts.
func runNew(ctx context.Context, opts *newOptions) error {
	id, err := openSession(ctx, opts)
	if err != nil {
		return err
	}
	fmt.Fprintln(opts.IO.Out, id)
	return nil
}

// openSession checks the session's spec, then opens it (creating the
// database if need be), and returns its ID.
func openSession(ctx context.Context, opts *newOptions) (string, error) {
	spec, err := opts.spec()
	if err != nil {
		return "", err
	}
	st, err := opts.DB.open(true, true)
	if err != nil {
		return "", err
	}
	defer st.Close()
	return recorder.New(st).Open(ctx, spec)
}

// spec reads the flags into a session spec and checks it against its game
// (projections.DecideOpen is pure), so that nothing is created for a spec
// that will be refused.
func (opts *newOptions) spec() (projections.SessionSpec, error) {
	spec := projections.SessionSpec{Game: opts.Game, Name: opts.Name, Dealer: opts.Dealer,
		Players: map[string]string{}, Options: map[string]string{}, Placement: opts.Place}
	if opts.Game == "" {
		return spec, usagef("expected --game GAME: the game the session plays (hoyle games lists them)")
	}
	for seat, name := range opts.Seats {
		if *name != "" {
			spec.Players[seat] = *name
		}
	}
	if opts.Players != "" {
		spec.PlayerList = strings.Split(opts.Players, ",")
	}
	var err error
	if spec.Options, err = sessionOptions(opts.Scoring, opts.Options); err != nil {
		return spec, err
	}
	_, err = projections.DecideOpen(spec)
	if errors.Is(err, game.ErrBadPlayers) && opts.Players != "" {
		return spec, fmt.Errorf("--players %q: %w", opts.Players, err)
	}
	return spec, err
}

// sessionOptions reads --scoring and each --option NAME=VALUE into a
// session's options (new, simulate and record take them alike).
func sessionOptions(scoring string, given []string) (map[string]string, error) {
	options := map[string]string{}
	if scoring != "" {
		options["scoring"] = scoring
	}
	for _, kv := range given {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			return nil, usagef("--option %q: write it as NAME=VALUE", kv)
		}
		options[k] = v
	}
	return options, nil
}
