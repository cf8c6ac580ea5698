// Command mkweb builds the browser page of the table view into a folder
// (`make web`): index.html, wasm_exec.js and the compressed program.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"

	"github.com/starshipbattles/bsg/web"
)

func main() {
	out := flag.String("out", "out/web", "the `folder` to write")
	flag.Parse()
	rep, err := web.Build(context.Background(), ".", *out)
	if err != nil {
		fmt.Fprintln(os.Stderr, "mkweb:", err)
		os.Exit(1)
	}
	fmt.Printf("%s: %s (%.1f MB gzip), %s (%.1f MB brotli; %.1f MB unpacked), %s, %s\n", rep.Dir, web.ProgramFile,
		float64(rep.CompressedSize)/1e6, web.ProgramBrotli, float64(rep.BrotliSize)/1e6, float64(rep.WasmBytes)/1e6, web.WasmExecJS, web.IndexFile)
	if rep.BrotliSize > web.DownloadGoal {
		fmt.Printf("mkweb: the brotli program is over the %.0f MB a phone should download (web.DownloadGoal)\n", float64(web.DownloadGoal)/1e6)
	}
	if rep.CompressedSize > web.DownloadGoal {
		fmt.Printf("mkweb: a phone on plain http:// (no brotli) downloads the gzip program, %.2f MB: over the %.0f MB goal (ceiling %.1f MB, web.PlainHTTPCeiling)\n",
			float64(rep.CompressedSize)/1e6, float64(web.DownloadGoal)/1e6, float64(web.PlainHTTPCeiling)/1e6)
	}
}
