package natsstore

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"strings"

	"github.com/nats-io/nats-server/v2/server"
)

// tokenAuth is the embedded server's check of the two credentials: the
// tables' token, which gets TablePermissions, and the director's, which
// gets everything. NATS token authorization knows one token with one set
// of rights, hence a check of hoyle's own.
type tokenAuth struct {
	table, director string
	tablePerms      *server.Permissions
}

// newTokenAuth is the check for opt's tokens: nil when the server asks for
// none.
func newTokenAuth(opt ServerOptions) (*tokenAuth, error) {
	if opt.Token == "" && opt.DirectorToken == "" {
		return nil, nil
	}
	if opt.Token != "" && opt.Token == opt.DirectorToken {
		return nil, errors.New("natsstore: the tables' token and the director's must differ")
	}
	for _, t := range []string{opt.Token, opt.DirectorToken} {
		if strings.ContainsAny(t, "@/:?#, \t\r\n") {
			return nil, errors.New("natsstore: a token may not hold @ / : ? # , or spaces (it goes into nats:// addresses)")
		}
	}
	a := &tokenAuth{table: opt.Token, director: opt.DirectorToken, tablePerms: TablePermissions(opt.Stream)}
	if a.director == "" {
		b := make([]byte, 24)
		if _, err := rand.Read(b); err != nil {
			return nil, err
		}
		a.director = hex.EncodeToString(b)
	}
	return a, nil
}

// Check implements server.Authentication: a client with the director's
// token may do everything, one with the tables' token what
// TablePermissions allow, any other is refused.
func (a *tokenAuth) Check(c server.ClientAuthentication) bool {
	opts := c.GetOpts()
	if opts == nil {
		return false
	}
	given := []byte(opts.Token)
	switch {
	case subtle.ConstantTimeCompare(given, []byte(a.director)) == 1:
		c.RegisterUser(&server.User{Username: "director"})
		return true
	case a.table != "" && subtle.ConstantTimeCompare(given, []byte(a.table)) == 1:
		c.RegisterUser(&server.User{Username: "table", Permissions: a.tablePerms})
		return true
	}
	return false
}

// TablePermissions are what the tables' credential may do on the log
// stream named stream (DefaultStream when empty): read the log and its
// index (direct gets, stream info), append to the log (the expected
// sequence is the store's own check: the server cannot ask for it), and
// write the index's event and session entries and its mark. Not the
// checkpoints (proj.>: the summaries that only the server's follower
// writes), and not the JetStream API that creates, changes, purges or
// deletes streams and consumers. A club running its own nats-server gives
// the same permissions to the tables' user.
func TablePermissions(stream string) *server.Permissions {
	if stream == "" {
		stream = DefaultStream
	}
	base := strings.ToLower(stream)
	index := stream + "_INDEX"
	return &server.Permissions{
		Publish: &server.SubjectPermission{Allow: []string{
			base + ".log.*",
			base + ".index.id.*",
			base + ".index.session.*",
			base + ".index.upto",
			"$JS.API.INFO",
			"$JS.API.STREAM.INFO." + stream,
			"$JS.API.STREAM.INFO." + index,
			"$JS.API.DIRECT.GET." + stream,
			"$JS.API.DIRECT.GET." + stream + ".>",
			"$JS.API.DIRECT.GET." + index,
			"$JS.API.DIRECT.GET." + index + ".>",
		}},
		Subscribe: &server.SubjectPermission{Allow: []string{"_INBOX.>"}},
	}
}
