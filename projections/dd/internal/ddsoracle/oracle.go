//go:build dds

// Package ddsoracle is a cgo binding to DDS 2.9.0, the double-dummy solver
// of Bo Haglund and Soren Hein (Debian package libdds-dev), used only as an
// oracle by the tests and benchmarks of projections/dd. It is built only
// with the build tag dds; nothing in the product may import it.
//
// Strains use DDS's numbering: 0 spades, 1 hearts, 2 diamonds, 3 clubs,
// 4 no trumps. Seats are 0 North to 3 West, as in package cards.
// Vulnerability: 0 none, 1 both, 2 NS, 3 EW.
package ddsoracle

/*
#cgo LDFLAGS: -ldds
#include <stdlib.h>
#include <dds/dll.h>
*/
import "C"

import (
	"fmt"

	"github.com/hoyle/hoyle/events/cards"
)

// Error is a DDS return code other than RETURN_NO_FAULT.
type Error struct {
	Func string
	Code int
}

// Error gives DDS's own text for the code.
func (e *Error) Error() string {
	var line [80]C.char
	C.ErrorMessage(C.int(e.Code), &line[0])
	return fmt.Sprintf("dds %s: %d %s", e.Func, e.Code, C.GoString(&line[0]))
}

func check(fn string, rc C.int) error {
	if rc != 1 {
		return &Error{Func: fn, Code: int(rc)}
	}
	return nil
}

// SetMaxThreads tells DDS how many threads to use; 1 makes every call
// single-threaded (CalcDDtable otherwise solves strains in parallel).
func SetMaxThreads(n int) { C.SetMaxThreads(C.int(n)) }

// SetResources bounds DDS's memory (MB) and threads.
func SetResources(maxMemoryMB, maxThreads int) {
	C.SetResources(C.int(maxMemoryMB), C.int(maxThreads))
}

// Threads is the number of threads DDS has configured.
func Threads() int {
	var info C.struct_DDSInfo
	C.GetDDSInfo(&info)
	return int(info.noOfThreads)
}

// ddsSuit maps a cards.Suit (clubs 0) to DDS's suit index (spades 0).
func ddsSuit(s cards.Suit) int { return 3 - int(s) }

func holdings(hands [4]cards.Set) (out [4][4]C.uint) {
	for h := 0; h < 4; h++ {
		for _, c := range hands[h].Cards() {
			out[h][ddsSuit(c.Suit())] |= 1 << uint(c.Rank())
		}
	}
	return
}

func mkDeal(hands [4]cards.Set, strain, first int, trick []cards.Card) C.struct_deal {
	var dl C.struct_deal
	dl.trump = C.int(strain)
	dl.first = C.int(first)
	for i, c := range trick {
		dl.currentTrickSuit[i] = C.int(ddsSuit(c.Suit()))
		dl.currentTrickRank[i] = C.int(c.Rank())
	}
	dl.remainCards = holdings(hands)
	return dl
}

// SolveBoard returns the tricks, of those remaining (the trick in progress
// included), that the side of the seat to play next takes: DDS's
// futureTricks.score[0] with target -1, solutions 1, mode 1. first is the
// seat that led the trick in progress; trick its cards so far.
func SolveBoard(hands [4]cards.Set, strain, first int, trick []cards.Card) (int, error) {
	v, _, err := SolveBoardNodes(hands, strain, first, trick)
	return v, err
}

// SolveBoardNodes is SolveBoard that also returns the number of nodes DDS
// searched.
func SolveBoardNodes(hands [4]cards.Set, strain, first int, trick []cards.Card) (int, int, error) {
	dl := mkDeal(hands, strain, first, trick)
	var fut C.struct_futureTricks
	if err := check("SolveBoard", C.SolveBoard(dl, -1, 1, 1, &fut, 0)); err != nil {
		return 0, 0, err
	}
	return int(fut.score[0]), int(fut.nodes), nil
}

// CalcDDtable returns DDS's table: tricks by strain (DDS order) and
// declarer.
func CalcDDtable(hands [4]cards.Set) ([5][4]int, error) {
	var td C.struct_ddTableDeal
	td.cards = holdings(hands)
	var res C.struct_ddTableResults
	var out [5][4]int
	if err := check("CalcDDtable", C.CalcDDtable(td, &res)); err != nil {
		return out, err
	}
	for s := 0; s < 5; s++ {
		for h := 0; h < 4; h++ {
			out[s][h] = int(res.resTable[s][h])
		}
	}
	return out, nil
}

// Par runs DDS's Par on a table (DDS order) and returns its four strings:
// the NS and EW scores and the NS and EW contract lists.
func Par(table [5][4]int, vul int) ([4]string, error) {
	var res C.struct_ddTableResults
	for s := 0; s < 5; s++ {
		for h := 0; h < 4; h++ {
			res.resTable[s][h] = C.int(table[s][h])
		}
	}
	var pr C.struct_parResults
	var out [4]string
	if err := check("Par", C.Par(&res, &pr, C.int(vul))); err != nil {
		return out, err
	}
	out[0] = C.GoString(&pr.parScore[0][0])
	out[1] = C.GoString(&pr.parScore[1][0])
	out[2] = C.GoString(&pr.parContractsString[0][0])
	out[3] = C.GoString(&pr.parContractsString[1][0])
	return out, nil
}

// AnalysePlay returns DDS's trace of a played sequence from the start of a
// deal: declarer's double-dummy tricks before the first card and after each
// card (at most 48 cards are analysed).
func AnalysePlay(hands [4]cards.Set, strain, first int, play []cards.Card) ([]int, error) {
	dl := mkDeal(hands, strain, first, nil)
	var pt C.struct_playTraceBin
	pt.number = C.int(len(play))
	for i, c := range play {
		pt.suit[i] = C.int(ddsSuit(c.Suit()))
		pt.rank[i] = C.int(c.Rank())
	}
	var sp C.struct_solvedPlay
	if err := check("AnalysePlayBin", C.AnalysePlayBin(dl, pt, &sp, 0)); err != nil {
		return nil, err
	}
	out := make([]int, int(sp.number))
	for i := range out {
		out[i] = int(sp.tricks[i])
	}
	return out, nil
}
