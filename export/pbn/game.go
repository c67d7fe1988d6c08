// Package pbn reads and writes Portable Bridge Notation (PBN 2.1): a text
// file of game records, each a run of tag pairs ([Name "Value"]) of which
// some open a section of data (Auction, Play, tables), with commentary in
// braces or after a semicolon.
//
// It is a pure text codec: it knows the PBN grammar and the bridge needed to
// read an auction and a play record, and nothing of databases or events.
//
// Parse is tolerant in the way the standard's import format is (tags in any
// order, a repeated tag ignored, "%" lines skipped, "#" values inherited from
// the previous game, "?" for unknown, CRLF line ends); Write produces the
// export format, and Parse(Write(games)) gives the same games back (see
// Game for what "the same" covers). Reader and Writer do the same a game at
// a time, so a file of any length is read and written in the memory of one
// game; Reader bounds a line (MaxLine) and a game (MaxGame) and refuses a
// NUL byte, so input that is not PBN ends at once. It is the codec, and
// knows nothing of sessions.
package pbn

import (
	"strconv"
	"strings"

	"github.com/hoyle/hoyle/events/cards"
)

// Tag is one tag pair of a game other than Auction, Play and Note, which
// Game keeps in typed form. A tag may open a section of its own (a table
// such as OptimumResultTable): Section then holds that data verbatim, from
// just after the tag's "]" to the end of its last token (commentary
// included), so Write can reproduce it. It usually starts with a line
// break; SectionLines gives its lines.
type Tag struct {
	Name    string
	Value   string
	Line    int    // 1-based line in the file; 0 for a tag Parse added (an inherited "##" value)
	Section string // raw text of the tag's section, "" when it has none
}

// SectionLines is the section cut into lines, without the (blank) rest of
// the tag's own line.
func (t Tag) SectionLines() []string {
	if t.Section == "" {
		return nil
	}
	s := t.Section
	if i := strings.IndexByte(s, '\n'); i >= 0 && strings.Trim(s[:i], " \t\v\f") == "" {
		s = s[i+1:]
	} else {
		s = strings.TrimLeft(s, " \t\v\f")
	}
	return strings.Split(s, "\n")
}

// Annotation is what PBN may attach to a call or a card: a note reference
// "=n=", a suffix ("!", "?", "!!", "??", "!?", "?!"), numeric annotation
// glyphs "$n", and irregularity tokens ("^S" ...), kept as written.
type Annotation struct {
	Note           int      // n of "=n=", 0 for none
	Suffix         string   // "" for none
	NAGs           []int    // "$n" glyphs in order
	Irregularities []string // tokens starting with "^", as written
}

// Placeholder tokens: PBN writes "-" for a call or card not made (or not
// known) and "+" for the point where a record is to be continued.
const (
	Dash byte = '-'
	Plus byte = '+'
)

// AuctionCall is one entry of the Auction section.
type AuctionCall struct {
	Call        cards.Call // the zero Call when Placeholder is set
	Placeholder byte       // 0, or Dash or Plus
	Annotation
	Line int // line of the token; for calls of an expanded "AP", the line of the AP
}

// Auction is the Auction section. "AP" (all pass) is expanded into the
// passes that end the auction.
type Auction struct {
	First cards.Seat     // the seat of the first call (the tag's value); NoSeat if "" or "?"
	Calls []AuctionCall  // in the order made, clockwise from First
	End   bool           // a "*" closed the section
	Notes map[int]string // [Note "n:text"] tags following the section: the text as written after the colon
	Line  int            // line of the [Auction] tag
}

// PlayCard is one entry of the Play section: a card, or a placeholder.
type PlayCard struct {
	Card        cards.Card // NoCard when Placeholder is set
	Placeholder byte       // 0, or Dash (not played) or Plus (to be continued)
	Annotation
	Line int
}

// Play is the Play section as written: one row per trick, the cards in seat
// order starting with Leader (not in the order played; see Order).
type Play struct {
	Leader cards.Seat     // the tag's value: the seat of the opening lead; NoSeat if "" or "?"
	Tricks [][]PlayCard   // rows of (normally) four entries
	End    bool           // "*": the play ended early (a claim, a concession)
	Notes  map[int]string // [Note "n:text"] tags following the section
	Line   int
}

// Entries is the number of entries in the Play section, placeholders
// included: what Position.Index counts.
func (p *Play) Entries() int {
	n := 0
	for _, r := range p.Tricks {
		n += len(r)
	}
	return n
}

// Comment is commentary: "{text}" or "; text" to the end of the line.
type Comment struct {
	Text      string // between the braces, or after the semicolon, verbatim
	Semicolon bool   // a ";" comment rather than "{...}"
	Pos       Position
	Line      int
}

// Position says where commentary stands in a game.
type Position struct {
	// After is the name of the tag the commentary follows (with that tag's
	// section); "" before the first tag of the game.
	After string
	// Index, when After is "Auction" or "Play": the number of calls or
	// cards (placeholders included) written before the commentary.
	Index int
	// Note and Section, when After is "Note": the number of the note the
	// commentary follows and the section the note belongs to ("Auction",
	// "Play", or "" for a note outside both).
	Note    int
	Section string
}

// Game is one game record.
//
// Parse(Write(g)) equals g except for the Line fields, the order of Tags
// (Write puts the mandatory tags first, in the standard's order, and keeps
// the order of the others) and, with it, the order of Comments (which
// follows the file); every comment keeps its Position.
type Game struct {
	Tags     []Tag          // in file order, without Auction, Play and Note
	Auction  *Auction       // nil when the game has no Auction section
	Play     *Play          // nil when the game has no Play section
	Notes    map[int]string // Note tags that follow neither an Auction nor a Play section
	Comments []Comment      // in file order
	Line     int            // line where the game starts
	// Dropped counts what the reader left out of the game past its
	// bounds (MaxComments, MaxTags); Write ignores it.
	Dropped Dropped
}

// Dropped counts the commentary and the tags a game read past MaxComments
// and MaxTags, and says where the first of each was.
type Dropped struct {
	Comments, CommentsLine int
	Tags, TagsLine         int
}

// MandatoryTags are the fifteen tags of PBN's mandatory tag set, in the
// order the export format writes them.
var MandatoryTags = [...]string{
	"Event", "Site", "Date", "Board", "West", "North", "East", "South",
	"Dealer", "Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result",
}

func mandatoryIndex(name string) int {
	for i, m := range MandatoryTags {
		if m == name {
			return i
		}
	}
	return -1
}

// Tag returns the value of the named tag (names are case-sensitive).
func (g *Game) Tag(name string) (string, bool) {
	for _, t := range g.Tags {
		if t.Name == name {
			return t.Value, true
		}
	}
	return "", false
}

// SetTag sets the value of the named tag, adding it at the end if absent.
func (g *Game) SetTag(name, value string) { g.Tags = setTag(g.Tags, name, value) }

// DeleteTag removes the named tag.
func (g *Game) DeleteTag(name string) { g.Tags = deleteTag(g.Tags, name) }

// setTag sets the value of the named tag of tags, adding it at the end if
// absent: a game's tags, or the parser's "##" defaults.
func setTag(tags []Tag, name, value string) []Tag {
	for i := range tags {
		if tags[i].Name == name {
			tags[i].Value = value
			return tags
		}
	}
	return append(tags, Tag{Name: name, Value: value})
}

// deleteTag removes the first tag of tags with the name.
func deleteTag(tags []Tag, name string) []Tag {
	for i := range tags {
		if tags[i].Name == name {
			return append(tags[:i], tags[i+1:]...)
		}
	}
	return tags
}

// text is a tag's value with "?" (unknown) read as "".
func (g *Game) text(name string) string {
	v, _ := g.Tag(name)
	if v == "?" {
		return ""
	}
	return v
}

// value returns a tag's value for a typed accessor: ErrNoValue when the tag
// is absent, empty or "?".
func (g *Game) value(name string) (string, error) {
	v, ok := g.Tag(name)
	v = strings.TrimSpace(v)
	if !ok || v == "" || v == "?" {
		return v, noValue(name, v)
	}
	return v, nil
}

// Event is the Event tag; "" when absent or unknown ("?"). The other
// string accessors read the same way.
func (g *Game) Event() string { return g.text("Event") }

// Site is the Site tag.
func (g *Game) Site() string { return g.text("Site") }

// Date is the Date tag as written ("2021.08.23"; parts may be "??").
func (g *Game) Date() string { return g.text("Date") }

// West is the West player's name.
func (g *Game) West() string { return g.text("West") }

// North is the North player's name.
func (g *Game) North() string { return g.text("North") }

// East is the East player's name.
func (g *Game) East() string { return g.text("East") }

// South is the South player's name.
func (g *Game) South() string { return g.text("South") }

// Scoring is the Scoring tag ("IMP", "MP", "Rubber", "MP;MP1"...).
func (g *Game) Scoring() string { return g.text("Scoring") }

// Player is the name of the player at a compass seat.
func (g *Game) Player(s cards.Seat) string {
	if s < cards.North || s > cards.West {
		return ""
	}
	return g.text(s.Name())
}

// Board is the board number.
func (g *Game) Board() (int, error) {
	v, err := g.value("Board")
	if err != nil {
		return 0, err
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 {
		return 0, badValue("Board", v, "a board is a number")
	}
	return n, nil
}

// Dealer is the dealer's seat.
func (g *Game) Dealer() (cards.Seat, error) { return g.seat("Dealer") }

// Declarer is the declarer's seat; NoSeat without error when the tag is
// present and empty (a passed-out board). A leading "^" (an irregularity
// mark) is ignored.
func (g *Game) Declarer() (cards.Seat, error) {
	if v, ok := g.Tag("Declarer"); ok && strings.TrimSpace(v) == "" {
		return cards.NoSeat, nil
	}
	return g.seat("Declarer")
}

func (g *Game) seat(name string) (cards.Seat, error) {
	v, err := g.value(name)
	if err != nil {
		return cards.NoSeat, err
	}
	s, err := cards.ParseSeat(strings.TrimPrefix(v, "^"))
	if err != nil {
		return cards.NoSeat, badValue(name, v, "a seat is N, E, S or W")
	}
	return s, nil
}

// Vulnerable is the vulnerability.
func (g *Game) Vulnerable() (cards.Vulnerability, error) {
	v, err := g.value("Vulnerable")
	if err != nil {
		return cards.VulNone, err
	}
	vul, err := cards.ParseVulnerability(v)
	if err != nil {
		return cards.VulNone, badValue("Vulnerable", v, "vulnerability is None, NS, EW or All")
	}
	return vul, nil
}

// Deal is the Deal tag: the hands, and the seat whose hand the tag gives
// first.
func (g *Game) Deal() (cards.Deal, cards.Seat, error) {
	v, err := g.value("Deal")
	if err != nil {
		return nil, cards.NoSeat, err
	}
	d, err := cards.ParseDeal(v)
	if err != nil {
		return nil, cards.NoSeat, badValue("Deal", v, err.Error())
	}
	first, _ := cards.ParseSeat(v[:strings.IndexByte(v, ':')])
	return d, first, nil
}

// SetDeal sets the Deal tag, starting with first's hand.
func (g *Game) SetDeal(d cards.Deal, first cards.Seat) { g.SetTag("Deal", d.PBN(first)) }

// Contract is the contract; Contract{} (IsPass) for a passed-out board.
func (g *Game) Contract() (Contract, error) {
	v, err := g.value("Contract")
	if err != nil {
		return Contract{}, err
	}
	c, err := ParseContract(v)
	if err != nil {
		return Contract{}, badValue("Contract", v, err.Error())
	}
	return c, nil
}

// Result is the number of tricks the declarer took.
func (g *Game) Result() (int, error) {
	v, err := g.value("Result")
	if err != nil {
		return 0, err
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 || n > 13 {
		return 0, badValue("Result", v, "a result is a number of tricks, 0 to 13")
	}
	return n, nil
}

// Score is the Score tag.
func (g *Game) Score() (Score, error) {
	v, err := g.value("Score")
	if err != nil {
		return Score{}, err
	}
	s, err := ParseScore(v)
	if err != nil {
		return Score{}, badValue("Score", v, err.Error())
	}
	return s, nil
}
