// Command inputserver serves tools that ask the client for input while they
// run (runtime.Elicit, runtime.Sample, runtime.ListRoots), over stdio or,
// with -http ADDR, Streamable HTTP at /mcp. The end-to-end tests drive it
// with real clients of both protocol eras.
package main

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/mcpgen/mcpgen/runtime"
)

// Transport is how a trip travels.
type Transport string

// The transports.
const (
	Train Transport = "train"
	Plane Transport = "plane"
)

// TripForm is what PlanTrip asks the user.
type TripForm struct {
	// How to travel.
	By Transport `json:"by" jsonschema:"default=train"`
	// How many nights.
	Nights int `json:"nights" jsonschema:"minimum=1,maximum=30"`
	// Anything else.
	Note string `json:"note,omitempty"`
}

// PlanTrip asks the user how to travel, the client's model for a slogan and
// the client for its roots, and reports all three.
//
//mcp:arg city where to go
//mcp:tool
func PlanTrip(ctx context.Context, city string) (string, error) {
	form, err := runtime.Elicit[TripForm](ctx, "How do you want to travel to "+city+"?")
	if err != nil {
		return "", err
	}
	if !form.Accepted() {
		return "trip " + string(form.Action), nil
	}
	slogan, err := runtime.Sample(ctx, &runtime.SamplingRequest{
		Messages:  []runtime.SamplingMessage{runtime.UserText("A slogan for " + city)},
		MaxTokens: 20,
	})
	if err != nil {
		return "", err
	}
	roots, err := runtime.ListRoots(ctx)
	if err != nil {
		return "", err
	}
	uris := make([]string, len(roots))
	for i, r := range roots {
		uris[i] = r.URI
	}
	return fmt.Sprintf("%s by %s for %d nights; %q; roots %s",
		city, form.Content.By, form.Content.Nights, slogan.Content.Text, strings.Join(uris, ",")), nil
}

// AskAll asks its three questions at once: in protocol 2026-07-28 they
// travel in one input_required result.
//
//mcp:tool
func AskAll(ctx context.Context) (string, error) {
	form, err1 := runtime.Elicit[TripForm](ctx, "Where to?", runtime.InputKey("form"))
	slogan, err2 := runtime.Sample(ctx, &runtime.SamplingRequest{
		Messages: []runtime.SamplingMessage{runtime.UserText("A slogan")}, MaxTokens: 20,
	}, runtime.InputKey("slogan"))
	roots, err3 := runtime.ListRoots(ctx, runtime.InputKey("roots"))
	if err := errors.Join(err1, err2, err3); err != nil {
		return "", err
	}
	return fmt.Sprintf("%s/%s/%d", form.Content.By, slogan.Content.Text, len(roots)), nil
}

// WaitForUser asks the user and waits as long as it takes: the tests cancel
// it, and it reports how its wait ended.
//
//mcp:tool
func WaitForUser(ctx context.Context) (string, error) {
	start := time.Now()
	_, err := runtime.Elicit[TripForm](ctx, "Take your time")
	return "", fmt.Errorf("wait ended after %v: %w", time.Since(start).Round(time.Second), err)
}

// PublishForm is what CompileReport asks the user when it is done.
type PublishForm struct {
	// Publish the report now.
	Publish bool `json:"publish"`
}

// CompileReport works on a report for ms milliseconds, in two sections,
// reporting its progress; with confirm, it then asks the user whether to
// publish it. A call from a client of the tasks extension that outlasts
// runtime.TaskGrace becomes a task: its progress shows in tasks/get, its
// question is answered with tasks/update.
//
//mcp:arg ms how long to work, in milliseconds
//mcp:arg confirm ask the user before publishing
//mcp:tool task
func CompileReport(ctx context.Context, ms int, confirm bool) (string, error) {
	for i := 1; i <= 2; i++ {
		runtime.ReportProgress(ctx, float64(i), 2, fmt.Sprintf("section %d", i))
		select {
		case <-time.After(time.Duration(ms/2) * time.Millisecond):
		case <-ctx.Done():
			return "", ctx.Err()
		}
	}
	if !confirm {
		return "report compiled", nil
	}
	form, err := runtime.Elicit[PublishForm](ctx, "Publish the report?", runtime.InputKey("publish"))
	if err != nil {
		return "", err
	}
	if !form.Accepted() || !form.Content.Publish {
		return "report kept as a draft", nil
	}
	return "report published", nil
}
