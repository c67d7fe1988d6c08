// Package ddkeep keeps the double-dummy analysis of each deal, so that a
// deal is solved once: its table, and the trace of each play of it, as
// projections/ddhand asks for them (a ddhand.Solutions).
//
// Answers are kept at two levels. A Keeper keeps them for the process, in a
// bounded memory: the record prompt, a write-up that shows a hand many
// times, and the tests of one package share its answers (Shared). A Place
// keeps them beside the log, in the store's derived data
// (events.DerivedData, the bbolt file's "derived" bucket), so that the
// next process finds them: a second show of a hand costs what show
// --no-dd costs.
//
// What is kept beside the log is derived, never the truth: it can be
// dropped at any time (Drop, which hoyle verify --repair calls) and is
// solved again; verify does not read it. Each record is sealed with the
// store's key (a keyed MAC, as the checkpoints of projections/load are)
// over its key, its bytes and the solver's version (dd.SolverVersion): a
// damaged or forged record, or one another version of the solver wrote,
// is not believed, and the deal is solved again. The first write after a
// change of the solver's version drops every record of the old one.
//
// The records, in the set named "dd":
//
//	0x00                          the solver's version (8 bytes, big-endian)
//	0x01 deal                     a deal's table
//	0x02 deal strain leader cards a play's trace
//
// where deal is the four hands as 8-byte sets, North first. Each record
// ends with its seal.
package ddkeep
