//go:build race

package validate

// raceEnabled says the race detector is on: sync.Pool then drops items at
// random.
const raceEnabled = true
