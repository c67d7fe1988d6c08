package projections_test

import (
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/hoyle/hoyle/projections"
)

// A Session is what the fold produces. Its fields are the fold's state;
// how the session was read in part, and the score sheets kept beside the
// log, are its Reading's (one field, read) and projections/load's. A field
// added to Session is added here once it is fold state; a cache, or
// something about how the session was read, goes in Reading or in the load
// path instead.
func TestSessionHoldsTheFoldOnly(t *testing.T) {
	fold := []string{"ID", "Opened", "Rules", "Opts", "Hands", "Notes", "Steps", "Closed", "Version",
		"NextDealer", "Shuffle", "Cut", "Problems", "Kept", "Sources", "Rulings",
		"retracted", "byID", "starts", "closedAt", "retractions", "skipped", "undealt", "vul", "finished", "boards",
		"read"}
	var got []string
	st := reflect.TypeFor[projections.Session]()
	for i := range st.NumField() {
		got = append(got, st.Field(i).Name)
	}
	assert.ElementsMatch(t, fold, got, "projections.Session changed: fold state is listed here; read or cache state goes in projections.Reading or projections/load")
	read, _ := st.FieldByName("read")
	assert.Equal(t, reflect.TypeFor[projections.Reading](), read.Type, "read is the session's Reading")
}
