//go:build unix

package natsstore

import (
	"errors"
	"os"
	"syscall"
)

// lockFile takes an exclusive flock on f without waiting: held means
// another process (or another open of the file in this one) holds it. The
// lock belongs to the open file, so it goes when the server closes the
// file or its process dies, however it dies: a server killed leaves no
// stale lock behind.
func lockFile(f *os.File) (held bool, err error) {
	err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	if errors.Is(err, syscall.EWOULDBLOCK) {
		return true, nil
	}
	return false, err
}
