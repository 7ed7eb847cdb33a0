package runtime

import (
	"errors"
	"os"
)

// This file keeps standard output for protocol messages while ServeStdio
// runs: whatever else in the process writes to it (fmt.Print in a tool, a
// library that logs to stdout, a child process that inherits it) goes to
// standard error instead, where it cannot be read as a message, and cannot
// forge or break one.

// stdoutTaken is a standard output taken for protocol messages.
type stdoutTaken struct {
	out     *os.File // where protocol messages go
	restore func()   // gives standard output back
}

// takeStdout takes standard output for protocol messages: the platform's
// takeStdoutFD where file descriptors can be duplicated, else (or when that
// fails) os.Stdout is pointed at os.Stderr, which covers the writes that
// go through os.Stdout but not a child process.
func takeStdout() (stdoutTaken, error) {
	t, err := takeStdoutFD()
	if err == nil {
		return t, nil
	}
	real := os.Stdout
	os.Stdout = os.Stderr
	return stdoutTaken{out: real, restore: func() { os.Stdout = real }}, err
}

// errUnsupported is takeStdoutFD's error where there are no descriptors to
// duplicate.
var errUnsupported = errors.New("no file descriptors to duplicate on this platform")
