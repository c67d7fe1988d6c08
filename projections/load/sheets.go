package load

import (
	"sync/atomic"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/game"
)

// keptSheets are the score sheets a checkpoint kept (record keySheets),
// for the checkpoint's hands: the load path's cache of the score, which a
// session read from the checkpoint scores from (projections.KeptSheets).
// A sheet is decoded the first time it is asked for, and shared from then
// on by every state scored from it, which never changes it.
type keptSheets struct {
	// hands are the checkpoint's: a sheet serves a session whose first
	// hands are these very values (reuse puts them in place of hands
	// folded again that are the same record).
	hands   []*game.Hand
	raw     map[projections.SheetKey][]byte
	decoded map[projections.SheetKey]game.ScoreSheet
	// fold is the score's fold of the first folded hands (the finished
	// ones), when the ruleset's score is a fold (game.Folding): a reader
	// adds the hands after them to it. state is fold decoded.
	fold   []byte
	folded int
	state  *game.FoldState
	// run is the running state of the same fold (game.RunningState, the
	// record keyRunning), of the first runFolded hands: the size of a
	// rubber, what a reader of the running score alone reads (see
	// Running). runState is run decoded.
	run       []byte
	runFolded int
	runState  *game.FoldState
}

// sheetBytesDecoded counts the bytes of kept sheets and folds decoded:
// what the tests read to know that a read of the running score decodes a
// rubber's worth, whatever the session's length.
var sheetBytesDecoded atomic.Int64

// handsFolded counts the hands added to the folds kept (see
// countedFold): what the tests read to know that a read scored the hands
// since the checkpoint, not the session.
var handsFolded atomic.Int64

// countedFold is a kept fold resumed, counting the hands added to it.
type countedFold struct{ game.SheetFold }

// Add implements game.SheetFold, counting the hand.
func (c countedFold) Add(h *game.Hand) {
	handsFolded.Add(1)
	c.SheetFold.Add(h)
}

var _ projections.KeptSheets = (*keptSheets)(nil)

// decodeSheets reads the sheets record (its seal checked): each sheet's
// key and its bytes, kept for the given hands. Nil when the record is
// missing or damaged: that costs only the scoring.
func decodeSheets(body []byte, hands []*game.Hand) *keptSheets {
	if body == nil {
		return nil
	}
	c := &keptSheets{hands: hands, raw: map[projections.SheetKey][]byte{}, decoded: map[projections.SheetKey]game.ScoreSheet{}}
	d := events.NewDecoder(body)
	for range d.Len(3) {
		k := projections.SheetKey{Finished: int(d.Uint()), Closed: d.Bool()}
		c.raw[k] = d.Raw()
	}
	if d.Bool() {
		c.folded = int(d.Uint())
		c.fold = d.Raw()
	}
	if d.Err() != nil {
		return nil
	}
	return c
}

// decodeRunning reads the running fold's record (its seal checked) into
// c, made for the given hands when c is nil: not the sheets of the record
// keySheets, which a reader of the running score does not read. Nil (or c
// as it was) when the record is damaged.
func decodeRunning(c *keptSheets, body []byte, hands []*game.Hand) *keptSheets {
	if body == nil {
		return c
	}
	d := events.NewDecoder(body)
	folded := int(d.Uint())
	run := d.Raw()
	if d.Err() != nil {
		return c
	}
	if c == nil {
		c = &keptSheets{hands: hands, raw: map[projections.SheetKey][]byte{}, decoded: map[projections.SheetKey]game.ScoreSheet{}}
	}
	c.run, c.runFolded = run, folded
	return c
}

// runningRecord is the record keyRunning's bytes: the running state of
// the fold of the first folded hands.
func runningRecord(folded int, st game.FoldState) []byte {
	e := events.NewEncoder(nil)
	e.Uint(uint64(folded))
	e.Raw(projections.AppendFoldState(nil, game.RunningState(st)))
	return e.Bytes()
}

// kept is c as a session's projections.KeptSheets: nil, not an interface
// holding a nil *keptSheets, when the checkpoint kept none.
func (c *keptSheets) kept() projections.KeptSheets {
	if c == nil {
		return nil
	}
	return c
}

// Has implements projections.KeptSheets: the sheet of k is kept, and the
// first k.Finished of hands are the checkpoint's own.
func (c *keptSheets) Has(k projections.SheetKey, hands []*game.Hand) bool {
	_, ok := c.rawFor(k, hands)
	return ok
}

// Sheet implements projections.KeptSheets.
func (c *keptSheets) Sheet(k projections.SheetKey, hands []*game.Hand) (game.ScoreSheet, bool) {
	raw, ok := c.rawFor(k, hands)
	if !ok {
		return game.ScoreSheet{}, false
	}
	if sheet, ok := c.decoded[k]; ok {
		return sheet, true
	}
	sheetBytesDecoded.Add(int64(len(raw)))
	sheet, err := projections.DecodeSheet(raw)
	if err != nil {
		return game.ScoreSheet{}, false
	}
	c.decoded[k] = sheet
	return sheet, true
}

// Fold implements projections.KeptSheets: the fold kept, when the first
// hands it folded are the checkpoint's own, resumed.
func (c *keptSheets) Fold(rules game.Folding, opts game.Options, seating game.Seating, hands []*game.Hand) (game.SheetFold, int, bool) {
	if c == nil || c.fold == nil || !c.holds(c.folded, hands) {
		return nil, 0, false
	}
	if c.state == nil {
		sheetBytesDecoded.Add(int64(len(c.fold)))
		st, err := projections.DecodeFoldState(c.fold)
		if err != nil {
			c.fold = nil
			return nil, 0, false
		}
		c.state = &st
	}
	f, ok := rules.Fold(opts, seating, c.state)
	if !ok {
		return nil, 0, false
	}
	return countedFold{f}, c.folded, true
}

// Running implements projections.KeptSheets: the running fold kept, when
// the first hands it folded are the checkpoint's own, resumed.
func (c *keptSheets) Running(rules game.Folding, opts game.Options, seating game.Seating, hands []*game.Hand) (game.SheetFold, int, game.Before, bool) {
	if c == nil || c.run == nil || !c.holds(c.runFolded, hands) {
		return nil, 0, game.Before{}, false
	}
	if c.runState == nil {
		sheetBytesDecoded.Add(int64(len(c.run)))
		st, err := projections.DecodeFoldState(c.run)
		if err != nil || !st.Running {
			c.run = nil
			return nil, 0, game.Before{}, false
		}
		c.runState = &st
	}
	f, ok := game.Resume(rules, opts, seating, c.runState)
	if !ok {
		return nil, 0, game.Before{}, false
	}
	return countedFold{f}, c.runFolded, c.runState.Before, true
}

// holds reports whether the first k of hands are the checkpoint's own.
func (c *keptSheets) holds(k int, hands []*game.Hand) bool {
	if k > len(hands) || k > len(c.hands) {
		return false
	}
	for i := range k {
		if hands[i] != c.hands[i] {
			return false
		}
	}
	return true
}

// rawFor is the encoded sheet of key k, when it is kept for the first
// k.Finished of hands.
func (c *keptSheets) rawFor(k projections.SheetKey, hands []*game.Hand) ([]byte, bool) {
	if c == nil || k.Finished > len(hands) || k.Finished > len(c.hands) {
		return nil, false
	}
	raw, ok := c.raw[k]
	if !ok {
		return nil, false
	}
	for i := range k.Finished {
		if hands[i] != c.hands[i] {
			return nil, false
		}
	}
	return raw, true
}

// reuse puts the checkpoint's own hand in place of each hand folded again
// that is the same record (projections.SameHand), so that the score sheets
// the checkpoint kept, which know its hands by identity, serve the session
// read.
func reuse(folded, kept []*game.Hand) {
	for i := range min(len(folded), len(kept)) {
		if projections.SameHand(folded[i], kept[i]) {
			folded[i] = kept[i]
		}
	}
}
