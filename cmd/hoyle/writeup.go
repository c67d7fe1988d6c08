package main

import (
	"github.com/spf13/pflag"

	"github.com/hoyle/hoyle/export/markdown"
	"github.com/hoyle/hoyle/replay"
)

// writeupFlags are the flags that shape a write-up, shared by show and
// export --format md|html: the writer's title, hands hidden for a problem,
// the play left out, the narrative started at a moment, and whether notes
// carry their moments.
type writeupFlags struct {
	Title  string
	Hide   []string
	NoPlay bool
	From   string
	Labels string
	NoDD   bool
	// DD puts the analysis into a write-up for readers (export md, the
	// html write-up page), which leaves it out by default; the review
	// views (show, replay, the viewer) give it unless --no-dd.
	DD bool
	// Notes places the notes: footnotes (numbered) or inline (prose after
	// the trick they belong to).
	Notes string
}

// bind adds the flags to a command; labels is the command's default.
func (w *writeupFlags) bind(fs *pflag.FlagSet, labels markdown.Labels) {
	fs.StringVar(&w.Title, "title", "", "the write-up's first heading, instead of the session's name and the hand")
	fs.StringSliceVar(&w.Hide, "hide", nil, "hands to leave out of the diagram, for a problem: seats (E,W; Foster's A,B), players or sides (EW); a seat letter wins over a player of that name")
	fs.BoolVar(&w.NoPlay, "no-play", false, "leave out the play table (and the notes on its cards and tricks)")
	fs.StringVar(&w.From, "from", "", "start the narrative at this moment, the diagram showing the position then: "+replay.MomentSyntax)
	fs.StringVar(&w.Labels, "labels", labels.String(), "notes with their moments (moments: 1.a1, 1.5), or without (none)")
	fs.BoolVar(&w.NoDD, "no-dd", false, "leave out the double-dummy analysis (the table and par under the diagram, the marks on costly cards)")
	fs.StringVar(&w.Notes, "notes", markdown.NotesFootnotes.String(), "where the notes go: footnotes (numbered, after each table) or inline (prose after the trick they belong to, a column's layout)")
	fs.BoolVar(&w.DD, "dd", false, "put the double-dummy analysis into a write-up for readers (export md, the html write-up), which leaves it out by default")
}

// options reads the flags into the write-up's options.
func (w *writeupFlags) options(o *markdown.Options) error {
	var err error
	if o.Labels, err = markdown.ParseLabels(w.Labels); err != nil {
		return err
	}
	if o.Notes, err = markdown.ParseNotes(w.Notes); err != nil {
		return err
	}
	if o.From, err = momentFlag(w.From); err != nil {
		return err
	}
	o.Title, o.Hide, o.NoPlay, o.NoDD = w.Title, w.Hide, w.NoPlay, w.NoDD
	return nil
}

// given says whether any of the shaping flags was given: they shape a
// write-up, and mean nothing to --json or to the interchange formats.
func (w *writeupFlags) given(fs *pflag.FlagSet) []string {
	var out []string
	for _, name := range []string{"title", "hide", "no-play", "from", "labels", "no-dd", "dd", "notes"} {
		if fs.Changed(name) {
			out = append(out, "--"+name)
		}
	}
	return out
}
