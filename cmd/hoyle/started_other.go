//go:build !linux

package main

import "time"

// forkedBy is only known from Linux's /proc: elsewhere processStarted
// alone says when the command was typed.
func forkedBy() (time.Time, bool) { return time.Time{}, false }
