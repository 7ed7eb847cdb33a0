// Package slackmcp serves the methods of slack-go's Client as MCP tools;
// nothing is added to slack-go.
package slackmcp

//mcp:tools github.com/slack-go/slack.Client
//mcp:param channelID the ID of a Slack channel, C followed by letters and digits
//mcp:output max=16384
