package build

import (
	"errors"
	"fmt"
	"time"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/projections/game"
)

// AddCard records a card played by seat. A foreign file records what was
// played, not whether it was lawful: a card that fails to follow suit while
// its player held the suit led is a renounce, and it is recorded as the
// irregular play it was (table.IrregularPlay), so that the revoke and its
// rectification come out of the play as they did at the table. renounce,
// when not nil, says why the card was irregular, for the importer's
// warning: the file may as well hold a slip of its writer's.
func (b *Session) AddCard(at time.Time, seat cards.Seat, c cards.Card) (id events.ID, renounce, err error) {
	id, err = b.Add(at, &table.Played{Seat: seat, Card: c})
	if err != nil && errors.Is(err, game.ErrRenounce) {
		renounce = err
		id, err = b.Add(at, &table.IrregularPlay{Seat: seat, Card: c, By: cards.NoSeat})
		if err != nil {
			renounce = nil
		}
	}
	return id, renounce, err
}

// RenounceRecorded is the importer's warning for a card AddCard recorded as
// a renounce.
func RenounceRecorded(renounce error) string {
	return fmt.Sprintf("%v; recorded as the renounce it was (a revoke unless it was corrected)", WithoutHint(renounce))
}

// WithoutHint is a refusal as an importer words it: the laws' reason
// without the recorder's hint of what to type instead, since a file's
// reader types nothing.
func WithoutHint(err error) error {
	var ie *game.IllegalError
	if errors.As(err, &ie) && ie.Hint != "" {
		without := *ie
		without.Hint = ""
		return &without
	}
	return err
}

// ClaimFor is the number of the tricks left that the declarer claims for a
// result of total tricks, the result he is scored with (DeclarerTricks):
// when a revoke transfers tricks (Law 64A), the tricks won in play are
// fewer than the result.
//
// The transfer depends on the tricks each side wins after the revoke, so
// several claims may give one result: ClaimFor takes the fewest. When none
// gives it, ok is false and n is the fewest tricks that come nearest, and
// gives the result they give (the caller says so; -1 when no claim can be
// made at all). Either way n is the fewest tricks that give the result the
// hand then has, so that a hand exported with that result and read again
// is claimed the same.
func (b *Session) ClaimFor(total int) (n, gives int, ok bool) {
	h := b.S.Current()
	if h == nil || h.Contract == nil || h.Phase != game.PhasePlay {
		return 0, -1, false
	}
	rest := b.S.Rules.Tricks() - h.CompletedTricks()
	plain := total - h.DeclarerWon()
	if len(h.Revokes()) == 0 && len(h.Irregular) == 0 {
		if plain < 0 || plain > rest {
			return plain, -1, false
		}
		return plain, total, true
	}
	best, gives, off := plain, -1, -1
	for k := 0; k <= rest; k++ {
		c := h.Clone()
		if c.ClaimRest(b.S.Rules, h.Contract.Declarer, k, nil, events.ID{}) != nil {
			continue
		}
		got := DeclarerTricks(b.S.Rules, c)
		if got == total {
			return k, got, true
		}
		if d := max(got-total, total-got); off < 0 || d < off {
			best, gives, off = k, got, d
		}
	}
	return best, gives, false
}

// DeclarerTricks is what a finished hand's result says: the tricks its
// declarer is scored with, with any a revoke penalty transferred by the
// game's laws (game.Interchange), else those his side won in play.
func DeclarerTricks(rs game.Ruleset, h *game.Hand) int {
	if ic, ok := rs.(game.Interchange); ok {
		return ic.DeclarerTricks(h)
	}
	return h.DeclarerWon()
}
