package runtime

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"
)

// TestStreamResult: the cases of StreamResult that the golden
// testdata/gen_stream does not serve: a nil stream (interface or
// pointer), a text cut inside a character, binary data past the bound,
// audio.
func TestStreamResult(t *testing.T) {
	var nilBuf *bytes.Buffer
	text := strings.Repeat("é", MaxStreamResult/2) + "tail" // é is 2 bytes: the cut falls after the last whole one
	wav := append([]byte("RIFF\x24\x00\x00\x00WAVEfmt "), make([]byte, 32)...)
	for _, c := range []struct {
		name string
		r    io.Reader
		want []string
	}{
		{"nil", nil, []string{`{"content":[]}`}},
		{"nil pointer", nilBuf, []string{`{"content":[]}`}},
		{"text past the bound", strings.NewReader(text), []string{`"text":"éé`, `[truncated: the result had more than 1048576 bytes; the first 1048576 are above]`}},
		{"binary past the bound", io.MultiReader(bytes.NewReader([]byte{0, 0xff}), strings.NewReader(strings.Repeat("x", MaxStreamResult))),
			[]string{`[not sent: the result is binary data (application/octet-stream) of more than 1048576 bytes, more than a tool result may hold]`}},
		{"audio", bytes.NewReader(wav), []string{`"type":"audio"`, `"mimeType":"audio/wave"`}},
	} {
		res, err := StreamResult(context.Background(), c.r, nil)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		b, _ := json.Marshal(res)
		for _, w := range c.want {
			if !bytes.Contains(b, []byte(w)) {
				t.Errorf("%s: result lacks %s:\n%.200s", c.name, w, b)
			}
		}
	}
}
