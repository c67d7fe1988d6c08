package lin

import (
	"errors"
	"reflect"
	"testing"
)

// FuzzParse: Parse never panics; what it rejects is a *ParseError; what it
// reads, String writes, and Parse reads back the same (less the pairs past
// MaxExtra, which are counted, not kept); writing is stable.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		vugraph, handviewer, "",
		"md|SAKQJT98765432HDC,,,|sv|0|",
		"an|x|mb|1S|zz|x|an|y|mb|p|an||mb|2S!|an|a|an|b|Qq|KEEP|tail",
		"md|1S2345678910JQKAHDC,,SHAKQJ1098765432DC,SHDAKQJT98765432C|",
		"pc|SA|mb|1C|", "|||", "pn|a|\n|b|",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := Parse(s)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) || !errors.Is(err, ErrSyntax) || pe.Index < 0 {
				t.Fatalf("Parse(%q) error %v is not a *ParseError", s, err)
			}
			return
		}
		out := r.String()
		back, err := Parse(out)
		if err != nil {
			t.Fatalf("Parse(%q) = %+v, written as %q, does not parse: %v", s, r, out, err)
		}
		if r.Dropped > 0 {
			// The pairs past MaxExtra were counted, not kept, so String
			// cannot write them: the record written keeps exactly MaxExtra.
			if back.Dropped != 0 || len(back.Extra) != MaxExtra {
				t.Fatalf("Parse(%q) dropped %d pairs; written as %q, read back with %d kept and %d dropped", s, r.Dropped, out, len(back.Extra), back.Dropped)
			}
			r.Dropped, r.DroppedAt = 0, 0
		}
		if !reflect.DeepEqual(r, back) {
			t.Fatalf("Parse(%q) does not round-trip through %q:\n%+v\n%+v", s, out, r, back)
		}
		if again := back.String(); again != out {
			t.Fatalf("String is not stable: %q then %q", out, again)
		}
	})
}
