// Package schema_tags exercises every supported jsonschema tag keyword.
package schema_tags

// Strings uses the string keywords.
type Strings struct {
	Title   string   `json:"title" jsonschema:"title=The title,description=What it is called"`
	Code    string   `json:"code" jsonschema:"minLength=2,maxLength=8,pattern=^[A-Z]+$"`
	Email   string   `json:"email" jsonschema:"format=email"`
	When    string   `json:"when" jsonschema:"format=date-time,readOnly=true"`
	Secret  string   `json:"secret" jsonschema:"writeOnly=true"`
	Kind    string   `json:"kind" jsonschema:"enum=a,enum=b,default=a,example=b"`
	Comma   string   `json:"comma" jsonschema:"description=one\\, two\\, three"`
	Desc    string   `json:"desc" jsonschema_description:"From the description tag"`
	Typed   string   `json:"typed" jsonschema:"type=string"`
	Maybe   *string  `json:"maybe" jsonschema:"nullable"`
	Must    string   `json:"must,omitempty" jsonschema:"required"`
	Skipped string   `json:"skipped" jsonschema:"-"`
	Tags    []string `json:"tags" jsonschema:"minItems=1,maxItems=5,uniqueItems=true,default=x,default=y,minLength=1,pattern=^[a-z]+$"`
	IDs     []string `json:"ids" jsonschema:"format=uuid"`
	Choices []string `json:"choices" jsonschema:"enum=u1,enum=u2"`
}

// Numbers uses the numeric and boolean keywords.
type Numbers struct {
	Percent int       `json:"percent" jsonschema:"minimum=0,maximum=100,multipleOf=5,default=50,example=25"`
	Small   int8      `json:"small" jsonschema:"minimum=-1000,maximum=10"`
	Ratio   float64   `json:"ratio" jsonschema:"exclusiveMinimum=0,exclusiveMaximum=1"`
	Choice  int       `json:"choice" jsonschema:"enum=1,enum=2,enum=3"`
	Scores  []float32 `json:"scores" jsonschema:"minimum=0,maximum=10"`
	On      bool      `json:"on" jsonschema:"default=true"`
	Off     bool      `json:"off" jsonschema:"default=false"`
}

// UseStrings takes strings.
//
//mcp:tool
func UseStrings(in Strings) error { return nil }

// UseNumbers returns its input.
//
//mcp:tool
func UseNumbers(in Numbers) (Numbers, error) { return in, nil }
