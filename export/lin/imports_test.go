package lin

import (
	"testing"

	"github.com/hoyle/hoyle/events/testkit"
)

// TestLINDoesNotReachIntoPBN: LIN and PBN are two codecs side by side; what
// they share (the vulnerability, the contract) lives below them.
func TestLINDoesNotReachIntoPBN(t *testing.T) {
	for _, p := range testkit.Imports(t, "export/lin") {
		if p == "github.com/hoyle/hoyle/export/pbn" {
			t.Errorf("export/lin imports %s: take the shared type from below", p)
		}
	}
}
