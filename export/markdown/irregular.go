package markdown

import "github.com/hoyle/hoyle/replay"

// irregularities writes the hand's irregularities after the play (as they
// stood at the moment written), each at its moment: what happened, when a
// revoke was established, its law, and the remedy chosen or applied with
// its effect; what it did to the score is in the result's entries, each
// with its law.
func (d *doc) irregularities() {
	h := d.h
	if len(h.Irregular) == 0 {
		return
	}
	d.printf("## Irregularities\n\n")
	for _, irr := range h.Irregular {
		m := replay.IrregularityMoment(d.state, h, irr)
		line := replay.InNames(replay.IrregularityLine(d.state, h, irr), h.Seating, d.names, d.ascii)
		d.printf("- %s: %s\n", m, Text(line))
	}
	d.printf("\n")
}
