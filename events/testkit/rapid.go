package testkit

import (
	"flag"
	"os"
	"strconv"
	"testing"
)

// QuickRapid has rapid (pgregory.net/rapid) try Rounds(25, 100) cases of
// each property of the test binary instead of its default 100: few under
// go test ./..., all 100 under $HOYLE_FULL (as .ci/run runs every package
// that calls it). A -rapid.checks flag or $RAPID_CHECKS still decides. It
// is called before m.Run, while no test runs: Main does so. It does
// nothing in a binary without rapid.
func QuickRapid() {
	f := flag.Lookup("rapid.checks")
	if f == nil {
		return
	}
	if !flag.Parsed() {
		flag.Parse()
	}
	if _, ok := os.LookupEnv("RAPID_CHECKS"); ok {
		return
	}
	given := false
	flag.Visit(func(f *flag.Flag) { given = given || f.Name == "rapid.checks" })
	if given {
		return
	}
	if err := f.Value.Set(strconv.Itoa(Rounds(25, 100))); err != nil {
		panic(err)
	}
}

// Main runs a package's tests with QuickRapid's number of cases: the
// package's TestMain is func TestMain(m *testing.M) { testkit.Main(m) }.
func Main(m *testing.M) {
	QuickRapid()
	os.Exit(m.Run())
}
