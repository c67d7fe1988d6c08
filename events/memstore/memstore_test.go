package memstore_test

import (
	"testing"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/memstore"
	"github.com/hoyle/hoyle/events/storetest"
)

func TestConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T) events.Store { return memstore.New() })
}
