//go:build !linux

package bolt

// dropPages does nothing where hoyle does not know the system's advice:
// the mapped pages stay resident until the store is closed.
func dropPages(addr uintptr, size int) {}
