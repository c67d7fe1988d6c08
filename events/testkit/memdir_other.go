//go:build !linux

package testkit

// shmRoom: only Linux has a /dev/shm to count on.
func shmRoom() bool { return false }
