package projections_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events/testkit"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/game"
	"github.com/hoyle/hoyle/projections/rules"
	"github.com/hoyle/hoyle/projections/simulate"
	"github.com/hoyle/hoyle/projections/simulate/simtest"
)

// TestFoldsTakeOneMoreHand: for every ruleset whose score is a fold
// (game.Folding), with each of its options, over random sessions: the
// fold of the first k hands, kept as a checkpoint keeps it (through its
// codec) and resumed, then given the hands after them one at a time,
// gives after each hand the sheet scored from no hand, closed or not; its
// running state (game.RunningState), kept and resumed so, holds a rubber
// at most and gives after each hand the running part of that sheet
// (game.RunningOf); and a writer's sheets and fold made in one pass
// (ScoresToKeep) are those made one by one.
func TestFoldsTakeOneMoreHand(t *testing.T) {
	ctx := context.Background()
	seed := testkit.Seed(t)
	rounds := testkit.Rounds(2, 12)
	folds := 0
	for _, rs := range rules.All() {
		folding, ok := rs.(game.Folding)
		if !ok {
			continue
		}
		variants := []map[string]string{nil}
		for _, o := range rs.Info().Options {
			for _, v := range o.Values[1:] {
				variants = append(variants, map[string]string{o.Name: v})
			}
		}
		for _, opts := range variants {
			if _, ok := folding.Fold(game.Options(opts), rs.Seating(), nil); !ok {
				continue
			}
			for round := range rounds {
				name := fmt.Sprintf("%s/%v/%d", rs.Info().ID, opts, round)
				whole, _, err := simtest.Memory(ctx, simulate.Options{Game: rs.Info().ID, Options: opts, Hands: 14, Seed: seed + uint64(round), ClaimEvery: 3})
				require.NoError(t, err, name)
				folds++
				hands, seating := whole.Hands, whole.Seating()
				// The sheets scored from no hand, and their running parts,
				// after each number of hands, open and closed: scored once
				// here, as every fold resumed below is held to the same ones.
				var scored [2][]game.ScoreSheet
				var runningOf [2][]game.RunningSheet
				for j := 0; j <= len(hands); j++ {
					for c, closed := range []bool{false, true} {
						sheet := rs.Score(game.ScoreInput{Hands: hands[:j], Opts: whole.Opts, Seating: seating, Closed: closed})
						scored[c] = append(scored[c], sheet)
						runningOf[c] = append(runningOf[c], game.RunningOf(sheet, game.Before{}))
					}
				}
				// A writer's sheets and fold, in one pass: as scored one by one.
				keys := whole.SheetsToKeep()
				sheets := make([]game.ScoreSheet, len(keys))
				kept, folded, keeps := whole.ScoresToKeep(keys, func(i int, sheet game.ScoreSheet) { sheets[i] = sheet })
				for i, k := range keys {
					require.Equal(t, whole.ScoreOf(k), sheets[i], "%s: the sheet of %+v kept", name, k)
				}
				wantKept, wantFolded, wantKeeps := whole.FoldToKeep()
				require.Equal(t, wantKeeps, keeps, name)
				require.Equal(t, wantFolded, folded, name)
				require.Equal(t, projections.AppendFoldState(nil, wantKept), projections.AppendFoldState(nil, kept), name)
				for k := 0; k <= len(hands); k++ {
					f, ok := folding.Fold(whole.Opts, seating, nil)
					require.True(t, ok, name)
					for _, h := range hands[:k] {
						f.Add(h)
					}
					kept, keeps := f.State()
					if !keeps {
						continue // a fold that cannot be kept as it stands (see game.SheetFold)
					}
					st, err := projections.DecodeFoldState(projections.AppendFoldState(nil, kept))
					require.NoError(t, err, name)
					g, ok := folding.Fold(whole.Opts, seating, &st)
					require.True(t, ok, name)
					raw := projections.AppendFoldState(nil, st)
					for j := k; ; j++ {
						for c, closed := range []bool{false, true} {
							require.Equal(t, scored[c][j], g.Sheet(closed), "%s: kept at %d, %d hands, closed %v", name, k, j, closed)
						}
						if j == len(hands) {
							break
						}
						g.Add(hands[j])
					}
					require.Equal(t, raw, projections.AppendFoldState(nil, st), "%s: the kept fold is not changed by those resumed from it", name)

					// The running state: a rubber's size, and the running
					// part of the sheet as the whole fold gives it.
					run, err := projections.DecodeFoldState(projections.AppendFoldState(nil, game.RunningState(st)))
					require.NoError(t, err, name)
					require.True(t, run.Running, name)
					require.LessOrEqual(t, len(run.Sheet.Rubbers), 1, "%s: the running state holds the last rubber", name)
					require.LessOrEqual(t, len(run.Sheet.Tally), 1, "%s: the running state holds the last line", name)
					require.Nil(t, run.Sheet.Notes, name)
					for _, r := range run.Sheet.Rubbers {
						if r.Running || r.NoGames {
							require.LessOrEqual(t, len(r.Hands), 1, "%s: a running score's state holds its last hand", name)
						}
					}
					rg, ok := game.Resume(folding, whole.Opts, seating, &run)
					require.True(t, ok, name)
					_, keeps = rg.State()
					require.False(t, keeps, "%s: a fold resumed from a running state is not kept", name)
					for j := k; ; j++ {
						for c, closed := range []bool{false, true} {
							require.Equal(t, runningOf[c][j], game.RunningOf(rg.Sheet(closed), run.Before),
								"%s: running from %d, %d hands, closed %v", name, k, j, closed)
						}
						if j == len(hands) {
							break
						}
						rg.Add(hands[j])
					}
				}
			}
		}
	}
	require.NotZero(t, folds, "no ruleset folds its score")
}
