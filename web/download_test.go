package web_test

import (
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/table/ui"
)

// TestPhoneDownloadsTheBrotliProgram: a phone on a 10 Mbit/s connection
// downloads the program brotli-compressed (the browser accepts br, the
// server sends bsg.wasm.br for bsg.wasm.gz) and reaches the title; the
// bytes on the wire and the first frame's time are logged for the note
// (no time is asserted: the machine's load decides it).
func TestPhoneDownloadsTheBrotliProgram(t *testing.T) {
	url := page(t)
	ctx := browse(t, "about:blank", screen{W: 390, H: 844, DPR: 2, Touch: true})
	var mu sync.Mutex
	var encoding string
	var onWire float64
	var reqID network.RequestID
	chromedp.ListenTarget(ctx, func(ev any) {
		mu.Lock()
		defer mu.Unlock()
		switch e := ev.(type) {
		case *network.EventResponseReceived:
			if strings.HasSuffix(e.Response.URL, "/bsg.wasm.gz") {
				reqID = e.RequestID
				if v, ok := e.Response.Headers["Content-Encoding"]; ok {
					encoding, _ = v.(string)
				} else if v, ok := e.Response.Headers["content-encoding"]; ok {
					encoding, _ = v.(string)
				}
			}
		case *network.EventLoadingFinished:
			if e.RequestID == reqID && reqID != "" {
				onWire = e.EncodedDataLength
			}
		}
	})
	const mbit = 10e6 / 8 // bytes per second
	require.NoError(t, chromedp.Run(ctx,
		network.Enable(),
		network.SetCacheDisabled(true),
		network.EmulateNetworkConditions(false, 20, mbit, mbit),
		chromedp.Navigate(url+"?title"),
	))
	waitFor(t, ctx, pageWait, "the title", func(st ui.PageState) bool { return st.Screen == "title" })
	var times map[string]float64
	require.NoError(t, chromedp.Run(ctx, chromedp.Evaluate(`({loaded: bsg.loadedMs, first: bsg.firstFrameMs})`, &times)))
	mu.Lock()
	defer mu.Unlock()
	t.Logf("10 Mbit/s: %.2f MB on the wire (%s), program compiled after %.0f ms, first frame after %.0f ms",
		onWire/(1<<20), encoding, times["loaded"], times["first"])
	assert.Equal(t, "br", encoding, "the browser accepts brotli: the server sends it")
	assert.InDelta(t, float64(pageRep.BrotliSize), onWire, 64<<10, "the brotli program is what crossed the wire")
}
