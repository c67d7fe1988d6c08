// Package ddhand is the double-dummy analysis of a recorded hand: what the
// solver of projections/dd makes of a game.Hand, as hoyle dd, replay, show
// and the write-up give it.
//
// It decides what can be analysed (four hands of 13 cards of the bridge
// pack, every card known: recorded with the deal, or shown by the play),
// maps a game's strains onto the solver's (the royal spades of Auction
// Bridge 1913 are spades), tells a game with a contract (a table, par, and
// the declaring side's tricks card by card) from whist, which plays no
// contract (the tricks of each side, the trump as the card turned up makes
// it), and follows the play only as far as it is regular: a card played
// out of turn or a renounce ends the analysis, and says so.
//
// It keeps nothing: the solver's answers come from a Solutions, Solve to
// compute them afresh, or projections/ddkeep's, which keeps them for the
// process and beside the log so that each deal is solved once.
//
// Par's scores are the caller's (a dd.Scorer), so it imports no ruleset.
package ddhand
