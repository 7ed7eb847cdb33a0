package runtime

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"sync"

	"github.com/mcpgen/mcpgen/internal/jsontext"
	"github.com/mcpgen/mcpgen/internal/validate"
)

// This file is the API a tool uses to ask the client for input while it
// runs: elicitation (a form the user fills in), sampling (a completion from
// the client's model) and the client's roots. The same tool code works in
// both eras of the protocol:
//
//   - Legacy clients (2025-11-25 and earlier) get a JSON-RPC request from
//     the server, on stdio or on the event stream of the call's HTTP POST,
//     and the tool waits for the answer
//     (https://modelcontextprotocol.io/specification/2025-11-25/client/elicitation).
//   - Modern clients (2026-07-28) get an input_required result that lists
//     every question the tool asked, with a signed requestState; they
//     answer by calling the tool again with inputResponses, and the tool
//     runs again from the start, now finding its answers
//     (https://modelcontextprotocol.io/specification/2026-07-28/basic/utilities/mrtr).

// ErrInputRequired is returned (wrapped) by [Elicit], [ElicitSchema],
// [Sample] and [ListRoots] under protocol 2026-07-28 when the client has
// not answered the question yet. A tool returns it, as it returns any
// error; the server then answers the call with an input_required result
// that carries every question the tool asked in this round, and calls the
// tool again, from the start, when the client has answered.
//
// A tool that asks several questions should ask them all before returning
// ErrInputRequired (for example with errors.Join of their errors), so that
// the client gets them in one round.
var ErrInputRequired = errors.New("input required from the client")

// A MissingCapabilityError reports that the client did not declare the
// capability a question needs (elicitation, sampling or roots). A tool that
// returns it (or an error wrapping it) fails the call: under protocol
// 2026-07-28 with the JSON-RPC error -32021
// (MissingRequiredClientCapabilityError, HTTP 400), under older protocols
// with an isError result.
type MissingCapabilityError struct {
	Capability string // "elicitation", "sampling" or "roots"
}

func (e *MissingCapabilityError) Error() string {
	return "the client did not declare the " + e.Capability + " capability"
}

// A ClientError is an error the client answered a question with.
type ClientError struct {
	Code    int
	Message string
}

func (e *ClientError) Error() string {
	return "client error " + strconv.Itoa(e.Code) + ": " + e.Message
}

// ErrNoStream is returned to a legacy HTTP client's call when no event
// stream can carry the question: its POST does not accept (or no longer
// has) text/event-stream, and its session has no GET stream open, or one
// whose queue is full (its client does not read it; docs/guarantees.md).
var ErrNoStream = errors.New("the client cannot receive the question: no event stream (its request does not accept text/event-stream and its session has no GET stream it reads)")

// questionOutKey is the context key of the carrier of a legacy call.
type questionOutKey struct{}

// A carrier is the message that carries a legacy call when that is not the
// connection itself: the POST of an HTTP request, whose exchange
// implements it. The call's questions to the client travel on it, and a
// call that its client cancels frees it.
type carrier interface {
	// notify sends a message on the carrier's event stream, and reports
	// false when that stream cannot carry it.
	notify(msg []byte) bool
	// free ends the carrier as if the call had been answered with nothing.
	free()
}

// An InputOption configures one question to the client.
type InputOption func(*inputOptions)

type inputOptions struct {
	key string
}

// InputKey names a question in the inputRequests of a protocol 2026-07-28
// input_required result. Without it, questions are named after their kind
// and their order in the call ("elicitation-1", "sampling-1", "roots-1",
// "elicitation-2", ...), which is stable as long as the tool asks the same
// questions in the same order each time it runs. Keys are not sent to
// legacy clients.
func InputKey(key string) InputOption {
	return func(o *inputOptions) { o.key = key }
}

// ElicitAction is how the user answered an elicitation.
type ElicitAction string

// The actions of an elicitation result.
const (
	ElicitAccept  ElicitAction = "accept"  // the user submitted the form
	ElicitDecline ElicitAction = "decline" // the user declined to answer
	ElicitCancel  ElicitAction = "cancel"  // the user dismissed the form
)

// An Elicitation is the user's answer to [Elicit]: Content holds the form's
// values when Action is [ElicitAccept], and is zero otherwise.
type Elicitation[T any] struct {
	Action  ElicitAction
	Content T
}

// Accepted reports whether the user submitted the form.
func (e Elicitation[T]) Accepted() bool { return e.Action == ElicitAccept }

// Elicit asks the user, through the client, to fill in a form for a value
// of type T, with message as the question (form mode of
// https://modelcontextprotocol.io/specification/2025-11-25/client/elicitation).
//
// The form's schema is the JSON Schema of T that mcpgen derives at generate
// time, like the schema of a tool's arguments: T is a struct whose fields
// are strings, numbers, integers, booleans, or enums of those, with
// descriptions, defaults and bounds from the same jsonschema tags. The
// generated file registers it (see [RegisterElicitSchema]). The answer is
// validated against that schema before it is decoded into T.
//
// See [ErrInputRequired] and [MissingCapabilityError] for the errors every
// question can return; a client that answers with a JSON-RPC error gives a
// [*ClientError].
func Elicit[T any](ctx context.Context, message string, opts ...InputOption) (Elicitation[T], error) {
	var out Elicitation[T]
	schema, ok := elicitSchemas.Load(reflect.TypeFor[T]())
	if !ok {
		return out, fmt.Errorf("runtime.Elicit: no form schema for %v: run go generate (mcpgen registers the schema of every type a tool elicits)", reflect.TypeFor[T]())
	}
	es := schema.(*elicitSchema)
	raw, err := askElicit(ctx, message, es, opts)
	if err != nil {
		return out, err
	}
	out.Action = raw.Action
	if raw.Action == ElicitAccept {
		if err := json.Unmarshal(raw.Content, &out.Content); err != nil {
			return Elicitation[T]{}, fmt.Errorf("elicitation answer: %w", err)
		}
	}
	return out, nil
}

// ElicitSchema is [Elicit] with a schema given as JSON text instead of a Go
// type: a flat object schema whose properties are primitive (string,
// number, integer, boolean, or an enum), as elicitation requires. The
// answer's content is returned as JSON, validated against the schema.
func ElicitSchema(ctx context.Context, message string, schema string, opts ...InputOption) (Elicitation[json.RawMessage], error) {
	es, err := compileElicitSchema(schema)
	if err != nil {
		return Elicitation[json.RawMessage]{}, fmt.Errorf("runtime.ElicitSchema: %w", err)
	}
	return askElicit(ctx, message, es, opts)
}

// elicitSchemas maps a Go type to its registered form schema.
var elicitSchemas sync.Map // reflect.Type -> *elicitSchema

// RegisterElicitSchema registers the form schema of T for [Elicit]. Code
// generated by mcpgen calls it for every type that its package's tools
// elicit; schema is JSON text. It panics if the schema is not a valid form
// schema.
func RegisterElicitSchema[T any](schema string) {
	es, err := compileElicitSchema(schema)
	if err != nil {
		panic(fmt.Sprintf("runtime.RegisterElicitSchema[%v]: %v", reflect.TypeFor[T](), err))
	}
	elicitSchemas.Store(reflect.TypeFor[T](), es)
}

// elicitSchema is a compiled form schema.
type elicitSchema struct {
	text      json.RawMessage // compact
	validator *validate.Validator
}

func compileElicitSchema(schema string) (*elicitSchema, error) {
	text, err := compactSchema(schema, true)
	if err != nil {
		return nil, err
	}
	v, err := validate.Compile(string(text))
	if err != nil {
		return nil, err
	}
	return &elicitSchema{text: text, validator: v}, nil
}

func askElicit(ctx context.Context, message string, es *elicitSchema, opts []InputOption) (Elicitation[json.RawMessage], error) {
	var out Elicitation[json.RawMessage]
	// Form mode is named from 2025-11-25 on, which added other modes.
	params := []byte(`{"message":`)
	if c := callFrom(ctx); c != nil && c.protocol >= proto20251125 {
		params = []byte(`{"mode":"form","message":`)
	}
	params = jsontext.AppendString(params, message)
	params = append(params, `,"requestedSchema":`...)
	params = append(append(params, es.text...), '}')
	err := ask(ctx, capElicitation, params, opts, func(raw json.RawMessage) error {
		var r struct {
			Action  ElicitAction    `json:"action"`
			Content json.RawMessage `json:"content"`
		}
		if json.Unmarshal(raw, &r) != nil {
			return &answerError{capElicitation, "not an elicitation result"}
		}
		switch r.Action {
		case ElicitAccept:
			content := r.Content
			if len(content) == 0 || string(content) == "null" {
				content = json.RawMessage(`{}`)
			}
			if err := es.validator.Validate(content); err != nil {
				return &answerError{capElicitation, "the form's content does not match its schema: " + err.Error()}
			}
			out.Content = content
		case ElicitDecline, ElicitCancel:
		default:
			return &answerError{capElicitation, "unknown action " + strconv.Quote(string(r.Action))}
		}
		out.Action = r.Action
		return nil
	})
	return out, err
}

// A SamplingRequest asks the client's model for a message
// (sampling/createMessage,
// https://modelcontextprotocol.io/specification/2025-11-25/client/sampling).
type SamplingRequest struct {
	Messages         []SamplingMessage `json:"messages"`
	SystemPrompt     string            `json:"systemPrompt,omitempty"`
	MaxTokens        int               `json:"maxTokens"`
	Temperature      *float64          `json:"temperature,omitempty"`
	StopSequences    []string          `json:"stopSequences,omitempty"`
	ModelPreferences json.RawMessage   `json:"modelPreferences,omitempty"`
	IncludeContext   string            `json:"includeContext,omitempty"` // "none", "thisServer" or "allServers"
	Metadata         json.RawMessage   `json:"metadata,omitempty"`
}

// A SamplingMessage is one message of a sampling conversation.
type SamplingMessage struct {
	Role    string          `json:"role"` // "user" or "assistant"
	Content SamplingContent `json:"content"`
}

// SamplingContent is one content block of a sampling message: text, or
// image or audio data (Data is base64-encoded on the wire).
type SamplingContent struct {
	Type     string `json:"type"` // "text", "image" or "audio"
	Text     string `json:"text,omitempty"`
	Data     []byte `json:"data,omitempty"`
	MIMEType string `json:"mimeType,omitempty"`
}

// UserText returns a user message with one text block.
func UserText(text string) SamplingMessage {
	return SamplingMessage{Role: "user", Content: SamplingContent{Type: "text", Text: text}}
}

// A SamplingResult is the client model's answer.
type SamplingResult struct {
	Role       string          `json:"role"`
	Content    SamplingContent `json:"content"`
	Model      string          `json:"model"`
	StopReason string          `json:"stopReason,omitempty"`
}

// Sample asks the client's model for a message. See [ErrInputRequired] and
// [MissingCapabilityError] for the errors every question can return.
func Sample(ctx context.Context, req *SamplingRequest, opts ...InputOption) (*SamplingResult, error) {
	if req.Messages == nil {
		req.Messages = []SamplingMessage{}
	}
	params, err := json.Marshal(req)
	if err != nil {
		return nil, fmt.Errorf("runtime.Sample: %w", err)
	}
	var res SamplingResult
	err = ask(ctx, capSampling, params, opts, func(raw json.RawMessage) error {
		var r struct {
			SamplingResult
			Content json.RawMessage `json:"content"`
		}
		if json.Unmarshal(raw, &r) != nil || r.Role == "" || len(r.Content) == 0 {
			return &answerError{capSampling, "not a sampling result"}
		}
		// 2025-11-25 allows an array of blocks; the first one is the message.
		content := r.Content
		if content[0] == '[' {
			var blocks []json.RawMessage
			if json.Unmarshal(content, &blocks) != nil || len(blocks) == 0 {
				return &answerError{capSampling, "empty content"}
			}
			content = blocks[0]
		}
		if json.Unmarshal(content, &r.SamplingResult.Content) != nil || r.SamplingResult.Content.Type == "" {
			return &answerError{capSampling, "content is not a content block"}
		}
		res = r.SamplingResult
		return nil
	})
	if err != nil {
		return nil, err
	}
	return &res, nil
}

// A Root is a directory or file the client lets the server work in.
type Root struct {
	URI  string `json:"uri"`            // a file:// URI
	Name string `json:"name,omitempty"` // optional display name
}

// ListRoots asks the client for its roots (roots/list,
// https://modelcontextprotocol.io/specification/2025-11-25/client/roots).
// See [ErrInputRequired] and [MissingCapabilityError] for the errors every
// question can return.
func ListRoots(ctx context.Context, opts ...InputOption) ([]Root, error) {
	var roots []Root
	err := ask(ctx, capRoots, []byte(`{}`), opts, func(raw json.RawMessage) error {
		var r struct {
			Roots *[]Root `json:"roots"`
		}
		if json.Unmarshal(raw, &r) != nil || r.Roots == nil {
			return &answerError{capRoots, "not a roots/list result"}
		}
		for _, root := range *r.Roots {
			if root.URI == "" {
				return &answerError{capRoots, "a root has no uri"}
			}
		}
		roots = *r.Roots
		return nil
	})
	return roots, err
}

// answerError is a malformed answer from the client.
type answerError struct {
	cap    capability
	reason string
}

func (e *answerError) Error() string {
	return "malformed " + e.cap.method() + " answer from the client: " + e.reason
}

// capability is a client capability that a question needs.
type capability uint8

const (
	capElicitation capability = iota
	capSampling
	capRoots
)

func (c capability) String() string {
	return [...]string{"elicitation", "sampling", "roots"}[c]
}

func (c capability) method() string {
	return [...]string{"elicitation/create", "sampling/createMessage", "roots/list"}[c]
}

// clientCaps records which of the capabilities a question needs a client
// declared.
type clientCaps [3]bool

// parseClientCaps reads a ClientCapabilities object. A capability is
// declared when its member is an object; elicitation in form mode needs an
// empty object (form mode by default) or a form member.
func parseClientCaps(raw []byte) clientCaps {
	var c clientCaps
	if len(raw) == 0 || raw[0] != '{' {
		return c
	}
	jsontext.EachMember(raw, func(key, value []byte) {
		if len(value) == 0 || value[0] != '{' {
			return
		}
		switch string(key) {
		case "elicitation":
			form, other := false, false
			jsontext.EachMember(value, func(k, _ []byte) {
				if string(k) == "form" {
					form = true
				} else if string(k) == "url" {
					other = true
				}
			})
			c[capElicitation] = form || !other
		case "sampling":
			c[capSampling] = true
		case "roots":
			c[capRoots] = true
		}
	})
	return c
}

// ask puts one question to the client of the call in ctx and hands the
// answer to decode, which reports a malformed answer.
func ask(ctx context.Context, cp capability, params []byte, opts []InputOption, decode func(json.RawMessage) error) error {
	c := callFrom(ctx)
	if c == nil {
		return errors.New("runtime: " + cp.method() + " asked outside a tool call")
	}
	var o inputOptions
	for _, opt := range opts {
		opt(&o)
	}
	if c.protocol.modern() {
		return c.input.ask(ctx, c.task, cp, o.key, params, decode)
	}
	if c.local != nil {
		// An in-process call (Server.Call) asks whom its options say.
		if c.local.Ask == nil {
			return &MissingCapabilityError{Capability: cp.String()}
		}
		raw, err := c.local.Ask(ctx, cp.method(), params)
		if err != nil {
			return err
		}
		return decode(raw)
	}
	raw, err := c.askLegacy(ctx, cp, params)
	if err != nil {
		return err
	}
	return decode(raw)
}
