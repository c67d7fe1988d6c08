package game

// Holding is one holding of honours that a scorer may claim at the table
// when the deal is not recorded, by the name the claim is recorded under.
type Holding struct {
	Name    string // "3", "4-in-one": what `hoyle honours` takes
	Meaning string // "simple honours; at no trump three aces"
}

// HonoursHoldings is implemented by rulesets whose score counts honours:
// the holdings a claim may name under a session's options (none when the
// options score no honours, as at duplicate), in the code's order, and
// the law that names them. Help lists them from here, so the names are
// written once, in the ruleset.
type HonoursHoldings interface {
	Holdings(opts Options) (holdings []Holding, law string)
}
