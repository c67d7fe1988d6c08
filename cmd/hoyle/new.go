package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/recorder"
)

func init() {
	register(newNewCmd)
}

// newOptions are the flags of `hoyle new`.
type newOptions struct {
	*globals
	game    string
	players map[string]*string
	// playerList is --players: every player's name, in seat order.
	playerList string
	dealer     string
	name       string
	scoring    string
	options    []string
}

func newNewCmd(g *globals) *cobra.Command {
	o := &newOptions{globals: g, players: map[string]*string{}}
	cmd := &cobra.Command{
		Use:   "new --game GAME",
		Short: "Open a new session and print its ID",
		Example: `  hoyle new --game auction --north Ann --east Bob --south Cy --west Di --dealer S
  hoyle new --game contract --scoring duplicate --name "Tuesday club"
  hoyle new --game five-hundred --players Ann,Bob,Cy --dealer Cy`,
		Args: exactArgs(0, "no arguments; the game and players are flags"),
		RunE: func(cmd *cobra.Command, _ []string) error { return runNew(cmd, o) },
	}
	cmd.Flags().StringVar(&o.game, "game", "", "the game (see hoyle games)")
	for _, seat := range []string{"north", "east", "south", "west"} {
		o.players[seat] = cmd.Flags().String(seat, "", "the player in the "+seat+" seat")
	}
	cmd.Flags().StringVar(&o.playerList, "players", "", "every player's name, comma-separated, in seat order (N,E,S,W; A,B,C in Five Hundred)")
	cmd.Flags().StringVar(&o.dealer, "dealer", "", "the first dealer's seat, or with --players his name (default South, Foster's Z; the first seat at a table without compass seats)")
	cmd.Flags().StringVar(&o.name, "name", "", "a name for the session")
	cmd.Flags().StringVar(&o.scoring, "scoring", "", "scoring style, for games that have several (contract: rubber, duplicate, chicago)")
	cmd.Flags().StringArrayVar(&o.options, "option", nil, "a ruleset option as NAME=VALUE (repeatable)")
	_ = cmd.MarkFlagRequired("game")
	return cmd
}

func runNew(cmd *cobra.Command, o *newOptions) error {
	spec := projections.SessionSpec{Game: o.game, Name: o.name, Dealer: o.dealer,
		Players: map[string]string{}, Options: map[string]string{}}
	for seat, name := range o.players {
		if *name != "" {
			spec.Players[seat] = *name
		}
	}
	if o.playerList != "" {
		spec.PlayerList = strings.Split(o.playerList, ",")
	}
	if o.scoring != "" {
		spec.Options["scoring"] = o.scoring
	}
	for _, kv := range o.options {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			return usagef("--option %q: write it as NAME=VALUE", kv)
		}
		spec.Options[k] = v
	}
	st, err := o.openStore(true, true)
	if err != nil {
		return err
	}
	defer st.Close()
	id, err := recorder.New(st).Open(cmd.Context(), spec)
	if errors.Is(err, game.ErrBadPlayers) && o.playerList != "" {
		return fmt.Errorf("--players %q: %w", o.playerList, err)
	}
	if err != nil {
		return err
	}
	fmt.Fprintln(o.io.Out, id)
	return nil
}
