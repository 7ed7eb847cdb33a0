package slack

//mcp:tools Client
//mcp:param channelID the ID of a Slack channel, C followed by letters and digits
//mcp:output max=16384
