// Package gen_otherpkg makes tools of the functions of a package it does
// not own, the standard library's path, from one line of this comment; the
// //mcp:param lines describe their parameters.
package gen_otherpkg

//mcp:tools path prefix=path_ readonly
//mcp:param path a slash-separated path, such as a/b/c.txt
//mcp:param elem the path elements to join
//mcp:param pattern a shell file name pattern, such as *.go
//mcp:param name the path to match against the pattern
