package markdown

import (
	"fmt"
	"sort"
	"strings"

	"github.com/charmbracelet/glamour"
	"github.com/charmbracelet/glamour/styles"
	"github.com/muesli/termenv"
)

// TermOptions say how Terminal lays Markdown out.
type TermOptions struct {
	// Style is one of glamour's built-in styles: "dark" or "light" for a
	// terminal of that background, "notty" (or "ascii") for plain text
	// without colour. Files are never read as styles.
	Style string
	// Width wraps paragraphs at this many columns (80 when 0). Code blocks,
	// and so the diagram, are never wrapped.
	Width int
	// Profile is the terminal's colour support; termenv.Ascii for none.
	Profile termenv.Profile
}

// Styles lists the style names Terminal takes.
func Styles() []string {
	var out []string
	for name := range styles.DefaultStyles {
		out = append(out, name)
	}
	sort.Strings(out)
	return out
}

// Terminal renders Markdown for a terminal with glamour. The write-up's user
// text was cleaned when it was written (see Text), so the only escape
// sequences in the result are glamour's own colours.
func Terminal(src []byte, o TermOptions) ([]byte, error) {
	style, ok := styles.DefaultStyles[o.Style]
	if !ok {
		return nil, fmt.Errorf("%w %q: the styles are %s", ErrBadStyle, o.Style, strings.Join(Styles(), ", "))
	}
	width := o.Width
	if width <= 0 {
		width = 80
	}
	r, err := glamour.NewTermRenderer(
		glamour.WithStyles(*style),
		glamour.WithWordWrap(width),
		glamour.WithColorProfile(o.Profile),
	)
	if err != nil {
		return nil, err
	}
	return r.RenderBytes(src)
}
