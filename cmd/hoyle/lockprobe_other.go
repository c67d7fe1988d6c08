//go:build !unix

package main

// heldByReaders cannot tell readers from a writer here: every holder is
// waited on as a writer is.
func heldByReaders(string) bool { return false }
