package jsonview

import (
	"time"

	"github.com/hoyle/hoyle/events"
)

// LogLine is one event as `hoyle log --json` prints it, one object a line:
// its place in the session and in the whole log, its type and schema, when
// it was recorded, its hash chain and its payload as stored.
type LogLine struct {
	Seq    uint64         `json:"seq"`
	Pos    uint64         `json:"pos"`
	ID     string         `json:"id"`
	Type   string         `json:"type"`
	Schema uint16         `json:"schema"`
	At     string         `json:"at"`
	Hash   string         `json:"hash"`
	Prev   string         `json:"prev"`
	Data   events.Payload `json:"data"`
}

// NewLogLine is event e as the log shows it.
func NewLogLine(e events.Envelope) LogLine {
	return LogLine{Seq: e.Version, Pos: e.Position, ID: e.ID.String(), Type: e.Type, Schema: e.Schema,
		At: e.At.Format(time.RFC3339Nano), Hash: e.Hash.String(), Prev: e.PrevHash.String(), Data: e.Data}
}
