// Package gen_skills serves skills and nothing else: a directory per
// skill under skills/, one of them under a prefix (acme/billing), read and
// digested at generate time and embedded by the generated file.
package gen_skills

//mcp:skills dir=skills
