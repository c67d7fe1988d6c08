// Package jsonlog writes sessions' event logs as JSON, losslessly, and
// reads them back: hoyle's backup format, and the way a session moves to
// another database.
//
// Every event keeps what its hash covers: its ID, session, version, type,
// schema, recording time (to the nanosecond) and its payload bytes as
// stored (raw, base64), so that the same events appended to another
// database hash to the same chain (the hash leaves out the log position,
// see events.ComputeHash). The previous hash and the hash are written too,
// and Read checks the whole chain before anything is appended: a file
// altered by hand is refused. Each event also carries its payload as
// readable JSON (data), for people and tools such as jq; Read checks that
// it says what the bytes say.
//
// The file is one JSON document, written an event to a line:
//
//	{"format":"hoyle-log","version":1,"sessions":[
//	{"session":"01K...","events":[
//	{"version":1,"id":"01K...","type":"session.opened","schema":1,"at":"2026-01-01T19:00:00Z","prev_hash":"00...","hash":"3f...","raw":"CGNvbnRyYWN0...","data":{...}},
//	...
//	]}
//	]}
package jsonlog

import (
	"bytes"
	"crypto/ed25519"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"time"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/projections"
)

// Format and Version name the file format; Read refuses another.
const (
	Format  = "hoyle-log"
	Version = 1
)

// Event is one event as the file writes it.
type Event struct {
	Version  uint64          `json:"version"`
	ID       string          `json:"id"`
	Type     string          `json:"type"`
	Schema   uint16          `json:"schema"`
	At       string          `json:"at"`
	PrevHash string          `json:"prev_hash"`
	Hash     string          `json:"hash"`
	Raw      string          `json:"raw"`
	Data     json.RawMessage `json:"data"`
}

// Write writes sessions, each given as all its events in order (from
// version 1), as one JSON log.
func Write(w io.Writer, sessions ...[]events.Envelope) error {
	return WriteSigned(w, nil, sessions...)
}

// WriteSigned is Write, and with a key it signs the head of every session
// (see Signature): an importer holding the public key can tell the log
// from a forged one.
func WriteSigned(w io.Writer, key ed25519.PrivateKey, sessions ...[]events.Envelope) error {
	lw := NewWriter(w, key)
	for i, envs := range sessions {
		if len(envs) == 0 {
			return fmt.Errorf("session %d of the export has no events", i+1)
		}
		for _, e := range envs {
			if err := lw.Add(e); err != nil {
				return err
			}
		}
	}
	return lw.Close()
}

// Writer writes a JSON log an event at a time, as a session is read: an
// export holds one event, not the session. Events come session by session,
// each session's from version 1; Close ends the document (and signs it).
// What it writes is exactly what WriteSigned writes.
type Writer struct {
	w       io.Writer
	key     ed25519.PrivateKey
	heads   []Head
	line    bytes.Buffer
	last    events.Envelope
	started bool
	err     error
}

// NewWriter starts a JSON log on w, signed with key if it is not nil.
func NewWriter(w io.Writer, key ed25519.PrivateKey) *Writer {
	return &Writer{w: w, key: key}
}

// Add writes the next event. An event of another session than the last
// ends that session and begins its own, which must start at version 1.
func (lw *Writer) Add(e events.Envelope) error {
	if lw.err != nil {
		return lw.err
	}
	b := &lw.line
	b.Reset()
	switch {
	case !lw.started:
		fmt.Fprintf(b, "{\"format\":%q,\"version\":%d,\"sessions\":[\n", Format, Version)
		lw.started = true
	case e.Session != lw.last.Session:
		b.WriteString("\n]},\n")
	default:
		b.WriteString(",\n")
	}
	if len(lw.heads) == 0 || e.Session != lw.last.Session {
		if e.Version != 1 {
			lw.err = fmt.Errorf("session %s: the export starts at event %d, not 1", e.Session, e.Version)
			return lw.err
		}
		id, _ := json.Marshal(e.Session)
		fmt.Fprintf(b, "{\"session\":%s,\"events\":[\n", id)
		lw.heads = append(lw.heads, Head{})
	}
	data, err := json.Marshal(e.Data)
	if err != nil {
		lw.err = fmt.Errorf("session %s, event %d: %w", e.Session, e.Version, err)
		return lw.err
	}
	line, err := json.Marshal(Event{Version: e.Version, ID: e.ID.String(), Type: e.Type, Schema: e.Schema,
		At: e.At.UTC().Format(time.RFC3339Nano), PrevHash: e.PrevHash.String(), Hash: e.Hash.String(),
		Raw: base64.StdEncoding.EncodeToString(e.Raw), Data: data})
	if err != nil {
		lw.err = err
		return err
	}
	b.Write(line)
	lw.heads[len(lw.heads)-1] = Head{Session: e.Session, Version: e.Version, Hash: e.Hash.String()}
	lw.last = events.Envelope{Session: e.Session}
	_, lw.err = lw.w.Write(b.Bytes())
	return lw.err
}

// Close ends the document: the last session, and the signature.
func (lw *Writer) Close() error {
	if lw.err != nil {
		return lw.err
	}
	b := &lw.line
	b.Reset()
	if !lw.started {
		fmt.Fprintf(b, "{\"format\":%q,\"version\":%d,\"sessions\":[\n", Format, Version)
	} else {
		b.WriteString("\n]}\n")
	}
	b.WriteString("]")
	if lw.key != nil {
		sig, err := json.Marshal(sign(lw.key, lw.heads))
		if err != nil {
			return err
		}
		b.WriteString(",\n\"signature\":")
		b.Write(sig)
		b.WriteByte('\n')
	}
	b.WriteString("}\n")
	_, lw.err = lw.w.Write(b.Bytes())
	return lw.err
}

// Session is a session read back from a log: its events as they are to be
// appended (with their stored bytes, see events.Event.Raw), and the head of
// its chain, which the append must reproduce.
type Session struct {
	ID     string
	Line   int // where its first event is written
	Events []events.Event
	Head   events.Hash
}

// Log is what Read found.
type Log struct {
	Sessions []Session
	// Signature is the log's signature, if it has one: checked against
	// Options.VerifyKey when one is given; otherwise only reported (its
	// own public key proves nothing).
	Signature *Signature
}

// Batches are the appends that restore the sessions: give them all to one
// events.Store.Append. Restoring into a database that already holds the
// same events is a retry, and appends nothing.
func (l *Log) Batches() []events.Batch {
	out := make([]events.Batch, len(l.Sessions))
	for i, s := range l.Sessions {
		out[i] = events.Batch{Session: s.ID, Expected: events.NewSession, Events: s.Events}
	}
	return out
}

// reader walks the document with a json.Decoder and knows the line of
// every offset.
type reader struct {
	src      []byte
	dec      *json.Decoder
	line     []int // offsets of line starts
	progress func(done, total int)
}

func (r *reader) lineAt(off int64) int {
	lo, hi := 0, len(r.line)
	for lo+1 < hi {
		mid := (lo + hi) / 2
		if int64(r.line[mid]) <= off {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo + 1
}

// here is the line of the next token: after the blanks that follow the
// decoder's position.
func (r *reader) here() int {
	off := r.dec.InputOffset()
	for off < int64(len(r.src)) && (r.src[off] == ' ' || r.src[off] == '\t' || r.src[off] == '\r' || r.src[off] == '\n' || r.src[off] == ',' || r.src[off] == ':') {
		off++
	}
	return r.lineAt(off)
}

func (r *reader) fail(err error) error { return r.failAt(err, r.here()) }

// failAt places a decoding error: at its offset when the decoder gives
// one, else at line.
func (r *reader) failAt(err error, line int) error {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		line = r.lineAt(se.Offset)
		err = fmt.Errorf("%w: %v", ErrSyntax, se)
	case errors.As(err, &te):
		line = r.lineAt(te.Offset)
		err = fmt.Errorf("%w: %v", ErrSyntax, te)
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		err = fmt.Errorf("%w: the file ends too soon", ErrSyntax)
	default:
		err = fmt.Errorf("%w: %v", ErrSyntax, err)
	}
	return &Error{Line: line, Err: err}
}

func (r *reader) delim(want json.Delim) error {
	t, err := r.dec.Token()
	if err != nil {
		return r.fail(err)
	}
	if d, ok := t.(json.Delim); !ok || d != want {
		return &Error{Line: r.here(), Err: fmt.Errorf("%w: %q where %q was expected", ErrSyntax, fmt.Sprint(t), string(want))}
	}
	return nil
}

func (r *reader) key() (string, error) {
	t, err := r.dec.Token()
	if err != nil {
		return "", r.fail(err)
	}
	k, ok := t.(string)
	if !ok {
		return "", &Error{Line: r.here(), Err: fmt.Errorf("%w: %v where a key was expected", ErrSyntax, t)}
	}
	return k, nil
}

// Options of Read.
type Options struct {
	// Progress, if set, is told after each event how many bytes of the
	// file's total are read.
	Progress func(done, total int)
	// VerifyKey, if set, is the public key the log must be signed with:
	// a log without a signature, signed by another key, or whose sessions
	// are not the ones signed is refused (ErrSignature).
	VerifyKey ed25519.PublicKey
}

// Read reads a JSON log and checks it: every session's versions run from
// 1, its chain links and every hash matches its content, every payload
// decodes (its data agreeing), and the session folds under its laws. It
// returns the sessions ready to be appended, or an *Error with the line.
func Read(in io.Reader, opt Options) (*Log, error) {
	src, err := io.ReadAll(in)
	if err != nil {
		return nil, err
	}
	r := &reader{src: src, dec: json.NewDecoder(bytes.NewReader(src)), line: []int{0}, progress: opt.Progress}
	for i, c := range src {
		if c == '\n' {
			r.line = append(r.line, i+1)
		}
	}
	r.dec.UseNumber()
	r.dec.DisallowUnknownFields()
	log := &Log{}
	if err := r.delim('{'); err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	for r.dec.More() {
		k, err := r.key()
		if err != nil {
			return nil, err
		}
		if seen[k] {
			return nil, &Error{Line: r.here(), Err: fmt.Errorf("%w: %q given twice", ErrSyntax, k)}
		}
		seen[k] = true
		switch k {
		case "format", "version":
			line := r.here()
			var v any
			if err := r.dec.Decode(&v); err != nil {
				return nil, r.fail(err)
			}
			if want := any(Format); k == "version" && fmt.Sprint(v) != fmt.Sprint(Version) || k == "format" && v != want {
				return nil, &Error{Line: line, Err: fmt.Errorf("%w: %s %v (this hoyle reads %s version %d)", ErrFormat, k, v, Format, Version)}
			}
		case "signature":
			line := r.here()
			var sig Signature
			if err := r.dec.Decode(&sig); err != nil {
				return nil, r.failAt(err, line)
			}
			log.Signature = &sig
		case "sessions":
			if err := r.delim('['); err != nil {
				return nil, err
			}
			for r.dec.More() {
				s, err := r.session()
				if err != nil {
					return nil, err
				}
				if seen["session "+s.ID] {
					return nil, &Error{Line: s.Line, Session: s.ID, Err: fmt.Errorf("%w: the session is given twice", ErrSyntax)}
				}
				seen["session "+s.ID] = true
				log.Sessions = append(log.Sessions, s)
			}
			if err := r.delim(']'); err != nil {
				return nil, err
			}
		default:
			return nil, &Error{Line: r.here(), Err: fmt.Errorf("%w: unknown key %q", ErrSyntax, k)}
		}
	}
	if err := r.delim('}'); err != nil {
		return nil, err
	}
	if !seen["format"] || !seen["version"] || !seen["sessions"] {
		return nil, &Error{Line: 1, Err: fmt.Errorf("%w: format, version and sessions are required", ErrSyntax)}
	}
	if _, err := r.dec.Token(); err != io.EOF {
		return nil, &Error{Line: r.here(), Err: fmt.Errorf("%w: something follows the log", ErrSyntax)}
	}
	if opt.VerifyKey != nil {
		if err := checkSignature(log.Signature, opt.VerifyKey, log.Sessions); err != nil {
			return nil, &Error{Line: 1, Err: err}
		}
	}
	return log, nil
}

// session reads one session object and checks its chain.
func (r *reader) session() (Session, error) {
	var s Session
	s.Line = r.here()
	if err := r.delim('{'); err != nil {
		return s, err
	}
	var raw []Event
	var lines []int
	gotID, gotEvents := false, false
	for r.dec.More() {
		k, err := r.key()
		if err != nil {
			return s, err
		}
		switch {
		case k == "session" && !gotID:
			if err := r.dec.Decode(&s.ID); err != nil {
				return s, r.fail(err)
			}
			gotID = true
		case k == "events" && !gotEvents:
			gotEvents = true
			if err := r.delim('['); err != nil {
				return s, err
			}
			for r.dec.More() {
				line := r.here()
				lines = append(lines, line)
				var e Event
				if err := r.dec.Decode(&e); err != nil {
					return s, r.failAt(err, line)
				}
				raw = append(raw, e)
				if r.progress != nil {
					r.progress(int(r.dec.InputOffset()), len(r.src))
				}
			}
			if err := r.delim(']'); err != nil {
				return s, err
			}
		default:
			return s, &Error{Line: r.here(), Err: fmt.Errorf("%w: unknown or repeated key %q in a session", ErrSyntax, k)}
		}
	}
	if err := r.delim('}'); err != nil {
		return s, err
	}
	if !gotID || s.ID == "" || len(raw) == 0 {
		return s, &Error{Line: s.Line, Err: fmt.Errorf("%w: a session needs its ID and at least one event", ErrSyntax)}
	}
	if _, err := events.ParseID(s.ID); err != nil {
		// hoyle's session IDs are ULIDs; anything else (a path, control
		// characters) is not one of its logs.
		return s, &Error{Line: s.Line, Err: fmt.Errorf("%w: session ID %s is not a hoyle session ID (a ULID)", ErrSyntax, cards.Quote(s.ID))}
	}
	err := check(&s, raw, lines)
	return s, err
}

// check turns the file's events into events to append, and checks that
// appending them reproduces the file's chain, and that the session folds.
func check(s *Session, raw []Event, lines []int) error {
	var prev events.Hash
	envs := make([]events.Envelope, len(raw))
	for i, e := range raw {
		at := func(err error) error { return &Error{Line: lines[i], Session: s.ID, Version: e.Version, Err: err} }
		if e.Version != uint64(i+1) {
			return at(fmt.Errorf("%w: event %d of the session says it is version %d", events.ErrTampered, i+1, e.Version))
		}
		id, err := events.ParseID(e.ID)
		if err != nil {
			return at(fmt.Errorf("%w: id %q: %v", ErrSyntax, e.ID, err))
		}
		t, err := time.Parse(time.RFC3339Nano, e.At)
		if err != nil {
			return at(fmt.Errorf("%w: at %q: %v", ErrSyntax, e.At, err))
		}
		bytesRaw, err := base64.StdEncoding.Strict().DecodeString(e.Raw)
		if err != nil {
			return at(fmt.Errorf("%w: raw: %v", ErrSyntax, err))
		}
		var prevHash, hash events.Hash
		if err := parseHash(e.PrevHash, &prevHash); err != nil {
			return at(fmt.Errorf("%w: prev_hash: %v", ErrSyntax, err))
		}
		if err := parseHash(e.Hash, &hash); err != nil {
			return at(fmt.Errorf("%w: hash: %v", ErrSyntax, err))
		}
		if prevHash != prev {
			return at(fmt.Errorf("%w: it links to %.12s…, but the event before hashes to %.12s…", events.ErrTampered, prevHash, prev))
		}
		env := events.Envelope{Type: e.Type, Schema: e.Schema, ID: id, Session: s.ID, Version: e.Version, At: t.UTC(),
			PrevHash: prevHash, Hash: hash, Raw: bytesRaw}
		if err := env.CheckHash(); err != nil {
			return at(fmt.Errorf("%w: the hash does not match the event's content", events.ErrTampered))
		}
		if err := env.Decode(); err != nil {
			return at(errors.Unwrap(err))
		}
		if err := sameData(env.Data, e.Data); err != nil {
			return at(err)
		}
		envs[i] = env
		prev = hash
		s.Events = append(s.Events, events.Event{ID: id, At: env.At, Data: env.Data, Schema: e.Schema, Raw: bytesRaw})
	}
	s.Head = prev
	// What an append will store: it must be the file's chain.
	want, err := events.Prepare(s.ID, 0, events.Hash{}, s.Events)
	if err != nil {
		return &Error{Line: lines[0], Session: s.ID, Version: 1, Err: err}
	}
	for i := range want {
		if want[i].Hash != envs[i].Hash {
			return &Error{Line: lines[i], Session: s.ID, Version: envs[i].Version, Err: fmt.Errorf("%w: the event would not hash as written", events.ErrTampered)}
		}
	}
	fold, err := projections.Fold(envs)
	if err != nil {
		return &Error{Line: lines[0], Session: s.ID, Version: 1, Err: err}
	}
	if len(fold.Problems) > 0 {
		p := fold.Problems[0]
		return &Error{Line: lines[p.Version-1], Session: s.ID, Version: p.Version, Err: fmt.Errorf("%s does not fold: %w", p.Type, p.Err)}
	}
	return nil
}

func parseHash(s string, h *events.Hash) error {
	b, err := hex.DecodeString(s)
	if err != nil {
		return err
	}
	if len(b) != len(h) {
		return fmt.Errorf("%d bytes, not %d", len(b), len(h))
	}
	copy(h[:], b)
	return nil
}

// sameData checks that the readable data of an event says what its bytes
// say: an edit of data alone would otherwise pass unnoticed, and mislead.
func sameData(p events.Payload, data json.RawMessage) error {
	want, err := json.Marshal(p)
	if err != nil {
		return err
	}
	var a, b any
	if err := json.Unmarshal(want, &a); err != nil {
		return err
	}
	if err := json.Unmarshal(data, &b); err != nil {
		return fmt.Errorf("%w: data: %v", ErrSyntax, err)
	}
	if !reflect.DeepEqual(a, b) {
		return fmt.Errorf("%w: data does not say what the event's bytes say (%s)", events.ErrTampered, want)
	}
	return nil
}
