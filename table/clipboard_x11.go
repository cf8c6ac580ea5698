//go:build freebsd || (linux && !android) || netbsd || openbsd

package table

import (
	"errors"
	"os"
	"sync"

	"github.com/jezek/xgb"
	"github.com/jezek/xgb/xproto"
)

// On X11 the clipboard is a selection (CLIPBOARD) that its owner serves:
// the program that copies owns it and answers every paste with the text,
// from a connection and a window of its own (input only, never shown),
// until another program takes the selection over or this one ends (ICCCM,
// Peer-to-Peer Communication by Means of Selections).

// x11Clipboard owns the CLIPBOARD selection with the text last copied.
type x11Clipboard struct {
	conn *xgb.Conn
	win  xproto.Window
	// atoms: CLIPBOARD, TARGETS, UTF8_STRING, TEXT
	clipboard, targets, utf8, text xproto.Atom

	mu    sync.Mutex
	data  string
	owner bool
}

// newClipboard copies through a connection to the display made at the
// first copy (a view that never copies opens none); nil without a
// display (the screen then offers no copy).
func newClipboard() func(string) error {
	if os.Getenv("DISPLAY") == "" {
		return nil
	}
	var (
		once sync.Once
		c    *x11Clipboard
		err  error
	)
	return func(text string) error {
		once.Do(func() { c, err = newX11Clipboard() })
		if err != nil {
			return err
		}
		return c.copy(text)
	}
}

func newX11Clipboard() (*x11Clipboard, error) {
	conn, err := xgb.NewConn()
	if err != nil {
		return nil, err
	}
	c := &x11Clipboard{conn: conn}
	screen := xproto.Setup(conn).DefaultScreen(conn)
	if c.win, err = xproto.NewWindowId(conn); err != nil {
		conn.Close()
		return nil, err
	}
	if err := xproto.CreateWindowChecked(conn, 0, c.win, screen.Root, 0, 0, 1, 1, 0,
		xproto.WindowClassInputOnly, screen.RootVisual, 0, nil).Check(); err != nil {
		conn.Close()
		return nil, err
	}
	for name, a := range map[string]*xproto.Atom{"CLIPBOARD": &c.clipboard, "TARGETS": &c.targets, "UTF8_STRING": &c.utf8, "TEXT": &c.text} {
		r, err := xproto.InternAtom(conn, false, uint16(len(name)), name).Reply()
		if err != nil {
			conn.Close()
			return nil, err
		}
		*a = r.Atom
	}
	go c.serve()
	return c, nil
}

// copy makes text the clipboard's: this program owns the selection now.
func (c *x11Clipboard) copy(text string) error {
	c.mu.Lock()
	c.data, c.owner = text, true
	c.mu.Unlock()
	if err := xproto.SetSelectionOwnerChecked(c.conn, c.win, c.clipboard, xproto.TimeCurrentTime).Check(); err != nil {
		return err
	}
	r, err := xproto.GetSelectionOwner(c.conn, c.clipboard).Reply()
	if err != nil {
		return err
	}
	if r.Owner != c.win {
		return errors.New("the display did not give this program the clipboard")
	}
	return nil
}

// serve answers the requests for the selection until the connection
// closes: the text as UTF8_STRING, STRING or TEXT, and the list of those
// (TARGETS); a request for anything else is refused (property None).
func (c *x11Clipboard) serve() {
	for {
		ev, err := c.conn.WaitForEvent()
		if ev == nil && err == nil {
			return // the connection closed
		}
		switch e := ev.(type) {
		case xproto.SelectionClearEvent:
			c.mu.Lock()
			c.owner = false // another program copied
			c.mu.Unlock()
		case xproto.SelectionRequestEvent:
			c.answer(e)
		}
	}
}

func (c *x11Clipboard) answer(e xproto.SelectionRequestEvent) {
	c.mu.Lock()
	data, owner := c.data, c.owner
	c.mu.Unlock()
	prop := e.Property
	if prop == xproto.AtomNone {
		prop = e.Target // an obsolete requestor (ICCCM)
	}
	switch {
	case !owner || e.Selection != c.clipboard:
		prop = xproto.AtomNone
	case e.Target == c.targets:
		atoms := []xproto.Atom{c.targets, c.utf8, xproto.AtomString, c.text}
		buf := make([]byte, 4*len(atoms))
		for i, a := range atoms {
			xgb.Put32(buf[4*i:], uint32(a))
		}
		xproto.ChangeProperty(c.conn, xproto.PropModeReplace, e.Requestor, prop, xproto.AtomAtom, 32, uint32(len(atoms)), buf)
	case e.Target == c.utf8 || e.Target == xproto.AtomString || e.Target == c.text:
		typ := e.Target
		if typ == c.text {
			typ = c.utf8
		}
		xproto.ChangeProperty(c.conn, xproto.PropModeReplace, e.Requestor, prop, typ, 8, uint32(len(data)), []byte(data))
	default:
		prop = xproto.AtomNone
	}
	n := xproto.SelectionNotifyEvent{Time: e.Time, Requestor: e.Requestor, Selection: e.Selection, Target: e.Target, Property: prop}
	xproto.SendEvent(c.conn, false, e.Requestor, 0, string(n.Bytes()))
}
