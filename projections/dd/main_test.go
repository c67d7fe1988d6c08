package dd

import (
	"testing"

	"github.com/hoyle/hoyle/events/testkit"
)

// TestMain: go test ./... tries 25 cases of each rapid property, HOYLE_FULL=1
// (.ci/run) all 100 (testkit.Main).
func TestMain(m *testing.M) { testkit.Main(m) }
