// Package e2e drives the generated testserver with real MCP clients: the
// official Go SDK, the official TypeScript SDK (v1 and v2 client packages) and
// the MCP Inspector CLI.
//
// Run it from this folder with:
//
//	npm ci && go test ./...
//
// The npm packages pinned in package-lock.json are required, Node.js 22
// among them (the npm package node, node_modules/.bin/node), which runs the
// clients whatever Node.js runs npm:
// without them TestMain fails and says so. Setting MCPGEN_E2E_NO_NODE=1 opts
// out explicitly: the Node-based tests are then skipped with that reason and
// only the Go clients run.
package e2e

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

var (
	// serverBin is the testserver binary, built once by TestMain.
	serverBin string
	// nodeBin is the node executable ("" when MCPGEN_E2E_NO_NODE opts out).
	nodeBin string
	// e2eDir is the absolute path of this folder (holds node_modules).
	e2eDir string

	flagHTTP = flag.Bool("e2e.http", os.Getenv("MCPGEN_E2E_HTTP") != "0",
		"also run every client over Streamable HTTP (testserver -http ADDR); MCPGEN_E2E_HTTP=0 sets the default to false")
)

// serverBinEnv names a prebuilt testserver binary to test instead of building
// one (for example one built with -race, or from another checkout).
const serverBinEnv = "MCPGEN_E2E_SERVER_BIN"

// noNodeEnv opts out of the Node-based clients explicitly.
const noNodeEnv = "MCPGEN_E2E_NO_NODE"

func TestMain(m *testing.M) {
	flag.Parse()
	os.Exit(run(m))
}

func run(m *testing.M) int {
	var err error
	if e2eDir, err = os.Getwd(); err != nil {
		fmt.Fprintln(os.Stderr, "e2e:", err)
		return 1
	}
	if os.Getenv(noNodeEnv) == "" {
		if err := checkNode(); err != nil {
			fmt.Fprintf(os.Stderr, "e2e: %v\n"+
				"e2e: run `npm ci` in %s (it installs the clients and Node.js 22), or set %s=1 to run only the Go client tests.\n",
				err, e2eDir, noNodeEnv)
			return 1
		}
	}

	dir, err := os.MkdirTemp("", "mcpgen-e2e-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "e2e:", err)
		return 1
	}
	defer os.RemoveAll(dir)
	buildDir = dir
	if err := buildAdapterServers(dir); err != nil {
		fmt.Fprintf(os.Stderr, "e2e: building the adapter servers failed: %v\n", err)
		return 1
	}
	inputBin = filepath.Join(dir, "inputserver")
	if out, err := exec.Command("go", "build", "-o", inputBin, "./inputserver").CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "e2e: building the inputserver failed: %v\n%s", err, out)
		return 1
	}
	if serverBin = os.Getenv(serverBinEnv); serverBin != "" {
		fmt.Fprintf(os.Stderr, "e2e: using %s=%s instead of building ./testserver/cmd/testserver\n", serverBinEnv, serverBin)
		return m.Run()
	}
	serverBin = filepath.Join(dir, "testserver")
	build := exec.Command("go", "build", "-o", serverBin, "./testserver/cmd/testserver")
	build.Stdout, build.Stderr = os.Stderr, os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintf(os.Stderr, "e2e: building the testserver failed: %v\n", err)
		return 1
	}
	return m.Run()
}

// checkNode finds node and the pinned npm packages. node is the one that
// npm ci installs here (package.json pins Node 22: the Inspector needs
// 22.19 or later), else the one in PATH if it is recent enough.
func checkNode() error {
	nodeBin = filepath.Join(e2eDir, "node_modules", ".bin", "node")
	if _, err := os.Stat(nodeBin); err != nil {
		if nodeBin, err = exec.LookPath("node"); err != nil {
			return fmt.Errorf("node not found in node_modules/.bin or in PATH: %v", err)
		}
	}
	out, err := exec.Command(nodeBin, "--version").Output()
	if err != nil {
		return fmt.Errorf("%s --version: %v", nodeBin, err)
	}
	var major, minor int
	if _, err := fmt.Sscanf(string(out), "v%d.%d", &major, &minor); err != nil || major < 22 || major == 22 && minor < 19 {
		return fmt.Errorf("%s is Node.js %s; the MCP Inspector needs 22.19 or later", nodeBin, bytes.TrimSpace(out))
	}
	for _, p := range []string{
		"node_modules/@modelcontextprotocol/sdk/package.json",
		"node_modules/@modelcontextprotocol/client/package.json",
		"node_modules/@modelcontextprotocol/inspector/package.json",
	} {
		if _, err := os.Stat(filepath.Join(e2eDir, p)); err != nil {
			return fmt.Errorf("npm package missing: %v", err)
		}
	}
	return nil
}

// needNode skips a Node-based test only when the run opted out explicitly.
func needNode(t *testing.T) {
	t.Helper()
	if nodeBin == "" {
		t.Skipf("%s is set: Node-based clients not run", noNodeEnv)
	}
}
