package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/hoyle/hoyle/fixtures"
	"github.com/hoyle/hoyle/replay/prompt"
)

// demoOptions are the flags of hoyle demo.
type demoOptions struct {
	IO   *Streams
	Keep bool
}

// newDemoCmd builds the command: it binds the flags to the options and calls runDemo.
func newDemoCmd(f *factory) *cobra.Command {
	opts := &demoOptions{IO: f.IO}
	cmd := &cobra.Command{
		Use:   "demo",
		Short: "Record a sample hand (Foster's bidding example) into a temporary database and show it",
		Long: `Record a sample hand of Auction Bridge (Foster's bidding example) into a
temporary database, one hoyle command at a time as a scorer would type them,
then show the hand. Your own database is not touched.`,
		Args: exactArgs(0, "no arguments"),
		RunE: func(cmd *cobra.Command, _ []string) error { return runDemo(cmd.Context(), opts) },
	}
	cmd.Flags().BoolVar(&opts.Keep, "keep", false, "keep the temporary database and print its path")
	return cmd
}

// runDemo runs the demo script, a command at a time, into a temporary database.
func runDemo(ctx context.Context, opts *demoOptions) error {
	script, err := fixtures.Script("demo")
	if err != nil {
		return err
	}
	dir, err := os.MkdirTemp("", "hoyle-demo-")
	if err != nil {
		return err
	}
	if !opts.Keep {
		defer os.RemoveAll(dir)
	}
	db := filepath.Join(dir, "demo.db")
	steps := prompt.Lines(script)
	steps = append(steps, []string{"show"})
	for _, words := range steps {
		fmt.Fprintf(opts.IO.Out, "$ hoyle %s\n", quoteWords(words))
		// Each step is typed when the one before it has finished: the
		// process's start (Streams.Typed) is the first step's moment only.
		step := *opts.IO
		step.Typed = time.Now()
		if err := execute(ctx, newFactory(&step), append([]string{"--db", db}, words...)); err != nil {
			report(opts.IO, err)
			return fmt.Errorf("the demo script failed at: hoyle %s", quoteWords(words))
		}
	}
	if opts.Keep {
		fmt.Fprintf(opts.IO.Out, "\nThe demo database is %s; try: hoyle --db %s log\n", db, db)
	}
	return nil
}

// quoteWords writes a command's words as a shell would read them back, for
// the transcript the demo prints.
func quoteWords(words []string) string {
	out := make([]string, len(words))
	for i, w := range words {
		if strings.ContainsAny(w, " \"'!?*") {
			w = "'" + strings.ReplaceAll(w, "'", `'\''`) + "'"
		}
		out[i] = w
	}
	return strings.Join(out, " ")
}
