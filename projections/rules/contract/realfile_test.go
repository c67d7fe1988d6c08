package contract_test

import (
	"bufio"
	"context"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events/memstore"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/load"
	"github.com/hoyle/hoyle/projections/recorder"
	"github.com/hoyle/hoyle/projections/rules/contract"
)

// realFile is the RealBridge 2021 teams export (see /work/shared/data and
// export/pbn/testdata): real boards with their auctions, results and
// duplicate scores.
const realFile = "../../../export/pbn/testdata/realbridge-2021-teams.pbn"

type record struct {
	tags    map[string]string
	auction []string
}

// readRecords is just enough PBN for this test: tags, and the calls of the
// auction section with note references and alerts dropped.
func readRecords(t *testing.T, path string) []record {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	var out []record
	cur := record{tags: map[string]string{}}
	section := ""
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		switch {
		case line == "":
			if len(cur.tags) > 0 {
				out = append(out, cur)
			}
			cur, section = record{tags: map[string]string{}}, ""
		case strings.HasPrefix(line, "%"):
		case strings.HasPrefix(line, "["):
			name, value, _ := strings.Cut(strings.Trim(line, "[]"), " ")
			cur.tags[name] = strings.Trim(value, `"`)
			section = name
		case section == "Auction":
			for _, w := range strings.Fields(line) {
				if strings.HasPrefix(w, "=") {
					continue
				}
				cur.auction = append(cur.auction, strings.TrimSuffix(w, "!"))
			}
		}
	}
	require.NoError(t, sc.Err())
	if len(cur.tags) > 0 {
		out = append(out, cur)
	}
	return out
}

// TestRealBoardsScoredAsRecorded records every scored board of a real
// tournament as a duplicate session would (hoyle deal --board N with the
// hands, the auction, a claim of the declarer's tricks) and checks the
// session's score sheet against the file's Score, board by board: the
// board's dealer and vulnerability (Law 2), the declarer from the auction
// and the Law 77 score from North-South's side. Each table's boards are
// its own session, as they were played: a recorder reads the session it
// records to, so one session of all ~300 boards would cost the square of
// its length and prove no more.
func TestRealBoardsScoredAsRecorded(t *testing.T) {
	ctx := context.Background()
	rec := recorder.New(memstore.New())
	type want struct {
		board    int
		contract string
		declarer string
		tricks   int
		ns       int
	}
	sessions := map[string]string{} // the file's Table: its session
	var tables []string
	wants := map[string][]want{}
	scored := 0
	for _, r := range readRecords(t, realFile) {
		score, ok := strings.CutPrefix(r.tags["Score"], "NS ")
		if !ok || len(r.auction) == 0 {
			continue
		}
		board, err := strconv.Atoi(r.tags["Board"])
		require.NoError(t, err)
		ctxt := "board " + r.tags["Board"] + " at table " + r.tags["Table"]
		session, ok := sessions[r.tags["Table"]]
		if !ok {
			session, err = rec.Open(ctx, projections.SessionSpec{Game: "contract", Options: map[string]string{"scoring": contract.ScoringDuplicate}})
			require.NoError(t, err, ctxt)
			sessions[r.tags["Table"]] = session
			tables = append(tables, r.tags["Table"])
		}
		dealer, vul := (&contract.Rules{}).Board(board)
		assert.Equal(t, r.tags["Dealer"], dealer.String(), ctxt)
		assert.Equal(t, r.tags["Vulnerable"], vul.PBN(), ctxt)

		_, err = rec.Deal(ctx, session, projections.DealSpec{PBN: r.tags["Deal"], Board: board})
		require.NoError(t, err, ctxt)
		_, err = rec.Calls(ctx, session, r.auction)
		require.NoError(t, err, ctxt)
		w := want{board: board, contract: strings.ToUpper(r.tags["Contract"]), declarer: r.tags["Declarer"]} // the file writes "4Sx"
		w.ns, err = strconv.Atoi(score)
		require.NoError(t, err, ctxt)
		if w.contract != "PASS" {
			w.tricks, err = strconv.Atoi(r.tags["Result"])
			require.NoError(t, err, ctxt)
			_, err = rec.Claim(ctx, session, projections.ClaimSpec{Tricks: w.tricks})
			require.NoError(t, err, ctxt)
		} else {
			w.contract, w.declarer = "Pass", "-"
		}
		wants[r.tags["Table"]] = append(wants[r.tags["Table"]], w)
		scored++
	}
	require.Greater(t, scored, 250, "the file's scored boards")
	require.Greater(t, len(tables), 25, "the file's tables")

	for _, table := range tables {
		s, _, err := load.Session(ctx, rec.Store, sessions[table])
		require.NoError(t, err)
		sheet := s.Score()
		require.Len(t, sheet.Boards, len(wants[table]), "table %s", table)
		for i, b := range sheet.Boards {
			got := want{b.Board, b.Contract, b.Declarer.String(), b.Tricks, b.NS}
			assert.Equal(t, wants[table][i], got, "table %s, record %d", table, i+1)
		}
	}
}
