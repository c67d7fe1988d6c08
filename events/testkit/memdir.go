package testkit

import "os"

// MemoryTempDir makes a new directory (named by prefix, as os.MkdirTemp
// does) in memory, under /dev/shm, when the machine has one with room
// (shmRoom) and $TMPDIR does not choose, and in the usual temporary
// directory otherwise; the caller removes it. A store's fsync and the file
// system's journal on a shared virtual disk cost much of a store test's
// time and prove nothing a test looks at: a process killed leaves its
// writes in the page cache whatever the file system, and no test pulls the
// power. (events/natsstore and events/bolt still keep their crash and
// durability tests, and their benchmarks, on disk; cmd/hoyle's tests run
// all in memory.)
func MemoryTempDir(prefix string) (string, error) {
	if os.Getenv("TMPDIR") == "" && shmRoom() {
		if dir, err := os.MkdirTemp("/dev/shm", prefix); err == nil {
			return dir, nil
		}
	}
	return os.MkdirTemp("", prefix)
}
