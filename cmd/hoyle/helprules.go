package main

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"github.com/spf13/cobra"

	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/load"
	"github.com/hoyle/hoyle/projections/rules"
	"github.com/hoyle/hoyle/replay"
)

// helpRules is the ruleset a command's help speaks of: the session's (the
// one --session names, else the latest) when the database exists and can
// be read at once, with its options. Help never creates a database nor
// waits for one in use; ok is false and the help speaks of every game.
func helpRules(d *database) (rs game.Ruleset, opts game.Options, ok bool) {
	st, err := d.openAtOnce()
	if err != nil {
		return nil, nil, false
	}
	defer st.Close()
	ctx := context.Background()
	session, err := d.resolveSession(ctx, st)
	if err != nil {
		return nil, nil, false
	}
	s, err := load.Tail(ctx, st, session)
	if err != nil {
		return nil, nil, false
	}
	return s.Rules, s.Opts, true
}

// rulesHelp is the part of a command's help that the games' laws write:
// about writes it for one ruleset under a session's options ("" when the
// ruleset has nothing to say), none says so for the session's game, and
// the heads introduce it for the session's game and for every game.
type rulesHelp struct {
	about             func(rs game.Ruleset, opts game.Options) string
	none              func(rs game.Ruleset) string
	sessionHead, head string
}

// withRulesHelp makes a command's help end with what the games' laws say
// of it, after long: for the session's game when there is one, else for
// every game that has something to say.
func withRulesHelp(d *database, cmd *cobra.Command, long string, rh rulesHelp) {
	cmd.Long = long + "\n\n" + everyGame(long, rh)
	cmd.SetHelpFunc(func(c *cobra.Command, args []string) {
		rs, opts, ok := helpRules(d)
		c.Long = long + "\n\n" + rh.text(rs, opts, ok)
		c.Parent().HelpFunc()(c, args)
	})
}

// everyGameTexts keeps, by command (its long help), the help's part for
// every game: the same each time, and some milliseconds to make from every
// ruleset, which each command line (each line of the record prompt, each
// run of a test) would otherwise pay when its commands are built, help
// asked for or not.
var everyGameTexts sync.Map // long -> string

// everyGame is rh's text for every game, made once a process.
func everyGame(long string, rh rulesHelp) string {
	if v, ok := everyGameTexts.Load(long); ok {
		return v.(string)
	}
	v, _ := everyGameTexts.LoadOrStore(long, rh.text(nil, nil, false))
	return v.(string)
}

// text is the help's part for the session's game when ok, else for every
// game that has something to say.
func (rh rulesHelp) text(rs game.Ruleset, opts game.Options, ok bool) string {
	if ok {
		if text := rh.about(rs, opts); text != "" {
			return rh.sessionHead + "\n\n" + text
		}
		return rh.none(rs)
	}
	var parts []string
	for _, r := range rules.All() {
		if text := rh.about(r, game.Options{}); text != "" {
			parts = append(parts, text)
		}
	}
	return rh.head + "\n\n" + strings.Join(parts, "\n")
}

// honoursAbout lists a ruleset's holdings of honours, from the ruleset.
func honoursAbout(rs game.Ruleset, opts game.Options) string {
	hh, ok := rs.(game.HonoursHoldings)
	if !ok {
		return ""
	}
	holdings, law := hh.Holdings(opts)
	if len(holdings) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString(wrap("  ", "    ", fmt.Sprintf("%s (%s):", rs.Info().Title, law)))
	width := 0
	for _, h := range holdings {
		width = max(width, len(h.Name))
	}
	for _, h := range holdings {
		first := fmt.Sprintf("    %-*s  ", width, h.Name)
		b.WriteString(wrap(first, strings.Repeat(" ", len(first)), h.Meaning))
	}
	return b.String()
}

// cutAbout says who deals by the cut in a ruleset, from the ruleset.
func cutAbout(rs game.Ruleset, opts game.Options) string {
	cr, ok := rs.(game.CutRules)
	if !ok {
		return ""
	}
	return wrap("  ", "    ", fmt.Sprintf("%s: %s.", rs.Info().Title, cr.CutRule(opts)))
}

// helpWidth is the width help text is wrapped to.
const helpWidth = 78

// wrap fills text into lines of helpWidth, the first line after first and
// the others after rest.
func wrap(first, rest, text string) string {
	return replay.Wrap(text, first, rest, helpWidth)
}
