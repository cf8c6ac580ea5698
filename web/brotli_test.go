package web_test

import (
	"bytes"
	"compress/gzip"
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

// TestHandlerSendsTheLoaderAndDecoderGzipped: Go's loader and the brotli
// decoder go gzip-compressed (Content-Encoding: gzip, their own content
// type) to a browser that accepts gzip, and as they are to one that does
// not or from a folder without the compressed copies; the answer varies
// by Accept-Encoding.
func TestHandlerSendsTheLoaderAndDecoderGzipped(t *testing.T) {
	rep := built(t)
	h := web.Handler(rep.Dir)
	get := func(file, accept string) *http.Response {
		r := httptest.NewRequest("GET", "/"+file, nil)
		if accept != "" {
			r.Header.Set("Accept-Encoding", accept)
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		return w.Result()
	}
	for _, c := range []struct{ file, ctype string }{
		{web.WasmExecJS, "text/javascript; charset=utf-8"},
		{web.DecoderJS, "text/javascript; charset=utf-8"},
		{web.DecoderWasm, "application/wasm"},
	} {
		want, err := os.ReadFile(filepath.Join(rep.Dir, c.file))
		require.NoError(t, err)
		res := get(c.file, "gzip, deflate")
		require.Equal(t, http.StatusOK, res.StatusCode, c.file)
		assert.Equal(t, "gzip", res.Header.Get("Content-Encoding"), c.file)
		assert.Equal(t, c.ctype, res.Header.Get("Content-Type"), c.file)
		assert.Contains(t, res.Header.Values("Vary"), "Accept-Encoding")
		packed, err := io.ReadAll(res.Body)
		require.NoError(t, err)
		assert.Less(t, len(packed), len(want), "%s: smaller on the wire", c.file)
		zr, err := gzip.NewReader(bytes.NewReader(packed))
		require.NoError(t, err)
		body, err := io.ReadAll(zr)
		require.NoError(t, err)
		assert.Equal(t, want, body, c.file)
		for _, accept := range []string{"", "br", "gzip;q=0"} {
			res := get(c.file, accept)
			assert.Empty(t, res.Header.Get("Content-Encoding"), "%s %q: as it is", c.file, accept)
			body, err := io.ReadAll(res.Body)
			require.NoError(t, err)
			assert.Equal(t, want, body, "%s %q", c.file, accept)
		}
	}
	// a folder without the compressed copies (another builder's): as it is
	dir := t.TempDir()
	for _, f := range []string{web.IndexFile, web.WasmExecJS, web.ProgramFile, web.DecoderJS, web.DecoderWasm} {
		data, err := os.ReadFile(filepath.Join(rep.Dir, f))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, f), data, 0o644))
	}
	h = web.Handler(dir)
	res := get(web.DecoderWasm, "gzip, deflate")
	require.Equal(t, http.StatusOK, res.StatusCode)
	assert.Empty(t, res.Header.Get("Content-Encoding"))
}
