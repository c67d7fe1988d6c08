package replay

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"golang.org/x/term"
)

// Stepper is the interactive replay: it draws the table at the cursor's
// moment, reads one key, moves, and draws again. Keys:
//
//	→ space l      next call or card
//	← b h          back one
//	↓ n PgDn       to the end of the next trick (or of the auction)
//	↑ p PgUp       back to the end of the previous trick
//	g Home         the deal          G End     the last moment
//	j :            jump to a moment (typed at a prompt; another hand too)
//	q Ctrl-C Esc   quit
//
// It reads raw key bytes from In (the caller puts the terminal in raw mode,
// see MakeRaw) and writes frames to Out with "\r\n" line ends, in the
// terminal's alternate screen, which it leaves on return.
type Stepper struct {
	Cursor  *Cursor
	Options FrameOptions
	In      io.Reader
	Out     io.Writer
	// Open, when set, makes a cursor at a moment of a hand the cursor's
	// session was not read for (a session read one hand at a time, see
	// projections/load.Hand); without it a jump stays in what was read.
	Open func(m Moment) (*Cursor, error)

	message string // shown once, under the frame: a refused jump
}

// MakeRaw puts the terminal f into raw mode (keys arrive one at a time,
// unechoed) and returns the function that restores it.
func MakeRaw(f *os.File) (restore func() error, err error) {
	fd := int(f.Fd())
	old, err := term.MakeRaw(fd)
	if err != nil {
		return nil, err
	}
	return func() error { return term.Restore(fd, old) }, nil
}

// IsTerminal reports whether f is a terminal.
func IsTerminal(f *os.File) bool { return term.IsTerminal(int(f.Fd())) }

// Terminal control sequences the stepper writes. User text never reaches
// the terminal without Clean, so these are the only ones.
const (
	enterScreen = "\x1b[?1049h\x1b[?25l" // alternate screen, cursor hidden
	leaveScreen = "\x1b[?25h\x1b[?1049l"
	clearScreen = "\x1b[H\x1b[2J"
	clearLine   = "\r\x1b[K"
)

// keyAction is what a key asks for.
type keyAction int

const (
	actNone keyAction = iota
	actNext
	actPrev
	actNextTrick
	actPrevTrick
	actFirst
	actLast
	actJump
	actQuit
)

const helpLine = "→ next  ← back  ↓ next trick  ↑ trick back  g first  G last  j jump to…  q quit"

// Run steps through the hand until the user quits or In ends.
func (s *Stepper) Run() error {
	in := bufio.NewReader(s.In)
	if _, err := io.WriteString(s.Out, enterScreen); err != nil {
		return err
	}
	defer io.WriteString(s.Out, leaveScreen)
	for {
		if err := s.draw(); err != nil {
			return err
		}
		act, err := readKey(in)
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		c := s.Cursor
		switch act {
		case actNext:
			if !c.Next() {
				s.message = "the last moment of the hand"
			}
		case actPrev:
			if !c.Prev() {
				s.message = "the hand as dealt: nothing before it"
			}
		case actNextTrick:
			if !c.NextTrick() {
				c.Last()
			}
		case actPrevTrick:
			if !c.PrevTrick() {
				c.First()
			}
		case actFirst:
			c.First()
		case actLast:
			c.Last()
		case actJump:
			text, ok, err := s.prompt(in)
			if err != nil && !errors.Is(err, io.EOF) {
				return err
			}
			if ok {
				s.jump(text)
			}
			if errors.Is(err, io.EOF) {
				return nil
			}
		case actQuit:
			return nil
		}
	}
}

// jump moves to a typed moment, in this hand or another.
func (s *Stepper) jump(text string) {
	m, err := ParseMoment(text)
	if err != nil {
		s.message = Clean(err.Error())
		return
	}
	c := s.Cursor
	if s.Open != nil && (m.Kind != AfterEvent && m.Hand != c.Hand() || m.Kind == AfterEvent && !c.holds(m.Event)) {
		next, err := s.Open(m)
		if err != nil {
			s.message = Clean(err.Error())
			return
		}
		s.Cursor = next
		return
	}
	p, err := Resolve(c.Session(), m)
	if err != nil {
		s.message = Clean(err.Error())
		return
	}
	if p.Hand != c.Hand() {
		if p.Hand == 0 {
			s.message = fmt.Sprintf("%s is before the first deal", m)
			return
		}
		next, err := NewCursor(c.Envelopes(), c.Session(), p.Hand)
		if err != nil {
			s.message = Clean(err.Error())
			return
		}
		c = next
	}
	if err := c.JumpTo(p); err != nil {
		s.message = Clean(err.Error())
		return
	}
	s.Cursor = c
}

func (s *Stepper) draw() error {
	lines, err := Frame(s.Cursor, s.Options)
	if err != nil {
		return err
	}
	lines = append(lines, "")
	if s.message != "" {
		lines = append(lines, s.message)
		s.message = ""
	}
	lines = append(lines, helpLine)
	_, err = io.WriteString(s.Out, clearScreen+strings.Join(lines, "\r\n"))
	return err
}

// prompt reads a moment typed on the last line: printable characters,
// backspace to correct, Enter to go, Esc or Ctrl-C to give up (ok false).
func (s *Stepper) prompt(in *bufio.Reader) (text string, ok bool, err error) {
	const label = "jump to (1, 1.a3, 1.5, 1.5.2, @40): "
	var buf []byte
	for {
		if _, err := io.WriteString(s.Out, clearLine+label+string(buf)); err != nil {
			return "", false, err
		}
		b, err := in.ReadByte()
		if err != nil {
			return "", false, err
		}
		switch {
		case b == '\r' || b == '\n':
			return string(buf), true, nil
		case b == 0x1b:
			discardSequence(in)
			return "", false, nil
		case b == 0x03 || b == 0x04:
			return "", false, nil
		case b == 0x7f || b == 0x08:
			if len(buf) > 0 {
				buf = buf[:len(buf)-1]
			}
		case b >= 0x20 && b < 0x7f && len(buf) < 24:
			buf = append(buf, b)
		}
	}
}

// readKey reads one key press and says what it asks for. Escape sequences
// (arrows, Home, End, PgUp, PgDn) are read whole; a lone Esc quits.
func readKey(in *bufio.Reader) (keyAction, error) {
	b, err := in.ReadByte()
	if err != nil {
		return actNone, err
	}
	switch b {
	case ' ', 'l', '\r', '\n':
		return actNext, nil
	case 'b', 'h', 0x7f:
		return actPrev, nil
	case 'n':
		return actNextTrick, nil
	case 'p':
		return actPrevTrick, nil
	case 'g':
		return actFirst, nil
	case 'G':
		return actLast, nil
	case 'j', ':':
		return actJump, nil
	case 'q', 'Q', 0x03, 0x04:
		return actQuit, nil
	case 0x1b:
		seq := discardSequence(in)
		switch seq {
		case "":
			return actQuit, nil
		case "[C", "OC":
			return actNext, nil
		case "[D", "OD":
			return actPrev, nil
		case "[B", "OB", "[6~":
			return actNextTrick, nil
		case "[A", "OA", "[5~":
			return actPrevTrick, nil
		case "[H", "OH", "[1~", "[7~":
			return actFirst, nil
		case "[F", "OF", "[4~", "[8~":
			return actLast, nil
		}
	}
	return actNone, nil
}

// discardSequence reads the rest of an escape sequence after its Esc, if
// one has arrived with it, and returns it ("[A"); "" for a lone Esc.
func discardSequence(in *bufio.Reader) string {
	if in.Buffered() == 0 {
		return ""
	}
	next, err := in.Peek(1)
	if err != nil || (next[0] != '[' && next[0] != 'O') {
		return ""
	}
	var seq []byte
	for len(seq) < 16 {
		b, err := in.ReadByte()
		if err != nil {
			break
		}
		seq = append(seq, b)
		// A CSI sequence ends at a byte from @ to ~; an SS3 one (O x) after
		// one more byte.
		if len(seq) >= 2 && (b >= 0x40 && b <= 0x7e) {
			break
		}
		if in.Buffered() == 0 {
			break
		}
	}
	return string(seq)
}
