package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/rules"
)

// gamesOptions: hoyle games takes nothing.
type gamesOptions struct {
	IO *Streams
}

// newGamesCmd builds the command: it binds the flags to the options and calls runGames.
func newGamesCmd(f *factory) *cobra.Command {
	opts := &gamesOptions{IO: f.IO}
	return &cobra.Command{
		Use:   "games",
		Short: "List the games and the code of laws each follows",
		Long: `List the games hoyle records, each with its --game name, the code of laws
it follows, its options (--option NAME=VALUE) and, for a game whose players
move between hands, the places new --players names them by. hoyle help laws
tells each game at length: what its laws change, and how to record it.`,
		Args: exactArgs(0, "no arguments"),
		RunE: func(cmd *cobra.Command, _ []string) error { return runGames(cmd.Context(), opts) },
	}
}

// runGames lists the rulesets, from the registry.
func runGames(_ context.Context, opts *gamesOptions) error {
	width := 16 // the IDs' column: as wide as the longest ID
	for _, rs := range rules.All() {
		width = max(width, len(rs.Info().ID))
	}
	for _, rs := range rules.All() {
		info := rs.Info()
		fmt.Fprintf(opts.IO.Out, "%-*s %s\n", width, info.ID, info.Title)
		fmt.Fprintf(opts.IO.Out, "%-*s laws: %s\n", width, "", info.Code)
		if sitter, ok := rs.(game.Sitter); ok {
			// Players who move between hands are named by their places.
			places := sitter.Places(nil)
			fmt.Fprintf(opts.IO.Out, "%-*s new --players: %d players, by their first places %s\n", width, "", len(places), strings.Join(places, ", "))
		}
		for _, o := range info.Options {
			fmt.Fprintf(opts.IO.Out, "%-*s new --option %s=%s: %s\n", width, "", o.Name, strings.Join(o.Values, "|"), o.Summary)
		}
	}
	return nil
}
