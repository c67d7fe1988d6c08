package natsstore

import (
	"context"
	"fmt"

	"github.com/hoyle/hoyle/events"
)

// AppendSplit appends one session's events in as many appends as it takes
// to keep each within max events, for an import larger than one atomic
// batch (see Store.MaxBatch). Each append ends just before an event at
// which cut returns true (given all events and that event's index), or, if
// there is none in the next max events, after max of them: so a caller that
// cuts at each deal gets whole deals in each append. b.Expected applies to
// the first append; each later one expects the version the one before it
// left.
//
// Each append is atomic, the whole is not: a reader may see the first parts
// of the import before the last, and a failure leaves the parts appended so
// far in the log. Calling AppendSplit again with the same events, max and
// cut is then a retry: the parts already there are recognised (as
// events.Store.Append recognises any retry) and the rest appended. It
// works on any events.Store.
func AppendSplit(ctx context.Context, st events.Store, b events.Batch, max int, cut func(evs []events.Event, i int) bool) ([]events.Envelope, error) {
	if max <= 0 {
		return nil, fmt.Errorf("%w: AppendSplit needs a positive size", events.ErrInvalid)
	}
	var out []events.Envelope
	expected := b.Expected
	for rest := b.Events; len(rest) > 0 || len(out) == 0; {
		n := len(rest)
		if n > max {
			n = max
			// The last allowed cut within the next max events.
			if cut != nil {
				offset := len(b.Events) - len(rest)
				for i := max; i > 0; i-- {
					if cut(b.Events, offset+i) {
						n = i
						break
					}
				}
			}
		}
		envs, err := st.Append(ctx, events.Batch{Session: b.Session, Expected: expected, Events: rest[:n]})
		if err != nil {
			return out, err
		}
		out = append(out, envs...)
		if len(envs) > 0 {
			expected = envs[len(envs)-1].Version
		}
		rest = rest[n:]
		if len(rest) == 0 {
			break
		}
	}
	return out, nil
}
