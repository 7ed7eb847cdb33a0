//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package runtime

import (
	"os"
	"syscall"
)

// takeStdoutFD duplicates file descriptor 1 for protocol messages (closed
// on exec, so child processes do not get it) and makes descriptor 1 a copy
// of descriptor 2, so every write to standard output, os.Stdout's and a
// child process's that inherits it, reaches standard error.
func takeStdoutFD() (stdoutTaken, error) {
	syscall.ForkLock.RLock()
	fd, err := syscall.Dup(1)
	if err == nil {
		syscall.CloseOnExec(fd)
	}
	syscall.ForkLock.RUnlock()
	if err != nil {
		return stdoutTaken{}, err
	}
	if err := dupTo(2, 1); err != nil {
		syscall.Close(fd)
		return stdoutTaken{}, err
	}
	out := os.NewFile(uintptr(fd), "/dev/stdout")
	return stdoutTaken{out: out, restore: func() {
		_ = dupTo(fd, 1)
		out.Close()
	}}, nil
}
