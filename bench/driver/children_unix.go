//go:build unix

package main

import (
	"syscall"
	"time"
)

// childrenCPU is the CPU time of every waited-for descendant so far.
func childrenCPU() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_CHILDREN, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
