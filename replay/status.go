package replay

import (
	"fmt"
	"strings"

	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/game"
)

// StatusLine says in one line where the session stands: the hand, the phase,
// whose turn, and what was last settled. The recorder prints it after each
// entry so the scorer sees at once whether the table and the log agree.
func StatusLine(s *projections.Session) string { return statusLine(s, true) }

// StatusLineAtPrompt is the status line the record prompt prints after an
// entry: without whose turn it is, which the prompt itself says on the
// next line, so that it is said once.
func StatusLineAtPrompt(s *projections.Session) string { return statusLine(s, false) }

func statusLine(s *projections.Session, turn bool) string {
	h := s.Current()
	if h == nil {
		if s.Closed {
			return "session closed"
		}
		return fmt.Sprintf("no hand dealt yet; %s deals first", DealerLabel(s))
	}
	seating := s.Seating()
	var b strings.Builder
	fmt.Fprintf(&b, "hand %d", h.Number)
	if h.Board != 0 {
		fmt.Fprintf(&b, " (board %d)", h.Board)
	}
	switch h.Phase {
	case game.PhaseAuction:
		phase, doing := AuctionWords(s.Rules)
		fmt.Fprintf(&b, " · %s", phase)
		if turn {
			fmt.Fprintf(&b, " · %s %s", seatLabel(s, h, h.Turn), doing)
		}
		if len(h.Calls) > 0 {
			var calls []string
			for _, c := range h.Calls {
				calls = append(calls, c.Call.String())
			}
			fmt.Fprintf(&b, " · %s", strings.Join(calls, " "))
		}
		b.WriteString(penaltyOpen(s, h))
	case game.PhaseExchange:
		if turn {
			fmt.Fprintf(&b, " · %s takes the widow and discards", seatLabel(s, h, h.Turn))
		}
	case game.PhasePlay:
		fmt.Fprintf(&b, " · %s", ContractLine(s, h))
		t := h.CurrentTrick()
		fmt.Fprintf(&b, " · trick %d", len(h.Tricks))
		if t != nil && len(t.Cards) > 0 {
			var cs []string
			for _, p := range t.Cards {
				cs = append(cs, seating.Names[p.Seat]+":"+p.Card.String())
			}
			fmt.Fprintf(&b, " [%s]", strings.Join(cs, " "))
		}
		who := seatLabel(s, h, h.Turn)
		if h.Turn == h.Dummy && h.PlayedFrom(h.Turn) == h.Turn {
			// bridge's: his partner names the card; "N (Y, dummy)", as
			// the prompt says it
			who = strings.TrimSuffix(who, ")") + ", dummy)"
			if !strings.Contains(seatLabel(s, h, h.Turn), "(") {
				who = seatLabel(s, h, h.Turn) + " (dummy)"
			}
		}
		who += " to play"
		if h.Unsettled() != nil {
			who = WhoWonText
		}
		if turn || h.Unsettled() != nil {
			fmt.Fprintf(&b, " · %s", who)
		}
		fmt.Fprintf(&b, " · %s", tricksLine(seating, h))
		b.WriteString(penaltyOpen(s, h))
	case game.PhaseDone:
		switch {
		case h.Annulled:
			b.WriteString(" · void: a new deal")
		case h.Abandoned:
			fmt.Fprintf(&b, " · abandoned · %s · %s", ContractLine(s, h), tricksLine(seating, h))
		case h.Contract == nil && len(h.Tricks) == 0:
			b.WriteString(" · passed out")
		default:
			fmt.Fprintf(&b, " · done · %s · %s", ContractLine(s, h), tricksLine(seating, h))
			if h.Claim != nil {
				fmt.Fprintf(&b, " (claim)")
			}
		}
		b.WriteString(penaltyOpen(s, h))
		fmt.Fprintf(&b, " · next dealer %s", DealerLabel(s))
	}
	return b.String()
}

// AuctionWords is what a game calls its phase of calls, and what the
// player to call does: "auction", "to call"; Quinto's "doubling"; Humbug
// Whist's players say whether they are content.
func AuctionWords(rs game.Ruleset) (phase, doing string) {
	if w, ok := rs.(game.PhaseWords); ok {
		return w.CallWords()
	}
	return "auction", "to call"
}

// WhoWonText is what a view says of a trick whose cards are all played and
// whose winner the laws do not name (game.Hand.Unsettled): the table says.
const WhoWonText = "who won it? the laws as printed do not say: hoyle won SEAT"

// DealerLabel names the next dealer, and who will play his seat where the
// session can tell (see projections.Session.NextSitting): where the players
// move between hands, a fold of the latest hand alone names the seat only.
func DealerLabel(s *projections.Session) string {
	sit, known := s.NextSitting()
	_, dealer := s.NextDeal() // a duplicate session's next board has its own dealer
	if dealer != cards.NoSeat && !known {
		return s.Seating().Names[dealer]
	}
	number := 1
	if h := s.Current(); h != nil {
		number = h.Number + 1
	}
	next := game.NewHand(number, dealer, s.Seating(), s.Opts)
	next.Sitting = sit
	return seatLabel(s, next, dealer)
}

// seatLabel names a seat and who plays it on h (nil: before a hand, as the
// session opened): "S (Z)", "N (dummy, played by Ann)".
func seatLabel(s *projections.Session, h *game.Hand, seat cards.Seat) string {
	if seat == cards.NoSeat {
		return "nobody"
	}
	label := s.Seating().Names[seat]
	if p := SeatPlayer(s, h, seat); p != "" { // a name is user text: cleaned, no escape sequences on the terminal
		label += " (" + p + ")"
	}
	return label
}

// ContractLine names a hand's contract for a status line: "2NT by E",
// "trumps hearts" where nobody declared (whist), "no contract".
func ContractLine(s *projections.Session, h *game.Hand) string {
	if h.Contract == nil {
		return "no contract"
	}
	if cw, ok := s.Rules.(game.ContractWording); ok {
		return cw.ContractWords(h)
	}
	if h.Contract.Declarer == cards.NoSeat {
		return "trumps " + h.Contract.Strain.Name()
	}
	return game.ContractText(h.Contract) + " by " + s.Seating().Names[h.Contract.Declarer]
}

func tricksLine(seating game.Seating, h *game.Hand) string {
	var parts []string
	for side, n := range h.Won {
		parts = append(parts, fmt.Sprintf("%s %d", SideName(seating, cards.Side(side)), n))
	}
	return strings.Join(parts, " ")
}

// penaltyOpen says, for a status line, that a remedy waits to be chosen.
func penaltyOpen(s *projections.Session, h *game.Hand) string {
	// A card lying exposed may be called at any time it is liable to be:
	// that alone is no decision waiting.
	for _, irr := range h.Irregular {
		cs, _ := OpenChoices(s, h, irr)
		for _, c := range cs {
			if c.Name != "call-card" {
				return " · a penalty to choose (hoyle penalty)"
			}
		}
	}
	return ""
}
