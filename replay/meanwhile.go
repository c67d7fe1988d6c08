package replay

import (
	"strings"

	"github.com/hoyle/hoyle/projections"
)

// MeanwhileText says why an entry typed on the command line was refused
// because the table moved before it got in (recorder.MovedError): what
// was recorded meanwhile, step by step ("S 1S"), how many entries were
// withdrawn, and the table as it stands now, whose turn it is included,
// so that the scorer can tell whether to type the entry again.
func MeanwhileText(s *projections.Session, steps []projections.Step, withdrawn int) string {
	names := CompassNames()
	if h := s.Current(); h != nil {
		if n, err := SeatNames(s.Seating(), h.Dealer, CompassSeats); err == nil {
			names = n
		}
	}
	var what []string
	for _, st := range steps {
		p := Point{Moment: MomentOf(s, st), Version: st.Version, Hand: st.Hand, Step: st}
		what = append(what, Clean(StepText(s, p, names, true)))
	}
	if withdrawn > 0 {
		what = append(what, Count(withdrawn, "undo")+" or entries undone")
	}
	return "another scorer recorded in this session after this command was typed (" + strings.Join(what, "; ") +
		"), so it was not recorded: the table now: " + StatusLine(s) +
		"; type it again if it is meant for the table as it is now"
}
