//go:build unix

package main

import (
	"os"
	"syscall"
)

// heldByReaders reports whether the database at path is held only by
// readers. bbolt locks the file with flock: a writer exclusively, readers
// shared. A shared lock taken and dropped at once succeeds only if no
// writer holds the file; it is taken on a descriptor of its own, as flock
// locks belong to the open file, so it cannot disturb this process's.
//
// events/bolt does not say which kind of holder refused it (ErrLocked is
// one error for both); until it does, the CLI looks for itself.
func heldByReaders(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	fd := int(f.Fd())
	if syscall.Flock(fd, syscall.LOCK_SH|syscall.LOCK_NB) != nil {
		return false
	}
	_ = syscall.Flock(fd, syscall.LOCK_UN)
	return true
}
