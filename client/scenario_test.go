package client_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/client"
)

// TestScenarioFromAHostileServerIsRefused: a server's scenario answer is
// input like any file: a list too long to decode cheaply, something that is
// not a setup, or an unplayable setup is refused naming the field, before
// a computer player builds anything from it.
func TestScenarioFromAHostileServerIsRefused(t *testing.T) {
	answers := map[string]struct{ body, want string }{
		"long list":  {`{"Ships":[` + strings.Repeat(`{},`, 5000) + `{}]}`, "Ships"},
		"not json":   {`<html>`, "the server's answer"},
		"unplayable": {`{"Name":"x","Rules":{"Set":"chess"},"Width":900,"Depth":900}`, "rules"},
	}
	for name, c := range answers {
		t.Run(name, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				_, _ = w.Write([]byte(c.body))
			}))
			defer srv.Close()
			_, err := client.Scenario(srv.URL, "g1")
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
		})
	}
}
