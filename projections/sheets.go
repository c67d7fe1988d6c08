package projections

import (
	"reflect"

	"github.com/hoyle/hoyle/projections/game"
)

// Score sheets kept with a snapshot. A ruleset scores only a session's
// finished hands (game.ScoreInput), and scoring is the one cost of showing
// the latest hand of a long session that does not follow the hand: every
// earlier hand is scored again. So a checkpoint keeps the sheets a reader
// of the latest hand asks for (the score now, and before the latest
// finished hand), and a session read from it (see projections/load) scores
// from them when its finished hands are the snapshot's own.

// SheetKey says which sheet: that of the first Finished hands, with the
// session closed or not.
type SheetKey struct {
	Finished int
	Closed   bool
}

// SheetCache holds sheets a snapshot kept, encoded (AppendSheet), for the
// snapshot's hands.
type SheetCache struct {
	hands   []*game.Hand
	sheets  map[SheetKey][]byte
	decoded map[SheetKey]game.ScoreSheet
}

// NewSheetCache starts a cache of sheets of the given hands (a snapshot's).
func NewSheetCache(hands []*game.Hand) *SheetCache {
	return &SheetCache{hands: hands, sheets: map[SheetKey][]byte{}, decoded: map[SheetKey]game.ScoreSheet{}}
}

// Add keeps the encoded sheet of a key.
func (c *SheetCache) Add(k SheetKey, sheet []byte) { c.sheets[k] = sheet }

// SheetsToKeep are the sheets a checkpoint of this session keeps: those of
// its finished hands (open and, if it is, closed), and of all but the last
// of them (the score before the latest hand, which was dealt before any
// close).
func (s *Session) SheetsToKeep() []SheetKey {
	f := s.finishedHands()
	keys := []SheetKey{{Finished: f}}
	if s.Closed {
		keys = append(keys, SheetKey{Finished: f, Closed: true})
	}
	if f > 0 {
		keys = append(keys, SheetKey{Finished: f - 1})
	}
	return keys
}

// ScoreOf is the score sheet of the session's first k.Finished hands,
// closed or not, as Score would give it for a session of those hands.
func (s *Session) ScoreOf(k SheetKey) game.ScoreSheet {
	return s.score(s.Hands[:k.Finished], k.Closed)
}

// UseSheets lets the session score from kept sheets (see Score).
func (s *Session) UseSheets(c *SheetCache) { s.sheets = c }

// finishedHands counts the hands done: every hand but, perhaps, the last.
func (s *Session) finishedHands() int {
	n := len(s.Hands)
	if n > 0 && s.Hands[n-1].Phase != game.PhaseDone {
		n--
	}
	return n
}

// same is kept when the hand folded again, h, is the same as it (a moment
// at the end of a hand), so that the sheets kept for the session's hands
// serve a state made of them; else h.
func same(h, kept *game.Hand) *game.Hand {
	if h != kept && reflect.DeepEqual(h, kept) {
		return kept
	}
	return h
}

// keptScore is the sheet Score would make, from the cache, when the cache
// has it for the session's finished hands: the same hands (the same
// values, not copies) and the same close.
func (s *Session) keptScore() (game.ScoreSheet, bool) {
	return s.keptSheet(SheetKey{Finished: s.finishedHands(), Closed: s.Closed})
}

// keptSheet is the sheet of key k from the cache, when the cache has it for
// the session's first k.Finished hands.
func (s *Session) keptSheet(k SheetKey) (game.ScoreSheet, bool) {
	raw, ok := s.keptRaw(k)
	if !ok {
		return game.ScoreSheet{}, false
	}
	c := s.sheets
	if sheet, ok := c.decoded[k]; ok {
		return sheet, true
	}
	sheet, err := DecodeSheet(raw)
	if err != nil {
		return game.ScoreSheet{}, false
	}
	c.decoded[k] = sheet // read by everyone who scores the same hands: never changed
	return sheet, true
}

// keptRaw is the encoded sheet of key k, when the cache has it for the
// session's first k.Finished hands.
func (s *Session) keptRaw(k SheetKey) ([]byte, bool) {
	c := s.sheets
	f := k.Finished
	if c == nil || f > len(s.Hands) || f > len(c.hands) {
		return nil, false
	}
	raw, ok := c.sheets[k]
	if !ok {
		return nil, false
	}
	for i := range f {
		if s.Hands[i] != c.hands[i] {
			return nil, false
		}
	}
	return raw, true
}

// ScoresFromKept reports whether Score would take the session's sheet from
// the sheets a checkpoint kept rather than score its hands again: what the
// tests and benchmarks of a long session look at.
func (s *Session) ScoresFromKept() bool {
	_, ok := s.keptScore()
	return ok
}
