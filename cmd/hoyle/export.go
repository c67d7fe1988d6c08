package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/spf13/cobra"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/bolt"
	"github.com/hoyle/hoyle/export/markdown"
	"github.com/hoyle/hoyle/projections"
	"github.com/hoyle/hoyle/projections/load"
	"github.com/hoyle/hoyle/replay"
)

func init() {
	register(newExportCmd)
	registerFormat("md", "Markdown: the hand written up as an illustrative hand (diagram, auction, play, notes, result)", writeMarkdown)
}

// exportRequest is what an export format is given: the session's log and
// its fold, and the options of `hoyle export`. Formats read what they need.
type exportRequest struct {
	Envs    []events.Envelope
	Session *projections.Session
	// Hand is --hand, or 0 when it was not given (md then writes the hand
	// of --at, or the latest hand).
	Hand int
	// At is --at, or nil.
	At    *replay.Moment
	Seats replay.SeatStyle
	ASCII bool
	// Progress, if set, draws a progress bar on the terminal: a format
	// that writes many hands tells it how many of all are done.
	Progress func(done, total int)
}

// exportFormat is one format `hoyle export --format` can write.
type exportFormat struct {
	name    string
	summary string
	write   func(w io.Writer, req exportRequest) error
}

// exportFormats are the formats by name. Each format's file registers
// itself in an init function with registerFormat, so adding a format
// touches only its own file.
var exportFormats = map[string]exportFormat{}

// registerFormat adds a format to `hoyle export`. Registering a name twice
// is a programming error.
func registerFormat(name, summary string, write func(w io.Writer, req exportRequest) error) {
	if _, dup := exportFormats[name]; dup {
		panic("export format registered twice: " + name)
	}
	exportFormats[name] = exportFormat{name: name, summary: summary, write: write}
}

// formatNames lists the registered formats, sorted.
func formatNames() []string {
	var out []string
	for name := range exportFormats {
		out = append(out, name)
	}
	sort.Strings(out)
	return out
}

func writeMarkdown(w io.Writer, req exportRequest) error {
	return markdown.Write(w, req.Envs, markdown.Options{Hand: req.Hand, At: req.At, Seats: req.Seats, ASCII: req.ASCII})
}

type exportOptions struct {
	*globals
	format string
	hand   int
	at     string
	seats  string
	ascii  bool
	out    string
	force  bool
}

func newExportCmd(g *globals) *cobra.Command {
	o := &exportOptions{globals: g}
	cmd := &cobra.Command{
		Use:   "export [--format md] [--hand N] [--at MOMENT] [--seats compass|foster] [--ascii] [-o FILE] [--force]",
		Short: "Write a hand up (Markdown) or export the session in another format",
		Long: `Write a hand of the session in a format. --format md writes it up as an
illustrative hand in Markdown: a title line (session, hand, dealer, score and
vulnerability), the four hands as a diagram, the auction in columns from the
dealer, the play trick by trick with the winner in bold, each note at its
moment with its glyph, and the result with the score entries and their laws.

--hand N picks the hand (default: the latest). --at MOMENT writes the hand as
it stood at that moment, the diagram showing the cards remaining: an end
position. A moment is one of
  ` + replay.MomentSyntax + `.

--seats foster names the seats by Foster's letters: Z the dealer, A on his
left, Y his partner, B on his right. --ascii writes suits as S H D C.
-o FILE writes to a file, and will not replace one that exists without
--force.`,
		Example: `  hoyle export --format md -o hand1.md
  hoyle export --hand 2 --seats foster
  hoyle export --at 1.9 --ascii          # the end position after trick 9`,
		Args: exactArgs(0, "no arguments; the hand and moment are flags"),
		RunE: func(cmd *cobra.Command, _ []string) error { return runExport(cmd, o) },
	}
	cmd.Flags().StringVar(&o.format, "format", "md", "the format: "+strings.Join(formatNames(), ", "))
	cmd.Flags().IntVar(&o.hand, "hand", 0, "the hand to write (default: the latest, or the hand of --at)")
	cmd.Flags().StringVar(&o.at, "at", "", "write the hand as it stood at this moment: "+replay.MomentSyntax)
	cmd.Flags().StringVar(&o.seats, "seats", "compass", "name seats by compass (N E S W) or foster (Z dealer, A, Y, B)")
	cmd.Flags().BoolVar(&o.ascii, "ascii", false, "write suits as S H D C instead of symbols")
	cmd.Flags().StringVarP(&o.out, "output", "o", "", "write to FILE instead of standard output")
	cmd.Flags().BoolVar(&o.force, "force", false, "with -o, replace FILE if it exists")
	return cmd
}

func runExport(cmd *cobra.Command, o *exportOptions) error {
	f, ok := exportFormats[strings.ToLower(o.format)]
	if !ok {
		return usagef("--format %q: the formats are %s", o.format, strings.Join(formatNames(), ", "))
	}
	req := exportRequest{ASCII: o.ascii}
	if o.io.IsTerminal {
		req.Progress = progressBar(o.io, "hands")
	}
	if cmd.Flags().Changed("hand") {
		if o.hand < 1 {
			return usagef("--hand %d: hands are numbered from 1", o.hand)
		}
		req.Hand = o.hand
	}
	var err error
	if req.Seats, req.At, err = tableFlags(o.seats, o.at); err != nil {
		return err
	}
	if o.force && o.out == "" {
		return usagef("--force replaces the file given by -o; give -o FILE")
	}
	var buf bytes.Buffer
	err = o.withSession(cmd.Context(), false, func(st *bolt.Store, session string) error {
		s, envs, err := load.Session(cmd.Context(), st, session)
		if err != nil {
			return err
		}
		req.Envs, req.Session = envs, s
		return f.write(&buf, req)
	})
	if err != nil {
		return err
	}
	// The whole document is written at once, after it is complete, so a
	// failure never leaves half a file behind.
	if o.out == "" || o.out == "-" {
		_, err = o.io.Out.Write(buf.Bytes())
		return err
	}
	return writeNewFile(o.out, buf.Bytes(), o.force)
}

// writeNewFile writes data to path. Without force it refuses a path that
// exists (created exclusively, so a file made meanwhile is not replaced
// either); with force it replaces it by a rename, so readers never see a
// half-written file.
func writeNewFile(path string, data []byte, force bool) error {
	if !force {
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err != nil {
			if errors.Is(err, fs.ErrExist) {
				return fmt.Errorf("%w; give --force to replace it (nothing was written)", err)
			}
			return err
		}
		if _, err := f.Write(data); err != nil {
			f.Close()
			os.Remove(path)
			return err
		}
		return f.Close()
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Chmod(0o644); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
