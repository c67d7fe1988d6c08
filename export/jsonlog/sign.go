package jsonlog

import (
	"bytes"
	"crypto/ed25519"
	"crypto/rand"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/hex"
	"encoding/pem"
	"fmt"
	"sort"
)

// A log's hash chain shows that its events were not changed one by one,
// but it has no key: whoever rewrites a log can compute its chain again.
// A signature closes that gap for whoever holds the signer's public key:
// the exporter signs the head of each session's chain (its ID, its version
// and the hash of its last event) with an ed25519 key, and an importer
// that is given the public key refuses a log whose heads are not the ones
// signed. Since each head's hash covers every event before it, the
// signature covers the whole log.

// Signature is the "signature" of a signed log.
type Signature struct {
	Alg       string `json:"alg"`        // "ed25519"
	PublicKey string `json:"public_key"` // base64, for people to compare; never trusted by itself
	Heads     []Head `json:"heads"`
	Sig       string `json:"sig"` // base64
}

// Head is one session's head, as signed.
type Head struct {
	Session string `json:"session"`
	Version uint64 `json:"version"`
	Hash    string `json:"hash"`
}

// signedBytes is what is signed: a fixed preamble and each head, a line
// each, in the order of their session IDs.
func signedBytes(heads []Head) []byte {
	sorted := append([]Head(nil), heads...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].Session < sorted[j].Session })
	var b bytes.Buffer
	b.WriteString("hoyle-log signature 1\n")
	for _, h := range sorted {
		fmt.Fprintf(&b, "%s\t%d\t%s\n", h.Session, h.Version, h.Hash)
	}
	return b.Bytes()
}

func sign(key ed25519.PrivateKey, heads []Head) Signature {
	pub := key.Public().(ed25519.PublicKey)
	return Signature{Alg: "ed25519", PublicKey: base64.StdEncoding.EncodeToString(pub), Heads: heads,
		Sig: base64.StdEncoding.EncodeToString(ed25519.Sign(key, signedBytes(heads)))}
}

// checkSignature checks a log's signature against the key the importer trusts, and
// that it covers exactly the log's sessions at their heads.
func checkSignature(sig *Signature, key ed25519.PublicKey, sessions []Session) error {
	if sig == nil {
		return fmt.Errorf("%w: the log is not signed", ErrSignature)
	}
	if sig.Alg != "ed25519" {
		return fmt.Errorf("%w: signed with %q; this hoyle verifies ed25519", ErrSignature, sig.Alg)
	}
	raw, err := base64.StdEncoding.DecodeString(sig.Sig)
	if err != nil || !ed25519.Verify(key, signedBytes(sig.Heads), raw) {
		return fmt.Errorf("%w: the signature is not that of the key %s", ErrSignature, KeyFingerprint(key))
	}
	signed := map[string]Head{}
	for _, h := range sig.Heads {
		signed[h.Session] = h
	}
	if len(signed) != len(sessions) {
		return fmt.Errorf("%w: %d sessions are signed, the log holds %d", ErrSignature, len(signed), len(sessions))
	}
	for _, s := range sessions {
		h, ok := signed[s.ID]
		switch {
		case !ok:
			return fmt.Errorf("%w: session %s is not signed", ErrSignature, s.ID)
		case h.Version != uint64(len(s.Events)) || h.Hash != s.Head.String():
			return fmt.Errorf("%w: session %s is not the session signed (signed at event %d, %.12s…; the log has %d events, %.12s…)",
				ErrSignature, s.ID, h.Version, h.Hash, len(s.Events), s.Head)
		}
	}
	return nil
}

// GenerateKey makes a new ed25519 key pair, as PEM: the private key
// (PKCS #8, for the signer alone) and the public key (PKIX, for whoever
// imports). OpenSSL reads and writes the same files.
func GenerateKey() (private, public []byte, err error) {
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return nil, nil, err
	}
	p8, err := x509.MarshalPKCS8PrivateKey(priv)
	if err != nil {
		return nil, nil, err
	}
	pk, err := x509.MarshalPKIXPublicKey(pub)
	if err != nil {
		return nil, nil, err
	}
	return pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: p8}),
		pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: pk}), nil
}

// ParsePrivateKey reads an ed25519 private key in PEM (PKCS #8), as
// GenerateKey or `openssl genpkey -algorithm ed25519` writes it.
func ParsePrivateKey(b []byte) (ed25519.PrivateKey, error) {
	blk, _ := pem.Decode(b)
	if blk == nil || blk.Type != "PRIVATE KEY" {
		return nil, fmt.Errorf("%w: not a PEM private key (BEGIN PRIVATE KEY)", ErrKey)
	}
	k, err := x509.ParsePKCS8PrivateKey(blk.Bytes)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrKey, err)
	}
	priv, ok := k.(ed25519.PrivateKey)
	if !ok {
		return nil, fmt.Errorf("%w: a %T, not an ed25519 key", ErrKey, k)
	}
	return priv, nil
}

// ParsePublicKey reads an ed25519 public key in PEM (PKIX), as GenerateKey
// or `openssl pkey -pubout` writes it.
func ParsePublicKey(b []byte) (ed25519.PublicKey, error) {
	blk, _ := pem.Decode(b)
	if blk == nil || blk.Type != "PUBLIC KEY" {
		return nil, fmt.Errorf("%w: not a PEM public key (BEGIN PUBLIC KEY)", ErrKey)
	}
	k, err := x509.ParsePKIXPublicKey(blk.Bytes)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrKey, err)
	}
	pub, ok := k.(ed25519.PublicKey)
	if !ok {
		return nil, fmt.Errorf("%w: a %T, not an ed25519 key", ErrKey, k)
	}
	return pub, nil
}

// KeyFingerprint names a public key for people: the first 16 hex digits of
// the SHA-256 of its bytes.
func KeyFingerprint(pub ed25519.PublicKey) string {
	sum := sha256.Sum256(pub)
	return hex.EncodeToString(sum[:8])
}
