package main

import (
	"bytes"
	"io"
	"os"
)

// spool holds what a command makes while the database is open (a log, a
// JSON export), to be written once it is closed: a reader never holds the
// database while its output waits on a pager or a slow terminal. The first
// spoolMemory bytes are kept in memory, the rest in a temporary file,
// removed as soon as it is made: a large output costs disk, not memory.
type spool struct {
	mem  bytes.Buffer
	file *os.File
	err  error
}

// spoolMemory is how much of an output a spool keeps in memory.
const spoolMemory = 8 << 20

// Write implements io.Writer.
func (s *spool) Write(p []byte) (int, error) {
	if s.err != nil {
		return 0, s.err
	}
	if s.file == nil && s.mem.Len()+len(p) <= spoolMemory {
		return s.mem.Write(p)
	}
	if s.file == nil {
		f, err := os.CreateTemp("", "hoyle-spool-*")
		if err != nil {
			s.err = err
			return 0, err
		}
		_ = os.Remove(f.Name()) // open, it stays until closed; nothing is left behind
		s.file = f
	}
	n, err := s.file.Write(p)
	s.err = err
	return n, err
}

// WriteTo writes what was spooled to w: what is in memory, then the file.
func (s *spool) WriteTo(w io.Writer) (int64, error) {
	if s.err != nil {
		return 0, s.err
	}
	n, err := w.Write(s.mem.Bytes())
	total := int64(n)
	if err != nil || s.file == nil {
		return total, err
	}
	if _, err := s.file.Seek(0, io.SeekStart); err != nil {
		return total, err
	}
	m, err := io.Copy(w, s.file)
	return total + m, err
}

// Bytes is all that was spooled, in memory: for output that must be
// transformed whole (escaped for a terminal).
func (s *spool) Bytes() ([]byte, error) {
	if s.file == nil {
		return s.mem.Bytes(), s.err
	}
	var b bytes.Buffer
	_, err := s.WriteTo(&b)
	return b.Bytes(), err
}

// Close removes the temporary file, if there is one.
func (s *spool) Close() error {
	if s.file == nil {
		return nil
	}
	err := s.file.Close()
	s.file = nil
	return err
}
