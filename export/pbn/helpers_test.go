package pbn

import (
	"bytes"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// canonical is g as Write lays it out, without line numbers: what
// Parse(Write(g)) must give back. Tags are put in export order, commentary
// in the order Write emits it, empty slices and maps become nil.
func canonical(g Game) Game {
	c := Game{Line: 0}
	for _, name := range MandatoryTags {
		for _, t := range g.Tags {
			if t.Name == name {
				c.Tags = append(c.Tags, canonTag(t))
			}
		}
	}
	for _, t := range g.Tags {
		if mandatoryIndex(t.Name) < 0 {
			c.Tags = append(c.Tags, canonTag(t))
		}
	}
	c.Notes = canonNotes(g.Notes)
	if g.Auction != nil {
		a := *g.Auction
		a.Line = 0
		a.Notes = canonNotes(a.Notes)
		a.Calls = nil
		for _, call := range g.Auction.Calls {
			call.Line = 0
			call.Annotation = canonAnn(call.Annotation)
			a.Calls = append(a.Calls, call)
		}
		c.Auction = &a
	}
	if g.Play != nil {
		p := *g.Play
		p.Line = 0
		p.Notes = canonNotes(p.Notes)
		p.Tricks = nil
		for _, row := range g.Play.Tricks {
			var r []PlayCard
			for _, pc := range row {
				pc.Line = 0
				pc.Annotation = canonAnn(pc.Annotation)
				r = append(r, pc)
			}
			p.Tricks = append(p.Tricks, r)
		}
		c.Play = &p
	}
	// Commentary in the order Write emits it.
	slot := func(p Position) (int, int) {
		switch p.After {
		case "":
			return 0, 0
		case "Auction":
			return 2000, p.Index
		case "Play":
			return 4000, p.Index
		case "Note":
			switch p.Section {
			case "Auction":
				return 3000, p.Note
			case "Play":
				return 5000, p.Note
			}
			if p.Note != 0 {
				return 1500, p.Note
			}
		}
		for i, t := range c.Tags {
			if t.Name == p.After {
				if mandatoryIndex(t.Name) >= 0 {
					return 1 + i, 0
				}
				return 6000 + i, 0
			}
		}
		return 9999, 0
	}
	for _, cm := range g.Comments {
		cm.Line = 0
		c.Comments = append(c.Comments, cm)
	}
	sort.SliceStable(c.Comments, func(i, j int) bool {
		a1, a2 := slot(c.Comments[i].Pos)
		b1, b2 := slot(c.Comments[j].Pos)
		return a1 < b1 || a1 == b1 && a2 < b2
	})
	return c
}

func canonTag(t Tag) Tag {
	t.Line = 0
	return t
}

func canonNotes(m map[int]string) map[int]string {
	if len(m) == 0 {
		return nil
	}
	return m
}

func canonAnn(a Annotation) Annotation {
	if len(a.NAGs) == 0 {
		a.NAGs = nil
	}
	if len(a.Irregularities) == 0 {
		a.Irregularities = nil
	}
	return a
}

func canonAll(gs []Game) []Game {
	out := make([]Game, len(gs))
	for i, g := range gs {
		out[i] = canonical(g)
	}
	return out
}

func parseString(t testing.TB, s string) []Game {
	t.Helper()
	gs, err := Parse(strings.NewReader(s))
	require.NoError(t, err)
	return gs
}

func writeString(t testing.TB, gs []Game) string {
	t.Helper()
	var b bytes.Buffer
	require.NoError(t, Write(&b, gs))
	return b.String()
}

// roundTrip checks Parse(Write(gs)) against gs and that writing again
// gives the same text; it returns the text.
func roundTrip(t testing.TB, gs []Game) string {
	t.Helper()
	out := writeString(t, gs)
	back, err := Parse(strings.NewReader(out))
	require.NoError(t, err, "written text does not parse:\n%s", out)
	require.Equal(t, canonAll(gs), canonAll(back), "written text:\n%s", out)
	require.Equal(t, out, writeString(t, back), "writing is not stable")
	return out
}
