package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/hoyle/hoyle/projections/compare"
	"github.com/hoyle/hoyle/replay"
	"github.com/hoyle/hoyle/replay/jsonview"
)

// runSwiss is hoyle movement swiss --event E: the event's next Swiss
// round, drawn from its standings.
func runSwiss(ctx context.Context, opts *movementOptions) error {
	if opts.Event == "" {
		return usagef("hoyle movement swiss needs --event NAME: the teams event whose standings the next round is drawn from")
	}
	if err := compare.CheckVPScale(opts.VP); err != nil {
		return usageError{fmt.Errorf("--vp: %w", err)}
	}
	rep, err := loadComparisonWith(ctx, opts.DB, compare.Options{Event: opts.Event, VPScale: opts.VP})
	if err != nil {
		return err
	}
	ev := rep.Events[0]
	draw, err := ev.NextSwissRound()
	if err != nil {
		return fmt.Errorf("hoyle movement swiss --event %q: %w", opts.Event, err)
	}
	if opts.JSON {
		return jsonview.Write(opts.IO.Out, draw)
	}
	_, err = fmt.Fprint(opts.IO.Out, swissText(ev, draw))
	return err
}

// swissText is the draw as the director reads it out: each match with
// the teams' places and VPs so far, the home team first.
func swissText(ev compare.Event, draw compare.SwissDraw) string {
	place := map[string]compare.Total{}
	for _, t := range ev.Totals {
		place[t.Name] = t
	}
	standing := func(name string) string {
		t := place[name]
		if t.VPs == nil {
			return replay.Clean(name)
		}
		return fmt.Sprintf("%s (%s, %.2f VPs)", replay.Clean(name), ev.RankText(t), *t.VPs)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s · Swiss draw for round %d (no two teams meet twice)\n", replay.Clean(ev.Event), draw.Round)
	for i, m := range draw.Matches {
		fmt.Fprintf(&b, "  match %d: %s v %s\n", i+1, standing(m[0]), standing(m[1]))
	}
	if draw.Bye != "" {
		fmt.Fprintf(&b, "  bye: %s\n", standing(draw.Bye))
	}
	return b.String()
}
