package runtime

import "time"

// DefaultShutdownGrace is how long [Server.ListenAndServeHTTP] lets calls in
// flight finish after its context is done, before it cancels them.
const DefaultShutdownGrace = 30 * time.Second
