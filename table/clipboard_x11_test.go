//go:build freebsd || (linux && !android) || netbsd || openbsd

package table

import (
	"testing"
	"time"

	"github.com/jezek/xgb"
	"github.com/jezek/xgb/xproto"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// pasteX11 asks the display for the CLIPBOARD selection as target, as a
// program pasting does, and returns the property's type and bytes.
func pasteX11(t *testing.T, target string) (xproto.Atom, []byte) {
	t.Helper()
	conn, err := xgb.NewConn()
	require.NoError(t, err)
	defer conn.Close()
	screen := xproto.Setup(conn).DefaultScreen(conn)
	win, err := xproto.NewWindowId(conn)
	require.NoError(t, err)
	require.NoError(t, xproto.CreateWindowChecked(conn, 0, win, screen.Root, 0, 0, 1, 1, 0, xproto.WindowClassInputOnly, screen.RootVisual, 0, nil).Check())
	atom := func(name string) xproto.Atom {
		r, err := xproto.InternAtom(conn, false, uint16(len(name)), name).Reply()
		require.NoError(t, err)
		return r.Atom
	}
	clip, prop := atom("CLIPBOARD"), atom("BSG_PASTE")
	xproto.ConvertSelection(conn, win, clip, atom(target), prop, xproto.TimeCurrentTime)
	got := make(chan xproto.SelectionNotifyEvent, 1)
	go func() {
		for {
			ev, err := conn.WaitForEvent()
			if ev == nil && err == nil {
				return
			}
			if n, ok := ev.(xproto.SelectionNotifyEvent); ok {
				got <- n
				return
			}
		}
	}()
	var n xproto.SelectionNotifyEvent
	select {
	case n = <-got:
	case <-time.After(time.Minute): // a bound, not a measure: the owner answers at once
		t.Fatal("no answer to the paste")
	}
	if n.Property == xproto.AtomNone {
		return xproto.AtomNone, nil
	}
	r, err := xproto.GetProperty(conn, true, win, prop, xproto.GetPropertyTypeAny, 0, 1<<16).Reply()
	require.NoError(t, err)
	return r.Type, r.Value
}

// TestCopyPutsTheTextOnTheX11Clipboard: under X11 (Xvfb in the tests)
// Copy makes the program the CLIPBOARD's owner; another program pasting
// gets the text (UTF-8, or STRING), the list of targets, and nothing for
// a target it does not offer.
func TestCopyPutsTheTextOnTheX11Clipboard(t *testing.T) {
	c, err := newX11Clipboard()
	if err != nil {
		t.Skip("no X display:", err)
	}
	defer c.conn.Close()
	link := "http://127.0.0.1:7860/?seat=0123456789abcdef"
	require.NoError(t, c.copy(link))
	typ, data := pasteX11(t, "UTF8_STRING")
	assert.Equal(t, c.utf8, typ)
	assert.Equal(t, link, string(data))
	_, data = pasteX11(t, "STRING")
	assert.Equal(t, link, string(data))
	typ, data = pasteX11(t, "TARGETS")
	assert.Equal(t, xproto.Atom(xproto.AtomAtom), typ)
	assert.Len(t, data, 16, "four targets")
	typ, _ = pasteX11(t, "image/png")
	assert.Equal(t, xproto.Atom(xproto.AtomNone), typ, "no picture to paste")
	require.NoError(t, c.copy("the code"))
	_, data = pasteX11(t, "UTF8_STRING")
	assert.Equal(t, "the code", string(data), "a second copy replaces the first")
}
