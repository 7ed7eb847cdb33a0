// Package errors_skills_dir names a skills directory that //go:embed
// cannot embed, outside the package's directory.
package errors_skills_dir

//mcp:skills dir=../gen_skills/skills
