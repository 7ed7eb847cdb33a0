//go:build darwin || freebsd || netbsd || openbsd || dragonfly

package runtime

import "syscall"

// dupTo makes descriptor to a copy of from.
func dupTo(from, to int) error { return syscall.Dup2(from, to) }
