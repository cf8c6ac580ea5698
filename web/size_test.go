package web_test

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
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
// web.DownloadGoal, 5 MB: the page's files and the built program as
// Handler serves them, counted in bytes on the wire, both to a browser
// that accepts brotli (it unpacks the program) and to one that does not
// (Chrome on a plain http:// address: it gets the same brotli bytes plus
// the decoder, and the page unpacks them). The sizes are deterministic
// for a given program, so they are asserted; the time they take is
// measured by BenchmarkFirstFrameAt10Mbit (make bench).
func TestServedProgramIsAtMostTheDownloadGoal(t *testing.T) {
	rep := built(t)
	h := web.Handler(rep.Dir)
	get := func(file, accept string) (*http.Response, []byte) {
		r := httptest.NewRequest("GET", "/"+file, nil)
		r.Header.Set("Accept-Encoding", accept)
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		res := w.Result()
		body, err := io.ReadAll(res.Body)
		require.NoError(t, err)
		require.Equal(t, http.StatusOK, res.StatusCode, "%s %s", file, accept)
		return res, body
	}
	// what the page fetches besides the program: itself (index.html at
	// "/") and Go's loader
	page := 0
	for _, f := range []string{"", web.WasmExecJS} {
		_, body := get(f, "gzip, deflate")
		page += len(body)
	}

	// what Chrome, Firefox and Safari send over https:// (and to localhost)
	res, onWire := get(web.ProgramFile, "gzip, deflate, br, zstd")
	require.Equal(t, "br", res.Header.Get("Content-Encoding"))
	t.Logf("brotli accepted: %d bytes on the wire (program %d + page %d; goal %d); %d bytes unpacked",
		len(onWire)+page, len(onWire), page, web.DownloadGoal, rep.WasmBytes)
	assert.LessOrEqual(t, len(onWire)+page, web.DownloadGoal,
		"the program a phone downloads is over issue 23's goal: keep what the browser does not need out of the js/wasm build (go list -deps; TestPageLinksNoServerSideCode)")
	prog, err := io.ReadAll(brotli.NewReader(bytes.NewReader(onWire)))
	require.NoError(t, err)
	assert.Equal(t, rep.WasmBytes, int64(len(prog)))
	assert.Equal(t, []byte("\x00asm"), prog[:4], "a WebAssembly program")

	// what Chrome sends to a plain http:// address on a local network
	res, raw := get(web.ProgramFile, "gzip, deflate")
	require.Empty(t, res.Header.Get("Content-Encoding"), "the brotli file as it is: the page unpacks it")
	decoder := 0
	for _, f := range []string{web.DecoderJS, web.DecoderWasm} {
		res, body := get(f, "gzip, deflate")
		require.Equal(t, "gzip", res.Header.Get("Content-Encoding"), f)
		zr, err := gzip.NewReader(bytes.NewReader(body))
		require.NoError(t, err)
		file, err := io.ReadAll(zr)
		require.NoError(t, err)
		sum := sha256.Sum256(file)
		assert.Equal(t, web.BrotliDecoderSHA256[f], hex.EncodeToString(sum[:]), "%s is the pinned decoder", f)
		decoder += len(body)
	}
	plain := len(raw) + decoder + page
	t.Logf("plain http://: %d bytes on the wire (program %d + decoder %d + page %d): %+d bytes from the goal",
		plain, len(raw), decoder, page, plain-web.DownloadGoal)
	assert.LessOrEqual(t, plain, web.PlainHTTPCeiling,
		"what a phone on plain http:// downloads (the brotli program, the decoder and the page) is over issue 23's goal")
	unpacked, err := io.ReadAll(brotli.NewReader(bytes.NewReader(raw)))
	require.NoError(t, err)
	assert.True(t, bytes.Equal(prog, unpacked), "both answers hold the same program")
}

// TestBrotliDecoderIsThePinnedOne: the decoder the page loads is the
// vendored brotli-dec-wasm 2.3.2 whose sums web/brotlidec/README.md
// lists, so a changed file fails here rather than on a phone.
func TestBrotliDecoderIsThePinnedOne(t *testing.T) {
	require.Len(t, web.BrotliDecoderSHA256, 2)
	for name, want := range web.BrotliDecoderSHA256 {
		data, err := os.ReadFile(filepath.Join("brotlidec", name))
		require.NoError(t, err)
		sum := sha256.Sum256(data)
		assert.Equal(t, want, hex.EncodeToString(sum[:]), name)
	}
	readme, err := os.ReadFile(filepath.Join("brotlidec", "README.md"))
	require.NoError(t, err)
	for name, want := range web.BrotliDecoderSHA256 {
		assert.Contains(t, string(readme), "here:    "+want+"  "+name, "the README lists the pinned sum")
	}
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
