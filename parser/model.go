package parser

import "github.com/mcpgen/mcpgen/model"

// The parser produces the model of package model. Its types and constants
// are named here too, so that the parser's code and its callers can say
// parser.Package.
type (
	Package      = model.Package
	Elicit       = model.Elicit
	Tool         = model.Tool
	Receiver     = model.Receiver
	Hints        = model.Hints
	StructParam  = model.StructParam
	Param        = model.Param
	ResultMember = model.ResultMember
	ResultKind   = model.ResultKind
)

const (
	ResultNone       = model.ResultNone
	ResultText       = model.ResultText
	ResultStructured = model.ResultStructured
	ResultWrapped    = model.ResultWrapped
	ResultRaw        = model.ResultRaw
	ResultObject     = model.ResultObject
)

// RegisterFunc returns the name of the generated function that registers a
// tool with receiver recv (see model.RegisterFunc).
func RegisterFunc(recv *Receiver) string { return model.RegisterFunc(recv) }
