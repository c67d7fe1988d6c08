package main

import (
	"context"
	"errors"
	"sync"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/projections/load"
	"github.com/hoyle/hoyle/replay"
)

// The commands that show one hand (show, replay, export --format md, note
// --at) read that hand alone, with the score and the notes from the
// session's checkpoint (projections/load.Hand): their cost follows the hand
// shown, not the size of the session.

// readHand reads the session for a command that shows one hand: the hand
// of the moment at, if given, else hand n (0: the latest). A hand or moment
// the session does not have reads the latest hand, and whoever looks for it
// there says it is not there, and what there is.
func (d *database) readHand(ctx context.Context, n int, at *replay.Moment) (*load.Window, error) {
	if _, whole := wholeReads.Load(d.dbPath()); whole {
		return d.readWhole(ctx)
	}
	var w *load.Window
	err := d.read(ctx, func(st events.Store, session string) (err error) {
		if w, err = loadHand(ctx, st, session, n, at); err != nil {
			return err
		}
		return seatRoster(ctx, st, w.Session)
	})
	return w, err
}

// loadHand is readHand on an open store.
func loadHand(ctx context.Context, st events.Store, session string, n int, at *replay.Moment) (*load.Window, error) {
	if at != nil && at.Kind == replay.AfterEvent {
		return load.HandAt(ctx, st, session, at.Event)
	}
	if at != nil {
		n = at.Hand
	}
	w, err := load.Hand(ctx, st, session, n)
	var none *load.NoHandError
	if errors.As(err, &none) {
		return load.Hand(ctx, st, session, 0)
	}
	return w, err
}

// handOf is the moment whose hand a write-up reads: that of --at, else,
// when no hand is named, that of --from (the write-up is of its hand).
func handOf(at *replay.Moment, hand int, from *replay.Moment) *replay.Moment {
	if at == nil && hand == 0 {
		return from
	}
	return at
}

// wholeReads holds the databases (by path) on which readHand reads the
// whole log, as hoyle did before it read one hand alone: tests compare the
// two, each on a database of its own, in parallel.
var wholeReads sync.Map // path -> struct{}

// readWhole reads the whole log: for a moment @N that a read of one hand
// cannot fold (replay.ErrWholeLog).
func (d *database) readWhole(ctx context.Context) (*load.Window, error) {
	w := &load.Window{}
	err := d.read(ctx, func(st events.Store, session string) (err error) {
		if w.Session, w.Envs, err = load.Session(ctx, st, session); err != nil {
			return err
		}
		return seatRoster(ctx, st, w.Session)
	})
	if err == nil && len(w.Session.Hands) > 0 {
		w.First, w.Last = 1, len(w.Session.Hands)
	}
	return w, err
}

// withHand runs show on the hand the command asked for, and again on the
// whole log if that hand's read cannot fold the moment asked.
func (d *database) withHand(ctx context.Context, n int, at *replay.Moment, show func(w *load.Window) error) error {
	w, err := d.readHand(ctx, n, at)
	if err != nil {
		return err
	}
	err = show(w)
	if errors.Is(err, replay.ErrWholeLog) {
		if w, err = d.readWhole(ctx); err != nil {
			return err
		}
		err = show(w)
	}
	return err
}
