package web_test

import (
	"bytes"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/table/ui"
	"github.com/starshipbattles/bsg/web"
)

// download is what one load of the page on a phone (390 × 844, touch)
// took: the program's bytes on the wire and their Content-Encoding, the
// bytes of every response (the page, Go's loader, the decoder if it was
// loaded, the program), whether the decoder was fetched, and the page's
// own clock (from its script's start) when the program was compiled and
// when it drew its first frame.
type download struct {
	onWire          float64
	encoding        string
	all             float64
	decoder         bool
	loadedMs, first float64
}

// loadOnAPhone opens the page's title at url on an emulated phone whose
// connection carries bytesPerSecond each way after latencyMs (0, 0: no
// throttling) and waits for the title.
func loadOnAPhone(t testing.TB, url string, bytesPerSecond, latencyMs float64) download {
	ctx := browse(t, "about:blank", screen{W: 390, H: 844, DPR: 2, Touch: true})
	var mu sync.Mutex
	var d download
	var reqID network.RequestID
	chromedp.ListenTarget(ctx, func(ev any) {
		mu.Lock()
		defer mu.Unlock()
		switch e := ev.(type) {
		case *network.EventResponseReceived:
			if strings.HasSuffix(e.Response.URL, "/"+web.DecoderWasm) {
				d.decoder = true
			}
			if strings.HasSuffix(e.Response.URL, "/"+web.ProgramFile) {
				reqID = e.RequestID
				for k, v := range e.Response.Headers {
					if strings.EqualFold(k, "Content-Encoding") {
						d.encoding, _ = v.(string)
					}
				}
			}
		case *network.EventLoadingFinished:
			d.all += e.EncodedDataLength
			if e.RequestID == reqID && reqID != "" {
				d.onWire = e.EncodedDataLength
			}
		}
	})
	acts := []chromedp.Action{network.Enable(), network.SetCacheDisabled(true)}
	if bytesPerSecond > 0 {
		acts = append(acts, network.EmulateNetworkConditions(false, latencyMs, bytesPerSecond, bytesPerSecond))
	}
	acts = append(acts, chromedp.Navigate(url+"?title"))
	require.NoError(t, chromedp.Run(ctx, acts...))
	waitFor(t, ctx, pageWait, "the title", func(st ui.PageState) bool { return st.Screen == "title" })
	var times map[string]float64
	require.NoError(t, chromedp.Run(ctx, chromedp.Evaluate(`({loaded: bsg.loadedMs, first: bsg.firstFrameMs})`, &times)))
	d.loadedMs, d.first = times["loaded"], times["first"]
	// the last event may trail the title by a moment
	for i := 0; i < 100 && func() bool { mu.Lock(); defer mu.Unlock(); return d.onWire == 0 }(); i++ {
		var one int
		require.NoError(t, chromedp.Run(ctx, chromedp.Evaluate(`1`, &one)))
	}
	mu.Lock()
	defer mu.Unlock()
	return d
}

// TestPhoneDownloadsTheBrotliProgram: a phone's browser accepts brotli,
// so the server sends bsg.wasm.br with Content-Encoding: br, and what
// crosses the wire is that file and the page, within the download goal;
// the browser unpacks it, the page loads no decoder and reaches the
// title. (The time a throttled connection takes is measured by
// BenchmarkFirstFrameAt10Mbit, in make bench.)
func TestPhoneDownloadsTheBrotliProgram(t *testing.T) {
	t.Parallel()
	d := loadOnAPhone(t, page(t), 0, 0)
	t.Logf("%.0f bytes on the wire (%s), %.0f with the page; program compiled after %.0f ms, first frame after %.0f ms",
		d.onWire, d.encoding, d.all, d.loadedMs, d.first)
	assert.Equal(t, "br", d.encoding, "the browser accepts brotli: the server sends it")
	assert.False(t, d.decoder, "the browser unpacked the program: no decoder")
	assert.InDelta(t, float64(pageRep.BrotliSize), d.onWire, 64<<10, "the brotli program is what crossed the wire")
	assert.LessOrEqual(t, d.all, float64(web.DownloadGoal), "headers included")
}

// TestPhoneOnPlainHTTPUnpacksTheBrotliProgram: Chrome sends no br to an
// http:// address other than localhost (it asks "gzip, deflate"), so a
// phone on the local network that opens bsg serve's page gets bsg.wasm.br
// as it is; the page loads the decoder, unpacks the program while it
// downloads and starts, and everything that crossed the wire (the page,
// Go's loader, the decoder, the program, headers included) is within the
// download goal. The server here answers as if the browser had asked
// that way.
func TestPhoneOnPlainHTTPUnpacksTheBrotliProgram(t *testing.T) {
	t.Parallel()
	url := plainHTTPPage(t)
	d := loadOnAPhone(t, url, 0, 0)
	t.Logf("%.0f bytes on the wire (brotli, unpacked by the page), %.0f with the page and the decoder; first frame after %.0f ms", d.onWire, d.all, d.first)
	assert.Empty(t, d.encoding, "the brotli file as it is")
	assert.True(t, d.decoder, "the page loaded the decoder")
	assert.InDelta(t, float64(pageRep.BrotliSize), d.onWire, 64<<10, "the brotli program is what crossed the wire")
	assert.LessOrEqual(t, d.all, float64(web.PlainHTTPCeiling), "headers included")
}

// plainHTTPPage serves the built page as bsg serve does, answering every
// request as if the browser had asked "gzip, deflate" (what Chrome asks
// of a plain http:// address on a local network), and returns its
// address.
func plainHTTPPage(t testing.TB) string {
	page(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	h := web.Handler(pageRep.Dir)
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r.Header.Set("Accept-Encoding", "gzip, deflate")
		h.ServeHTTP(w, r)
	})}
	go srv.Serve(ln) //nolint:errcheck // ends at Close
	t.Cleanup(func() { srv.Close() })
	return "http://" + ln.Addr().String() + "/"
}

// BenchmarkFirstFrameAt10Mbit measures what a phone on a 10 Mbit/s
// connection (each way, 20 ms latency, chromium's network emulation)
// waits for: MB on the wire, the time until the program is compiled and
// until its first frame, from the page's script's start. One fresh
// browser per iteration; the machine's load adds to both times (the
// program compiles and paints in software), so the figures go to the
// note, never into an assertion. Two cases: a browser that accepts
// brotli, and a phone on plain http:// (the page unpacks the brotli
// program with the decoder). make bench runs it. MB-on-wire counts every
// response of the load.
func BenchmarkFirstFrameAt10Mbit(b *testing.B) {
	for _, c := range []struct {
		name     string
		url      func(testing.TB) string
		encoding string
	}{
		// a browser that accepts brotli (https://, localhost)
		{"brotli", page, "br"},
		// a phone on plain http:// on a local network: the brotli file
		// as it is, unpacked by the page
		{"plain-http", plainHTTPPage, ""},
	} {
		b.Run(c.name, func(b *testing.B) {
			url := c.url(b) // built and served before the clock starts
			var wire, loaded, first float64
			for b.Loop() {
				d := loadOnAPhone(b, url, 10e6/8, 20)
				if d.encoding != c.encoding {
					b.Fatalf("the program came as %q, not %q", d.encoding, c.encoding)
				}
				wire += d.all
				loaded += d.loadedMs
				first += d.first
			}
			n := float64(b.N)
			b.ReportMetric(wire/n/1e6, "MB-on-wire")
			b.ReportMetric(loaded/n, "ms-compiled")
			b.ReportMetric(first/n, "ms-first-frame")
		})
	}
}

// TestPageSaysWhenTheProgramDownloadIsCut: a phone on plain http:// whose
// download of the brotli program stops half way is told the page could
// not start and why, rather than left at a progress bar or handed a
// broken program: when the connection ends before the announced length
// ("cut"), and when a server sends a file that was itself cut in half
// ("short": the response is whole, the brotli stream is not), and when
// its bytes were changed on the way ("damaged").
func TestPageSaysWhenTheProgramDownloadIsCut(t *testing.T) {
	t.Parallel()
	page(t)
	prog, err := os.ReadFile(filepath.Join(pageRep.Dir, web.ProgramFile))
	require.NoError(t, err)
	h := web.Handler(pageRep.Dir)
	for _, c := range []struct {
		name  string
		cut   bool
		wants string
	}{
		{"cut", true, "The download stopped after"},
		{"short", false, "The program arrived incomplete"},
		{"damaged", false, "The program arrived damaged"},
	} {
		t.Run(c.name, func(t *testing.T) {
			ln, err := net.Listen("tcp", "127.0.0.1:0")
			require.NoError(t, err)
			srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				r.Header.Set("Accept-Encoding", "gzip, deflate")
				if !strings.HasSuffix(r.URL.Path, "/"+web.ProgramFile) {
					h.ServeHTTP(w, r)
					return
				}
				half := prog[:len(prog)/2]
				if c.name == "damaged" {
					// whole, with a run of bytes in the middle
					// overwritten
					half = bytes.Clone(prog)
					for i := len(half) / 2; i < len(half)/2+4096; i++ {
						half[i] = 0xff
					}
				}
				w.Header().Set("Content-Type", "application/octet-stream")
				if c.cut {
					// the whole length announced, half of it sent
					w.Header().Set("Content-Length", strconv.Itoa(len(prog)))
				} else {
					w.Header().Set("Content-Length", strconv.Itoa(len(half)))
				}
				w.WriteHeader(http.StatusOK)
				w.Write(half) //nolint:errcheck // the browser may go first
				if c.cut {
					panic(http.ErrAbortHandler)
				}
			})}
			go srv.Serve(ln) //nolint:errcheck // ends at Close
			t.Cleanup(func() { srv.Close() })
			ctx := browse(t, "http://"+ln.Addr().String()+"/?title", screen{W: 390, H: 844, DPR: 2, Touch: true})
			deadline := time.Now().Add(pageWait)
			var shown map[string]string
			for {
				require.NoError(t, chromedp.Run(ctx, chromedp.Evaluate(
					`({what: document.getElementById("what").textContent, error: document.getElementById("error").textContent})`, &shown)))
				if shown["what"] == "Could not start." {
					break
				}
				require.False(t, time.Now().After(deadline), "waited %v for the page to say it could not start; it shows %q", pageWait, shown)
				time.Sleep(50 * time.Millisecond)
			}
			t.Logf("the page says: %s", shown["error"])
			assert.True(t, strings.HasPrefix(shown["error"], c.wants), "the reason is on the page first: %q", shown["error"])
			screenshot(t, ctx, "cut-download-"+c.name)
		})
	}
}
