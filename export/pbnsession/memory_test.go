package pbnsession

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hoyle/hoyle/events/testkit"
)

// TestImportEventsUnchanged writes what an import of some files makes,
// event by event (each session's types and payloads, the event IDs a
// payload refers to given as the place of their event), against the
// golden file written before the import's fold let go of finished hands
// (projections.Folder.ForgetHands): what is imported is the same, only
// its memory is not. results.pbn is 40 result-only records of boards 1 to
// 8 again and again (go run ./cmd/hoyle-tools/resultpbn -records 40
// -boards 8).
func TestImportEventsUnchanged(t *testing.T) {
	files := map[string][]byte{}
	names := []string{"results.pbn", "rubber.pbn", "flaws.pbn", "edge.golden.pbn", "rubber.golden.pbn"}
	for _, name := range names {
		text, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		files[name] = text
	}
	var out strings.Builder
	for _, name := range names {
		res, err := Read(bytes.NewReader(files[name]), Options{Now: clock})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		fmt.Fprintf(&out, "# %s\n", name)
		for _, s := range res.Sessions {
			fmt.Fprintf(&out, "## %s (%d hands, %d records)\n", s.Name, s.Hands, len(s.Records))
			place := map[string]string{}
			for i, e := range s.Events {
				place[e.ID.String()] = fmt.Sprintf("#%d", i+1)
			}
			for _, e := range s.Events {
				data, err := json.Marshal(e.Data)
				if err != nil {
					t.Fatal(err)
				}
				text := string(data)
				for id, p := range place {
					text = strings.ReplaceAll(text, id, p)
				}
				fmt.Fprintf(&out, "%s %s %s\n", e.At.Format(time.RFC3339Nano), e.Data.EventType(), text)
			}
		}
	}
	testkit.Golden(t, filepath.Join("testdata", "events.golden"), out.String())
}
