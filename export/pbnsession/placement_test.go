package pbnsession

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events/table"
	"github.com/hoyle/hoyle/projections"
)

// placedRecord is one board of an event, its placement tags to be filled.
const placedRecord = "[Event \"Spring Teams\"]\n%s[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n" +
	"[Deal \"N:KT8.A96.A95.7542 Q5.KJ52.KQ874.T8 AJ92.874.JT6.AQ3 7643.QT3.32.KJ96\"]\n" +
	"[Scoring \"IMP\"]\n[Declarer \"N\"]\n[Contract \"1NT\"]\n[Result \"7\"]\n[Auction \"N\"]\n1NT AP\n"

func placed(tags string) []byte { return []byte(fmt.Sprintf(placedRecord, tags)) }

// A record's Event, Section, Round, Table, Room and teams place its
// session in the event, as hoyle new --event places a table's.
func TestImportPlacesTheSession(t *testing.T) {
	im := importText(t, placed("[Section \"A\"]\n[Round \"2\"]\n[Table \"3\"]\n[Room \"Closed\"]\n[HomeTeam \"Lions\"]\n[VisitTeam \"Bears\"]\n"))
	require.Len(t, im.folds, 1)
	assert.Empty(t, im.res.Warnings)
	assert.Equal(t, projections.Placement{Event: "Spring Teams, section A, round 2", Table: "3", Room: table.RoomClosed, HomeTeam: "Lions", VisitTeam: "Bears"},
		im.folds[0].Placement())
}

// What placement refuses is left out with a warning; the record is
// imported all the same.
func TestImportPlacementFlaws(t *testing.T) {
	im := importText(t, placed("[Table \"3\"]\n[Room \"Lounge\"]\n[HomeTeam \"Lions\"]\n"))
	require.Len(t, im.folds, 1)
	require.Len(t, im.res.Warnings, 1)
	assert.Contains(t, im.res.Warnings[0].Msg, `the session is placed in event "Spring Teams" without its room and teams (bad session option: the room "Lounge": a room is open or closed)`)
	assert.Equal(t, projections.Placement{Event: "Spring Teams", Table: "3"}, im.folds[0].Placement())
	assert.Equal(t, 1, len(im.folds[0].Hands))
}

// A note keeps its text exactly, blanks after the colon included, through
// an import and an export (issue 28: "1: 2+" came back "1:2+"); so does a
// table's header ("\2R", not "\\2R").
func TestNotesAndHeadersComeBackExactly(t *testing.T) {
	text := string(placed("")) + "[Note \"1: 2+\"]\n[Note \"2:x y\"]\n[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\nN NT 7\n"
	text = strings.Replace(text, "1NT AP", "1NT =1= Pass =2= AP", 1)
	im := importText(t, []byte(text))
	require.Empty(t, im.res.Warnings)
	out := string(im.export(t))
	assert.Contains(t, out, "[Note \"1: 2+\"]\n[Note \"2:x y\"]\n")
	assert.Contains(t, out, "[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\nN NT 7\n")
}
