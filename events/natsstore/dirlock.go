package natsstore

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// ErrDirInUse: another server keeps its streams in the directory. Two
// servers on one directory each overwrite what the other wrote, and
// acknowledged entries are lost; a cluster is the way to run more than one.
var ErrDirInUse = errors.New("another server is using the directory")

// DirInUseError says which directory, and who holds it if that is known.
type DirInUseError struct {
	Dir   string
	Owner string // what the lock file says of its holder (pid, address); may be empty
}

// Error names the directory and its holder.
func (e *DirInUseError) Error() string {
	who := ""
	if e.Owner != "" {
		who = " (" + e.Owner + ")"
	}
	return fmt.Sprintf("%v %s%s: stop that server first, or give this one another --dir (more than one server is a cluster: see the README)",
		ErrDirInUse, e.Dir, who)
}

// Is makes errors.Is(err, ErrDirInUse) true.
func (e *DirInUseError) Is(target error) bool { return target == ErrDirInUse }

// lockName is the lock file a server holds in its directory.
const lockName = "hoyle-serve.lock"

// dirLock is a server's hold on its directory.
type dirLock struct{ f *os.File }

// lockDir takes the directory for one server, refusing with a
// DirInUseError while another holds it. who (pid and address) is written
// into the lock file for the message a second server gives.
func lockDir(dir, who string) (*dirLock, error) {
	path := filepath.Join(dir, lockName)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("natsstore: server directory lock: %w", err)
	}
	held, err := lockFile(f)
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("natsstore: server directory lock %s: %w", path, err)
	}
	if held {
		b := make([]byte, 256)
		n, _ := f.ReadAt(b, 0)
		f.Close()
		return nil, &DirInUseError{Dir: dir, Owner: strings.TrimSpace(string(b[:n]))}
	}
	if err := f.Truncate(0); err == nil {
		_, _ = f.WriteAt([]byte(who+"\n"), 0)
	}
	return &dirLock{f: f}, nil
}

// release lets the directory go.
func (l *dirLock) release() {
	if l != nil && l.f != nil {
		l.f.Close()
		l.f = nil
	}
}
