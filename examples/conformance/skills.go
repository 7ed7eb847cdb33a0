package main

// The skills that the suite's sep-2640-skills-* scenarios list, get and
// read (the skills extension): one with references, a script and a
// directory of templates with a subdirectory, one under a prefix.
//
//mcp:skills dir=skills
