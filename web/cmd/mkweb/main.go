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
	fmt.Printf("%s: %s (%.2f MB brotli; %.1f MB unpacked), %s, %s, %s and %s (the decoder, %.2f MB), %s\n", rep.Dir, web.ProgramFile,
		float64(rep.BrotliSize)/1e6, float64(rep.WasmBytes)/1e6, web.IndexFile, web.WasmExecJS, web.DecoderJS, web.DecoderWasm, float64(rep.DecoderSize)/1e6, web.DecoderLicense)
	if rep.BrotliSize > web.DownloadGoal {
		fmt.Printf("mkweb: the program is over the %.0f MB a phone should download (web.DownloadGoal)\n", float64(web.DownloadGoal)/1e6)
	}
	if plain := rep.BrotliSize + rep.DecoderSize; plain > web.PlainHTTPCeiling {
		fmt.Printf("mkweb: a phone on plain http:// (no brotli encoding) downloads the program and the decoder, %.2f MB: over the %.0f MB goal\n",
			float64(plain)/1e6, float64(web.PlainHTTPCeiling)/1e6)
	}
}
