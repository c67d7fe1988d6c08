// Command peak runs a command and prints its peak resident memory, in
// kilobytes, as the kernel counted it: for the whole-process benchmarks
// (BenchmarkProcess). A process's peak counts what the process it was
// forked from held, so the benchmark, which holds much, starts this small
// program to start hoyle. The go tool leaves testdata out of ./...
package main

import (
	"fmt"
	"os"
	"os/exec"
	"syscall"
)

func main() {
	cmd := exec.Command(os.Args[1], os.Args[2:]...)
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Fprintln(os.Stderr, "peak-kb", cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss)
}
