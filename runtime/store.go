package runtime

import (
	"context"
	"errors"
	"sync"
	"time"
)

// A Store holds the state that must outlive one request when several
// processes (replicas) serve the same clients behind a load balancer, so
// that any replica can serve any request with nothing sticky: the records
// of tasks and their results, the single-use marks of modern requestState
// values, the records of legacy sessions, and the messages between
// replicas (a tasks/cancel or tasks/update for the replica that runs the
// task, the answer to a question the server asked a legacy client, a
// resource update for the replicas that hold the subscribers' streams).
// Give one Store to every replica's Server with [WithStore].
//
// Without a Store a Server keeps all of it in its own memory, as one
// process needs: that is the default. [NewMemoryStore] is the same kind of
// memory behind this interface, shared by the Servers of one process (it
// is what the runtime's own fleet tests run on); the module
// github.com/mcpgen/mcpgen/stores/redis implements it on Redis.
//
// A call that needs no shared state (a modern stateless request, a tool
// call that ends within its request, a list) never touches the Store.
//
// What an implementation must guarantee:
//
//   - Add is atomic: of any number of concurrent Adds of one key, on any
//     replicas, exactly one reports true until the key expires or is
//     deleted. It is what makes a requestState single-use and decides who
//     ends a task (its replica, a tasks/cancel, or the replica that finds
//     its lease lapsed).
//   - Put, Add and Delete are visible to every later Get, on any replica,
//     once they have returned (read-your-writes across replicas): a task
//     created through one replica is read through another at once.
//   - Values expire after their ttl (a Get then reports none); the expiry
//     may be late by a second or so, never early.
//   - Publish and Subscribe may be at-most-once and eventually delivered:
//     a message may be lost while a replica is cut off from the Store. The
//     runtime does not rely on them alone: a task's replica also reads the
//     task's end mark each time it renews the lease, and a legacy session's
//     record is read on every request of the session.
//
// Every method may fail when the engine cannot be reached; the request
// that needed it then fails with an error that says so (see
// [ErrStoreUnavailable]), and the next one tries again.
type Store interface {
	// Get returns the value stored under key, or nil (and no error) when
	// there is none or it expired.
	Get(ctx context.Context, key string) ([]byte, error)
	// Put stores value under key for ttl (> 0), replacing any value.
	Put(ctx context.Context, key string, value []byte, ttl time.Duration) error
	// Add stores value under key for ttl (> 0) only if the key holds no
	// value, and reports whether it did. It must be atomic.
	Add(ctx context.Context, key string, value []byte, ttl time.Duration) (bool, error)
	// Delete removes key; removing an absent key is no error.
	Delete(ctx context.Context, key string) error
	// Publish sends msg to every subscriber of topic, on every replica
	// including this one.
	Publish(ctx context.Context, topic string, msg []byte) error
	// Subscribe calls fn with each message published on topic, on one
	// goroutine at a time, until stop is called. A Store that loses its
	// connection subscribes again by itself.
	Subscribe(topic string, fn func(msg []byte)) (stop func(), err error)
}

// ErrStoreUnavailable wraps the error of a [Store] that failed a request
// which needed the shared state.
var ErrStoreUnavailable = errStoreUnavailable{}

type errStoreUnavailable struct{}

func (errStoreUnavailable) Error() string { return "the shared state store is unavailable" }

// WithStore makes the Server keep the state that must outlive a request
// in st, shared with the other replicas that serve the same clients, and
// run as one replica of a fleet: any replica may serve any request. See
// [Store] for what is shared; docs/fleet.md says how to run a fleet.
//
// Replicas that share a Store also share the key that signs requestState
// values (unless [WithRequestStateKey] sets one, which must then be the
// same on every replica): the first replica to need it stores a random key
// there.
func WithStore(st Store) Option {
	return func(s *Server) { s.store = st }
}

// NewMemoryStore returns a [Store] that keeps everything in this
// process's memory: the Servers that share it behave as replicas of one
// fleet, without any other engine. A Server without [WithStore] does not
// need one. A subscriber that falls behind by more than 1,024 messages or
// 1 MiB misses those that come past them, as Publish allows.
func NewMemoryStore() Store {
	return &memoryStore{values: map[string]memoryValue{}, topics: map[string]map[*memorySub]bool{}}
}

type memoryStore struct {
	mu     sync.Mutex
	values map[string]memoryValue
	topics map[string]map[*memorySub]bool
	puts   int // writes since the last sweep of expired values
}

// The bounds of what waits for one subscriber of a memory store.
const (
	memorySubMessages = 1024
	memorySubBytes    = 1 << 20
)

type memoryValue struct {
	value   []byte
	expires time.Time
}

// memorySub is one subscription: its messages wait in queue for the
// goroutine that hands them to fn, in order. A subscriber that falls
// behind by more than memorySubMessages messages or memorySubBytes bytes
// misses the messages past them (Publish may be at-most-once), so that a
// slow one does not hold what the publishers send without bound.
type memorySub struct {
	mu      sync.Mutex
	queue   [][]byte
	held    int // bytes in queue
	wake    chan struct{}
	stopped chan struct{}
}

func (m *memoryStore) Get(_ context.Context, key string) ([]byte, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	v, ok := m.values[key]
	if !ok || !time.Now().Before(v.expires) {
		return nil, nil
	}
	return append([]byte{}, v.value...), nil
}

func (m *memoryStore) Put(_ context.Context, key string, value []byte, ttl time.Duration) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.set(key, value, ttl)
	return nil
}

// set stores a value; m.mu must be held. Every 1,000 writes it forgets the
// values that expired, so that the map does not grow without bound.
func (m *memoryStore) set(key string, value []byte, ttl time.Duration) {
	now := time.Now()
	m.puts++
	if m.puts >= 1000 {
		m.puts = 0
		for k, v := range m.values {
			if !now.Before(v.expires) {
				delete(m.values, k)
			}
		}
	}
	m.values[key] = memoryValue{value: append([]byte{}, value...), expires: now.Add(ttl)}
}

func (m *memoryStore) Add(_ context.Context, key string, value []byte, ttl time.Duration) (bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if v, ok := m.values[key]; ok && time.Now().Before(v.expires) {
		return false, nil
	}
	m.set(key, value, ttl)
	return true, nil
}

func (m *memoryStore) Delete(_ context.Context, key string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.values, key)
	return nil
}

func (m *memoryStore) Publish(_ context.Context, topic string, msg []byte) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	for sub := range m.topics[topic] {
		sub.mu.Lock()
		if len(sub.queue) < memorySubMessages && sub.held+len(msg) <= memorySubBytes {
			sub.queue = append(sub.queue, append([]byte{}, msg...))
			sub.held += len(msg)
		}
		sub.mu.Unlock()
		select {
		case sub.wake <- struct{}{}:
		default:
		}
	}
	return nil
}

func (m *memoryStore) Subscribe(topic string, fn func(msg []byte)) (func(), error) {
	sub := &memorySub{wake: make(chan struct{}, 1), stopped: make(chan struct{})}
	m.mu.Lock()
	if m.topics[topic] == nil {
		m.topics[topic] = map[*memorySub]bool{}
	}
	m.topics[topic][sub] = true
	m.mu.Unlock()
	go func() {
		for {
			select {
			case <-sub.stopped:
				return
			case <-sub.wake:
			}
			sub.mu.Lock()
			queue := sub.queue
			sub.queue, sub.held = nil, 0
			sub.mu.Unlock()
			for _, msg := range queue {
				fn(msg)
			}
		}
	}()
	var once sync.Once
	return func() {
		once.Do(func() {
			m.mu.Lock()
			delete(m.topics[topic], sub)
			m.mu.Unlock()
			close(sub.stopped)
		})
	}, nil
}

// unavailable wraps an error of the store.
func unavailable(err error) error {
	return errors.Join(ErrStoreUnavailable, err)
}

// storeError is the JSON-RPC error of a request whose shared state could
// not be read or written.
func storeError(err error) *rpcError {
	return errorf(codeInternalError, "Internal error: "+ErrStoreUnavailable.Error()+" ("+err.Error()+"); try again")
}
