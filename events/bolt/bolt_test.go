package bolt_test

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/bolt"
	"github.com/hoyle/hoyle/events/storetest"
)

func TestConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T) events.Store {
		s, err := bolt.Open(filepath.Join(t.TempDir(), "hoyle.db"), bolt.Options{Create: true})
		require.NoError(t, err)
		return s
	})
}

func TestDurable(t *testing.T) {
	storetest.RunDurable(t, filepath.Join(t.TempDir(), "hoyle.db"), func(t *testing.T, path string) events.Store {
		s, err := bolt.Open(path, bolt.Options{Create: true})
		require.NoError(t, err)
		return s
	})
}
