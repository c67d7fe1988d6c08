package jsonlog

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hoyle/hoyle/events"
	"github.com/hoyle/hoyle/events/cards"
	"github.com/hoyle/hoyle/events/memstore"
	"github.com/hoyle/hoyle/events/table"
)

func keys(t *testing.T) (ed25519.PrivateKey, ed25519.PublicKey) {
	t.Helper()
	privPEM, pubPEM, err := GenerateKey()
	require.NoError(t, err)
	priv, err := ParsePrivateKey(privPEM)
	require.NoError(t, err)
	pub, err := ParsePublicKey(pubPEM)
	require.NoError(t, err)
	_, err = ParsePublicKey(privPEM)
	require.ErrorIs(t, err, ErrKey, "a private key is not a public key")
	return priv, pub
}

func signed(t *testing.T, key ed25519.PrivateKey) ([]byte, events.Store, []string) {
	st, ids := recorded(t)
	var sessions [][]events.Envelope
	for _, id := range ids {
		sessions = append(sessions, readAll(t, st, id))
	}
	var b bytes.Buffer
	require.NoError(t, WriteSigned(&b, key, sessions...))
	return b.Bytes(), st, ids
}

// forge rewrites a played card in the log and computes its chain again, as
// anyone can without the key: the chain holds, the signature does not.
func forge(t *testing.T, file []byte) []byte {
	t.Helper()
	log, err := Read(bytes.NewReader(file), Options{})
	require.NoError(t, err)
	st := memstore.New()
	first := log.Sessions[0]
	for i, ev := range first.Events {
		if p, ok := ev.Data.(*table.Played); ok {
			p2 := *p
			p2.Card = cards.MustCard("HT") // South leads the ten of hearts instead of the knave
			first.Events[i] = events.Event{ID: ev.ID, At: ev.At, Data: &p2}
			break
		}
	}
	var sessions [][]events.Envelope
	for _, s := range append([]Session{first}, log.Sessions[1:]...) {
		envs, err := st.Append(context.Background(), events.Batch{Session: s.ID, Expected: events.NewSession, Events: s.Events})
		require.NoError(t, err)
		sessions = append(sessions, envs)
	}
	var b bytes.Buffer
	require.NoError(t, Write(&b, sessions...))
	// Keep the original signature on the forged log.
	var orig, forged map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(file, &orig))
	require.NoError(t, json.Unmarshal(b.Bytes(), &forged))
	forged["signature"] = orig["signature"]
	out, err := json.Marshal(forged)
	require.NoError(t, err)
	return out
}

func TestASignedLogVerifies(t *testing.T) {
	priv, pub := keys(t)
	file, _, ids := signed(t, priv)
	log, err := Read(bytes.NewReader(file), Options{VerifyKey: pub})
	require.NoError(t, err)
	require.NotNil(t, log.Signature)
	assert.Len(t, log.Signature.Heads, len(ids))

	// Read without a key, the signature is reported, not relied on.
	log, err = Read(bytes.NewReader(file), Options{})
	require.NoError(t, err)
	assert.Equal(t, "ed25519", log.Signature.Alg)
}

func TestAForgedLogIsRefusedByTheKeyHolder(t *testing.T) {
	priv, pub := keys(t)
	file, _, _ := signed(t, priv)
	forged := forge(t, file)
	_, err := Read(bytes.NewReader(forged), Options{})
	require.NoError(t, err, "the forged log's chain holds: the chain alone cannot tell")
	_, err = Read(bytes.NewReader(forged), Options{VerifyKey: pub})
	require.ErrorIs(t, err, ErrSignature)
	assert.Contains(t, err.Error(), "is not the session signed")

	_, other := keys(t)
	_, err = Read(bytes.NewReader(file), Options{VerifyKey: other})
	require.ErrorIs(t, err, ErrSignature, "signed by another key")
	assert.Contains(t, err.Error(), "is not that of the key "+KeyFingerprint(other))

	st, ids := recorded(t)
	_, err = Read(bytes.NewReader(exported(t, st, ids)), Options{VerifyKey: pub})
	require.ErrorIs(t, err, ErrSignature, "not signed at all")
	assert.Contains(t, err.Error(), "the log is not signed")
}

// Session IDs on import are hoyle's (ULIDs): a path or control characters
// are refused, and the error quotes the value safely.
func TestImportedSessionIDsAreULIDs(t *testing.T) {
	st, ids := recorded(t)
	file := string(exported(t, st, ids[:1]))
	for _, bad := range []string{"../x/y", "a\u001b]0;title\u0007", strings.Repeat("Z", 200)} {
		b, err := json.Marshal(bad)
		require.NoError(t, err)
		_, err = Read(strings.NewReader(strings.Replace(file, `"`+ids[0]+`"`, string(b), 1)), Options{})
		require.ErrorIs(t, err, ErrSyntax, bad)
		assert.Contains(t, err.Error(), "is not a hoyle session ID")
		assert.NotContains(t, err.Error(), "\u001b", "control characters are escaped")
		assert.Less(t, len(err.Error()), 200, "a long value is cut")
	}
}
