package main

import (
	"embed"
	"fmt"
	"io"
	"io/fs"
	"path"
	"regexp"
	"strings"

	"github.com/spf13/cobra"

	"github.com/hoyle/hoyle/export/markdown"
)

// topicFiles are the help topics, one Markdown file a topic, in the binary
// so that hoyle help TOPIC reads them wherever hoyle is installed, as git
// help and go help serve theirs. The README links to the same files.
//
//go:embed topics/*.md
var topicFiles embed.FS

// helpTopic is one help topic: its name (the file's, without .md), its
// title (the first line, a Markdown heading, which hoyle help lists) and
// its text.
type helpTopic struct {
	Name, Title string
	Text        []byte
}

// helpTopics lists the help topics by name. The files are part of the
// binary, so a file that cannot be read is a broken build: it panics.
func helpTopics() []helpTopic {
	names, err := fs.Glob(topicFiles, "topics/*.md") // sorted, as ReadDir gives them
	if err != nil {
		panic(err)
	}
	var out []helpTopic
	for _, name := range names {
		text, err := topicFiles.ReadFile(name)
		if err != nil {
			panic(err)
		}
		first, _, _ := strings.Cut(string(text), "\n")
		out = append(out, helpTopic{
			Name:  strings.TrimSuffix(path.Base(name), ".md"),
			Title: strings.TrimPrefix(first, "# "),
			Text:  text,
		})
	}
	return out
}

// topicNames are the names of the help topics, for messages.
func topicNames() []string {
	var out []string
	for _, t := range helpTopics() {
		out = append(out, t.Name)
	}
	return out
}

// printTopicList writes the list of help topics that ends hoyle help, one
// a line with its title.
func printTopicList(w io.Writer) {
	topics := helpTopics()
	width := 0
	for _, t := range topics {
		width = max(width, len(t.Name))
	}
	fmt.Fprintln(w, "\nHelp topics (hoyle help TOPIC):")
	for _, t := range topics {
		fmt.Fprintf(w, "  %-*s  %s\n", width, t.Name, t.Title)
	}
}

// helpOptions are the arguments of hoyle help.
type helpOptions struct {
	IO   *Streams
	Root *cobra.Command
	Args []string
}

// newHelpCmd builds hoyle help, in place of cobra's: with no argument the
// commands and the topics, with a topic's name the topic rendered, with a
// command's the command's help as cobra gives it.
func newHelpCmd(f *factory, root *cobra.Command) *cobra.Command {
	opts := &helpOptions{IO: f.IO, Root: root}
	return &cobra.Command{
		Use:   "help [COMMAND | TOPIC]",
		Short: "Help about a command, or a topic: the games and their laws, irregularities, interchange...",
		Long: `Help about a command (hoyle help deal is hoyle deal --help), or one of the
help topics listed at the end of hoyle help: the games and their laws,
irregularities, many tables and the club server, interchange, double-dummy
analysis, and more. In a terminal a topic is rendered with glamour, as a
write-up is (its style as hoyle show --style decides it, from NO_COLOR,
GLAMOUR_STYLE and COLORFGBG); into a pipe it is the Markdown itself.`,
		Example: `  hoyle help                 # the commands, then the topics
  hoyle help laws            # the games hoyle knows, and the laws each follows
  hoyle help deal            # the same as hoyle deal --help
  hoyle help tables | less`,
		ValidArgsFunction: func(_ *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
			if len(args) > 0 {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			var out []cobra.Completion
			for _, t := range helpTopics() {
				if strings.HasPrefix(t.Name, toComplete) {
					out = append(out, cobra.CompletionWithDesc(t.Name, t.Title))
				}
			}
			for _, c := range root.Commands() {
				if c.IsAvailableCommand() && strings.HasPrefix(c.Name(), toComplete) {
					out = append(out, cobra.CompletionWithDesc(c.Name(), c.Short))
				}
			}
			return out, cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Args = args
			return runHelp(opts)
		},
	}
}

// runHelp prints the help asked for: the root's, a topic's or a command's.
func runHelp(opts *helpOptions) error {
	if len(opts.Args) == 0 {
		opts.Root.InitDefaultHelpFlag() // listed, as hoyle --help lists it
		return opts.Root.Help()
	}
	if len(opts.Args) == 1 {
		for _, t := range helpTopics() {
			if t.Name == opts.Args[0] {
				return printTopic(opts.IO, t)
			}
		}
	}
	cmd, _, err := opts.Root.Find(opts.Args)
	if err != nil || cmd == opts.Root {
		return usagef("no help topic or command %q: the topics are %s (hoyle help lists them, and the commands)",
			strings.Join(opts.Args, " "), strings.Join(topicNames(), ", "))
	}
	cmd.InitDefaultHelpFlag()
	return cmd.Help()
}

// topicLink is a link from one topic to another (`[tables](tables.md)`),
// and anchorLink one within a topic (`[below](#how-cost-grows)`): the
// files' links, for a reader of the repository, said as what a reader of
// hoyle help types.
var (
	topicLink  = regexp.MustCompile(`\[([^\]]+)\]\(([a-z0-9-]+)\.md\)`)
	anchorLink = regexp.MustCompile(`\[([^\]]+)\]\(#[^)]*\)`)
)

// topicText is a topic's Markdown as hoyle help prints it: a link to
// another topic becomes the command that shows it, one within the topic
// its words.
func topicText(t helpTopic) []byte {
	text := topicLink.ReplaceAll(t.Text, []byte("$1 (`hoyle help $2`)"))
	return anchorLink.ReplaceAll(text, []byte("$1"))
}

// printTopic writes a topic: rendered with glamour in a terminal, as show
// renders a write-up; the Markdown itself into a pipe.
func printTopic(streams *Streams, t helpTopic) error {
	text := topicText(t)
	if !streams.OutTTY {
		_, err := streams.Out.Write(text)
		return err
	}
	term, err := termStyle(streams, "")
	if err != nil {
		return err
	}
	out, err := markdown.Terminal(text, term)
	if err != nil {
		return err
	}
	_, err = streams.Out.Write(out)
	return err
}
