package main

import (
	"context"
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/hoyle/hoyle/export/jsonlog"
)

// keygenOptions are the flags of hoyle keygen.
type keygenOptions struct {
	IO    *Streams
	Out   string
	Force bool
}

// newKeygenCmd builds the command: it binds the flags to the options and calls runKeygen.
func newKeygenCmd(f *factory) *cobra.Command {
	opts := &keygenOptions{IO: f.IO}
	cmd := &cobra.Command{
		Use:   "keygen --out FILE [--force]",
		Short: "Make an ed25519 key pair for signing JSON logs (export --sign, import --verify-key)",
		Long: `Make a new ed25519 key pair: FILE gets the private key (readable by you
alone), FILE.pub the public key. Sign an exported log with the private key
(hoyle export --format json --sign FILE); whoever imports it checks it with
the public key (hoyle import --verify-key FILE.pub), and a log rewritten
since, its hash chain computed again, is refused. The files are PEM, as
OpenSSL writes them (openssl genpkey -algorithm ed25519 makes the same).`,
		Example: `  hoyle keygen --out club.key
  hoyle export --format json --sign club.key -o tuesday.json
  hoyle --db other.db import --verify-key club.key.pub tuesday.json`,
		Args: exactArgs(0, "no arguments; the file is --out"),
		RunE: func(cmd *cobra.Command, _ []string) error { return runKeygen(cmd.Context(), opts) },
	}
	cmd.Flags().StringVar(&opts.Out, "out", "", "the private key's file (the public key goes to FILE.pub)")
	cmd.Flags().BoolVar(&opts.Force, "force", false, "replace the files if they exist (regular files only)")
	return cmd
}

// runKeygen writes a new key pair: the private key first, readable by its
// owner only.
func runKeygen(_ context.Context, opts *keygenOptions) error {
	if opts.Out == "" {
		return usagef("expected --out FILE: where to write the private key")
	}
	private, public, err := jsonlog.GenerateKey()
	if err != nil {
		return err
	}
	if err := writeFileMode(opts.Out, private, opts.Force, 0o600); err != nil {
		return err
	}
	// A file replaced with --force keeps its permissions; a private key's
	// must be its owner's alone.
	if err := os.Chmod(opts.Out, 0o600); err != nil {
		return err
	}
	if err := writeFileMode(opts.Out+".pub", public, opts.Force, 0o644); err != nil {
		return err
	}
	pub, err := jsonlog.ParsePublicKey(public)
	if err != nil {
		return err
	}
	fmt.Fprintf(opts.IO.Out, "private key %s, public key %s.pub (fingerprint %s)\n", opts.Out, opts.Out, jsonlog.KeyFingerprint(pub))
	return nil
}
