package runtime

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"sync"
	"time"
)

// This file is a Server's side of a fleet (see Store and WithStore): the
// replica's id, the messages it exchanges with the other replicas, and the
// keys it keeps in the Store. The tasks' part is in fleet_task.go, the
// legacy sessions' part in fleet_session.go.

// DefaultTaskLease is how long a task's record says "working" after its
// replica last renewed the lease (it does so every third of it): when the
// replica dies, the task fails this long after, at the latest. See
// [WithTaskLease].
const DefaultTaskLease = 15 * time.Second

// WithTaskLease sets the lease of the tasks that a replica of a fleet runs
// (default [DefaultTaskLease]); it matters only with [WithStore]. A
// shorter lease makes a dead replica's tasks fail sooner and costs one
// store round trip per running task per third of it.
func WithTaskLease(d time.Duration) Option {
	return func(s *Server) {
		if d > 0 {
			s.taskLease = d
		}
	}
}

// storeTimeout bounds each store round trip of a request, so that an
// unreachable store fails the request instead of hanging it.
const storeTimeout = 5 * time.Second

// The keys and topics of a fleet, in the Store (an implementation may put
// a prefix of its own in front).
const (
	keyTask      = "task:"    // + task id: the task's record (taskRecord)
	keyLease     = "lease:"   // + task id: the replica id, while it renews it
	keyTaskEnd   = "end:"     // + task id: set once by whoever ends the task
	keyState     = "state:"   // + requestState id: the single-use mark
	keySession   = "session:" // + session id: the session's record (sessionRecord)
	keyStateKey  = "statekey" // the key that signs requestState values
	keyAnswer    = "answer:"  // + session id ":" request id: a legacy client's answer, forwarded
	topicReplica = "replica:" // + replica id: messages for one replica
	topicFleet   = "fleet"    // messages for every replica
)

// fleet is what a Server with a Store knows about the fleet.
type fleet struct {
	srv *Server
	st  Store
	id  string // this replica's id: random, 16 hex digits

	startOnce sync.Once

	// updates are the resource updates (Server.ResourceUpdated) on their
	// way to the store, which one goroutine publishes in order: an update
	// of a URI already waiting is not queued again, and past the bound an
	// update is dropped and logged, so that a program that announces
	// faster than the store takes holds a bounded queue, not a goroutine
	// and a message per update.
	updates    *outbox[string]
	pubMu      sync.Mutex // never held for a round trip, unlike mu
	publishing bool       // publishUpdates runs (under pubMu)

	mu       sync.Mutex
	handlers []*httpHandler // whose sessions the fleet's messages may be for
	key      []byte         // the shared requestState key, when loaded
	keyAt    time.Time      // when key was loaded

	sharedKey bool // no WithRequestStateKey: sign with the key in the store
}

// A fleetMsg is a message between replicas, as JSON.
type fleetMsg struct {
	Kind      string                     `json:"k"`
	Task      string                     `json:"t,omitempty"`
	Session   string                     `json:"s,omitempty"`
	ID        json.RawMessage            `json:"i,omitempty"`
	URI       string                     `json:"u,omitempty"`
	On        bool                       `json:"o,omitempty"`
	Responses map[string]json.RawMessage `json:"r,omitempty"`
	Result    json.RawMessage            `json:"res,omitempty"`
	Error     json.RawMessage            `json:"err,omitempty"`
}

// The kinds of fleetMsg.
const (
	msgTaskCancel  = "task-cancel" // for the task's replica: tasks/cancel
	msgTaskUpdate  = "task-update" // for the task's replica: tasks/update
	msgAnswer      = "answer"      // for the asking replica: a legacy client's response
	msgResource    = "resource"    // for all: Server.ResourceUpdated
	msgSessionEnd  = "session-end" // for all: a legacy session was deleted
	msgCallCancel  = "call-cancel" // for all: notifications/cancelled of a legacy call
	msgSubscribe   = "subscribe"   // for all: resources/subscribe or unsubscribe
	replicaIDBytes = 8
)

func newFleet(s *Server, st Store) *fleet {
	if s.taskLease == 0 {
		s.taskLease = DefaultTaskLease
	}
	var b [replicaIDBytes]byte
	_, _ = rand.Read(b[:])
	// A replica without a configured key signs with the fleet's.
	return &fleet{srv: s, st: st, id: hex.EncodeToString(b[:]), sharedKey: s.stateKey == nil,
		updates: newOutbox(fleetQueueMessages, fleetQueueBytes,
			func(uri string) string { return uri }, func(uri string) int { return len(uri) + 64 })}
}

// resourceUpdated sends the update through the store to every replica,
// which tells the clients whose streams it holds: it queues it, and
// starts the goroutine that publishes the queue unless it runs.
func (f *fleet) resourceUpdated(uri string) {
	f.start()
	f.updates.put(uri)
	f.pubMu.Lock()
	start := !f.publishing
	f.publishing = true
	f.pubMu.Unlock()
	if start {
		go f.publishUpdates()
	}
}

// publishUpdates publishes the queued resource updates, in order, until
// the queue is empty.
func (f *fleet) publishUpdates() {
	for {
		uri, ok, dropped := f.updates.take()
		if dropped > 0 {
			f.srv.logger.Warn("fleet: resource updates were dropped: the store did not take them as fast as they came; their subscribers were not told",
				"dropped", dropped, "bound", strconv.Itoa(fleetQueueMessages)+" URIs")
		}
		if ok {
			f.publish(topicFleet, &fleetMsg{Kind: msgResource, URI: uri})
			continue
		}
		f.pubMu.Lock()
		// An update queued since take saw publishing set and left it to
		// this goroutine.
		if f.updates.empty() {
			f.publishing = false
			f.pubMu.Unlock()
			return
		}
		f.pubMu.Unlock()
	}
}

// start subscribes to the fleet's topics, once.
func (f *fleet) start() {
	f.startOnce.Do(func() {
		for _, topic := range []string{topicReplica + f.id, topicFleet} {
			if _, err := f.st.Subscribe(topic, f.receive); err != nil {
				f.srv.logger.Error("fleet: subscribing to the store failed; messages from other replicas will not arrive", "topic", topic, "error", err)
			}
		}
	})
}

// ctx returns the context of one store round trip.
func storeCtx() (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.Background(), storeTimeout)
}

// publish sends a message to topic, logging a failure: messages are
// at-most-once, and each has a fallback (see Store).
func (f *fleet) publish(topic string, m *fleetMsg) {
	b, err := json.Marshal(m)
	if err == nil {
		ctx, cancel := storeCtx()
		err = f.st.Publish(ctx, topic, b)
		cancel()
	}
	if err != nil {
		f.srv.logger.Warn("fleet: a message to other replicas was not sent", "kind", m.Kind, "error", err)
	}
}

// receive handles a message from a replica (possibly this one).
func (f *fleet) receive(raw []byte) {
	var m fleetMsg
	if json.Unmarshal(raw, &m) != nil {
		return
	}
	s := f.srv
	switch m.Kind {
	case msgTaskCancel:
		if t := s.tasks.get(m.Task); t != nil {
			t.cancelTask()
		}
	case msgTaskUpdate:
		if t := s.tasks.get(m.Task); t != nil {
			t.update(m.Responses)
		}
	case msgResource:
		s.resourceUpdatedHere(m.URI)
	default:
		f.sessionMessage(&m)
	}
}

// addHandler makes the sessions of h reachable by the fleet's messages.
func (f *fleet) addHandler(h *httpHandler) {
	f.start()
	f.mu.Lock()
	f.handlers = append(f.handlers, h)
	f.mu.Unlock()
}

// stateKey returns the key that signs requestState values: the configured
// one, else the fleet's.
func (f *fleet) stateKey() ([]byte, error) {
	if !f.sharedKey {
		return f.srv.stateKey, nil
	}
	return f.sharedStateKey()
}

// stateKeyTTL is how long the shared requestState key lives in the store
// after it was first stored: long, but finite as the Store wants.
const stateKeyTTL = 10 * 365 * 24 * time.Hour

// stateKeyReload is how long a replica uses the shared key it loaded
// before it reads it again: a store that lost its data (a Redis restarted
// without persistence) gets a new key, which every replica then uses.
const stateKeyReload = time.Minute

// sharedStateKey returns the key that signs requestState values, stored
// once in the store by the first replica that needs it.
func (f *fleet) sharedStateKey() ([]byte, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.key != nil && time.Since(f.keyAt) < stateKeyReload {
		return f.key, nil
	}
	ctx, cancel := storeCtx()
	defer cancel()
	key, err := f.st.Get(ctx, keyStateKey)
	if err == nil && len(key) < minStateKey {
		fresh := make([]byte, minStateKey)
		_, _ = rand.Read(fresh)
		if _, err = f.st.Add(ctx, keyStateKey, fresh, stateKeyTTL); err == nil {
			key, err = f.st.Get(ctx, keyStateKey)
		}
	}
	if err == nil && len(key) < minStateKey {
		err = errors.New("the stored requestState key is too short")
	}
	if err != nil {
		if f.key != nil {
			return f.key, nil // the store is away: keep signing with the key it had
		}
		return nil, unavailable(err)
	}
	f.key, f.keyAt = key, time.Now()
	return key, nil
}

// useState marks the requestState id as used until expires (Unix
// seconds), and reports whether it was not used before, on any replica.
func (f *fleet) useState(id string, expires, now int64) (bool, *rpcError) {
	ctx, cancel := storeCtx()
	defer cancel()
	ttl := time.Duration(expires-now+1) * time.Second
	ok, err := f.st.Add(ctx, keyState+id, []byte{'1'}, ttl)
	if err != nil {
		return false, storeError(unavailable(err))
	}
	return ok, nil
}

// outboundPrefix is what the ids of a replica's requests to legacy
// clients start with: a client's response, which may reach any replica,
// names the replica that waits for it.
func (f *fleet) outboundPrefix() string { return f.id + "." }

// replicaOf returns the replica id in the id of a request to a client.
func replicaOf(id json.RawMessage) string {
	var s string
	if json.Unmarshal(id, &s) != nil {
		return ""
	}
	r, _, ok := strings.Cut(s, ".")
	if !ok || len(r) != 2*replicaIDBytes {
		return ""
	}
	return r
}
