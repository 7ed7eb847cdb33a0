package trial

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sync"
	"testing"

	"github.com/mcpgen/mcpgen/runtime"
	"github.com/slack-go/slack"

	"example.com/apis/slackmcp"
)

// fakeSlack answers a few methods of the Slack Web API and remembers the
// form of the last request.
type fakeSlack struct {
	mu   sync.Mutex
	form url.Values
}

func (f *fakeSlack) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	_ = r.ParseForm()
	f.mu.Lock()
	f.form = r.Form
	f.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	send := func(s string) { _, _ = io.WriteString(w, s) }
	switch r.URL.Path {
	case "/auth.test":
		send(`{"ok":true,"url":"https://subarachnoid.slack.com/","team":"Subarachnoid Workspace","user":"grace","team_id":"T12345678","user_id":"W12345678","bot_id":"B123"}`)
	case "/users.info":
		send(`{"ok":true,"user":{"id":"W012A3CDE","team_id":"T012AB3C4","name":"spengler","deleted":false,"color":"9f69e7","real_name":"Egon Spengler","tz":"America/Los_Angeles","tz_offset":-25200,"profile":{"title":"","phone":"","real_name":"Egon Spengler","display_name":"spengler","status_text":"Print is dead <b>!</b>","status_emoji":":books:","email":"spengler@ghostbusters.example.com","image_24":"https://a.example/24.jpg"},"is_admin":true,"is_owner":false,"updated":1502138686,"is_app_user":false,"has_2fa":false}}`)
	case "/emoji.list":
		send(`{"ok":true,"emoji":{"bowtie":"https://my.slack.com/emoji/bowtie/46ec6f2bb0.png","squirrel":"https://my.slack.com/emoji/squirrel/f35f40c0e0.png","shipit":"alias:squirrel"}}`)
	case "/conversations.info":
		send(`{"ok":true,"channel":{"id":"` + r.Form.Get("channel") + `","name":"general","is_channel":true,"is_group":false,"is_im":false,"created":1449252889,"creator":"W012A3BCD","is_archived":false,"is_general":true,"unlinked":0,"name_normalized":"general","is_shared":false,"is_member":true,"topic":{"value":"For public discussion of generalities","creator":"W012A3BCD","last_set":1449709364},"purpose":{"value":"This part of the workspace is for fun. Make fun here.","creator":"W012A3BCD","last_set":1449709364},"previous_names":["specifics","abstractions","etc"],"num_members":23}}`)
	case "/bots.info":
		send(`{"ok":true,"bot":{"id":"B12345678","deleted":false,"name":"beforebot","updated":1449272004,"app_id":"A161CLERW","user_id":"U012ABCDEF","icons":{"image_36":"https://a.example/36.png","image_48":"https://a.example/48.png","image_72":"https://a.example/72.png"}}}`)
	case "/users.lookupByEmail":
		send(`{"ok":false,"error":"users_not_found"}`)
	default:
		send(`{"ok":false,"error":"unknown_method"}`)
	}
}

func TestSlack(t *testing.T) {
	fake := &fakeSlack{}
	api := httptest.NewServer(fake)
	defer api.Close()
	client := slack.New("xoxb-test", slack.OptionAPIURL(api.URL+"/"))

	srv := runtime.NewServer("slack", "1.0.0")
	slackmcp.RegisterClientTools(srv, client)
	cs, endpoint := serve(t, srv)
	ctx := context.Background()
	calls := []call{
		{"auth_test", `{}`, func() (any, map[string]any, error) {
			v, err := client.AuthTestContext(ctx)
			return v, nil, err
		}, nil},
		{"get_user_info", `{"user":"W012A3CDE"}`, func() (any, map[string]any, error) {
			v, err := client.GetUserInfoContext(ctx, "W012A3CDE")
			return v, nil, err
		}, nil},
		{"get_emoji", `{}`, func() (any, map[string]any, error) {
			v, err := client.GetEmojiContext(ctx)
			return v, nil, err
		}, nil},
		{"get_conversation_info", `{"ChannelID":"C012AB3CD","IncludeNumMembers":true}`, func() (any, map[string]any, error) {
			v, err := client.GetConversationInfoContext(ctx, &slack.GetConversationInfoInput{ChannelID: "C012AB3CD", IncludeNumMembers: true})
			return v, nil, err
		}, func(t *testing.T) {
			fake.mu.Lock()
			defer fake.mu.Unlock()
			if fake.form.Get("channel") != "C012AB3CD" || fake.form.Get("include_num_members") != "true" {
				t.Errorf("get_conversation_info: the API was sent %v", fake.form)
			}
		}},
		{"get_bot_info", `{"Bot":"B12345678"}`, func() (any, map[string]any, error) {
			v, err := client.GetBotInfoContext(ctx, slack.GetBotInfoParameters{Bot: "B12345678"})
			return v, nil, err
		}, nil},
		{"get_user_by_email", `{"email":"nobody@example.com"}`, func() (any, map[string]any, error) {
			v, err := client.GetUserByEmailContext(ctx, "nobody@example.com")
			return v, nil, err
		}, nil},
	}
	equal, texts := compare(t, cs, calls, nil)
	bytes, largest, size := rawList(t, endpoint)
	tools := len(srv.Tools())
	report("slack-go v0.35.0: %d tools served, %d of %d calls equal to direct Go calls; results %d bytes of text; tools/list %d bytes; largest %s %d bytes", tools, equal, len(calls), texts, bytes, largest, size)
	t.Logf("%d tools, %d of %d calls equal, tools/list %d bytes, largest %s %d bytes", tools, equal, len(calls), bytes, largest, size)
}
