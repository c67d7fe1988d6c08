package main

import "strings"

// handFlags reads deal's repeated --hand SEAT=HAND flags into the
// recorder's DealSpec.Hands (nil when none is given). Which seat a name
// means, and whether the hand is one, is for the recorder to judge.
func handFlags(flags []string) (map[string]string, error) {
	var out map[string]string
	for _, kv := range flags {
		seat, hand, ok := strings.Cut(kv, "=")
		if !ok || strings.TrimSpace(seat) == "" {
			return nil, usagef("--hand %q: write it as SEAT=HAND, such as A=87.AKJ.J7.87+JK", kv)
		}
		for given := range out {
			if strings.EqualFold(given, seat) {
				return nil, usagef("--hand %q: seat %s is given twice", kv, seat)
			}
		}
		if out == nil {
			out = map[string]string{}
		}
		out[seat] = hand
	}
	return out, nil
}
