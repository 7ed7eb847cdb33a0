package runtime

import "syscall"

// dupTo makes descriptor to a copy of from (linux/arm64 has no dup2).
func dupTo(from, to int) error { return syscall.Dup3(from, to, 0) }
