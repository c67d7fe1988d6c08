package bolt

import "syscall"

// dropPages tells the kernel that this process no longer needs the pages of
// the file it has mapped (addr, the first size bytes): they stay in the page
// cache, and a later read maps them again. bbolt maps the whole file and
// never writes through the mapping, so nothing is lost; a read of the whole
// log (verify, a long export) then holds a few megabytes of the file in its
// resident memory at a time instead of all of it.
func dropPages(addr uintptr, size int) {
	if addr != 0 && size > 0 {
		_, _, _ = syscall.Syscall(syscall.SYS_MADVISE, addr, uintptr(size), syscall.MADV_DONTNEED)
	}
}
