// langchain.mjs loads a server's tools through LangChain's MCP adapter
// (@langchain/mcp-adapters, loadMcpTools) as a LangChain JS agent does, and
// reports what the adapter makes of them:
//
//   node clients/langchain.mjs --url MCP_URL --calls CALLS_JSON
//
// For each tool: "schema", the JSON Schema the adapter builds from the
// inputSchema (it inlines each $ref and cuts a recursive one short), and
// "parameters", what @langchain/core's convertToOpenAITool hands a model
// provider. For each call of CALLS_JSON ([{"tool": NAME, "args": {...}}]):
// the ToolMessage a LangGraph ToolNode (the agent's tool step, errors
// handled as by default) puts before the model: {"status", "content"}.
// Prints one JSON line: {"tools": {NAME: {schema, parameters}}, "calls": [...]}
// or {"error": "..."}.

import { parseArgs } from "node:util";
import { readFileSync } from "node:fs";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

const { values: opt } = parseArgs({ options: { url: { type: "string" }, calls: { type: "string" } } });
const { loadMcpTools } = await import("@langchain/mcp-adapters");
const { convertToOpenAITool } = await import("@langchain/core/utils/function_calling");
const { AIMessage } = await import("@langchain/core/messages");
const { ToolNode } = await import("@langchain/langgraph/prebuilt");

const client = new Client({ name: "mcpgen-langchain", version: "1.0.0" });
try {
  await client.connect(new StreamableHTTPClientTransport(new URL(opt.url)));
  const tools = await loadMcpTools("hosts", client);
  const report = { tools: {}, calls: [] };
  for (const tool of tools) {
    report.tools[tool.name] = { schema: tool.schema, parameters: convertToOpenAITool(tool).function.parameters };
  }
  const node = new ToolNode(tools);
  const calls = opt.calls ? JSON.parse(readFileSync(opt.calls, "utf8")) : [];
  for (const [i, c] of calls.entries()) {
    const out = await node.invoke({
      messages: [new AIMessage({ content: "", tool_calls: [{ id: `call${i}`, name: c.tool, args: c.args }] })],
    });
    const msg = out.messages[0];
    report.calls.push({ tool: c.tool, args: c.args, status: msg.status, content: msg.content });
  }
  console.log(JSON.stringify(report));
} catch (e) {
  console.log(JSON.stringify({ error: String(e?.stack ?? e).slice(0, 4000) }));
} finally {
  await client.close().catch(() => {});
}
