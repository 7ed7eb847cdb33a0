package runtime

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/mcpgen/mcpgen/internal/jsontext"
	"github.com/mcpgen/mcpgen/internal/toolname"
)

// A Prompt describes one prompt: a template of messages that a client
// offers its user (spec 2026-07-28 server/prompts).
type Prompt struct {
	// Name identifies the prompt: 1 to 128 characters from A-Z a-z 0-9 _ - .
	// It must be unique among the prompts of a Server.
	Name string
	// Title is a human-readable display name (sent to clients of protocol
	// 2025-06-18 and later).
	Title string
	// Description tells the user what the prompt is for.
	Description string
	// Arguments are the prompt's arguments, in order; every value is a
	// string.
	Arguments []PromptArgument
	// Handler returns the prompt's messages. It must not be nil.
	Handler PromptHandler
	// Scopes are the OAuth scopes a caller's token must all grant to see
	// and get the prompt, as for [Tool].Scopes.
	Scopes []string
	// Icons and Meta are as for [Tool]: images a client may show for the
	// prompt (2025-11-25 and later), and the JSON text of its _meta object
	// (2025-06-18 and later).
	Icons []Icon
	Meta  string
}

// A PromptArgument is one argument of a [Prompt].
type PromptArgument struct {
	// Name is the argument's name, unique within the prompt.
	Name string
	// Title is a human-readable display name (protocol 2025-06-18 and later).
	Title string
	// Description tells the user what to give.
	Description string
	// Required arguments must be present in prompts/get; the server answers
	// a request without one with an invalid-params error.
	Required bool
	// Enum, when not empty, lists the values the argument may take: a
	// prompts/get with another value is an invalid-params error, and
	// without Complete the argument completes from these values.
	Enum []string
	// Complete, when non-nil, completes the argument's value
	// (completion/complete). See [CompleteFrom].
	Complete Completer
}

// A PromptHandler returns the messages of a prompt for the given arguments.
// args holds every argument the client sent (required ones are always
// present). A non-nil error is sent to the client as an internal error
// (-32603) whose message is err.Error(); an error made by [InvalidParams]
// is sent as an invalid-params error (-32602) instead.
type PromptHandler func(ctx context.Context, args map[string]string) (*PromptResult, error)

// A PromptResult is the outcome of prompts/get.
type PromptResult struct {
	// Description, when not empty, describes this rendering of the prompt.
	Description string
	// Messages are the prompt's messages, in order.
	Messages []PromptMessage
	// Meta is sent as the result's _meta.
	Meta map[string]any
}

// A Role is who a [PromptMessage] is from.
type Role string

// The roles of a prompt message.
const (
	RoleUser      Role = "user"
	RoleAssistant Role = "assistant"
)

// A PromptMessage is one message of a prompt: a role and one content block
// (text, image, audio, a resource link or an embedded resource).
type PromptMessage struct {
	Role    Role
	Content Content
}

// UserMessage returns a message from the user with one text block.
func UserMessage(text string) PromptMessage {
	return PromptMessage{Role: RoleUser, Content: &TextContent{Text: text}}
}

// AssistantMessage returns a message from the assistant with one text block.
func AssistantMessage(text string) PromptMessage {
	return PromptMessage{Role: RoleAssistant, Content: &TextContent{Text: text}}
}

// PromptText returns a prompt result of one user message with text: what a
// prompt function that returns a string becomes.
func PromptText(text string) *PromptResult {
	return &PromptResult{Messages: []PromptMessage{UserMessage(text)}}
}

// prompt is a registered Prompt with its list entry encoded per version.
type prompt struct {
	Prompt
	byArg map[string]*PromptArgument
	icons []byte          // as sent, or nil
	meta  json.RawMessage // compact, or nil
}

// AddPrompt registers p. It reports an error, and registers nothing, when
// the name is invalid or already taken, an argument name is empty or
// repeated, or the handler is nil.
func (s *Server) AddPrompt(p Prompt) error {
	if !toolname.Valid(p.Name) {
		//lint:ignore ST1005 the message ends with the list of characters allowed, the last of which is '.'
		return fmt.Errorf("runtime: invalid prompt name %q: want 1 to 128 characters from A-Z a-z 0-9 _ - and .", p.Name)
	}
	if p.Handler == nil {
		return fmt.Errorf("runtime: prompt %q: nil Handler", p.Name)
	}
	rp := &prompt{Prompt: p, byArg: make(map[string]*PromptArgument, len(p.Arguments))}
	var err error
	if rp.Scopes, err = cleanScopes(fmt.Sprintf("prompt %q", p.Name), p.Scopes); err != nil {
		return err
	}
	if rp.icons, err = encodeIcons(fmt.Sprintf("prompt %q", p.Name), p.Icons); err != nil {
		return err
	}
	if rp.meta, err = compactMeta(fmt.Sprintf("prompt %q", p.Name), p.Meta); err != nil {
		return err
	}
	rp.Arguments = append([]PromptArgument(nil), p.Arguments...)
	for i := range rp.Arguments {
		a := &rp.Arguments[i]
		if a.Name == "" {
			return fmt.Errorf("runtime: prompt %q: argument %d has no name", p.Name, i)
		}
		if rp.byArg[a.Name] != nil {
			return fmt.Errorf("runtime: prompt %q: duplicate argument %q", p.Name, a.Name)
		}
		if a.Complete == nil && len(a.Enum) > 0 {
			a.Complete = CompleteFrom(a.Enum...)
		}
		rp.byArg[a.Name] = a
	}
	return addUnique(s, &s.prompts, rp, func(q *prompt) bool { return q.Name == p.Name },
		fmt.Errorf("runtime: prompt %q: duplicate prompt name", p.Name), listPrompts)
}

// addUnique appends item to *list, one of the server's registrations,
// unless an element is the same; then it reports dup. It announces the
// change of the list of kind.
func addUnique[T any](s *Server, list *[]T, item T, same func(T) bool, dup error, kind listKind) error {
	s.mu.Lock()
	if slices.ContainsFunc(*list, same) {
		s.mu.Unlock()
		return dup
	}
	*list = append(*list, item)
	s.snap.Store(nil) // the lists are recomputed on the next read
	s.mu.Unlock()
	s.listsChanged(kind)
	return nil
}

// mustRegister panics with err, if any: the MustAdd methods.
func mustRegister(err error) {
	if err != nil {
		panic(err)
	}
}

// MustAddPrompt is like [Server.AddPrompt] but panics if the prompt cannot
// be registered. Generated code calls it.
func (s *Server) MustAddPrompt(p Prompt) { mustRegister(s.AddPrompt(p)) }

type wirePromptArgument struct {
	Name        string `json:"name"`
	Title       string `json:"title,omitempty"`
	Description string `json:"description,omitempty"`
	Required    bool   `json:"required,omitempty"`
}

type wirePrompt struct {
	Name        string               `json:"name"`
	Title       string               `json:"title,omitempty"`
	Description string               `json:"description,omitempty"`
	Arguments   []wirePromptArgument `json:"arguments,omitempty"`
	Icons       json.RawMessage      `json:"icons,omitempty"`
	Meta        json.RawMessage      `json:"_meta,omitempty"`
}

func promptJSON(p *prompt, v protocol) []byte {
	w := wirePrompt{Name: p.Name, Description: p.Description}
	if v.hasTitle() {
		w.Title = p.Title
	}
	for _, a := range p.Arguments {
		wa := wirePromptArgument{Name: a.Name, Description: a.Description, Required: a.Required}
		if v.hasTitle() {
			wa.Title = a.Title
		}
		w.Arguments = append(w.Arguments, wa)
	}
	if v.hasIcons() {
		w.Icons = p.icons
	}
	if v.hasMeta() {
		w.Meta = p.meta
	}
	b, err := json.Marshal(w)
	if err != nil {
		panic("runtime: encoding prompt " + p.Name + ": " + err.Error()) // strings only
	}
	return b
}

// promptParams are the params of prompts/get.
type promptParams struct {
	metaParams
	Name           *string         `json:"name"`
	Arguments      json.RawMessage `json:"arguments"`
	InputResponses json.RawMessage `json:"inputResponses"`
	RequestState   json.RawMessage `json:"requestState"`
}

// getPrompt answers prompts/get.
func (c *conn) getPrompt(r request, p *promptParams) []byte {
	ctx, id, proto := r.ctx, r.id, r.proto
	set := c.srv.snapshot()
	if p.Name == nil {
		return errorReply(id, errorf(codeInvalidParams, "Invalid params: missing name"))
	}
	pr := set.promptByName[*p.Name]
	if pr != nil {
		switch c.srv.access(ctx, Item{ItemPrompt, pr.Name, pr.Scopes}) {
		case accessHidden:
			pr = nil
		case accessNoScope:
			return errorReply(id, errScope("prompt "+pr.Name, pr.Scopes))
		}
	}
	if pr == nil {
		return errorReply(id, errorf(codeInvalidParams, "Unknown prompt: "+*p.Name))
	}
	args, e := stringArguments(p.Arguments)
	if e != nil {
		return errorReply(id, e)
	}
	for name := range args {
		if pr.byArg[name] == nil {
			return errorReply(id, errorf(codeInvalidParams, "Invalid params: prompt "+pr.Name+" has no argument "+name))
		}
	}
	for _, a := range pr.Arguments {
		v, ok := args[a.Name]
		if a.Required && !ok {
			return errorReply(id, errorf(codeInvalidParams, "Invalid params: missing required argument "+a.Name))
		}
		if ok && len(a.Enum) > 0 && !slices.Contains(a.Enum, v) {
			return errorReply(id, errorf(codeInvalidParams, "Invalid params: argument "+a.Name+" must be one of "+strings.Join(a.Enum, ", ")))
		}
	}
	var asker *call
	key := "prompts/get " + pr.Name
	if proto.modern() {
		// The prompt may ask the client for input, the MRTR way (see
		// input_modern.go); its state is bound to the prompt and arguments.
		asker = &call{srv: c.srv, conn: c, tool: pr.Name, protocol: proto}
		if len(p.Arguments) == 0 || string(p.Arguments) == "null" {
			p.Arguments = json.RawMessage(`{}`)
		}
		if asker.input, e = c.srv.newRoundInput(parseClientCaps(p.Meta.ClientCapabilities), key, p.Arguments, p.InputResponses, p.RequestState); e != nil {
			return errorReply(id, e)
		}
		ctx = context.WithValue(ctx, callKey{}, asker)
	}
	res, err := c.srv.callPrompt(ctx, pr, args)
	if err != nil && asker != nil {
		if e := missingCapability(err); e != nil {
			return errorReply(id, e)
		}
		if errors.Is(err, ErrInputRequired) {
			ir, ierr := c.srv.inputRequired(asker.input, key, p.Arguments)
			if ir != nil && ierr == nil {
				return appendResult(nil, id, ir)
			}
		}
	}
	if err != nil {
		return errorReply(id, c.srv.handlerError("prompt "+pr.Name, err))
	}
	b, err := appendPromptResult([]byte(`{`), res)
	if err == nil {
		var meta map[string]any
		if res != nil {
			meta = res.Meta
		}
		b, err = c.srv.appendResultEnd(b, meta, proto)
	}
	if err != nil {
		c.srv.logger.Error("encoding prompt", "prompt", pr.Name, "error", err)
		return errorReply(id, errorf(codeInternalError, "Internal error: the prompt "+pr.Name+" could not be encoded"))
	}
	return appendResult(nil, id, b)
}

// callPrompt runs the handler, recovering a panic into an error.
func (s *Server) callPrompt(ctx context.Context, p *prompt, args map[string]string) (res *PromptResult, err error) {
	defer s.recoverHandler("prompt "+p.Name, &err)
	return p.Handler(ctx, args)
}

// stringArguments reads an arguments object whose values are strings.
func stringArguments(raw json.RawMessage) (map[string]string, *rpcError) {
	args := map[string]string{}
	if len(raw) == 0 || string(raw) == "null" {
		return args, nil
	}
	if raw[0] != '{' {
		return nil, errorf(codeInvalidParams, "Invalid params: arguments must be an object")
	}
	var bad string
	ok := jsontext.EachMember(raw, func(key, value []byte) {
		v, isString := jsontext.Unquote(value)
		if !isString && bad == "" {
			bad = string(key)
		}
		args[string(key)] = v
	})
	if !ok {
		return nil, errorf(codeInvalidParams, "Invalid params: arguments must be an object")
	}
	if bad != "" {
		return nil, errorf(codeInvalidParams, "Invalid params: argument "+bad+" must be a string")
	}
	return args, nil
}

func appendPromptResult(b []byte, r *PromptResult) ([]byte, error) {
	if r == nil {
		r = &PromptResult{}
	}
	if r.Description != "" {
		b = append(b, `"description":`...)
		b = jsontext.AppendString(b, r.Description)
		b = append(b, ',')
	}
	b = append(b, `"messages":[`...)
	for i, m := range r.Messages {
		if i > 0 {
			b = append(b, ',')
		}
		role := m.Role
		if role == "" {
			role = RoleUser
		}
		b = append(b, `{"role":`...)
		b = jsontext.AppendString(b, string(role))
		b = append(b, `,"content":`...)
		content := m.Content
		if content == nil {
			content = &TextContent{}
		}
		var err error
		if b, err = content.appendContent(b); err != nil {
			return b, err
		}
		b = append(b, '}')
	}
	return append(b, ']'), nil
}
