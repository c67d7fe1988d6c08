// Command floor is the floor a table entry is measured against
// (BenchmarkPromptEntry): a Go program that opens a bbolt file and commits
// one put, fsynced, as an entry at the table must. It is built by the
// benchmark; the go tool leaves testdata out of ./...
package main

import (
	"encoding/binary"
	"fmt"
	"os"
	"time"

	bbolt "go.etcd.io/bbolt"
)

func main() {
	db, err := bbolt.Open(os.Args[1], 0o600, &bbolt.Options{Timeout: time.Second})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	err = db.Update(func(tx *bbolt.Tx) error {
		b, err := tx.CreateBucketIfNotExists([]byte("log"))
		if err != nil {
			return err
		}
		n, _ := b.NextSequence()
		return b.Put(binary.BigEndian.AppendUint64(nil, n), make([]byte, 120))
	})
	if cerr := db.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
