package main

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"github.com/stretchr/testify/require"
)

// TestUserTextIsData records a session whose names, notes and reasons are
// hostile, and checks every command's output, stdout and stderr, for
// anything a terminal would act on, and for the forged line.
func TestUserTextIsData(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "hostile.db")
	var outputs []struct {
		args []string
		r    result
	}
	run := func(args ...string) result {
		t.Helper()
		r := hoyle(t, db, args...)
		outputs = append(outputs, struct {
			args []string
			r    result
		}{args, r})
		return r
	}
	must := func(args ...string) {
		t.Helper()
		r := run(args...)
		require.Equal(t, 0, r.code, "hoyle %q: %s", args, r.err)
	}
	// hoyle new refuses such names today; a database of an older hoyle has them.
	openHostile(t, db, "auction", nil, hostile[4], hostile[0], hostile[1], hostile[2], hostile[3])
	must("deal", "--pbn", demoPBN)
	must("call", "1S", "P", "1C", "1NT")
	must("note", "--by", hostile[5], hostile[6])
	must("call", "2C", "2R", "P", "P", "3C", "X", "P", "2NT", "P", "P", "P")
	must("note", "--glyph", "!", "--by", hostile[7], strings.Join(hostile, " "))
	must("play", "HJ", "H3", "H5", "HA")
	must("note", "--by", hostile[1], hostile[0])
	must("claim", "9", "--statement", strings.Join(hostile, " | "))
	must("close", hostile[5])
	openHostile(t, db, "contract", map[string]string{"scoring": "duplicate"}, hostile[7], hostile[6])
	must("deal", "--board", "1", "--pbn", demoPBN)
	must("note", hostile[4])
	first := strings.Fields(strings.TrimSpace(run("sessions").out))[0]
	for _, session := range []string{first, ""} {
		pre := []string{}
		if session != "" {
			pre = []string{"--session", session}
		}
		for _, args := range [][]string{
			{"show"}, {"show", "--json"}, {"show", "--at", "1.a4"}, {"show", "--at", "1.1.4", "--json"},
			{"log"}, {"log", "--json"}, {"score"}, {"score", "--json"}, {"score", "--explain"}, {"score", "--style", "split"},
			{"export"}, {"export", "--ascii"}, {"replay", "--at", "1.a4"}, {"verify"}, {"sessions"},
		} {
			run(append(pre, args...)...)
		}
	}
	// Refusals echo what was typed; that may be hostile too.
	run("--session", hostile[0], "show")
	run("play", hostile[1])
	run("call", hostile[2])
	run("note", "--glyph", hostile[3], "x")
	run("show", "--at", hostile[4])
	run("new", "--game", hostile[5])
	run("--"+hostile[0], "show")
	r := recordPiped(t, db, "note "+hostile[3]+"\nshow\n"+hostile[0]+"\n")
	outputs = append(outputs, struct {
		args []string
		r    result
	}{[]string{"record"}, r})

	checked := 0
	for _, o := range outputs {
		for stream, text := range map[string]string{"stdout": o.r.out, "stderr": o.r.err} {
			checked++
			if what, bad := unsafeFor(text); bad {
				t.Errorf("hoyle %q: %s holds %s:\n%q", o.args, stream, what, clip(text, what))
			}
			for _, line := range strings.Split(text, "\n") {
				if strings.HasPrefix(line, "hoyle: the log was altered") {
					t.Errorf("hoyle %q: %s has a forged line: %q", o.args, stream, line)
				}
			}
		}
	}
	t.Logf("%d outputs of %d commands checked", checked, len(outputs))
}

// internalFile is what names a file of hoyle's source in a text: a Go file
// or a fixture script, a folder of the repository's, the README or a help
// topic's file. (A user's own file, hand1.md or boards.pbn, is no such.)
var internalFile = regexp.MustCompile(`[\w./-]+\.(go|hoyle)\b|\btestdata/|\bfixtures/|\btopics/|\b(events|projections|replay|export|cmd)/\w|README`)

// TestHelpNamesNoInternalFiles: the help of every command (its usage,
// text, examples and flags) speaks of commands and help topics, never of
// the files of hoyle's source, which a user who installed the binary does
// not have.
func TestHelpNamesNoInternalFiles(t *testing.T) {
	var walk func(c *cobra.Command)
	checked := 0
	walk = func(c *cobra.Command) {
		texts := []string{c.Use, c.Short, c.Long, c.Example}
		c.Flags().VisitAll(func(f *pflag.Flag) { texts = append(texts, f.Usage) })
		for _, text := range texts {
			checked++
			if m := internalFile.FindString(text); m != "" {
				t.Errorf("%s: its help names %q, a file of hoyle's source: name a command or a help topic (hoyle help TOPIC)", c.CommandPath(), m)
			}
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(newRootCmd(newFactory(&Streams{})))
	require.Greater(t, checked, 200)
}
