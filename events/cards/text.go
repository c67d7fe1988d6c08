package cards

import (
	"strconv"
	"strings"
)

// The text forms below let cards, seats, calls and sets appear readably in
// JSON (the event log as JSON, `show --json`).

// MarshalText writes the card as String does.
func (c Card) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// UnmarshalText reads a card as ParseCard does.
func (c *Card) UnmarshalText(b []byte) error {
	v, err := ParseCard(string(b))
	*c = v
	return err
}

// MarshalText writes the seat as String does.
func (s Seat) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads a compass seat, "seatN", or "-" for no seat.
func (s *Seat) UnmarshalText(b []byte) error {
	t := string(b)
	if t == "-" || t == "" {
		*s = NoSeat
		return nil
	}
	if n, ok := strings.CutPrefix(strings.ToLower(t), "seat"); ok {
		if i, err := strconv.Atoi(n); err == nil && i >= 1 && i <= 16 {
			*s = Seat(i - 1)
			return nil
		}
	}
	v, err := ParseSeat(t)
	*s = v
	return err
}

// MarshalText writes the side as String does.
func (s Side) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads NS, EW, "sideN" or "-".
func (s *Side) UnmarshalText(b []byte) error {
	t := string(b)
	if t == "-" || t == "" {
		*s = NoSide
		return nil
	}
	if n, ok := strings.CutPrefix(strings.ToLower(t), "side"); ok {
		if i, err := strconv.Atoi(n); err == nil && i >= 1 && i <= 16 {
			*s = Side(i - 1)
			return nil
		}
	}
	v, err := ParseSide(t)
	*s = v
	return err
}

// MarshalText writes the call as String does.
func (c Call) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// UnmarshalText reads a call as ParseCall does, and Humbug Whist's
// Exchange as String writes it.
func (c *Call) UnmarshalText(b []byte) error {
	if string(b) == ExchangeCall.String() {
		*c = ExchangeCall
		return nil
	}
	v, err := ParseCall(string(b))
	*c = v
	return err
}

// MarshalText writes the strain as String does.
func (s Strain) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads a strain as ParseStrain does.
func (s *Strain) UnmarshalText(b []byte) error {
	v, err := ParseStrain(string(b))
	*s = v
	return err
}

// MarshalText writes the set as a PBN hand.
func (s Set) MarshalText() ([]byte, error) { return []byte(s.PBN()), nil }

// UnmarshalText reads a PBN hand.
func (s *Set) UnmarshalText(b []byte) error {
	v, err := ParseHand(string(b))
	*s = v
	return err
}

// ActsOnTerminal reports the runes a terminal acts on rather than shows:
// C0 controls (newline and tab too: callers that keep them say so), DEL,
// C1 controls (8-bit escape sequences), and the bidirectional embeddings,
// overrides and isolates (which make a terminal show text in another order
// than it is read). It is the one definition: names are refused for them
// (projections), and everything printed is cleaned or escaped of them
// (replay).
func ActsOnTerminal(r rune) bool {
	switch {
	case r < 0x20, r == 0x7f, r >= 0x80 && r <= 0x9f:
		return true
	case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069:
		return true
	}
	return false
}

// MarshalText writes the suit as String does: S, H, D, C; "" for NoSuit.
func (s Suit) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads a suit as ParseSuit does; "" is NoSuit.
func (s *Suit) UnmarshalText(b []byte) error {
	if len(b) == 0 {
		*s = NoSuit
		return nil
	}
	v, err := ParseSuit(string(b))
	*s = v
	return err
}
