// Package web builds and serves the table view as a browser page: the
// program compiled to WebAssembly (gzip-compressed), Go's wasm_exec.js and
// an index.html that shows a progress bar while the program downloads.
//
// The folder Build writes is static: any web server can host it, and
// `bsg serve` serves it at "/". The page unpacks the compressed program
// itself, so the server needs no special configuration.
package web

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

//go:embed index.html
var indexHTML []byte

// IndexHTML returns the page that loads the program.
func IndexHTML() []byte { return bytes.Clone(indexHTML) }

// The files of the folder.
const (
	IndexFile   = "index.html"
	WasmExecJS  = "wasm_exec.js"
	ProgramFile = "bsg.wasm.gz"
)

// Report says what Build made.
type Report struct {
	Dir            string
	WasmBytes      int64 // the program, uncompressed
	CompressedSize int64 // bsg.wasm.gz, what a browser downloads
	Rebuilt        bool  // false: the program was unchanged and its compressed file kept
}

// Build compiles the table view (the main package in moduleDir) for
// js/wasm and writes the page's folder to outDir: index.html,
// wasm_exec.js from the Go installation, and bsg.wasm.gz. The
// uncompressed program is kept in outDir+"-build" so that an unchanged
// program is not compressed again.
func Build(ctx context.Context, moduleDir, outDir string) (Report, error) {
	outDir, err := filepath.Abs(outDir)
	if err != nil {
		return Report{}, err
	}
	rep := Report{Dir: outDir}
	goBin := "go"
	if root := os.Getenv("GOROOT"); root != "" {
		goBin = filepath.Join(root, "bin", "go")
	}
	work := outDir + "-build"
	for _, d := range []string{outDir, work} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return rep, err
		}
	}
	wasm := filepath.Join(work, "bsg.wasm")
	cmd := exec.CommandContext(ctx, goBin, "build", "-trimpath", "-ldflags=-s -w", "-o", wasm, ".")
	cmd.Dir = moduleDir
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := cmd.CombinedOutput(); err != nil {
		return rep, fmt.Errorf("building the program for js/wasm: %v\n%s", err, out)
	}
	out, err := exec.CommandContext(ctx, goBin, "env", "GOROOT").Output()
	if err != nil {
		return rep, fmt.Errorf("go env GOROOT: %v", err)
	}
	execJS, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(out)), "lib", "wasm", WasmExecJS))
	if err != nil {
		return rep, fmt.Errorf("wasm_exec.js of the Go installation: %w", err)
	}
	if err := os.WriteFile(filepath.Join(outDir, WasmExecJS), execJS, 0o644); err != nil {
		return rep, err
	}
	if err := os.WriteFile(filepath.Join(outDir, IndexFile), indexHTML, 0o644); err != nil {
		return rep, err
	}
	prog, err := os.ReadFile(wasm)
	if err != nil {
		return rep, err
	}
	rep.WasmBytes = int64(len(prog))
	sum := sha256.Sum256(prog)
	stamp := hex.EncodeToString(sum[:])
	stampFile := filepath.Join(work, "bsg.wasm.sha256")
	gzFile := filepath.Join(outDir, ProgramFile)
	if old, err := os.ReadFile(stampFile); err == nil && string(old) == stamp {
		if st, err := os.Stat(gzFile); err == nil {
			rep.CompressedSize = st.Size()
			return rep, nil
		}
	}
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		return rep, err
	}
	if _, err := zw.Write(prog); err != nil {
		return rep, err
	}
	if err := zw.Close(); err != nil {
		return rep, err
	}
	if err := os.WriteFile(gzFile, buf.Bytes(), 0o644); err != nil {
		return rep, err
	}
	rep.CompressedSize, rep.Rebuilt = int64(buf.Len()), true
	return rep, os.WriteFile(stampFile, []byte(stamp), 0o644)
}

// Missing returns the files of the page's folder that are not in dir
// (nil when it is complete).
func Missing(dir string) []string {
	var miss []string
	for _, f := range []string{IndexFile, WasmExecJS, ProgramFile} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			miss = append(miss, f)
		}
	}
	return miss
}

// NotBuilt is the one line that says the page is missing from dir and
// how to get it.
func NotBuilt(dir string, miss []string) string {
	return fmt.Sprintf("no browser page in %s (it lacks %s): start the server with `make serve` in the source folder (it builds the page first), or run `make web`, or pass -web DIR",
		dir, strings.Join(miss, ", "))
}

// Handler serves the page's folder dir. When the folder is incomplete it
// answers every request with 503 and says how to build it, so a server
// started before `make web` explains itself.
func Handler(dir string) http.Handler {
	files := http.FileServer(http.Dir(dir))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if miss := Missing(dir); len(miss) > 0 {
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			w.WriteHeader(http.StatusServiceUnavailable)
			fmt.Fprintln(w, NotBuilt(dir, miss))
			return
		}
		// The compressed program is served as it is: the page unpacks it.
		if strings.HasSuffix(r.URL.Path, ".gz") {
			w.Header().Set("Content-Type", "application/octet-stream")
		}
		w.Header().Set("Cache-Control", "no-cache")
		files.ServeHTTP(w, r)
	})
}
