package web_test

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/web"
)

// TestServedProgramIsAtMostTheDownloadGoal: what a phone downloads
// before the first frame (issue 23, "The phone") is at most
// web.DownloadGoal, 5 MB: the built program as Handler serves it to a
// browser that accepts brotli, counted in bytes on the wire. A browser
// that does not accept it (Chrome on a plain http:// address) gets the
// gzip file, which the page unpacks to the same program: that one is
// still over the goal and is held at web.PlainHTTPCeiling. The size is deterministic for a given program, so
// it is asserted; the time it takes is measured by
// BenchmarkFirstFrameAt10Mbit (make bench).
func TestServedProgramIsAtMostTheDownloadGoal(t *testing.T) {
	rep := built(t)
	h := web.Handler(rep.Dir)
	get := func(accept string) (*http.Response, []byte) {
		r := httptest.NewRequest("GET", "/"+web.ProgramFile, nil)
		r.Header.Set("Accept-Encoding", accept)
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		res := w.Result()
		body, err := io.ReadAll(res.Body)
		require.NoError(t, err)
		require.Equal(t, http.StatusOK, res.StatusCode, accept)
		return res, body
	}
	// what Chrome, Firefox and Safari send
	res, onWire := get("gzip, deflate, br, zstd")
	require.Equal(t, "br", res.Header.Get("Content-Encoding"))
	t.Logf("on the wire: %d bytes brotli (goal %d), %d bytes gzip without brotli; %d bytes unpacked",
		len(onWire), web.DownloadGoal, rep.CompressedSize, rep.WasmBytes)
	assert.LessOrEqual(t, len(onWire), web.DownloadGoal,
		"the program a phone downloads is over issue 23's goal: keep what the browser does not need out of the js/wasm build (go list -deps; TestPageLinksNoServerSideCode)")
	prog, err := io.ReadAll(brotli.NewReader(bytes.NewReader(onWire)))
	require.NoError(t, err)
	assert.Equal(t, rep.WasmBytes, int64(len(prog)))
	assert.Equal(t, []byte("\x00asm"), prog[:4], "a WebAssembly program")

	// what Chrome sends to a plain http:// address on a local network
	res, fallback := get("gzip, deflate")
	require.Empty(t, res.Header.Get("Content-Encoding"), "the gzip file as it is: the page unpacks it")
	t.Logf("a phone on plain http:// downloads %d bytes (gzip): %+d bytes from the goal, ceiling %d", len(fallback), len(fallback)-web.DownloadGoal, web.PlainHTTPCeiling)
	assert.LessOrEqual(t, len(fallback), web.PlainHTTPCeiling,
		"the program a phone on plain http:// downloads (gzip: no brotli there) grew past its ceiling; it should shrink towards web.DownloadGoal")
	zr, err := gzip.NewReader(bytes.NewReader(fallback))
	require.NoError(t, err)
	unpacked, err := io.ReadAll(zr)
	require.NoError(t, err)
	assert.True(t, bytes.Equal(prog, unpacked), "both files hold the same program")
}

// TestPageLinksNoServerSideCode: the browser page (js/wasm) links none of
// the packages that belong to the server and the command line: the
// network stack (the page uses the browser's fetch and WebSocket:
// client/transport_js.go), the JSON Schema validator and
// golang.org/x/text (scenarios/schema_js.go), the server and its
// database, nor a general linear algebra library. Each would add to what
// a phone downloads.
func TestPageLinksNoServerSideCode(t *testing.T) {
	goBin := "go"
	if root := os.Getenv("GOROOT"); root != "" {
		goBin = filepath.Join(root, "bin", "go")
	}
	cmd := exec.Command(goBin, "list", "-deps", ".")
	cmd.Dir = ".."
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	deps := map[string]bool{}
	for _, p := range strings.Fields(string(out)) {
		deps[p] = true
	}
	require.True(t, deps["github.com/starshipbattles/bsg/table/ui"], "the list is the page's: %s", out)
	for _, p := range []string{
		"net/http", "crypto/tls", "crypto/x509", "github.com/coder/websocket",
		"github.com/santhosh-tekuri/jsonschema/v6", "golang.org/x/text/message",
		"github.com/starshipbattles/bsg/server", "modernc.org/sqlite",
		// a general BLAS/LAPACK (2.6 MB of code): photo's fits use
		// internal/linalg
		"gonum.org/v1/gonum/mat", "gonum.org/v1/gonum/lapack/lapack64",
	} {
		assert.False(t, deps[p], "the browser page links %s", p)
	}
}
