//go:build race

package runtime

// raceEnabled lets tests that move tens of megabytes shrink under the race
// detector, which slows encoding/json about tenfold.
const raceEnabled = true
