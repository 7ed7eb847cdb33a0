// Package errors_skills declares skills that break the rules of the
// skills extension and of the Agent Skills specification.
package errors_skills

//mcp:skills folder=skills
//mcp:skills dir=skills scope=files:read,audit,files:read
//mcp:skills
//mcp:skills dir=skills
//mcp:skills dir=other
//mcp:skills dir=skills/alias
//mcp:skill dir=skills
