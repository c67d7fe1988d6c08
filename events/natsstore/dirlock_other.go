//go:build !unix

package natsstore

import "os"

// lockFile cannot take an advisory lock on this system: a second server
// is not detected here, and the lock file only records who started last.
// hoyle serve's platforms (Linux, the BSDs, macOS) are all unix.
func lockFile(*os.File) (held bool, err error) { return false, nil }
