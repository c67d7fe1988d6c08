package pbn

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestAGameKeepsItsBoundedCommentaryAndTags: a game of a few hundred
// kilobytes could hold hundreds of thousands of comments or tags, each a
// note or a kept tag for the importer. A game keeps MaxComments and
// MaxTags of them; the rest are counted, with the line of the first.
func TestAGameKeepsItsBoundedCommentaryAndTags(t *testing.T) {
	var b strings.Builder
	b.WriteString("[Event \"x\"]\n[Board \"1\"]\n")
	for i := range MaxTags + 7 {
		fmt.Fprintf(&b, "[T%d \"v\"]\n", i)
	}
	b.WriteString("[Event \"again\"]\n") // a repeated tag is still ignored, not counted
	for range MaxComments + 11 {
		b.WriteString("{c}\n")
	}
	games, err := Parse(strings.NewReader(b.String()))
	require.NoError(t, err)
	require.Len(t, games, 1)
	g := games[0]
	assert.Len(t, g.Tags, MaxTags)
	assert.Len(t, g.Comments, MaxComments)
	assert.Equal(t, Dropped{Tags: 9, TagsLine: MaxTags + 1, Comments: 11, CommentsLine: MaxTags + 11 + MaxComments}, g.Dropped,
		"the two mandatory tags and %d more kept; the rest dropped", MaxTags-2)
	v, _ := g.Tag("Event")
	assert.Equal(t, "x", v)
}

// TestStickyDefaultsAreBounded: "##" defaults carry to the following
// games, no more than a game could take; one that a game gives a value of
// its own ends, as before.
func TestStickyDefaultsAreBounded(t *testing.T) {
	var b strings.Builder
	b.WriteString("[Event \"##e\"]\n[Board \"1\"]\n")
	for i := range MaxTags + 5 {
		fmt.Fprintf(&b, "[S%d \"##v\"]\n", i)
	}
	b.WriteString("\n[Board \"2\"]\n[S1 \"own\"]\n\n[Board \"3\"]\n[S2 \"#\"]\n")
	games, err := Parse(strings.NewReader(b.String()))
	require.NoError(t, err)
	require.Len(t, games, 3)
	assert.Len(t, games[1].Tags, MaxTags)
	v, _ := games[1].Tag("S1")
	assert.Equal(t, "own", v)
	v, _ = games[1].Tag("Event")
	assert.Equal(t, "e", v)
	v, _ = games[2].Tag("S1")
	assert.Equal(t, "", v, "S1's default ended when game 2 gave its own")
	v, _ = games[2].Tag("S2")
	assert.Equal(t, "v", v, "# takes the game before's value")
}
