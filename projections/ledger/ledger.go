// Package ledger is the central projection of hoyle compare: every
// session's summary (compare.Table), kept up to date from the log. Over a
// store that keeps checkpoints (events.ProjectionCheckpoints: the shared
// log on NATS JetStream), the summaries are saved with the session's version, so
// that compare reads the checkpoint and folds again only the sessions
// written since, instead of the whole log; over a store that follows
// (events.Follower), Follow keeps the checkpoint current as tables record,
// so that compare finds little or nothing to fold. Over a local file, with
// neither, every session is folded, as every reader of the file does.
//
// A saved summary is used only when it was made at the session's current
// version, from the log as it stands (it keeps the hash of the session's
// head it was folded to, checked against the log's), and by this format
// of hoyle's: so two processes saving the checkpoint at once, in either
// order, cost a fold at most, never a wrong result, and a summary that
// does not match the log is folded again and reported (Stats.Mismatched).
// On hoyle serve's log the store also believes only summaries its server
// signed (events/natsstore): one published by anyone else is dropped.
package ledger

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/eventrec"
	"github.com/hoyle/hoyle/projections/compare"
	"github.com/hoyle/hoyle/projections/load"
)

// Name is the checkpoint's and the follower's name.
const Name = "compare"

// format marks the summaries' encoding: a part of another format is
// folded again (a newer or older hoyle saved it).
const format = 4 // 2: a table says how its boards are compared; 3: and its rulings; 4: a play says its board was called fouled

// Stats says where the summaries came from.
type Stats struct {
	Sessions   int    // in the log
	Checkpoint int    // taken from the checkpoint, current
	Folded     int    // folded from the log (new, changed, or no checkpoint)
	Position   uint64 // the checkpoint's position when read (0: none)
	Saved      bool   // the checkpoint was brought up to date
	SaveErr    error  // why it could not be (the summaries are right all the same)
	// Mismatched are the sessions whose saved summary claimed their
	// current version but not the log's head at it: derived from another
	// log, or forged. They were folded again from the log.
	Mismatched []string
}

// part is one summary as saved, with the hash of the session's event at
// the version it was folded to.
type part struct {
	Format int           `json:"format"`
	Head   events.Hash   `json:"head"`
	Table  compare.Table `json:"table"`
}

// Tables returns every session's summary in the order the sessions were
// opened: from the checkpoint where it is current, folded from the log
// otherwise. When it folded any and the store keeps checkpoints, it saves
// them (a failure to save is reported in Stats, not as an error).
func Tables(ctx context.Context, st events.Store) ([]compare.Table, Stats, error) {
	var stats Stats
	infos, err := st.Sessions(ctx)
	if err != nil {
		return nil, stats, err
	}
	infos = eventrec.Tables(infos) // an event's own record is no table
	stats.Sessions = len(infos)
	cp, keeps := st.(events.ProjectionCheckpoints)
	saved := map[string][]byte{}
	if keeps {
		c, err := cp.LoadCheckpoint(ctx, Name)
		if err != nil {
			return nil, stats, err
		}
		saved, stats.Position = c.Parts, c.Position
	}
	out := make([]compare.Table, 0, len(infos))
	changed := map[string][]byte{}
	var last uint64
	for _, info := range infos {
		last = max(last, info.Last)
		if p, ok := decode(saved[info.ID]); ok && p.Table.Version == info.Version && p.Table.Session == info.ID {
			if p.Head == info.Head {
				out = append(out, p.Table)
				stats.Checkpoint++
				continue
			}
			stats.Mismatched = append(stats.Mismatched, info.ID)
		}
		t, head, err := summarize(ctx, st, info.ID)
		if err != nil {
			return nil, stats, err
		}
		out = append(out, t)
		stats.Folded++
		if keeps {
			if b, err := encode(t, head); err == nil {
				changed[info.ID] = b
			}
		}
	}
	if keeps && (len(changed) > 0 || last > stats.Position) {
		stats.SaveErr = cp.SaveCheckpoint(ctx, Name, events.ProjectionCheckpoint{Position: last, Parts: changed})
		stats.Saved = stats.SaveErr == nil
	}
	return out, stats, nil
}

// summarize folds one session, as every reader does, and summarizes it;
// head is the hash of its event at the version folded to.
func summarize(ctx context.Context, st events.Store, session string) (compare.Table, events.Hash, error) {
	s, err := load.Stream(ctx, st, session)
	if err != nil {
		return compare.Table{}, events.Hash{}, err
	}
	t := compare.Summarize(s)
	for e, err := range st.ReadSession(ctx, session, t.Version) {
		if err != nil {
			return compare.Table{}, events.Hash{}, err
		}
		return t, e.Hash, nil
	}
	return compare.Table{}, events.Hash{}, fmt.Errorf("%w: session %s has no event %d", events.ErrCorrupt, session, t.Version)
}

func encode(t compare.Table, head events.Hash) ([]byte, error) {
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	if err := json.NewEncoder(zw).Encode(part{Format: format, Head: head, Table: t}); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

func decode(b []byte) (part, bool) {
	if len(b) == 0 {
		return part{}, false
	}
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		return part{}, false
	}
	raw, err := io.ReadAll(io.LimitReader(zr, 64<<20))
	if err != nil {
		return part{}, false
	}
	var p part
	if err := json.Unmarshal(raw, &p); err != nil || p.Format != format {
		return part{}, false
	}
	return p, true
}

// Follow keeps the checkpoint current: it follows the log (the store's
// durable follower named Name) and, after each batch of new events, folds
// again the sessions they belong to and saves their summaries, until ctx
// is done. progress, when not nil, is told of each batch saved.
func Follow(ctx context.Context, st events.Store, progress func(position uint64, sessions int)) error {
	f, ok := st.(events.Follower)
	cp, keeps := st.(events.ProjectionCheckpoints)
	if !ok || !keeps {
		return fmt.Errorf("%w: this store neither follows its log nor keeps checkpoints", events.ErrInvalid)
	}
	return f.Follow(ctx, Name, func(ctx context.Context, batch []events.Envelope) error {
		changed := map[string][]byte{}
		var order []string
		for _, e := range batch {
			if _, ok := changed[e.Session]; !ok {
				changed[e.Session] = nil
				order = append(order, e.Session)
			}
		}
		for _, id := range order {
			t, head, err := summarize(ctx, st, id)
			if err != nil {
				return err
			}
			b, err := encode(t, head)
			if err != nil {
				return err
			}
			changed[id] = b
		}
		pos := batch[len(batch)-1].Position
		if err := cp.SaveCheckpoint(ctx, Name, events.ProjectionCheckpoint{Position: pos, Parts: changed}); err != nil {
			return err
		}
		if progress != nil {
			progress(pos, len(order))
		}
		return nil
	})
}
