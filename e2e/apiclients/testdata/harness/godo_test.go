package trial

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"github.com/digitalocean/godo"
	"github.com/mcpgen/mcpgen/runtime"

	"example.com/apis/godomcp"
)

const doDroplet = `{"id":3164444,"name":"example.com","memory":1024,"vcpus":1,"disk":25,"locked":false,"status":"active","created_at":"2020-07-21T18:37:44Z","features":["backups","ipv6"],"backup_ids":[53893572],"snapshot_ids":[],"image":{"id":63663980,"name":"20.04 (LTS) x64","distribution":"Ubuntu","slug":"ubuntu-20-04-x64","public":true,"regions":["nyc3","sfo3"],"created_at":"2020-05-15T05:47:50Z","min_disk_size":20,"size_gigabytes":2.36,"type":"base","status":"available"},"size":{"slug":"s-1vcpu-1gb","memory":1024,"vcpus":1,"disk":25,"transfer":1,"price_monthly":5,"price_hourly":0.00743999984115362,"regions":["nyc3"],"available":true},"size_slug":"s-1vcpu-1gb","networks":{"v4":[{"ip_address":"104.236.32.182","netmask":"255.255.192.0","gateway":"104.236.0.1","type":"public"}],"v6":[]},"region":{"name":"New York 3","slug":"nyc3","features":["metadata"],"available":true,"sizes":["s-1vcpu-1gb"]},"tags":["web","env:prod"],"vpc_uuid":"760e09ef-dc84-11e8-981e-3cfdfeaae000"}`

// fakeDO answers a few routes of the DigitalOcean API and remembers the
// query and body of the last request.
type fakeDO struct {
	mu          sync.Mutex
	query, body string
}

func (f *fakeDO) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	b, _ := io.ReadAll(r.Body)
	f.mu.Lock()
	f.query, f.body = r.URL.RawQuery, string(b)
	f.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Ratelimit-Limit", "5000")
	w.Header().Set("Ratelimit-Remaining", "4816")
	w.Header().Set("Ratelimit-Reset", "1444931833")
	send := func(s string) { _, _ = io.WriteString(w, s) }
	switch r.Method + " " + r.URL.Path {
	case "GET /v2/droplets/3164444":
		send(`{"droplet":` + doDroplet + `}`)
	case "GET /v2/droplets":
		send(`{"droplets":[` + doDroplet + `],"links":{"pages":{"next":"https://api.digitalocean.com/v2/droplets?page=2&per_page=1","last":"https://api.digitalocean.com/v2/droplets?page=3&per_page=1"}},"meta":{"total":3}}`)
	case "POST /v2/droplets":
		w.WriteHeader(http.StatusAccepted)
		send(`{"droplet":` + doDroplet + `,"links":{"actions":[{"id":7515,"rel":"create","href":"https://api.digitalocean.com/v2/actions/7515"}]}}`)
	case "DELETE /v2/droplets/3164444":
		w.WriteHeader(http.StatusNoContent)
	case "POST /v2/droplets/3164444/actions":
		w.WriteHeader(http.StatusCreated)
		send(`{"action":{"id":36804758,"status":"in-progress","type":"reboot","started_at":"2014-11-14T16:31:00Z","completed_at":null,"resource_id":3164444,"resource_type":"droplet","region_slug":"nyc3"}}`)
	case "GET /v2/account":
		send(`{"account":{"droplet_limit":25,"floating_ip_limit":5,"volume_limit":10,"email":"sammy@digitalocean.com","uuid":"b6fr89dbf6d9156cace5f3c78dc9851d957381ef","email_verified":true,"status":"active","status_message":"","team":{"uuid":"5df3e3004a17e242b7c20ca6c9fc25b701a47ece","name":"My Team"}}}`)
	case "GET /v2/domains/example.com":
		send(`{"domain":{"name":"example.com","ttl":1800,"zone_file":"$ORIGIN example.com.\n$TTL 1800\nexample.com. IN SOA ns1.digitalocean.com. hostmaster.example.com. 1415982609 10800 3600 604800 1800\n"}}`)
	case "GET /v2/account/keys":
		send(`{"ssh_keys":[{"id":512189,"fingerprint":"3b:16:bf:e4:8b:00:8b:b8:59:8c:a9:d3:f0:19:45:fa","public_key":"ssh-rsa AEXAMPLE example","name":"My SSH Public Key"}],"links":{},"meta":{"total":1}}`)
	case "GET /v2/tags/nope":
		w.WriteHeader(http.StatusNotFound)
		send(`{"id":"not_found","message":"The resource you were accessing could not be found."}`)
	default:
		w.WriteHeader(http.StatusNotFound)
		send(`{"id":"not_found","message":"no route ` + r.Method + ` ` + r.URL.Path + `"}`)
	}
}

func TestGodo(t *testing.T) {
	fake := &fakeDO{}
	api := httptest.NewServer(fake)
	defer api.Close()
	client, err := godo.New(http.DefaultClient, godo.SetBaseURL(api.URL+"/"))
	if err != nil {
		t.Fatal(err)
	}
	srv := runtime.NewServer("godo", "1.0.0")
	godomcp.RegisterDropletsServiceOpTools(srv, client.Droplets.(*godo.DropletsServiceOp))
	godomcp.RegisterDropletActionsServiceOpTools(srv, client.DropletActions.(*godo.DropletActionsServiceOp))
	godomcp.RegisterDomainsServiceOpTools(srv, client.Domains.(*godo.DomainsServiceOp))
	godomcp.RegisterKeysServiceOpTools(srv, client.Keys.(*godo.KeysServiceOp))
	godomcp.RegisterAccountServiceOpTools(srv, client.Account.(*godo.AccountServiceOp))
	godomcp.RegisterRegionsServiceOpTools(srv, client.Regions.(*godo.RegionsServiceOp))
	godomcp.RegisterSizesServiceOpTools(srv, client.Sizes.(*godo.SizesServiceOp))
	godomcp.RegisterTagsServiceOpTools(srv, client.Tags.(*godo.TagsServiceOp))
	godomcp.RegisterProjectsServiceOpTools(srv, client.Projects.(*godo.ProjectsServiceOp))
	godomcp.RegisterFirewallsServiceOpTools(srv, client.Firewalls.(*godo.FirewallsServiceOp))
	cs, endpoint := serve(t, srv)
	ctx := context.Background()
	pages := func(r *godo.Response) map[string]any {
		return map[string]any{"response_pages": godomcp.ResponsePages(r)}
	}
	calls := []call{
		{"droplets_get", `{"dropletID":3164444}`, func() (any, map[string]any, error) {
			v, r, err := client.Droplets.Get(ctx, 3164444)
			return v, pages(r), err
		}, nil},
		{"droplets_list", `{"Page":1,"PerPage":1}`, func() (any, map[string]any, error) {
			v, r, err := client.Droplets.List(ctx, &godo.ListOptions{Page: 1, PerPage: 1})
			return v, pages(r), err
		}, func(t *testing.T) {
			fake.mu.Lock()
			defer fake.mu.Unlock()
			if fake.query != "page=1&per_page=1" {
				t.Errorf("droplets_list: the API was asked %q", fake.query)
			}
		}},
		{"droplets_create", `{"name":"example.com","region":"nyc3","size":"s-1vcpu-1gb","image":{"Slug":"ubuntu-20-04-x64"},"ssh_keys":[{"Fingerprint":"3b:16:bf:e4"}],"backups":false,"ipv6":true,"private_networking":false,"monitoring":false,"tags":["web"]}`, func() (any, map[string]any, error) {
			fake.mu.Lock()
			sent := fake.body // what the tool's call sent
			fake.mu.Unlock()
			v, r, err := client.Droplets.Create(ctx, &godo.DropletCreateRequest{Name: "example.com", Region: "nyc3", Size: "s-1vcpu-1gb", Image: godo.DropletCreateImage{Slug: "ubuntu-20-04-x64"}, SSHKeys: []godo.DropletCreateSSHKey{{Fingerprint: "3b:16:bf:e4"}}, IPv6: true, Tags: []string{"web"}})
			fake.mu.Lock()
			defer fake.mu.Unlock()
			if sent != fake.body {
				t.Errorf("droplets_create: the tool sent the API\n%s\nthe direct call\n%s", sent, fake.body)
			} else {
				t.Logf("droplets_create: the API was sent the same body: %s", sent)
			}
			return v, pages(r), err
		}, nil},
		{"droplets_delete", `{"dropletID":3164444}`, func() (any, map[string]any, error) {
			r, err := client.Droplets.Delete(ctx, 3164444)
			return noResult{}, pages(r), err
		}, nil},
		{"droplet_actions_reboot", `{"id":3164444}`, func() (any, map[string]any, error) {
			v, r, err := client.DropletActions.Reboot(ctx, 3164444)
			return v, pages(r), err
		}, nil},
		{"account_get", `{}`, func() (any, map[string]any, error) {
			v, r, err := client.Account.Get(ctx)
			return v, pages(r), err
		}, nil},
		{"domains_get", `{"name":"example.com"}`, func() (any, map[string]any, error) {
			v, r, err := client.Domains.Get(ctx, "example.com")
			return v, pages(r), err
		}, nil},
		{"keys_list", `{}`, func() (any, map[string]any, error) {
			v, r, err := client.Keys.List(ctx, nil)
			return v, pages(r), err
		}, nil},
		{"tags_get", `{"name":"nope"}`, func() (any, map[string]any, error) {
			v, r, err := client.Tags.Get(ctx, "nope")
			return v, pages(r), err
		}, nil},
	}
	equal, texts := compare(t, cs, calls, nil)
	bytes, largest, size := rawList(t, endpoint)
	tools := len(srv.Tools())
	report("godo v1.237.0: %d tools served, %d of %d calls equal to direct Go calls; results %d bytes of text; tools/list %d bytes; largest %s %d bytes", tools, equal, len(calls), texts, bytes, largest, size)
	t.Logf("%d tools, %d of %d calls equal, tools/list %d bytes, largest %s %d bytes", tools, equal, len(calls), bytes, largest, size)
}
