package main

import (
	"io"
	"os"
	"time"

	"golang.org/x/term"
)

// Streams is where a command reads and writes, and what it knows of the
// terminal: the process's streams in main, buffers in tests.
type Streams struct {
	In     io.Reader
	Out    io.Writer
	Err    io.Writer
	Getenv func(string) string
	// InTTY, OutTTY and ErrTTY say whether each stream is a terminal.
	// Each stream is asked on its own, because each is redirected on its
	// own: progress bars go by ErrTTY, glamour and colour by OutTTY, the
	// prompt's line editor and replay's stepper by InTTY and OutTTY.
	InTTY, OutTTY, ErrTTY bool
	// Width is the terminal's width in columns when Out is one, else 0.
	Width int
	// AtPrompt: the command runs as an entry at the record prompt, whose
	// next prompt says whose turn it is (the status line leaves it out).
	AtPrompt bool
	// Typed is when the command was typed: the process's start in main,
	// zero in tests that run commands in the test's process (then the run's
	// start). An entry means what it meant on the table as it stood then
	// (recorder.RecordTyped).
	Typed time.Time
}

// newSystemStreams is the process's standard streams. Whether each is a
// terminal is asked of the terminal driver (term.IsTerminal, an ioctl):
// /dev/null is a character device, but not a terminal.
func newSystemStreams() *Streams {
	streams := &Streams{In: os.Stdin, Out: os.Stdout, Err: os.Stderr, Getenv: os.Getenv, Typed: processStarted,
		InTTY:  term.IsTerminal(int(os.Stdin.Fd())),
		OutTTY: term.IsTerminal(int(os.Stdout.Fd())),
		ErrTTY: term.IsTerminal(int(os.Stderr.Fd())),
	}
	if streams.OutTTY {
		if w, _, err := term.GetSize(int(os.Stdout.Fd())); err == nil {
			streams.Width = w
		}
	}
	return streams
}

// outputError is a failed write to standard output: a full disk, a file
// system out of quota, /dev/full. What the command wrote is incomplete, so
// run reports it and exits 1 instead of 0.
type outputError struct{ err error }

// Error says that the output, not the command, failed.
func (e *outputError) Error() string { return "writing the output: " + e.err.Error() }

// Unwrap returns the write's own error.
func (e *outputError) Unwrap() error { return e.err }

// checkedWriter is standard output as every command writes to it: it keeps
// the first error of any write, so that run can check it once at the end
// instead of every Fprintf checking its own, and it writes nothing more
// after a failure (what follows a hole in the output is worth nothing).
type checkedWriter struct {
	w   io.Writer
	err error
}

// Write writes b, or returns the first error met.
func (c *checkedWriter) Write(b []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.w.Write(b)
	if err == nil && n < len(b) {
		err = io.ErrShortWrite
	}
	if err != nil {
		c.err = &outputError{err}
	}
	return n, c.err
}
