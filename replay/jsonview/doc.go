// Package jsonview holds the JSON views of hoyle's commands: what --json
// prints is a scripting contract, so its shapes live here, in the replay
// layer, and are listed here once. A field is added, never renamed or
// removed; cmd/hoyle only picks the view and writes it (Write, Lines).
//
// User text (names, notes) in every view is escaped as JSON escapes it
// where a terminal would act on it (replay.EscapeJSON).
//
// # The views
//
// hoyle show --json: Show, one object. The fields of View: session, game,
// hand, board, dealer, phase, turn, calls, contract (ContractView: level,
// strain, doubled, declarer, text; text as PBN writes it,
// game.ContractText), dummy, dummies, played_by, out, tricks (by side),
// hands (by seat, PBN), shown, trick ([PlayView]: seat, card), played,
// claim, result, vulnerable (the sides, named by the seating), closed,
// widow, turn_up, irregularities ([IrregularityView]: kind, seat, moment,
// trick, card, call, what, found, proved_at, established, corrected, law,
// remedy, settled, choices ([ChoiceView]: choice, arg, by, effect, law,
// command)), restrictions, seated, round, table; then at (the --at
// moment) and score (as score --json). hoyle penalty lists the same
// irregularities (IrregularityViews).
//
// hoyle score --json: ScoreView, one object: rubbers ([RubberView]:
// number, complete, winner, sides, points, games, hands, entries, balance,
// players), boards ([BoardView]: board, hand, contract, declarer, tricks,
// ns, entries; duplicate only), notes, tally ([TallyView]: hand, game, won,
// lost, net, entries), winner, side_names, players. An entry (EntryView)
// is hand, side, above, points, label, law, game_line.
//
// hoyle sessions --json: an array of Session: id, game, name, event,
// table, room, teams (null or Teams {home, visit}), movement, players (by
// seat), hands, events, closed.
//
// hoyle compare --json: compare.Report, one object: events ([{event, form,
// game, scoring, movement, tables, boards, totals, matches, warnings,
// ranked}]); a board is {board, top, groups, results}, a result {session,
// hand, table, room, round, ns_pair, ew_pair, contract, declarer, tricks,
// ns, imps, matchpoints, percent, plus, plus_ew, revoke, adjusted, ruling,
// law, matchpoints_ew, percent_ew, penalty, fouled}, a total {rank, name,
// field, players, boards, imps, matchpoints, top, percent, tricks,
// points}, a match {teams, imps, boards}; at teams, vps, and a
// Butler-scored board's datum (see hoyle help json). The comparison is computed in
// projections/compare and is its own view.
//
// hoyle dd --json: DDHand, one object: session, hand, at, game, board,
// dealer, vulnerable (PBN's word, cards.Vulnerability), deal (PBN), table
// (DDTable: {seat: {strain: tricks}}), par (Par: {ns, contracts,
// ew_first}), by_leader (DDLeadTable, whist), play (DDPlay: contract,
// declarer, strain, leader, side, trace, cards and costly ([DDCard]:
// moment, seat, card, tricks, cost), stopped (DDStop: moment, seat, card,
// why)).
//
// hoyle dd --deal D --json: DDDeal: deal, vulnerable, table, par.
//
// hoyle dd --file F: one DDFileLine a line: board, deal, table, par.
//
// hoyle movement --json: Movement: movement, tables, pairs, phantom,
// arrow_switch, rounds, boards, copies, sittings ([Sitting]: round, table,
// ns, ew, set, first_board, last_board, shares_with, sit_out,
// arrow_switched), bye_sets.
//
// hoyle movement swiss --event E --json: compare.SwissDraw (computed in
// projections/compare): round, matches ([home, visitors]), bye.
//
// hoyle log --json: one LogLine a line: seq, pos, id, type, schema, at,
// hash, prev, data (the payload as stored).
package jsonview
