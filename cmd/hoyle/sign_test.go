package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The JSON log's chain has no key: whoever rewrites a log can compute it
// again. Signed with export --sign, the log is checked by import
// --verify-key against the signer's public key, and a forged one refused.
func TestSignedExportAndVerifiedImport(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "h.db")
	key := filepath.Join(dir, "club.key")
	out := ok(t, db, "keygen", "--out", key)
	assert.Contains(t, out, "fingerprint")
	fi, err := os.Stat(key)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), fi.Mode().Perm(), "the private key is its owner's alone")
	script(t, db, "demo")
	log := filepath.Join(dir, "demo.json")
	ok(t, db, "export", "--format", "json", "--sign", key, "-o", log)

	other := filepath.Join(dir, "other.db")
	ok(t, other, "import", "--verify-key", key+".pub", log)
	ok(t, other, "verify")

	// Sign with one key, check with another: refused, nothing imported.
	ok(t, db, "keygen", "--out", filepath.Join(dir, "other.key"))
	third := filepath.Join(dir, "third.db")
	r := hoyle(t, third, "import", "--verify-key", filepath.Join(dir, "other.key.pub"), log)
	assert.Equal(t, 1, r.code, r.err)
	assert.Contains(t, r.err, "signature")
	assert.NoFileExists(t, third)

	// An unsigned log with a key to check: refused.
	plain := filepath.Join(dir, "plain.json")
	ok(t, db, "export", "--format", "json", "-o", plain)
	r = hoyle(t, third, "import", "--verify-key", key+".pub", plain)
	assert.Equal(t, 1, r.code, r.err)
	assert.Contains(t, r.err, "the log is not signed")

	// Without a key, a signed log imports with a warning that its signature
	// proves nothing by itself.
	r = hoyle(t, filepath.Join(dir, "fourth.db"), "import", log)
	assert.Equal(t, 0, r.code, r.err)
	assert.Contains(t, r.err, "no key was given to check it with")

	// Misuse.
	r = hoyle(t, db, "export", "--format", "pbn", "--sign", key)
	assert.Equal(t, 2, r.code)
	assert.Contains(t, r.err, "--sign signs a JSON log")
	r = hoyle(t, db, "export", "--format", "json", "--sign", key+".pub")
	assert.Equal(t, 1, r.code)
	assert.True(t, strings.Contains(r.err, "not a PEM private key"), r.err)
}
