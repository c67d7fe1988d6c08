package pbnsession

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/export/pbn"
)

const boundsRecord = `[Event "Bounds"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"]
[Declarer "S"]
[Contract "3NT"]
[Result "9"]
`

// TestImportKeepsABoundedRecord: a record of a few hundred kilobytes with
// two hundred thousand comments (once 581 MB to import) or twenty
// thousand tags (once 2 s, each tag looked up among all before it) is
// imported with what a record keeps, pbn.MaxComments notes and
// pbn.MaxTags tags, and a warning that says how many more were left out.
func TestImportKeepsABoundedRecord(t *testing.T) {
	comments := boundsRecord + strings.Repeat("{c}\n", 200_000)
	im := importText(t, []byte(comments))
	notes := 0
	for _, e := range im.envs[0] {
		if e.Type == table.TypeNoted {
			notes++
		}
	}
	assert.Equal(t, pbn.MaxComments, notes)
	require.Len(t, im.res.Warnings, 1)
	assert.Contains(t, im.res.Warnings[0].Msg, fmt.Sprintf("%d more comments are not imported: a record keeps at most %d", 200_000-pbn.MaxComments, pbn.MaxComments))

	var b strings.Builder
	b.WriteString(boundsRecord)
	for i := range 20_000 {
		fmt.Fprintf(&b, "[T%d \"v\"]\n", i)
	}
	im = importText(t, []byte(b.String()))
	kept := 0
	for _, e := range im.envs[0] {
		if k, ok := e.Data.(*table.TagsKept); ok {
			kept += len(k.Tags)
		}
	}
	assert.LessOrEqual(t, kept, pbn.MaxTags)
	require.Len(t, im.res.Warnings, 1)
	assert.Contains(t, im.res.Warnings[0].Msg, fmt.Sprintf("%d more tags are not imported", 20_000+8-pbn.MaxTags))
	res, err := Read(bytes.NewReader([]byte(b.String())), Options{Now: clock, Strict: true})
	require.NoError(t, err, "what a record cannot keep is said, not refused, even when strict")
	assert.Len(t, res.Warnings, 1)
}
