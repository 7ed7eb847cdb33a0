package runtime

// This file names the protocol versions the server speaks and what each one
// allows (spec 2026-07-28 basic/versioning, spec 2025-11-25 basic/lifecycle,
// spec 2026-07-28 server/tools, spec 2025-03-26 basic).

// protocol is one supported protocol version, ordered oldest to newest.
type protocol uint8

const (
	proto20241105 protocol = iota
	proto20250326
	proto20250618
	proto20251125
	proto20260728 // modern, stateless
	numProtocols
)

// latestLegacy is the answer to an initialize request for a version the
// server does not support (spec 2025-11-25 basic/lifecycle: "SHOULD be its latest").
const latestLegacy = proto20251125

// defaultLegacy is the protocol assumed for a request that arrives with
// neither modern _meta nor a prior initialize (the lenient reading that
// spec 2026-07-28 basic/transports/streamable-http and spec 2025-11-25
// basic/transports allow for HTTP; used on every transport).
const defaultLegacy = proto20250326

var protocolNames = [numProtocols]string{
	proto20241105: "2024-11-05",
	proto20250326: "2025-03-26",
	proto20250618: "2025-06-18",
	proto20251125: "2025-11-25",
	proto20260728: "2026-07-28",
}

// supportedVersionsJSON lists every version, newest first, as sent in
// server/discover and in the data of an unsupported-version error.
const supportedVersionsJSON = `["2026-07-28","2025-11-25","2025-06-18","2025-03-26","2024-11-05"]`

func (p protocol) String() string { return protocolNames[p] }

// parseProtocol returns the protocol named v.
func parseProtocol(v string) (protocol, bool) {
	for p, name := range protocolNames {
		if name == v {
			return protocol(p), true
		}
	}
	return 0, false
}

func (p protocol) modern() bool { return p >= proto20260728 }

// hasAnnotations: tool annotations exist since 2025-03-26.
func (p protocol) hasAnnotations() bool { return p >= proto20250326 }

// hasTitle: Tool.title, outputSchema, structuredContent and
// Implementation.title exist since 2025-06-18.
func (p protocol) hasTitle() bool { return p >= proto20250618 }

// hasStructured: outputSchema and structuredContent exist since 2025-06-18.
func (p protocol) hasStructured() bool { return p >= proto20250618 }
