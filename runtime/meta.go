package runtime

import (
	"encoding/json"
	"errors"

	"github.com/mcpgen/mcpgen/internal/jsontext"
)

// This file reads the _meta of a request's params and decides which era the
// request belongs to (spec 2026-07-28 basic, spec 2026-07-28 basic/versioning).

// The modern per-request _meta keys.
const (
	metaProtocolVersion    = "io.modelcontextprotocol/protocolVersion"
	metaClientCapabilities = "io.modelcontextprotocol/clientCapabilities"
	metaClientInfo         = "io.modelcontextprotocol/clientInfo"
	metaLogLevel           = "io.modelcontextprotocol/logLevel"
)

// requestMeta is the _meta of any request's params (nil fields: absent).
// ProtocolVersion and LogLevel hold the raw JSON value when it is not a
// string, which era reports.
type requestMeta struct {
	ProtocolVersion    *string
	ClientCapabilities json.RawMessage
	ClientInfo         json.RawMessage
	LogLevel           *string
	ProgressToken      json.RawMessage
	badString          string // the key of a member that should be a string
}

// parseMeta reads the _meta object raw (nil when absent or null).
func parseMeta(raw []byte) (*requestMeta, *rpcError) {
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	m := new(requestMeta)
	if e := m.parse(raw); e != nil {
		return nil, e
	}
	return m, nil
}

// parse reads the _meta raw, not empty nor null, into m.
func (m *requestMeta) parse(raw []byte) *rpcError {
	ok := jsontext.EachMember(raw, func(key, value []byte) {
		switch string(key) {
		case metaProtocolVersion:
			m.ProtocolVersion = m.stringMember(metaProtocolVersion, value)
		case metaClientCapabilities:
			m.ClientCapabilities = value
		case metaClientInfo:
			m.ClientInfo = value
		case metaLogLevel:
			m.LogLevel = m.stringMember(metaLogLevel, value)
		case "progressToken":
			m.ProgressToken = value
		}
	})
	if !ok {
		return errorf(codeInvalidParams, "Invalid params: _meta must be an object")
	}
	return nil
}

func (m *requestMeta) stringMember(key string, value []byte) *string {
	s, ok := jsontext.Unquote(value)
	if !ok {
		m.badString = key
	}
	return &s
}

// UnmarshalJSON lets the params structs of other methods embed a
// *requestMeta and read it the same way.
func (m *requestMeta) UnmarshalJSON(raw []byte) error {
	p, err := parseMeta(raw)
	if err != nil {
		return errors.New(err.message)
	}
	*m = *p
	return nil
}

// metaParams is embedded in every method's params struct.
type metaParams struct {
	Meta *requestMeta `json:"_meta"`
}

func (m *metaParams) requestMeta() *requestMeta { return m.Meta }

// requestEra is what the _meta of one request says about how to serve it.
type requestEra struct {
	modern   bool
	logLevel logLevel // modern only: the per-request level, levelOff if none
}

// era classifies a request by its _meta. A request is modern when its _meta
// carries any io.modelcontextprotocol/ key. It then needs a supported
// protocolVersion (else -32022, or -32602 when absent) and clientCapabilities
// (else -32602). A protocolVersion naming a legacy version marks the request
// as legacy: those versions are negotiated by initialize, not per request.
func (m *requestMeta) era() (requestEra, *rpcError) {
	e := requestEra{logLevel: levelOff}
	if m == nil || (m.ProtocolVersion == nil && m.ClientCapabilities == nil && m.ClientInfo == nil && m.LogLevel == nil) {
		return e, nil
	}
	if m.badString != "" {
		return e, errorf(codeInvalidParams, "Invalid _meta field "+m.badString+": not a string")
	}
	if m.ProtocolVersion == nil {
		return e, errorf(codeInvalidParams, "Missing _meta field "+metaProtocolVersion)
	}
	v := *m.ProtocolVersion
	p, ok := parseProtocol(v)
	if ok && !p.modern() {
		return e, nil
	}
	if !ok {
		err := errorf(codeUnsupportedProtocol, "Unsupported protocol version")
		err.data = jsontext.AppendString([]byte(`{"supported":`+supportedVersionsJSON+`,"requested":`), v)
		err.data = append(err.data, '}')
		return e, err
	}
	if len(m.ClientCapabilities) == 0 || m.ClientCapabilities[0] != '{' {
		return e, errorf(codeInvalidParams, "Missing or invalid _meta field "+metaClientCapabilities)
	}
	e.modern = true
	if m.LogLevel != nil {
		l, ok := parseLevel(*m.LogLevel)
		if !ok {
			return e, errorf(codeInvalidParams, "Invalid _meta field "+metaLogLevel+": not a log level")
		}
		e.logLevel = l
	}
	return e, nil
}

// decodeParams decodes raw params into v. Absent or null params leave v
// zero. Params that are not an object, or whose members have the wrong
// types, do not fit the request's schema: -32602.
func decodeParams(raw json.RawMessage, v any) *rpcError {
	if len(raw) == 0 || string(raw) == "null" {
		return nil
	}
	if raw[0] != '{' {
		return errorf(codeInvalidParams, "Invalid params: not an object")
	}
	if err := json.Unmarshal(raw, v); err != nil {
		// Name the member, not the Go type it was meant for.
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) && te.Field != "" {
			return errorf(codeInvalidParams, "Invalid params: "+te.Field+" has the wrong type ("+te.Value+")")
		}
		return errorf(codeInvalidParams, "Invalid params")
	}
	return nil
}
