package web_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/web"
)

// TestAServerWithoutThePageSaysInOneLineHowToGetIt: a page folder that
// was never built answers 503 with one line naming `make serve`.
func TestAServerWithoutThePageSaysInOneLineHowToGetIt(t *testing.T) {
	hs := httptest.NewServer(web.Handler(t.TempDir()))
	defer hs.Close()
	resp, err := http.Get(hs.URL + "/")
	require.NoError(t, err)
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	assert.Equal(t, http.StatusServiceUnavailable, resp.StatusCode)
	assert.Equal(t, 1, strings.Count(string(body), "\n"), "one line: %q", body)
	assert.Contains(t, string(body), "`make serve`")
}

// TestMakeServeBuildsThePageFirst: `make serve` (the README's way to start
// a server from a fresh clone) builds the page before it starts the
// server on it, so / answers with the page instead of 503.
func TestMakeServeBuildsThePageFirst(t *testing.T) {
	if _, err := exec.LookPath("make"); err != nil {
		t.Skip("no make on this machine")
	}
	out, err := exec.Command("make", "-n", "-C", "..", "serve").CombinedOutput()
	require.NoError(t, err, "%s", out)
	text := string(out)
	build := strings.Index(text, "mkweb -out out/web")
	serve := strings.Index(text, "serve -web out/web")
	require.GreaterOrEqual(t, build, 0, "make serve builds the page: %s", text)
	require.Greater(t, serve, build, "then serves it: %s", text)
}
