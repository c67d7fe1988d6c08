package jsonview

import (
	"encoding/json"
	"io"

	"github.com/hoyle/hoyle/replay"
)

// Write writes v as one indented JSON document, the form of every --json
// view but the streams. Names and notes are user text: what a terminal
// would act on is escaped as JSON escapes it (replay.EscapeJSON).
func Write(w io.Writer, v any) error {
	enc := json.NewEncoder(replay.JSONWriter{W: w})
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// Lines is an encoder of the streams (log --json, dd --file): one compact
// object a line, user text escaped as Write escapes it.
func Lines(w io.Writer) *json.Encoder { return json.NewEncoder(replay.JSONWriter{W: w}) }
