// Package real_enums has the shapes of real code's types with declared
// constants: an iota enum with a String method, string enums, flag sets,
// units, time.Duration, and types from other packages, with the
// //mcp:enum switch at a type and at a field.
package real_enums

import (
	"fmt"
	"io/fs"
	"time"
)

// Category is a kind of goods.
type Category int

const (
	Produce  Category = iota // fresh fruit and vegetables
	Dairy                    // milk, cheese and eggs
	DryGoods                 // flour, rice, pasta
	Frozen
)

func (c Category) String() string {
	return [...]string{"produce", "dairy", "dry goods", "frozen"}[c]
}

// Perm is a set of permissions: any combination is valid.
type Perm uint8

const (
	Read Perm = 1 << iota
	Write
	Exec
	All = Read | Write | Exec
)

// Size is an amount of memory in bytes.
type Size int64

const (
	Byte Size = 1
	KiB       = 1024 * Byte
	MiB       = 1024 * KiB
)

// Priority has literal values that only a set of flags would have.
type Priority int

const (
	PriorityLow    Priority = 1
	PriorityMedium Priority = 2
	PriorityHigh   Priority = 4
	PriorityUrgent Priority = 8
)

// Mode is an enum although its values look like flags.
//
//mcp:enum
type Mode int

const (
	ModeFast Mode = 1 << iota
	ModeSafe
	ModeAuto
)

// Color names a color; the constants are only the common ones.
//
//mcp:enum off
type Color string

const (
	Red  Color = "red"
	Blue Color = "blue"
)

// Unit is a temperature unit.
type Unit string

const (
	Celsius    Unit = "c"
	Fahrenheit Unit = "f"
)

// Options are the settings of a job.
type Options struct {
	// Timeout bounds the whole job.
	Timeout time.Duration   `json:"timeout"`
	Retry   *time.Duration  `json:"retry,omitempty"`
	Backoff []time.Duration `json:"backoff,omitempty"`

	Category Category `json:"category"`
	Perm     Perm     `json:"perm"`
	Size     Size     `json:"size"`
	Priority Priority `json:"priority"`
	Mode     Mode     `json:"mode"`
	Color    Color    `json:"color"`
	Units    []Unit   `json:"units"`
	// Month is of a type from another package: its constants make an enum.
	Month time.Month `json:"month"`
	// Day counts days from Sunday; any number is fine here.
	//
	//mcp:enum off
	Day  time.Weekday `json:"day"`
	File fs.FileMode  `json:"file"`
}

// Configure describes the job that the options set up.
//
//mcp:tool
func Configure(o Options) (string, error) {
	return fmt.Sprintf("%v %v %d %d %d %d %s %v %v %v %v", o.Timeout, o.Category, o.Perm, o.Size, o.Priority, o.Mode, o.Color, o.Units, o.Month, int(o.Day), o.File), nil
}

// Wait says how long it would wait.
//
//mcp:tool
//mcp:arg d how long to wait
//mcp:arg unit the unit of the temperature reading
func Wait(d time.Duration, unit Unit) string {
	return d.String() + " " + string(unit)
}

//mcp:tool
func Ping() string { return "pong" }

// Schedule says on which day of which month a job runs.
//
//mcp:tool
//mcp:arg month the month: an enum of time.Month's constants
//mcp:arg day the day of the week, counted from Sunday (0)
//mcp:enum off day
func Schedule(month time.Month, day time.Weekday) string {
	return month.String() + " " + day.String()
}
