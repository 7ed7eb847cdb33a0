package gen_apiclient

import "context"

//mcp:tools MilestonesService prefix=milestones_

// MilestonesService calls the milestone API: its parameters are described
// by nobody, as in most client libraries, so the warnings about them are
// one line for the package.
type MilestonesService struct{}

// Milestone is a milestone.
type Milestone struct {
	Title string `json:"title"`
	State string `json:"state"`
}

// Create creates a milestone.
func (s *MilestonesService) Create(ctx context.Context, owner, repo, title, state string) (*Milestone, *Response, error) {
	return &Milestone{Title: title, State: state}, nil, nil
}

// Edit edits a milestone.
func (s *MilestonesService) Edit(ctx context.Context, owner, repo string, number int, title, state string) (*Milestone, *Response, error) {
	return &Milestone{Title: title, State: state}, nil, nil
}

func (s *MilestonesService) Count(ctx context.Context, owner, repo string) (int, *Response, error) {
	return 0, nil, nil
}
