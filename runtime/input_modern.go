package runtime

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/mcpgen/mcpgen/internal/jsontext"
)

// This file is the protocol 2026-07-28 side of asking the client for input
// (multi round-trip requests,
// https://modelcontextprotocol.io/specification/2026-07-28/basic/utilities/mrtr):
// a round of a tool call collects the questions its tool asks, the server
// answers with an input_required result, and the client calls again with
// inputResponses and the requestState it was given. The state carries the
// answers of earlier rounds, signed with the server's key so that a client
// cannot forge or alter them.

// DefaultRequestStateTTL is how long the requestState of an input_required
// result stays valid: a client that answers later must call the tool anew.
const DefaultRequestStateTTL = 15 * time.Minute

// minStateKey is the shortest request state key [WithRequestStateKey]
// accepts, in bytes.
const minStateKey = 32

// WithRequestStateKey sets the secret key that signs the requestState of
// input_required results (HMAC-SHA256). Without it, NewServer generates a
// random key, which is enough for one process; servers behind a load
// balancer, where a client's next round may reach another process, must
// share one key of at least 32 random bytes. NewServer panics on a shorter
// key. Each process accepts a state once (it remembers the states it
// accepted until they expire); processes that share a key but no
// [WithStore] do not share that memory, so a state can be used once on
// each of them. Replicas that share a Store share that memory and, without
// this option, the key too.
func WithRequestStateKey(key []byte) Option {
	return func(s *Server) { s.stateKey = append([]byte{}, key...) }
}

// initStateKey checks the configured key or generates one. A replica of a
// fleet without a configured key signs with the fleet's (requestStateKey).
func (s *Server) initStateKey() {
	if s.stateKey != nil {
		if len(s.stateKey) < minStateKey {
			panic("runtime: WithRequestStateKey: the key must have at least " + strconv.Itoa(minStateKey) + " bytes")
		}
		return
	}
	s.stateKey = make([]byte, minStateKey)
	_, _ = rand.Read(s.stateKey) // crypto/rand.Read never fails
}

// roundInput is what one round of a modern tool call knows and asks.
type roundInput struct {
	caps clientCaps

	mu      sync.Mutex
	answers map[string]json.RawMessage // by key: from requestState, then inputResponses
	used    map[string]json.RawMessage // answers the tool read: the next state keeps them
	asked   []askedInput               // questions without an answer, in order
	counts  [3]int                     // questions asked per capability, for default keys
}

type askedInput struct {
	key    string
	method string
	params []byte
}

// inputRequiredError is ErrInputRequired for one question.
type inputRequiredError struct{ key string }

func (e *inputRequiredError) Error() string { return ErrInputRequired.Error() + ": " + e.key }
func (e *inputRequiredError) Is(target error) bool {
	return target == ErrInputRequired
}

// ask answers a question from the answers of this round, or asks it: in an
// input_required result, or, when the call has become the task tk, in the
// task's inputRequests, waiting for tasks/update.
func (in *roundInput) ask(ctx context.Context, tk *task, cp capability, key string, params []byte, decode func(json.RawMessage) error) error {
	if !in.caps[cp] {
		return &MissingCapabilityError{Capability: cp.String()}
	}
	in.mu.Lock()
	in.counts[cp]++
	if key == "" {
		key = cp.String() + "-" + strconv.Itoa(in.counts[cp])
	}
	if a, ok := in.answers[key]; ok {
		// An answer that does not fit the question is asked again, as the
		// specification recommends for missing or wrong responses.
		if decode(a) == nil {
			in.used[key] = a
			in.mu.Unlock()
			return nil
		}
	}
	in.mu.Unlock()
	if tk != nil && tk.pin() {
		raw, err := tk.ask(ctx, key, cp.method(), params)
		if err != nil {
			return err
		}
		return decode(raw)
	}
	in.mu.Lock()
	defer in.mu.Unlock()
	for _, q := range in.asked {
		if q.key == key {
			return &inputRequiredError{key}
		}
	}
	in.asked = append(in.asked, askedInput{key: key, method: cp.method(), params: params})
	return &inputRequiredError{key}
}

// requestState is the signed payload of an input_required result's
// requestState.
type requestState struct {
	ID      string                     `json:"i"` // random: each state is accepted once (usedStates)
	Tool    string                     `json:"t"`
	Args    string                     `json:"a"` // hash of the compacted arguments
	Expires int64                      `json:"e"` // Unix seconds
	Answers map[string]json.RawMessage `json:"r,omitempty"`
}

// argsHash binds a state to the arguments of the call it belongs to.
func argsHash(args []byte) string {
	var buf bytes.Buffer
	if json.Compact(&buf, args) != nil {
		buf.Reset()
		buf.Write(args)
	}
	sum := sha256.Sum256(buf.Bytes())
	return base64.RawURLEncoding.EncodeToString(sum[:16])
}

// requestStateKey returns the key that signs requestState values: the
// configured or generated one, or the fleet's.
func (s *Server) requestStateKey() ([]byte, error) {
	return s.replicas.stateKey()
}

// sealState encodes and signs st: base64url(payload) "." base64url(mac).
func (s *Server) sealState(st *requestState) (string, error) {
	payload, err := json.Marshal(st)
	if err != nil {
		return "", err
	}
	key, err := s.requestStateKey()
	if err != nil {
		return "", err
	}
	m := hmac.New(sha256.New, key)
	m.Write(payload)
	return base64.RawURLEncoding.EncodeToString(payload) + "." + base64.RawURLEncoding.EncodeToString(m.Sum(nil)), nil
}

// openState checks a requestState from the client and returns its answers.
// A state that was altered, belongs to another tool or other arguments, or
// has expired or was used before (in this process) is refused with -32602:
// replaying it elsewhere, later or twice does not work.
func (s *Server) openState(state, tool string, args []byte, now time.Time) (map[string]json.RawMessage, *rpcError) {
	invalid := func(why string) *rpcError {
		return errorf(codeInvalidParams, "Invalid params: requestState "+why)
	}
	p, sig, ok := strings.Cut(state, ".")
	if !ok {
		return nil, invalid("failed its integrity check")
	}
	payload, err1 := base64.RawURLEncoding.DecodeString(p)
	mac, err2 := base64.RawURLEncoding.DecodeString(sig)
	if err1 != nil || err2 != nil {
		return nil, invalid("failed its integrity check")
	}
	key, err := s.requestStateKey()
	if err != nil {
		return nil, storeError(err)
	}
	m := hmac.New(sha256.New, key)
	m.Write(payload)
	if !hmac.Equal(mac, m.Sum(nil)) {
		return nil, invalid("failed its integrity check")
	}
	var st requestState
	if json.Unmarshal(payload, &st) != nil {
		return nil, invalid("failed its integrity check")
	}
	if st.Tool != tool || st.Args != argsHash(args) {
		return nil, invalid("belongs to another call")
	}
	if now.Unix() > st.Expires {
		return nil, invalid("has expired: call the tool again without it")
	}
	if st.ID == "" {
		return nil, invalid("failed its integrity check")
	}
	fresh, e := s.replicas.useState(st.ID, st.Expires, now.Unix())
	if e != nil {
		return nil, e
	}
	if !fresh {
		return nil, invalid("was already used: answer with the requestState of the latest input_required result, or call the tool again without it")
	}
	return st.Answers, nil
}

// maxUsedStates bounds the memory of usedStates: beyond that many states
// accepted within DefaultRequestStateTTL (more than 110 rounds a second,
// sustained), the oldest are forgotten before they expire.
const maxUsedStates = 100000

// usedStates remembers the request states a Server accepted, by ID, until
// they expire, so that each state is accepted once: a round cannot be
// replayed with the answers of an earlier one. It is per process: servers
// that share a key (WithRequestStateKey) do not share it.
type usedStates struct {
	mu    sync.Mutex
	seen  map[string]struct{}
	order []usedState // in the order of use, oldest first
}

type usedState struct {
	id      string
	expires int64 // Unix seconds
}

// use records that the state id, valid until expires, is being used, and
// reports false if it was used before.
func (u *usedStates) use(id string, expires, now int64) bool {
	u.mu.Lock()
	defer u.mu.Unlock()
	if u.seen == nil {
		u.seen = map[string]struct{}{}
	}
	// Expired states are refused before they get here: forget them, and
	// the oldest ones beyond the bound.
	for len(u.order) > 0 && (now > u.order[0].expires || len(u.order) >= maxUsedStates) {
		delete(u.seen, u.order[0].id)
		u.order = u.order[1:]
	}
	if _, used := u.seen[id]; used {
		return false
	}
	u.seen[id] = struct{}{}
	u.order = append(u.order, usedState{id, expires})
	return true
}

// newStateID returns a random state ID (96 bits).
func newStateID() string {
	var b [12]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails
	return base64.RawURLEncoding.EncodeToString(b[:])
}

// newRoundInput reads the inputResponses and requestState of a modern
// tools/call.
func (s *Server) newRoundInput(caps clientCaps, tool string, args, responses, state []byte) (*roundInput, *rpcError) {
	in := &roundInput{caps: caps, answers: map[string]json.RawMessage{}, used: map[string]json.RawMessage{}}
	if len(state) > 0 && string(state) != "null" {
		st, ok := jsontext.Unquote(state)
		if !ok {
			return nil, errorf(codeInvalidParams, "Invalid params: requestState must be a string")
		}
		answers, e := s.openState(st, tool, args, time.Now())
		if e != nil {
			return nil, e
		}
		for k, v := range answers {
			in.answers[k] = v
		}
	}
	if len(responses) > 0 && string(responses) != "null" {
		ok := responses[0] == '{' && jsontext.EachMember(responses, func(key, value []byte) {
			if len(value) > 0 && value[0] == '{' {
				in.answers[string(key)] = bytes.Clone(value)
			}
		})
		if !ok {
			return nil, errorf(codeInvalidParams, "Invalid params: inputResponses must be an object")
		}
	}
	return in, nil
}

// inputRequired returns the input_required result of a round that asked
// questions, or nil when it asked none.
func (s *Server) inputRequired(in *roundInput, tool string, args []byte) ([]byte, error) {
	in.mu.Lock()
	defer in.mu.Unlock()
	if len(in.asked) == 0 {
		return nil, nil
	}
	b := []byte(`{"resultType":"input_required","inputRequests":{`)
	for i, q := range in.asked {
		if i > 0 {
			b = append(b, ',')
		}
		b = jsontext.AppendString(b, q.key)
		b = append(b, `:{"method":"`+q.method+`","params":`...)
		b = append(b, q.params...)
		b = append(b, '}')
	}
	st := &requestState{ID: newStateID(), Tool: tool, Args: argsHash(args), Expires: time.Now().Add(DefaultRequestStateTTL).Unix(), Answers: in.used}
	state, err := s.sealState(st)
	if err != nil {
		return nil, err
	}
	b = append(b, `},"requestState":`...)
	b = jsontext.AppendString(b, state)
	b = append(b, s.modernMeta...)
	return append(b, '}'), nil
}

// missingCapability returns the -32021 error for a tool that returned a
// *MissingCapabilityError, or nil.
func missingCapability(err error) *rpcError {
	var mc *MissingCapabilityError
	if !errors.As(err, &mc) {
		return nil
	}
	e := errorf(codeMissingCapability, "Missing required client capability: "+mc.Capability)
	e.data = append(jsontext.AppendString([]byte(`{"requiredCapabilities":{`), mc.Capability), `:{}}}`...)
	return e
}

// codeMissingCapability is MissingRequiredClientCapabilityError of protocol
// 2026-07-28.
const codeMissingCapability = -32021
