// Package verify checks a whole event log as hoyle's verify command does:
// every chain, record and index (events.VerifyChain), and then that every
// session folds under its laws.
//
// A scorer's log is a record people argue over afterwards; verify is how
// anyone shows it was not altered.
//
// It imports events, projections and projections/load.
package verify

import (
	"context"
	"fmt"
	"iter"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/projections/load"
)

// Report is what verify checked.
type Report struct {
	events.ChainReport
	Hands int // hands folded
}

// Run verifies the store. It returns the report and nil, or the report so
// far and the first problem, an *events.VerifyError.
func Run(ctx context.Context, st events.Store) (Report, error) {
	var rep Report
	chain, err := events.VerifyChain(ctx, st, func(info events.SessionInfo, seq iter.Seq2[events.Envelope, error]) error {
		s, err := load.FoldSeq(seq)
		if err != nil {
			return err
		}
		if len(s.Problems) > 0 {
			p := s.Problems[0]
			return &events.VerifyError{Session: info.ID, Version: p.Version, Position: p.Position,
				Err: fmt.Errorf("%s does not fold: %w", p.Type, p.Err)}
		}
		rep.Hands += len(s.Hands)
		return nil
	})
	rep.ChainReport = chain
	return rep, err
}
