package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// nodeGuard bounds one run of a Node-based client.
const nodeGuard = 3 * time.Minute

// TestTypeScriptSDK runs clients/ts-client.mjs with the official TypeScript
// SDK: @modelcontextprotocol/sdk (v1, legacy protocol) and
// @modelcontextprotocol/client (v2) in the legacy and the modern era.
// Each check of the script's JSON report becomes a subtest.
func TestTypeScriptSDK(t *testing.T) {
	needNode(t)
	forEachTransport(t, func(t *testing.T, ep *endpoint) {
		for _, c := range []struct{ sdk, era, wantVersion string }{
			{"v1", "legacy", ""}, // v1 does not expose the negotiated version
			{"v2", "legacy", "2025-11-25"},
			{"v2", "modern", "2026-07-28"},
		} {
			t.Run(c.sdk+"-"+c.era, func(t *testing.T) {
				t.Parallel()
				runTSClient(t, c.sdk, c.era, c.wantVersion, ep.nodeArgs, nil)
			})
		}
	})
}

// runTSClient runs clients/ts-client.mjs with the TypeScript SDK sdk in the
// era against the server that nodeArgs select; each check of its report
// becomes a subtest. A check named in expected may fail: its failure is
// logged with the reason and does not fail the test.
func runTSClient(t *testing.T, sdk, era, wantVersion string, nodeArgs []string, expected map[string]string) {
	runTSScript(t, "clients/ts-client.mjs", sdk, era, wantVersion, nodeArgs, expected)
}

// runTSScript is runTSClient for another client script with the same
// arguments and report.
func runTSScript(t *testing.T, script, sdk, era, wantVersion string, nodeArgs []string, expected map[string]string) {
	args := append([]string{script, "--sdk", sdk, "--era", era}, nodeArgs...)
	stdout, stderr, err := runNode(t, args...)
	var report struct {
		OK              bool   `json:"ok"`
		ProtocolVersion string `json:"protocolVersion"`
		Checks          []struct {
			Name   string          `json:"name"`
			OK     bool            `json:"ok"`
			Detail json.RawMessage `json:"detail"`
		} `json:"checks"`
	}
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	if jerr := json.Unmarshal([]byte(lines[len(lines)-1]), &report); jerr != nil {
		t.Fatalf("node %s: %v; no JSON report (%v) on stdout:\n%s\nstderr:\n%s", strings.Join(args, " "), err, jerr, tail(stdout, 4000), tail(stderr, 4000))
	}
	if wantVersion != "" && report.ProtocolVersion != wantVersion {
		t.Errorf("negotiated protocol version %q, want %q", report.ProtocolVersion, wantVersion)
	}
	failed := 0
	for _, ch := range report.Checks {
		t.Run(ch.Name, func(t *testing.T) {
			if ch.OK {
				return
			}
			failed++
			var detail string
			if json.Unmarshal(ch.Detail, &detail) != nil {
				detail = string(ch.Detail)
			}
			if why, ok := expected[ch.Name]; ok {
				t.Logf("expected failure (%s): %s", why, tail(detail, 1000))
				return
			}
			t.Errorf("%s", tail(detail, 3000))
		})
	}
	if report.OK != (failed == 0) || report.OK != (err == nil) || len(report.Checks) == 0 {
		t.Errorf("report ok=%v with %d checks (%d failed), exit: %v; stderr:\n%s", report.OK, len(report.Checks), failed, err, tail(stderr, 4000))
	}
	if t.Failed() {
		t.Logf("reproduce: cd e2e && node %s", strings.Join(args, " "))
	}
}

// TestInspectorCLI runs the MCP Inspector CLI against the server.
func TestInspectorCLI(t *testing.T) {
	needNode(t)
	forEachTransport(t, func(t *testing.T, ep *endpoint) {
		for _, era := range []string{"legacy", "modern"} {
			t.Run(era, func(t *testing.T) {
				t.Parallel()
				inspector := func(t *testing.T, args ...string) (result map[string]any, stderr string, err error) {
					t.Helper()
					full := append([]string{"node_modules/.bin/mcp-inspector", "--cli"}, ep.inspectorArgs...)
					full = append(full, "--protocol-era", era, "--format", "json", "--connect-timeout", "60000")
					full = append(full, args...)
					stdout, stderr, err := runNode(t, full...)
					var out struct {
						Result map[string]any `json:"result"`
					}
					if jerr := json.Unmarshal([]byte(stdout), &out); jerr != nil || out.Result == nil {
						t.Fatalf("node %s: exit %v; stdout is not {\"result\": ...} (%v):\n%s\nstderr:\n%s",
							strings.Join(full, " "), err, jerr, tail(stdout, 3000), tail(stderr, 3000))
					}
					return out.Result, stderr, err
				}

				t.Run("tools/list", func(t *testing.T) {
					res, _, err := inspector(t, "--method", "tools/list")
					if err != nil {
						t.Fatalf("exit: %v", err)
					}
					var names []string
					tools, _ := res["tools"].([]any)
					for _, x := range tools {
						if m, ok := x.(map[string]any); ok {
							names = append(names, m["name"].(string))
						}
					}
					var want []string
					for n := range wantTools {
						want = append(want, n)
					}
					if !sameSet(names, want) {
						t.Errorf("tools: %v, want %v", slices.Sorted(slices.Values(names)), slices.Sorted(slices.Values(want)))
					}
				})
				t.Run("prompts", func(t *testing.T) {
					res, _, err := inspector(t, "--method", "prompts/list")
					if err != nil {
						t.Fatalf("exit: %v", err)
					}
					if got := dump(res["prompts"]); !strings.Contains(got, `"name":"restock_plan"`) || !strings.Contains(got, `"name":"greeting"`) {
						t.Errorf("prompts/list: %s", got)
					}
					res, _, err = inspector(t, "--method", "prompts/get", "--prompt-name", "restock_plan", "--prompt-args", "sku=AB-7", "urgency=normal")
					if err != nil {
						t.Fatalf("exit: %v", err)
					}
					jsonEqual(t, "messages", res["messages"], []any{map[string]any{"role": "user",
						"content": map[string]any{"type": "text", "text": "Plan a normal restock of AB-7."}}})
				})
				t.Run("resources", func(t *testing.T) {
					res, _, err := inspector(t, "--method", "resources/list")
					if err != nil {
						t.Fatalf("exit: %v", err)
					}
					if got := dump(res["resources"]); !strings.Contains(got, `"uri":"inventory://policy"`) {
						t.Errorf("resources/list: %s", got)
					}
					res, _, err = inspector(t, "--method", "resources/templates/list")
					if err != nil {
						t.Fatalf("exit: %v", err)
					}
					if got := dump(res["resourceTemplates"]); !strings.Contains(got, `"uriTemplate":"inventory://shelves/{shelf}/label"`) {
						t.Errorf("resources/templates/list: %s", got)
					}
					res, _, err = inspector(t, "--method", "resources/read", "--uri", "inventory://shelves/2/label")
					if err != nil {
						t.Fatalf("exit: %v", err)
					}
					jsonEqual(t, "contents", res["contents"], []any{map[string]any{"uri": "inventory://shelves/2/label", "mimeType": "text/plain", "text": "Shelf 2"}})
				})
				t.Run("tools/call plain args", func(t *testing.T) {
					res, _, err := inspector(t, "--method", "tools/call", "--tool-name", "echo", "--tool-arg", "text=hello inspector")
					if err != nil {
						t.Fatalf("exit: %v", err)
					}
					jsonEqual(t, "content", res["content"], []any{map[string]any{"type": "text", "text": "hello inspector"}})
				})
				t.Run("tools/call numbers", func(t *testing.T) {
					res, _, err := inspector(t, "--method", "tools/call", "--tool-name", "add", "--tool-arg", "a=1.5", "b=2")
					if err != nil {
						t.Fatalf("exit: %v", err)
					}
					jsonEqual(t, "structuredContent", res["structuredContent"], map[string]any{"result": 3.5})
				})
				t.Run("tools/call json args", func(t *testing.T) {
					res, _, err := inspector(t, "--method", "tools/call", "--tool-name", "summarize_tree",
						"--tool-args-json", `{"root":{"name":"a","children":[{"name":"b","capacity":4}]}}`)
					if err != nil {
						t.Fatalf("exit: %v", err)
					}
					jsonEqual(t, "structuredContent", res["structuredContent"],
						map[string]any{"nodes": 2, "depth": 2, "total_capacity": 4, "leaves": []any{"b"}})
				})
				t.Run("tools/call tool error", func(t *testing.T) {
					res, stderr, err := inspector(t, "--method", "tools/call", "--tool-name", "fail", "--tool-arg", "reason=inspected")
					var exit *exec.ExitError
					if !errors.As(err, &exit) {
						t.Errorf("a tool error should make the inspector exit non-zero, got %v", err)
					}
					if res["isError"] != true || !strings.Contains(dump(res["content"]), "refused: inspected") {
						t.Errorf("result %s, want isError with \"refused: inspected\"", dump(res))
					}
					if !strings.Contains(stderr, "tool_is_error") {
						t.Logf("stderr: %s", tail(stderr, 1000))
					}
				})
				t.Run("tools/call invalid argument", func(t *testing.T) {
					res, _, _ := inspector(t, "--method", "tools/call", "--tool-name", "move_item",
						"--tool-args-json", `{"sku":"AB-0001","shelf":300,"bin":[1,2]}`)
					if res["isError"] != true || !namesPath(dump(res["content"]), []any{"shelf"}) {
						t.Errorf("result %s, want isError naming shelf", dump(res))
					}
				})
			})
		}
	})
}

// runNode runs node with args in the e2e folder, with a private HOME and
// Inspector catalog so nothing is written outside the test's temp dir.
func runNode(t *testing.T, args ...string) (stdout, stderr string, err error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), nodeGuard)
	defer cancel()
	cmd := exec.CommandContext(ctx, nodeBin, args...)
	cmd.Dir = e2eDir
	home := t.TempDir()
	cmd.Env = append(os.Environ(),
		"HOME="+home,
		"MCP_CATALOG_PATH="+filepath.Join(home, "mcp.json"),
		"MCP_CLIENT_CONFIG_PATH="+filepath.Join(home, "client.json"),
		"NO_COLOR=1",
	)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err = cmd.Run()
	if ctx.Err() != nil {
		t.Fatalf("node %s did not finish within %v\nstderr:\n%s", strings.Join(args, " "), nodeGuard, tail(errb.String(), 4000))
	}
	return out.String(), errb.String(), err
}
