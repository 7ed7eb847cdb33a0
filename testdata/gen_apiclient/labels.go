package gen_apiclient

import "context"

//mcp:tools LabelsService prefix=labels_ readonly
//mcp:param name the label's name
//mcp:output max=600

// LabelsService calls the label API. Every exported method is a tool.
type LabelsService struct{}

// Label is a label.
type Label struct {
	Name  string `json:"name"`
	Color string `json:"color"`
}

// List lists the labels of repo; ListContext is the tool.
func (s *LabelsService) List(repo string) ([]*Label, *Response, error) {
	return s.ListContext(context.Background(), repo)
}

// ListContext lists the labels of repo.
func (s *LabelsService) ListContext(ctx context.Context, repo string) ([]*Label, *Response, error) {
	return []*Label{{Name: "bug", Color: "red"}}, &Response{NextPage: 2}, nil
}

// Get returns the label name of repo.
func (s *LabelsService) Get(ctx context.Context, repo, name string) (*Label, *Response, error) {
	return &Label{Name: name, Color: "blue"}, nil, nil
}

// Rename renames a label; annotated by hand, it is not readonly.
//
//mcp:tool name=labels_rename destructive
func (s *LabelsService) Rename(ctx context.Context, repo, name, to string) (*Label, *Response, error) {
	return &Label{Name: to}, nil, nil
}

// Count counts the labels of repo.
func (s *LabelsService) Count(ctx context.Context, repo string) (int, error) { return 1, nil }

// Watch cannot be a tool: a channel has no JSON form.
func (s *LabelsService) Watch(ctx context.Context, repo string) (<-chan Label, error) {
	return nil, nil
}

// Stop cannot be a tool either: its parameter is a function.
func (s *LabelsService) Stop(done func()) {}

// describe is not exported: not a tool.
func (s *LabelsService) describe() string { return "" }
