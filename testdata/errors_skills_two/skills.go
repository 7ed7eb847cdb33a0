// Package errors_skills_two has two directories of skills that both serve
// skill://same/SKILL.md.
package errors_skills_two

//mcp:skills dir=one
//mcp:skills dir=two scope=admin
