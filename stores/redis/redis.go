// Package redis is a [runtime.Store] on Redis: the replicas of an mcpgen
// server that share one Redis serve any request with nothing sticky (see
// docs/fleet.md in the mcpgen repository).
//
//	st, err := redis.Open("redis://127.0.0.1:6379/0")
//	if err != nil { ... }
//	srv := runtime.NewServer("board", "1.0.0", runtime.WithStore(st))
//
// Values are Redis strings with a TTL (SET ... PX; Add is SET ... NX PX,
// atomic in Redis); messages are Redis pub/sub, which delivers at most
// once, as the Store allows. Every key and channel starts with a prefix
// ("mcp:" unless [WithPrefix] says otherwise), so that several servers
// can share one Redis.
package redis

import (
	"context"
	"errors"
	"sync"
	"time"

	goredis "github.com/redis/go-redis/v9"

	"github.com/mcpgen/mcpgen/runtime"
)

// DefaultPrefix is what keys and channels start with by default.
const DefaultPrefix = "mcp:"

// A Store is a [runtime.Store] on Redis.
type Store struct {
	client goredis.UniversalClient
	prefix string
	owned  bool // Open made the client: Close closes it

	mu   sync.Mutex
	subs map[*goredis.PubSub]bool
}

var _ runtime.Store = (*Store)(nil)

// An Option configures a Store.
type Option func(*Store)

// WithPrefix sets what every key and channel starts with (default
// [DefaultPrefix]); servers that share one Redis but not their state need
// different prefixes.
func WithPrefix(prefix string) Option {
	return func(s *Store) { s.prefix = prefix }
}

// Open connects to the Redis at url (redis://[user:password@]HOST:PORT/DB,
// rediss:// for TLS; see go-redis's ParseURL for the query options, such
// as dial_timeout). It does not wait for Redis to answer: a replica
// starts while Redis is down, and its stateful requests fail until Redis
// is back.
func Open(url string, opts ...Option) (*Store, error) {
	o, err := goredis.ParseURL(url)
	if err != nil {
		return nil, err
	}
	s := New(goredis.NewClient(o), opts...)
	s.owned = true
	return s, nil
}

// New returns a Store on client, which the caller configures (a cluster
// or failover client too) and closes.
func New(client goredis.UniversalClient, opts ...Option) *Store {
	s := &Store{client: client, prefix: DefaultPrefix, subs: map[*goredis.PubSub]bool{}}
	for _, o := range opts {
		o(s)
	}
	return s
}

// Get implements [runtime.Store].
func (s *Store) Get(ctx context.Context, key string) ([]byte, error) {
	v, err := s.client.Get(ctx, s.prefix+key).Bytes()
	if errors.Is(err, goredis.Nil) {
		return nil, nil
	}
	return v, err
}

// Put implements [runtime.Store].
func (s *Store) Put(ctx context.Context, key string, value []byte, ttl time.Duration) error {
	return s.client.Set(ctx, s.prefix+key, value, ttl).Err()
}

// Add implements [runtime.Store]: SET NX, atomic in Redis.
func (s *Store) Add(ctx context.Context, key string, value []byte, ttl time.Duration) (bool, error) {
	err := s.client.SetArgs(ctx, s.prefix+key, value, goredis.SetArgs{Mode: "NX", TTL: ttl}).Err()
	if errors.Is(err, goredis.Nil) {
		return false, nil
	}
	return err == nil, err
}

// Delete implements [runtime.Store].
func (s *Store) Delete(ctx context.Context, key string) error {
	return s.client.Del(ctx, s.prefix+key).Err()
}

// Publish implements [runtime.Store].
func (s *Store) Publish(ctx context.Context, topic string, msg []byte) error {
	return s.client.Publish(ctx, s.prefix+topic, msg).Err()
}

// Subscribe implements [runtime.Store]. The subscription has a connection
// of its own, which go-redis opens again (and subscribes again) whenever
// it is lost; messages published meanwhile are lost.
func (s *Store) Subscribe(topic string, fn func(msg []byte)) (func(), error) {
	ps := s.client.Subscribe(context.Background(), s.prefix+topic)
	s.mu.Lock()
	s.subs[ps] = true
	s.mu.Unlock()
	ch := ps.Channel(goredis.WithChannelHealthCheckInterval(5 * time.Second))
	done := make(chan struct{})
	go func() {
		defer close(done)
		for m := range ch {
			fn([]byte(m.Payload))
		}
	}()
	var once sync.Once
	return func() {
		once.Do(func() {
			s.mu.Lock()
			delete(s.subs, ps)
			s.mu.Unlock()
			_ = ps.Close()
			<-done
		})
	}, nil
}

// Close ends the subscriptions and, for a Store made by [Open], closes the
// client.
func (s *Store) Close() error {
	s.mu.Lock()
	subs := s.subs
	s.subs = map[*goredis.PubSub]bool{}
	s.mu.Unlock()
	for ps := range subs {
		_ = ps.Close()
	}
	if s.owned {
		return s.client.Close()
	}
	return nil
}
