// Command resultpbn writes a PBN file of result-only records: Event,
// Board, Contract, Declarer and Result, no deal, no auction, as a
// scorer's travellers are (the dealer and who is vulnerable are the
// board's). It is the large input of issue
// 30's import bound (peak memory under 200 MB for any file under 10 MB):
// 100,000 records make a 7.4 MB file, which is generated rather than
// committed.
//
//	go run ./cmd/hoyle-tools/resultpbn -records 100000 -o /tmp/r100k.pbn
//	/usr/bin/time -f '%e s, %M KB' hoyle --db /tmp/new.db import /tmp/r100k.pbn
//
// The boards are numbered 1 to -boards and again (32 by default: the same
// boards played at many tables), or each new with -boards 0. cmd/hoyle's
// import benchmarks and its memory test run this tool.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
)

func main() {
	records := flag.Int("records", 100_000, "how many records to write")
	boards := flag.Int("boards", 32, "the boards are numbered 1 to this and again; 0: every record a new board")
	out := flag.String("o", "", "the file to write (standard output when empty)")
	flag.Parse()
	if *records < 1 || *boards < 0 {
		fmt.Fprintln(os.Stderr, "resultpbn: -records must be at least 1 and -boards at least 0")
		os.Exit(2)
	}
	w := io.Writer(os.Stdout)
	if *out != "" {
		f, err := os.Create(*out)
		if err != nil {
			fmt.Fprintln(os.Stderr, "resultpbn:", err)
			os.Exit(1)
		}
		defer f.Close()
		w = f
	}
	bw := bufio.NewWriter(w)
	err := write(bw, *records, *boards)
	if err == nil {
		err = bw.Flush()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "resultpbn:", err)
		os.Exit(1)
	}
}

// write writes n result-only records, their boards numbered 1 to boards
// and again (boards 0: 1 to n). The contract, declarer and tricks vary
// from record to record, so that the scores differ.
func write(w io.Writer, n, boards int) error {
	if boards == 0 {
		boards = n
	}
	contracts := []string{"3NT", "4S", "2H", "1NT", "5Dx", "Pass"}
	for i := range n {
		board := i%boards + 1
		c := contracts[i%len(contracts)]
		fmt.Fprintf(w, "[Event \"R\"]\n[Board \"%d\"]\n[Contract \"%s\"]\n", board, c)
		if c == "Pass" {
			if _, err := fmt.Fprint(w, "[Declarer \"\"]\n[Result \"\"]\n\n"); err != nil {
				return err
			}
			continue
		}
		if _, err := fmt.Fprintf(w, "[Declarer \"%c\"]\n[Result \"%d\"]\n\n", "NESW"[i%4], 6+i%7); err != nil {
			return err
		}
	}
	return nil
}
