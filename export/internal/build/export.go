package build

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/replay"
)

// Bridge is the session's ruleset as the interchange formats need it: a
// game of four seats by the compass, a pack of 52 and a contract
// (game.Interchange). Any other session is refused with ErrNotBridge:
// PBN and LIN would write its hands under laws it was not played by.
func Bridge(s *projections.Session) (game.Interchange, error) {
	ic, ok := s.Rules.(game.Interchange)
	if !ok || !s.Seating().Compass || len(s.Rules.Pack()) != 52 {
		return nil, fmt.Errorf("%w; this session is %s", ErrNotBridge, s.Rules.Info().Title)
	}
	return ic, nil
}

// Name is a name (a player's, a session's) as the interchange formats
// write it: text a reader shows as it is, on one line, without what a
// terminal would act on (replay.Clean). Names recorded since hoyle checks
// them are so already; this keeps an older session's from reaching a file
// raw.
func Name(s string) string { return replay.Clean(s) }

// StepsByHand indexes a session's steps by the hand they belong to (0: the
// session's, before the first deal), in order, without copying them: each
// hand's steps are one run of the session's.
func StepsByHand(s *projections.Session) map[int][]projections.Step {
	out := map[int][]projections.Step{}
	start := 0
	for i := 1; i <= len(s.Steps); i++ {
		if i < len(s.Steps) && s.Steps[i].Hand == s.Steps[start].Hand {
			continue
		}
		run := s.Steps[start:i:i]
		if prev, ok := out[s.Steps[start].Hand]; ok {
			out[s.Steps[start].Hand] = append(prev, run...)
		} else {
			out[s.Steps[start].Hand] = run
		}
		start = i
	}
	return out
}

// HandScore is what a finished hand scored, as the interchange formats
// write it: a duplicate board's score (Board), or the points each side
// scored above and below the line, with the rubber's sheet as it stood
// before the deal (History, PBN's ScoreRubberHistory).
type HandScore struct {
	Board        bool
	NS           int // net, from North-South's side
	Above, Below [2]int
	History      string
}

// HandScores are a session's scores by hand number.
type HandScores map[int]HandScore

// ScoresByHand scores the session once and files the score sheet by hand;
// history adds each rubber's sheet before each deal. A hand the sheet does
// not score (it says why) has none.
//
// A sheet whose sides are not North-South and East-West (Six-hand Bridge's
// pairs, King's Bridge's players) has no score PBN can say: none is given.
func ScoresByHand(s *projections.Session, history bool) HandScores {
	sheet := s.Score()
	out := HandScores{}
	if len(sheet.Sides) > 0 {
		return out
	}
	for _, b := range sheet.Boards {
		out[b.Hand] = HandScore{Board: true, NS: b.NS}
	}
	entries := map[int][]game.Entry{}
	for _, r := range sheet.Rubbers {
		for _, e := range r.Entries {
			if e.Side == cards.NS || e.Side == cards.EW {
				entries[e.Hand] = append(entries[e.Hand], e)
			}
		}
	}
	var hist map[int]string
	if history {
		hist = rubberHistory(s, sheet)
	}
	for _, h := range s.Hands {
		if _, ok := out[h.Number]; ok {
			continue
		}
		es := entries[h.Number]
		if len(es) == 0 && h.Contract != nil {
			continue // not scored (the sheet says why)
		}
		var sc HandScore
		for _, e := range es {
			if e.Above {
				sc.Above[e.Side] += e.Points
			} else {
				sc.Below[e.Side] += e.Points
			}
		}
		sc.NS = sc.Above[cards.NS] + sc.Below[cards.NS] - sc.Above[cards.EW] - sc.Below[cards.EW]
		sc.History = hist[h.Number]
		out[h.Number] = sc
	}
	return out
}

// rubberHistory is PBN's ScoreRubberHistory of each hand of a session
// scored by rubbers: for each side, the points above the line in earlier
// rubbers, then those above the line in the current rubber and below it in
// each game so far ("NS 0 50/40 EW 0 0/0"), as they stood before the deal.
func rubberHistory(s *projections.Session, sheet game.ScoreSheet) map[int]string {
	out := map[int]string{}
	var prevAbove, curAbove [2]int
	below := [][2]int{{}}
	snapshot := func() string {
		var b strings.Builder
		for _, side := range []cards.Side{cards.NS, cards.EW} {
			if side == cards.EW {
				b.WriteByte(' ')
			}
			fmt.Fprintf(&b, "%s %d %d/", side, prevAbove[side], curAbove[side])
			for k, g := range below {
				if k > 0 {
					b.WriteByte(' ')
				}
				b.WriteString(strconv.Itoa(g[side]))
			}
		}
		return b.String()
	}
	for _, r := range sheet.Rubbers {
		byHand := map[int][]game.Entry{}
		for _, e := range r.Entries {
			if e.Side == cards.NS || e.Side == cards.EW {
				byHand[e.Hand] = append(byHand[e.Hand], e)
			}
		}
		for _, hand := range r.Hands {
			out[hand] = snapshot()
			for _, e := range byHand[hand] {
				if e.Above {
					curAbove[e.Side] += e.Points
					continue
				}
				below[len(below)-1][e.Side] += e.Points
				if e.GameLine && len(below) < 3 {
					below = append(below, [2]int{})
				}
			}
		}
		if r.Complete {
			prevAbove[cards.NS] += curAbove[cards.NS]
			prevAbove[cards.EW] += curAbove[cards.EW]
			curAbove, below = [2]int{}, [][2]int{{}}
		}
	}
	for _, h := range s.Hands {
		if _, ok := out[h.Number]; !ok {
			out[h.Number] = snapshot()
		}
	}
	return out
}

// ErrNoHand: an export of a hand the session does not have.
var ErrNoHand = errors.New("no such hand")

// EachHand gives put each hand of the session to write (hand, when not 0,
// that one alone; first, the first written), telling progress after each
// how many of all are done.
func EachHand(s *projections.Session, hand int, progress func(done, total int), put func(h *game.Hand, first bool) error) error {
	total := len(s.Hands)
	if hand != 0 {
		total = 1
	}
	done := 0
	for _, h := range s.Hands {
		if hand != 0 && h.Number != hand {
			continue
		}
		if err := put(h, done == 0); err != nil {
			return fmt.Errorf("hand %d: %w", h.Number, err)
		}
		done++
		if progress != nil {
			progress(done, total)
		}
	}
	if hand != 0 && done == 0 {
		return fmt.Errorf("%w: the session has no hand %d", ErrNoHand, hand)
	}
	return nil
}
