package main

import "github.com/hoyle/hoyle/replay"

// tableFlags reads the --seats and --at flags of the commands that show a
// table (show, replay, export): the seat style, and the moment, nil when
// --at is not given.
func tableFlags(seats, at string) (replay.SeatStyle, *replay.Moment, error) {
	style, err := replay.ParseSeatStyle(seats)
	if err != nil {
		return style, nil, err
	}
	m, err := momentFlag(at)
	return style, m, err
}

// momentFlag reads an --at flag: nil when it is not given.
func momentFlag(at string) (*replay.Moment, error) {
	if at == "" {
		return nil, nil
	}
	m, err := replay.ParseMoment(at)
	if err != nil {
		return nil, err
	}
	return &m, nil
}
