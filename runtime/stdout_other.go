//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package runtime

// takeStdoutFD is not available here: takeStdout points os.Stdout at
// os.Stderr instead (on Windows, a child process started with exec.Cmd
// gets the standard output its Cmd names, os.Stdout included).
func takeStdoutFD() (stdoutTaken, error) {
	return stdoutTaken{}, errUnsupported
}
