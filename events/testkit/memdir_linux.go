package testkit

import "syscall"

// shmRoom reports whether /dev/shm has 2 GB free: a container's may be as
// small as 64 MB, less than the full rounds' stores need.
func shmRoom() bool {
	var fs syscall.Statfs_t
	return syscall.Statfs("/dev/shm", &fs) == nil && uint64(fs.Bavail)*uint64(fs.Bsize) >= 2<<30
}
