// Package tlsconf has a configuration type of the shape of crypto/tls's
// Config, declared outside the package whose tools use it: the user of
// the type cannot change it.
package tlsconf

import (
	"io"
	"time"
)

// Config configures a secure connection.
type Config struct {
	Rand           io.Reader
	Time           func() time.Time
	ServerName     string
	GetCertificate func(name string) ([]byte, error)
	KeyLogWriter   io.Writer
	Certificates   []Certificate
}

// Certificate is one certificate chain.
type Certificate struct {
	Chain      [][]byte
	PrivateKey any
	OnExpiry   func()
}

// Cmd is a command to run, of the shape of os/exec's Cmd.
type Cmd struct {
	Path   string
	Args   []string
	Stdin  io.Reader
	Stdout io.Writer
	Cancel func() error
}
