package cards

import (
	"strconv"
	"strings"
)

// Seat is a place at the table, numbered clockwise from 0. At a four-handed
// table 0 to 3 are North, East, South and West. A game for three uses seats
// 0 to 2 and names them by its players (a ruleset's seating says so).
type Seat int8

// The compass seats, clockwise from North.
const (
	North Seat = 0
	East  Seat = 1
	South Seat = 2
	West  Seat = 3
)

// NoSeat is no seat: nobody's turn, no declarer.
const NoSeat Seat = -1

var compassLetters = [...]string{"N", "E", "S", "W"}
var compassNames = [...]string{"North", "East", "South", "West"}

// String is the compass letter of seats 0 to 3, otherwise "seat N" (from 1).
func (s Seat) String() string {
	switch {
	case s == NoSeat:
		return "-"
	case s >= 0 && int(s) < len(compassLetters):
		return compassLetters[s]
	}
	return "seat" + strconv.Itoa(int(s)+1)
}

// Name is the compass name of seats 0 to 3: "North".
func (s Seat) Name() string {
	if s >= 0 && int(s) < len(compassNames) {
		return compassNames[s]
	}
	return s.String()
}

// Next is the seat on s's left at a table of n seats: the next to act.
func (s Seat) Next(n int) Seat { return Seat((int(s) + 1) % n) }

// Plus is the seat k places to s's left at a table of n seats.
func (s Seat) Plus(k, n int) Seat { return Seat(((int(s)+k)%n + n) % n) }

// ParseSeat reads a compass seat: N, E, S, W or the full names.
func ParseSeat(tok string) (Seat, error) {
	switch strings.ToLower(strings.TrimSpace(tok)) {
	case "n", "north":
		return North, nil
	case "e", "east":
		return East, nil
	case "s", "south":
		return South, nil
	case "w", "west":
		return West, nil
	}
	return NoSeat, tokenError(ErrBadSeat, tok, "a seat is N, E, S or W")
}

// Side is a partnership, or a lone player in a game without partners.
// At a four-handed table side 0 is North–South and side 1 East–West.
type Side int8

// The two partnerships of a four-handed table.
const (
	NS Side = 0
	EW Side = 1
)

// NoSide is no side.
const NoSide Side = -1

// String is "NS" or "EW" for the partnerships of a four-handed table.
func (s Side) String() string {
	switch s {
	case NS:
		return "NS"
	case EW:
		return "EW"
	case NoSide:
		return "-"
	}
	return "side" + strconv.Itoa(int(s)+1)
}

// ParseSide reads NS or EW (also "N-S", "we", "they" are not accepted:
// which side is "we" depends on the session).
func ParseSide(tok string) (Side, error) {
	switch strings.ToUpper(strings.ReplaceAll(strings.TrimSpace(tok), "-", "")) {
	case "NS":
		return NS, nil
	case "EW":
		return EW, nil
	}
	return NoSide, tokenError(ErrBadSeat, tok, "a side is NS or EW")
}

// Partnership is the side of a compass seat: North and South are NS.
func (s Seat) Partnership() Side {
	if s < 0 {
		return NoSide
	}
	return Side(s % 2)
}
