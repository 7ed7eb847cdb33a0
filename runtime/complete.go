package runtime

import (
	"context"
	"errors"
	"strconv"
	"strings"

	"github.com/mcpgen/mcpgen/internal/jsontext"
)

// A Completer suggests values for an argument of a prompt or a variable of
// a resource template (completion/complete, spec 2026-07-28
// server/utilities/completion).
type Completer func(ctx context.Context, req CompleteRequest) (*Completion, error)

// A CompleteRequest is what the client has typed so far.
type CompleteRequest struct {
	// Argument is the name of the argument or template variable.
	Argument string
	// Value is its partial value.
	Value string
	// Context holds the values of the other arguments or variables that
	// the client has already resolved, when it sent them.
	Context map[string]string
}

// A Completion is a list of suggestions. At most 100 values are sent; with
// more, the first 100 are sent with hasMore set.
type Completion struct {
	Values []string
	// Total is the number of suggestions in all, when known (0: not sent).
	Total int
	// HasMore reports that there are more suggestions than Values.
	HasMore bool
}

// maxCompletions is how many values one completion result may carry
// (spec 2026-07-28 schema: CompleteResult).
const maxCompletions = 100

// CompleteFrom returns a Completer that suggests those of values that begin
// with what the client typed, in the given order: what the generator uses
// for an argument whose Go type is an enum.
func CompleteFrom(values ...string) Completer {
	return func(_ context.Context, req CompleteRequest) (*Completion, error) {
		var out []string
		for _, v := range values {
			if strings.HasPrefix(v, req.Value) {
				out = append(out, v)
			}
		}
		return &Completion{Values: out, Total: len(out)}, nil
	}
}

// completeParams are the params of completion/complete.
type completeParams struct {
	metaParams
	Ref *struct {
		Type string `json:"type"`
		Name string `json:"name"`
		URI  string `json:"uri"`
	} `json:"ref"`
	Argument *struct {
		Name  string `json:"name"`
		Value string `json:"value"`
	} `json:"argument"`
	Context *struct {
		Arguments map[string]string `json:"arguments"`
	} `json:"context"`
}

// complete answers completion/complete.
func (c *conn) complete(r request, p *completeParams) []byte {
	ctx, id, proto := r.ctx, r.id, r.proto
	set := c.srv.snapshot()
	if p.Ref == nil || p.Argument == nil {
		return errorReply(id, errorf(codeInvalidParams, "Invalid params: completion/complete needs ref and argument"))
	}
	var completer Completer
	switch p.Ref.Type {
	case "ref/prompt":
		pr := set.promptByName[p.Ref.Name]
		if pr != nil && c.srv.access(ctx, Item{ItemPrompt, pr.Name, pr.Scopes}) != accessOK {
			pr = nil // completing a prompt's arguments is part of getting it
		}
		if pr == nil {
			return errorReply(id, errorf(codeInvalidParams, "Unknown prompt: "+p.Ref.Name))
		}
		a := pr.byArg[p.Argument.Name]
		if a == nil {
			return errorReply(id, errorf(codeInvalidParams, "Invalid params: prompt "+pr.Name+" has no argument "+p.Argument.Name))
		}
		completer = a.Complete
	case "ref/resource":
		r := set.resourceByURI[p.Ref.URI]
		if r == nil {
			r = set.templateByURI[p.Ref.URI]
		}
		if r != nil {
			if a, _ := c.srv.resourceAccess(ctx, set, r); a != accessOK {
				r = nil
			}
		}
		if r == nil {
			return errorReply(id, notFound(p.Ref.URI))
		}
		if r.template == nil || !r.template.HasVar(p.Argument.Name) {
			return errorReply(id, errorf(codeInvalidParams, "Invalid params: resource "+r.uri+" has no variable "+p.Argument.Name))
		}
		completer = r.complete[p.Argument.Name]
	default:
		return errorReply(id, errorf(codeInvalidParams, "Invalid params: unknown ref type "+strconv.Quote(p.Ref.Type)))
	}
	res := &Completion{}
	if completer != nil {
		req := CompleteRequest{Argument: p.Argument.Name, Value: p.Argument.Value}
		if p.Context != nil {
			req.Context = p.Context.Arguments
		}
		var err error
		if res, err = c.srv.callCompleter(ctx, completer, req); err != nil {
			return errorReply(id, c.srv.handlerError("completion", err))
		}
		if res == nil {
			res = &Completion{}
		}
	}
	values, more := res.Values, res.HasMore
	if len(values) > maxCompletions {
		values, more = values[:maxCompletions], true
	}
	b := append(make([]byte, 0, 128), `{"completion":{"values":[`...)
	for i, v := range values {
		if i > 0 {
			b = append(b, ',')
		}
		b = jsontext.AppendString(b, v)
	}
	b = append(b, ']')
	if total := max(res.Total, len(res.Values)); total > 0 {
		b = append(b, `,"total":`...)
		b = strconv.AppendInt(b, int64(total), 10)
	}
	if more {
		b = append(b, `,"hasMore":true`...)
	}
	b = append(b, '}')
	b, _ = c.srv.appendResultEnd(b, nil, proto)
	return appendResult(nil, id, b)
}

func (s *Server) callCompleter(ctx context.Context, f Completer, req CompleteRequest) (res *Completion, err error) {
	defer s.recoverHandler("completer of "+req.Argument, &err)
	return f(ctx, req)
}

// InvalidParams returns an error that a prompt, resource or completion
// handler returns to answer with an invalid-params error (-32602) whose
// message is text, rather than an internal error: an argument value the
// handler cannot use.
func InvalidParams(text string) error { return &paramsError{text} }

type paramsError struct{ text string }

func (e *paramsError) Error() string { return e.text }

// handlerError is the JSON-RPC error for the error a prompt, resource or
// completion handler returned.
func (s *Server) handlerError(what string, err error) *rpcError {
	var pe *paramsError
	if errors.As(err, &pe) {
		return errorf(codeInvalidParams, "Invalid params: "+pe.text)
	}
	var he *handlerPanic
	if errors.As(err, &he) {
		return errorf(codeInternalError, "Internal error: the "+what+" failed")
	}
	return errorf(codeInternalError, err.Error())
}

// handlerPanic is the error of a handler that panicked; its details are
// logged, not sent.
type handlerPanic struct{}

func (handlerPanic) Error() string { return "panic" }

// recoverHandler turns a panic of a handler into an error, after logging it
// with its stack.
func (s *Server) recoverHandler(what string, err *error) {
	if r := recover(); r != nil {
		s.logger.Error("handler panicked", "handler", what, "panic", r, "stack", stack())
		*err = &handlerPanic{}
	}
}
