package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/hoyle/hoyle/fixtures"
	"github.com/hoyle/hoyle/replay/prompt"
)

func init() {
	register(newDemoCmd)
}

type demoOptions struct {
	*globals
	keep bool
}

func newDemoCmd(g *globals) *cobra.Command {
	o := &demoOptions{globals: g}
	cmd := &cobra.Command{
		Use:   "demo",
		Short: "Record a sample hand (Foster's bidding example) into a temporary database and show it",
		Long: `Record a sample hand of Auction Bridge (Foster's bidding example) into a
temporary database, one hoyle command at a time as a scorer would type them,
then show the hand. Your own database is not touched.`,
		Args: exactArgs(0, "no arguments"),
		RunE: func(cmd *cobra.Command, _ []string) error { return runDemo(o) },
	}
	cmd.Flags().BoolVar(&o.keep, "keep", false, "keep the temporary database and print its path")
	return cmd
}

func runDemo(o *demoOptions) error {
	script, err := fixtures.Script("demo")
	if err != nil {
		return err
	}
	dir, err := os.MkdirTemp("", "hoyle-demo-")
	if err != nil {
		return err
	}
	if !o.keep {
		defer os.RemoveAll(dir)
	}
	db := filepath.Join(dir, "demo.db")
	steps := prompt.Lines(script)
	steps = append(steps, []string{"show"})
	for _, words := range steps {
		fmt.Fprintf(o.io.Out, "$ hoyle %s\n", quoteWords(words))
		args := append([]string{"--db", db}, words...)
		if code := run(args, o.io); code != exitOK {
			return fmt.Errorf("the demo script failed at: hoyle %s", quoteWords(words))
		}
	}
	if o.keep {
		fmt.Fprintf(o.io.Out, "\nThe demo database is %s; try: hoyle --db %s log\n", db, db)
	}
	return nil
}

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
