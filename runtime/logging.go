package runtime

import (
	"context"
	"encoding/json"
	"log/slog"
	"slices"
	"time"
)

// This file implements [Logger]: a tool's log records go to the server's
// stderr logger and, when the client asked for them, to the client as
// notifications/message (spec 2026-07-28 server/utilities/logging).

// logLevel is an MCP logging level, ordered by severity.
type logLevel int8

const levelOff logLevel = -1

var levelNames = [...]string{"debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"}

func parseLevel(s string) (logLevel, bool) {
	i := slices.Index(levelNames[:], s)
	return logLevel(i), i >= 0
}

// mcpLevel maps a slog level to the MCP level it falls in. slog's four
// levels map to debug, info, warning and error; the levels between and
// above them (Info+2, Error+4, Error+8, Error+12) map to notice, critical,
// alert and emergency.
func mcpLevel(l slog.Level) logLevel {
	switch {
	case l < slog.LevelInfo:
		return 0 // debug
	case l < slog.LevelInfo+2:
		return 1 // info
	case l < slog.LevelWarn:
		return 2 // notice
	case l < slog.LevelError:
		return 3 // warning
	case l < slog.LevelError+4:
		return 4 // error
	case l < slog.LevelError+8:
		return 5 // critical
	case l < slog.LevelError+12:
		return 6 // alert
	}
	return 7 // emergency
}

// Logger returns a logger for the tool call that ctx belongs to. Records go
// to the server's logger (stderr by default, see [WithLogger]) and, when the
// client enabled logging, also to the client as notifications/message at or
// above the client's level. Legacy clients enable logging with
// logging/setLevel; modern clients put io.modelcontextprotocol/logLevel in
// the request's _meta. The client sees the message and attributes, so never
// log secrets there. Once the call has become a task (see [TaskOptional]),
// records go to the server's logger only: its request is answered, and the
// tasks extension carries no log messages (tasks/get shows a status and
// the last progress report, see [ReportProgress]). Outside a tool call,
// Logger returns [slog.Default]().
func Logger(ctx context.Context) *slog.Logger {
	c := callFrom(ctx)
	if c == nil {
		return slog.Default()
	}
	return slog.New(&clientHandler{call: c, base: c.srv.logger.Handler().WithAttrs([]slog.Attr{slog.String("tool", c.tool)})})
}

// clientHandler tees records to the base handler and to the client.
type clientHandler struct {
	call *call
	base slog.Handler
	// goas holds the WithAttrs and WithGroup calls, in order, to rebuild
	// the structure of a record's data for the client.
	goas []groupOrAttrs
}

type groupOrAttrs struct {
	group string
	attrs []slog.Attr
}

func (h *clientHandler) Enabled(ctx context.Context, l slog.Level) bool {
	return h.base.Enabled(ctx, l) || h.call.clientLogs(l)
}

func (h *clientHandler) Handle(ctx context.Context, r slog.Record) error {
	var err error
	if h.base.Enabled(ctx, r.Level) {
		err = h.base.Handle(ctx, r)
	}
	if h.call.clientLogs(r.Level) {
		h.call.sendLog(r.Level, h.data(r))
	}
	return err
}

func (h *clientHandler) WithAttrs(attrs []slog.Attr) slog.Handler {
	if len(attrs) == 0 {
		return h
	}
	return &clientHandler{call: h.call, base: h.base.WithAttrs(attrs),
		goas: append(slices.Clip(h.goas), groupOrAttrs{attrs: attrs})}
}

func (h *clientHandler) WithGroup(name string) slog.Handler {
	if name == "" {
		return h
	}
	return &clientHandler{call: h.call, base: h.base.WithGroup(name),
		goas: append(slices.Clip(h.goas), groupOrAttrs{group: name})}
}

// data builds the notification's data: an object with the message and the
// attributes, groups as nested objects.
func (h *clientHandler) data(r slog.Record) map[string]any {
	root := map[string]any{"message": r.Message}
	cur := root
	for _, g := range h.goas {
		if g.group != "" {
			next := map[string]any{}
			cur[g.group] = next
			cur = next
			continue
		}
		for _, a := range g.attrs {
			addAttr(cur, a)
		}
	}
	r.Attrs(func(a slog.Attr) bool {
		addAttr(cur, a)
		return true
	})
	return root
}

func addAttr(m map[string]any, a slog.Attr) {
	v := a.Value.Resolve()
	if v.Kind() == slog.KindGroup {
		attrs := v.Group()
		if len(attrs) == 0 {
			return
		}
		dst := m
		if a.Key != "" {
			dst = map[string]any{}
			m[a.Key] = dst
		}
		for _, ga := range attrs {
			addAttr(dst, ga)
		}
		return
	}
	if a.Key == "" {
		return
	}
	switch v.Kind() {
	case slog.KindTime:
		m[a.Key] = v.Time().Format(time.RFC3339Nano)
	case slog.KindDuration:
		m[a.Key] = v.Duration().String()
	case slog.KindAny:
		x := v.Any()
		if err, ok := x.(error); ok {
			m[a.Key] = err.Error()
		} else if _, err := json.Marshal(x); err != nil {
			m[a.Key] = v.String()
		} else {
			m[a.Key] = x
		}
	default:
		m[a.Key] = v.Any()
	}
}
