package web_test

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"github.com/andybalholm/brotli"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/web"
)

// TestHandlerSendsBrotliToBrowsersThatAcceptIt: the program is sent
// brotli-compressed with Content-Encoding: br (the browser unpacks it) to
// a browser whose Accept-Encoding lists br, and as the same bytes without
// a Content-Encoding (the page unpacks them with the decoder) to any
// other, both with the unpacked length for the progress bar; the answer
// varies by Accept-Encoding.
func TestHandlerSendsBrotliToBrowsersThatAcceptIt(t *testing.T) {
	dir := t.TempDir()
	prog := bytes.Repeat([]byte("\x00asm program "), 1000)
	var br bytes.Buffer
	bw := brotli.NewWriter(&br)
	_, err := bw.Write(prog)
	require.NoError(t, err)
	require.NoError(t, bw.Close())
	files := map[string][]byte{
		web.IndexFile: []byte("<html></html>"), web.WasmExecJS: []byte("//"),
		web.ProgramFile: br.Bytes(), web.ProgramSize: []byte("13000"),
		web.DecoderJS: []byte("//"), web.DecoderWasm: []byte("\x00asm"),
	}
	for name, data := range files {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), data, 0o644))
	}
	h := web.Handler(dir)
	get := func(accept string) *http.Response {
		r := httptest.NewRequest("GET", "/"+web.ProgramFile, nil)
		if accept != "" {
			r.Header.Set("Accept-Encoding", accept)
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		return w.Result()
	}
	for _, accept := range []string{"gzip, deflate, br, zstd", "br", "gzip;q=1.0, br;q=0.5"} {
		res := get(accept)
		require.Equal(t, http.StatusOK, res.StatusCode, accept)
		assert.Equal(t, "br", res.Header.Get("Content-Encoding"), accept)
		assert.Equal(t, "application/wasm", res.Header.Get("Content-Type"), accept)
		assert.Equal(t, "13000", res.Header.Get("X-Decoded-Length"))
		assert.Contains(t, res.Header.Values("Vary"), "Accept-Encoding")
		body, err := io.ReadAll(brotli.NewReader(res.Body))
		require.NoError(t, err)
		assert.Equal(t, prog, body, "the program, unpacked by the browser")
	}
	for _, accept := range []string{"", "gzip, deflate", "br;q=0, gzip", "brotli"} {
		res := get(accept)
		require.Equal(t, http.StatusOK, res.StatusCode, accept)
		assert.Empty(t, res.Header.Get("Content-Encoding"), "%q: the brotli file as it is", accept)
		assert.Equal(t, "application/octet-stream", res.Header.Get("Content-Type"), accept)
		assert.Equal(t, "13000", res.Header.Get("X-Decoded-Length"))
		assert.Contains(t, res.Header.Values("Vary"), "Accept-Encoding")
		body, err := io.ReadAll(res.Body)
		require.NoError(t, err)
		assert.Equal(t, files[web.ProgramFile], body, "%q: the page unpacks it", accept)
	}
}
