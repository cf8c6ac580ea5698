// Package web builds and serves the table view as a browser page: the
// program compiled to WebAssembly and compressed with brotli, Go's
// wasm_exec.js, a brotli decoder (brotlidec/README.md) and an index.html
// that shows a progress bar while the program downloads.
//
// The folder Build writes is static: any web server can host it, and
// `bsg serve` serves it at "/". The page unpacks the brotli program
// itself, with the decoder, when the browser did not (so the server needs
// no special configuration); Handler lets a browser that accepts brotli
// unpack it (Content-Encoding: br), and that browser never loads the
// decoder.
package web

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"fmt"
	"mime"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"github.com/andybalholm/brotli"
)

//go:embed index.html
var indexHTML []byte

// IndexHTML returns the page that loads the program.
func IndexHTML() []byte { return bytes.Clone(indexHTML) }

// The files of the folder.
const (
	IndexFile  = "index.html"
	WasmExecJS = "wasm_exec.js"
	// ProgramFile is the program compressed with brotli, the one file
	// of it the page fetches. Handler sends it with Content-Encoding: br
	// to a browser that accepts brotli, which unpacks it; to any other
	// (Chrome on a plain http:// address), and from a plain static
	// server, it comes as it is and the page unpacks it with the
	// decoder (DecoderJS, DecoderWasm).
	ProgramFile = "bsg.wasm.br"
	// ProgramSize holds the program's unpacked length in bytes (decimal),
	// which Handler sends with ProgramFile as X-Decoded-Length for the
	// page's progress bar.
	ProgramSize = "bsg.wasm.size"
	// DecoderJS and DecoderWasm are the brotli decoder the page loads
	// when the browser did not unpack the program: the npm package
	// brotli-dec-wasm 2.3.2 (MIT OR Apache-2.0; brotlidec/README.md),
	// with DecoderLicense beside it.
	DecoderJS      = "brotli_dec_wasm.js"
	DecoderWasm    = "brotli_dec_wasm_bg.wasm"
	DecoderLicense = "brotli_dec_wasm.LICENSE-MIT.txt"
)

// The decoder's files, vendored unchanged but for the panic paths of the
// WebAssembly file (brotlidec/README.md).
var (
	//go:embed brotlidec/brotli_dec_wasm.js
	decoderJS []byte
	//go:embed brotlidec/brotli_dec_wasm_bg.wasm
	decoderWasm []byte
	//go:embed brotlidec/LICENSE-MIT.txt
	decoderLicense []byte
)

// BrotliDecoderSHA256 pins the decoder's files by their SHA-256 sums
// (hex), as brotlidec/README.md lists them.
var BrotliDecoderSHA256 = map[string]string{
	DecoderJS:   "19cf5d13fa62df4ebdf3fcefddeefa54b41fd7cca83be2b553dd5a1e9c81b2d0",
	DecoderWasm: "d319fc69f75e13daf29276b93453c536e191e9da00a2122ba0e0f71ca385d5cd",
}

// brotliQuality is the brotli level of ProgramBrotli: 10 of 11. On the
// program, level 10 writes a file 9 % smaller than level 9 for about 25 s
// of one core (level 9: a few seconds); level 11 is another 4 % smaller
// but takes 65 s, which every build of a changed program (and so every
// run of the page's tests after a change) would pay on a busy machine.
const brotliQuality = 10

// DownloadGoal is the most a phone may download before the first frame
// (issue 23, "The phone"): 5 MB (decimal) on the wire, the page, the
// program and, for a browser that does not accept brotli, the decoder.
// TestServedProgramIsAtMostTheDownloadGoal fails above it; `make web`
// says when the program is over it.
const DownloadGoal = 5_000_000

// PlainHTTPCeiling is the most a phone that opens the page over plain
// http:// (`bsg serve` on a local network) may download: Chrome asks such
// an address for gzip and deflate only, not brotli, so the phone gets
// ProgramFile as it is plus the decoder. It was a looser bound while
// that phone got a gzip program (5.42 MB); since the page unpacks brotli
// itself it is the goal.
const PlainHTTPCeiling = DownloadGoal

// Report says what Build made.
type Report struct {
	Dir         string
	WasmBytes   int64 // the program, uncompressed
	BrotliSize  int64 // bsg.wasm.br, the program a browser downloads
	DecoderSize int64 // the decoder's two files, which a browser that does not accept brotli downloads too
	Rebuilt     bool  // false: the program was unchanged and its compressed file kept
}

// Build compiles the table view (the main package in moduleDir) for
// js/wasm and writes the page's folder to outDir: index.html,
// wasm_exec.js from the Go installation, the decoder's files and
// bsg.wasm.br. The uncompressed program is kept in outDir+"-build" so
// that an unchanged program is not compressed again.
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
	for name, data := range map[string][]byte{IndexFile: indexHTML, WasmExecJS: execJS, DecoderJS: decoderJS, DecoderWasm: decoderWasm, DecoderLicense: decoderLicense} {
		if err := os.WriteFile(filepath.Join(outDir, name), data, 0o644); err != nil {
			return rep, err
		}
		if !slices.Contains(gzipped, name) {
			continue
		}
		var gz bytes.Buffer
		zw, err := gzip.NewWriterLevel(&gz, gzip.BestCompression)
		if err != nil {
			return rep, err
		}
		if _, err := zw.Write(data); err != nil {
			return rep, err
		}
		if err := zw.Close(); err != nil {
			return rep, err
		}
		if err := os.WriteFile(filepath.Join(outDir, name+".gz"), gz.Bytes(), 0o644); err != nil {
			return rep, err
		}
	}
	rep.DecoderSize = int64(len(decoderJS) + len(decoderWasm))
	// the gzip program of builds before the decoder: nothing fetches it
	if err := os.Remove(filepath.Join(outDir, "bsg.wasm.gz")); err != nil && !os.IsNotExist(err) {
		return rep, err
	}
	prog, err := os.ReadFile(wasm)
	if err != nil {
		return rep, err
	}
	rep.WasmBytes = int64(len(prog))
	sum := sha256.Sum256(prog)
	// the files kept are those of this program at this quality
	stamp := fmt.Sprintf("%s brotli-%d", hex.EncodeToString(sum[:]), brotliQuality)
	stampFile := filepath.Join(work, "bsg.wasm.sha256")
	brFile := filepath.Join(outDir, ProgramFile)
	if old, err := os.ReadFile(stampFile); err == nil && string(old) == stamp {
		if sb, err := os.Stat(brFile); err == nil {
			rep.BrotliSize = sb.Size()
			return rep, nil
		}
	}
	rep.Rebuilt = true
	var br bytes.Buffer
	bw := brotli.NewWriterOptions(&br, brotli.WriterOptions{Quality: brotliQuality, LGWin: 24})
	if _, err := bw.Write(prog); err != nil {
		return rep, err
	}
	if err := bw.Close(); err != nil {
		return rep, err
	}
	if err := os.WriteFile(brFile, br.Bytes(), 0o644); err != nil {
		return rep, err
	}
	rep.BrotliSize = int64(br.Len())
	if err := os.WriteFile(filepath.Join(outDir, ProgramSize), []byte(fmt.Sprint(len(prog))), 0o644); err != nil {
		return rep, err
	}
	return rep, os.WriteFile(stampFile, []byte(stamp), 0o644)
}

// gzipped are the page's files besides the program that Build also
// writes gzip-compressed (name + ".gz") and Handler sends with
// Content-Encoding: gzip to a browser that accepts it (every current
// one): Go's loader and the decoder, 0.23 MB as they are, 0.11 MB so.
var gzipped = []string{WasmExecJS, DecoderJS, DecoderWasm}

// accepts reports whether an Accept-Encoding header lists the content
// coding with a weight above zero.
func accepts(h, coding string) bool {
	for _, part := range strings.Split(h, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if !strings.EqualFold(strings.TrimSpace(name), coding) {
			continue
		}
		q := strings.ReplaceAll(strings.TrimSpace(params), " ", "")
		return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
	}
	return false
}

// Missing returns the files of the page's folder that are not in dir
// (nil when it is complete).
func Missing(dir string) []string {
	var miss []string
	for _, f := range []string{IndexFile, WasmExecJS, ProgramFile, DecoderJS, DecoderWasm} {
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
		w.Header().Set("Cache-Control", "no-cache")
		if strings.HasSuffix(r.URL.Path, "/"+ProgramFile) {
			w.Header().Set("Vary", "Accept-Encoding")
			if n, err := os.ReadFile(filepath.Join(dir, ProgramSize)); err == nil {
				w.Header().Set("X-Decoded-Length", strings.TrimSpace(string(n)))
			}
			if accepts(r.Header.Get("Accept-Encoding"), "br") {
				// the browser unpacks it; the page finds a program
				// and takes it as it comes
				w.Header().Set("Content-Type", "application/wasm")
				w.Header().Set("Content-Encoding", "br")
			} else {
				// as it is: the page unpacks it with the decoder
				w.Header().Set("Content-Type", "application/octet-stream")
			}
		}
		for _, name := range gzipped {
			if !strings.HasSuffix(r.URL.Path, "/"+name) {
				continue
			}
			w.Header().Set("Vary", "Accept-Encoding")
			if !accepts(r.Header.Get("Accept-Encoding"), "gzip") {
				break
			}
			f, err := os.Open(filepath.Join(dir, name+".gz"))
			if err != nil {
				break // a folder without it: the file as it is
			}
			defer f.Close()
			st, err := f.Stat()
			if err != nil {
				break
			}
			w.Header().Set("Content-Type", mime.TypeByExtension(filepath.Ext(name)))
			w.Header().Set("Content-Encoding", "gzip")
			http.ServeContent(w, r, name, st.ModTime(), f)
			return
		}
		files.ServeHTTP(w, r)
	})
}
