// Package natsstore is an events.Store in NATS JetStream, so that the tables
// of a club share one log: each table's hoyle opens the same stream on the
// club's server, and the server decides which of two racing appends wins.
// It also runs that server in process (StartServer, Serve) for `hoyle serve`
// and for tests.
//
// Besides events, it is built on the NATS modules: nats.go and its
// jetstream package (connections, stream management, publishing),
// nats-server (the embedded server) and orbit.go/jetstreamext (the client
// side of JetStream's atomic batch publish, ADR-50).
//
// # The log
//
// The log is one stream (Options.Stream, "HOYLE" by default) and nothing
// else goes into it: one message per event, the envelope as the other
// stores keep it (events.Envelope.MarshalRecord), under the subject
// "hoyle.log.<session ID>". An event's log position is its stream sequence,
// so positions run 1, 2, 3... with no gaps: the stream denies deletes and
// purges, and discards new messages rather than old ones should anyone set
// limits. A session ID must therefore be one NATS subject token (no dots,
// wildcards, spaces or control characters, at most MaxSessionID bytes);
// others are refused with a SessionIDError, which wraps events.ErrInvalid.
// The stream is created with file storage, direct gets (reads), atomic
// publish (appends), a two-minute duplicate window, and metadata marking it
// as hoyle's log of Format 1.
//
// # Appends
//
// An append reads each session's last message (one multi_last direct get:
// its envelope gives the version and hash the chain continues from, its
// sequence where the session stands), checks the batch's expected version
// (events.CheckExpected), seals the new envelopes, and publishes them all,
// for every batch and session, as one JetStream atomic batch: the server
// stores all of it or none. The first message of each session carries
// Nats-Expected-Last-Subject-Sequence, the sequence read (0 for a new
// session), so that of two writers that read the same head exactly one
// gets in; the other's append fails with events.ErrConflict (an AnyVersion
// batch is read and sealed again instead, up to 20 times). The server allows
// that header on the first message of a subject in a batch only, which is
// all a session needs: its later messages follow it. An append of one
// event is an ordinary publish with the same header, atomic by itself and
// cheaper (an atomic batch is staged on the server's disk before it
// commits; on a single server a batch cut short by a crash is completed
// when the server restarts).
//
// An atomic batch holds at most a server-set number of messages (1,000 by
// default; DefaultServerMaxBatch on the embedded server). Options.MaxBatch
// says what the store may send; a larger append is refused with
// ErrBatchTooLarge before anything is sent. AppendSplit appends a long
// import in several appends, cut where the caller allows; a reader may see
// the import's first parts before its last.
//
// # Retries and event IDs
//
// The server's duplicate window is minutes long, so it cannot alone be what
// makes a retry idempotent. Before an append the store looks up every event
// ID of the append in the log (unless every one of them was made within the
// last minute, by the time in the ID: any store of it then happened within
// the window, whose refusal, or a session moved on, sends the append back
// to the look-up; so a scorer's fresh entry does not read the other
// tables' entries first): in an index stream (below) for events up to
// its mark, and in the log's tail past the mark, which each store scans and
// keeps in memory. Events found are checked as every store checks them
// (events.PriorAppend): all there, in the same session with the same
// content, is a retry, answered with the stored envelopes; anything else is
// events.ErrDuplicateID. Each message also carries Nats-Msg-Id = event ID:
// should another writer store one of the IDs between the look-up and the
// publish, the server refuses the batch (atomic batches are refused whole
// for a duplicate), and the store looks again. So the rule holds across
// reconnects, restarts and any length of time, and racing writers cannot
// store an ID twice.
//
// # The index
//
// A second stream, Stream+"_INDEX", is a key-value map derived from the
// log (one message per subject): each event ID's position, each session's
// first position in the order they were opened, and "upto", the position
// it covers. Whichever store finds Options.IndexEvery events past upto
// writes the next stretch, in atomic batches that move upto on only if it
// has not moved since it was read, so writers that race write it once and a
// writer that dies leaves it behind, never wrong. Every reader reads past
// upto from the log itself. An index that is missing, made for another log
// of the same name, or ahead of the log is dropped and rebuilt by Open,
// IndexEvery events at a time.
//
// # Reads
//
// Reads use batched direct gets, in chunks that start at 16 events and
// double up to 4,096, each asked for before the last is handed out. ReadAll
// asks for consecutive positions without headers (the log has no gaps, and
// the server's end-of-batch marker confirms the last position). A message
// asked for by its subject comes with its headers, which cost the server
// and the client several times what the event does; so ReadSession reads
// a session that holds at least a quarter of the positions between its
// first and last event (one table, or a few, writing at a time) by
// position, skipping other sessions' events, and only a sparser one by its
// subject. ReadSessionBackward, since the server reads forward only, asks
// for a window of positions before the last event it yielded, sized from
// how spread out the session is (one request per chunk for a session
// written without others in between). Session reads the session's last
// message (and once its first); Sessions and LastSession read the index
// and the tail.
//
// # Checkpoints, followers and sync
//
// Beside the log the store keeps what projections of it need in order not
// to read it all again (events.ProjectionCheckpoints): a checkpoint is a position
// and parts by key, kept in the index stream under "proj.<name>." (derived
// data, dropped with the index). A follower (events.Follower) is a durable
// pull consumer on the log, "hoyle_<name>", acknowledging all up to the
// last event of each batch its handler accepts: the server keeps where it
// stands, so a follower that dies and comes back goes on from there, and a
// batch it did not accept is handed to it again. `hoyle serve` runs one
// that keeps hoyle compare's checkpoint current.
//
// Sync copies a table's own log (recorded offline, in a bbolt file) into
// the shared log, session by session: the events the shared log lacks,
// with their IDs, times and bytes, so that each chain is the same in both.
// It is idempotent (a session there whole is left alone), resumes a copy
// cut short from where the shared log stands, and leaves alone a session
// whose two copies differ. Bulk splits appends larger than one atomic batch
// for bulk writers (imports, simulations) that accept landing in parts.
//
// # A log that a client cannot break
//
// The embedded server runs in one directory at a time: it holds a lock
// there (flock on hoyle-serve.lock), and a second server is refused with
// a DirInUseError, since two servers on one directory overwrite each
// other's acknowledged entries. It knows two credentials
// (ServerOptions.Token, DirectorToken): the tables', which may read the
// log and its index, append to the log and write the index
// (TablePermissions), and the director's, which may do everything. A
// refused token is ErrAuth; an operation refused to the credential is
// ErrNotPermitted, at once. Credentials never appear in errors (Redact,
// RedactError).
//
// A table may still publish anything under the log's subjects. A message
// that is not a hoyle event is skipped by every reader, with a warning
// naming its subject and position (Options.Warn); verify accepts the gap
// it leaves (events.ForeignSkipper). An index entry that names a session
// the log lacks is skipped the same way.
//
// The log has an identity (a random ID in its metadata). The server keeps
// it in its directory and clients remember it (Options.Expect): a log
// deleted, or deleted and made again, is a LogReplacedError, never an
// empty log accepted, and a store that expects a log never creates it. The
// server (OpenServed) signs the checkpoints with an ed25519 key kept only
// in its directory, named in the log's metadata; readers drop, with a
// warning, any part it did not sign, and a store without the key does not
// save any. So a summary republished by a table is computed again from
// the log, never believed.
//
// # Limits
//
// Reads cost a round trip per chunk and the server's work on each message:
// ReadAll and dense session reads run at some hundreds of thousands of
// events a second on one machine, a sparse session read at a third of
// that; bolt reads millions. An append of several events is staged on the
// server's disk before it commits, which costs milliseconds whatever its
// size. The server keeps every subject of a stream in memory: the index
// holds one per event ID, some hundred bytes each. Idempotency across
// sessions against a writer racing with the same event ID holds as long as
// a look-up and its publish are less than the two-minute duplicate window
// apart, which the timeout ensures.
//
// # Failures
//
// Every request to the server is bounded by Options.Timeout: a server that
// is down, unreachable or silent makes the call fail with ErrUnavailable
// (an UnavailableError). A request in flight when the connection is lost
// fails at once rather than at its timeout (its answer cannot come: the
// request went with the connection), and so does one made while the client
// is reconnecting. Nothing is queued while the connection is down, so
// an append that failed does not land later; but one that failed because
// the server went away while it was committing may have landed: append the
// same events again once the server is back, which is a retry.
//
// # A cluster
//
// Servers started with ServerOptions.Cluster (hoyle serve --cluster) form a
// JetStream cluster; OpenServed waits for it and makes the streams with
// ServerOptions.Replicas copies (the cluster's servers, at most three), or
// gives more copies to streams made with fewer. The log names the signing
// key of the server that made it; the others keep that name and sign
// nothing (Store.Signs). A store opened on a replicated log rides out a
// change of leader: Open and Append ask again for up to ten seconds, an
// append planned afresh each time. Any replica answers a read, some a
// moment behind the leader, so a store remembers the furthest position of
// each session it has read or appended and asks again (up to five
// seconds) a replica behind it, or behind a position an earlier answer of
// the same read gave. StartLocalCluster runs a cluster in one process.
//
// # A club's own servers
//
// Rather than `hoyle serve`, a club can run a nats-server cluster (three
// servers with JetStream, version 2.12 or later, 2.14 or later for
// Nats-Msg-Id in atomic batches), open the store at
// "nats://a:4222,nats://b:4222,nats://c:4222" with Options.Replicas = 3 the
// first time (the streams are then kept by all three, and an append is
// acknowledged once a majority has it), set jetstream { limits { batch {
// max_msgs: N } } } on the servers and Options.MaxBatch to N for larger
// imports, and give credentials or TLS through Options.NATS.
package natsstore
