package testkit

import "os"

// MemoryTempDir makes a new directory (named by prefix, as os.MkdirTemp
// does) in memory, under /dev/shm, when the machine has one with room
// (shmRoom) and $TMPDIR does not choose, and in the usual temporary
// directory otherwise; the caller removes it. It is for the files of a store that no test kills or
// restarts: there the file system's fsync and journal cost much of a
// test's time on a shared virtual disk and prove nothing, since nothing
// ever reads the disk behind the page cache. A database the crash and
// durability tests reopen stays where t.TempDir puts it.
func MemoryTempDir(prefix string) (string, error) {
	if os.Getenv("TMPDIR") == "" && shmRoom() {
		if dir, err := os.MkdirTemp("/dev/shm", prefix); err == nil {
			return dir, nil
		}
	}
	return os.MkdirTemp("", prefix)
}
