//go:build freebsd || (linux && !android) || netbsd || openbsd

package table

import (
	"maps"
	"os"
	"slices"
	"sync"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/jezek/xgb"
	"github.com/jezek/xgb/xproto"
)

// On X11 the special keys come from a second connection to the display
// that selects key events on the view's own window (any number of
// clients may select them on one window; the window's own client, GLFW,
// still gets every one). The X server sends them as they happen, so two
// taps within one frame are two presses and two releases. Events arrive
// only while the window has the keyboard focus, as GLFW's do.

// x11Keysyms are the keysyms (X11's keysymdef) of keyMap's keys.
var x11Keysyms = map[xproto.Keysym]ebiten.Key{
	0xff0d: ebiten.KeyEnter, 0xff8d: ebiten.KeyNumpadEnter, 0xff1b: ebiten.KeyEscape,
	0xff09: ebiten.KeyTab, 0xff08: ebiten.KeyBackspace, 0xffff: ebiten.KeyDelete,
	0xff51: ebiten.KeyArrowLeft, 0xff52: ebiten.KeyArrowUp, 0xff53: ebiten.KeyArrowRight,
	0xff54: ebiten.KeyArrowDown, 0xff55: ebiten.KeyPageUp, 0xff56: ebiten.KeyPageDown,
	0xff50: ebiten.KeyHome, 0xff57: ebiten.KeyEnd, 0xffbe: ebiten.KeyF1, 0xffbf: ebiten.KeyF2,
	0xffc0: ebiten.KeyF3, 0xffc2: ebiten.KeyF5,
}

// x11 state bits of the modifiers (core protocol, KeyButMask).
const x11Shift, x11Control = 1, 4

// autorepeatWait is how long a release is kept back to see whether the
// X server's autorepeat press follows it (it sends both at once).
const autorepeatWait = 30 * time.Millisecond

// x11Key is one key event as the X server sent it.
type x11Key struct {
	code  xproto.Keycode
	down  bool
	focus bool // a focus loss: every key is up
	state uint16
	time  xproto.Timestamp
	at    time.Time
}

type x11Keys struct {
	mu   sync.Mutex
	raw  []x11Key
	live bool
	conn *xgb.Conn
	syms map[xproto.Keycode]ebiten.Key
	// chars are the keycodes that type characters, with the characters
	// they can type (none known: any)
	chars map[xproto.Keycode][]rune
	downs map[xproto.Keycode]bool
	stop  chan struct{}
	once  sync.Once
}

// newKeySource connects to the display and, once the view's window is
// up, listens to its keys; until then, or without a display, the keys
// are polled.
func newKeySource() keySource {
	c, err := xgb.NewConn()
	if err != nil {
		return nil
	}
	k := &x11Keys{conn: c, downs: map[xproto.Keycode]bool{}, stop: make(chan struct{})}
	go k.listen()
	return k
}

func (k *x11Keys) close() {
	k.once.Do(func() {
		close(k.stop)
		k.conn.Close()
	})
}

// listen finds the window (within 30 s), selects its key and focus
// events and queues them until the connection closes.
func (k *x11Keys) listen() {
	win, ok := k.window()
	if !ok {
		k.close()
		return
	}
	if !k.keymap() {
		k.close()
		return
	}
	mask := uint32(xproto.EventMaskKeyPress | xproto.EventMaskKeyRelease | xproto.EventMaskFocusChange)
	if err := xproto.ChangeWindowAttributesChecked(k.conn, win, xproto.CwEventMask, []uint32{mask}).Check(); err != nil {
		k.close()
		return
	}
	k.mu.Lock()
	k.live = true
	k.mu.Unlock()
	for {
		ev, err := k.conn.WaitForEvent()
		if ev == nil && err == nil {
			break // the connection is closed
		}
		now := time.Now()
		var e x11Key
		switch ev := ev.(type) {
		case xproto.KeyPressEvent:
			e = x11Key{code: ev.Detail, down: true, state: ev.State, time: ev.Time, at: now}
		case xproto.KeyReleaseEvent:
			e = x11Key{code: ev.Detail, state: ev.State, time: ev.Time, at: now}
		case xproto.FocusOutEvent:
			if ev.Detail == xproto.NotifyDetailInferior {
				continue
			}
			e = x11Key{focus: true, at: now}
		case xproto.MappingNotifyEvent:
			if ev.Request == xproto.MappingKeyboard {
				k.keymap()
			}
			continue
		default:
			continue
		}
		k.mu.Lock()
		k.raw = append(k.raw, e)
		k.mu.Unlock()
	}
	k.mu.Lock()
	k.live = false
	k.mu.Unlock()
}

// window finds the view's window: the one this process put up
// (_NET_WM_PID, which GLFW sets), a drawable window among the root's
// children or their children (a window manager's frame).
func (k *x11Keys) window() (xproto.Window, bool) {
	atom, err := xproto.InternAtom(k.conn, false, uint16(len("_NET_WM_PID")), "_NET_WM_PID").Reply()
	if err != nil {
		return 0, false
	}
	root := xproto.Setup(k.conn).DefaultScreen(k.conn).Root
	pid := uint32(os.Getpid())
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		if w, ok := k.find(root, atom.Atom, pid, 3); ok {
			return w, true
		}
		select {
		case <-k.stop:
			return 0, false
		case <-time.After(50 * time.Millisecond):
		}
	}
	return 0, false
}

func (k *x11Keys) find(w xproto.Window, pidAtom xproto.Atom, pid uint32, depth int) (xproto.Window, bool) {
	tree, err := xproto.QueryTree(k.conn, w).Reply()
	if err != nil {
		return 0, false
	}
	for _, c := range tree.Children {
		p, err := xproto.GetProperty(k.conn, false, c, pidAtom, xproto.AtomCardinal, 0, 1).Reply()
		if err == nil && p.Format == 32 && len(p.Value) >= 4 && xgb.Get32(p.Value) == pid {
			if a, err := xproto.GetWindowAttributes(k.conn, c).Reply(); err == nil && a.Class == xproto.WindowClassInputOutput {
				return c, true
			}
		}
		if depth > 1 {
			if f, ok := k.find(c, pidAtom, pid, depth-1); ok {
				return f, true
			}
		}
	}
	return 0, false
}

// typedBy says whether a key whose keysyms (without and with Shift) are
// syms types a character, and which characters it can type: Latin-1 and
// Unicode keysyms (keysymdef.h), the keypad's digits and signs; a legacy
// keysym of another script types a character this does not map (none
// known: any). Function, modifier and cursor keys (0xff00–0xffff but the
// keypad's) type none.
func typedBy(syms []xproto.Keysym) ([]rune, bool) {
	var rs []rune
	other := false
	for _, s := range syms {
		switch {
		case s >= 0x20 && s <= 0x7e || s >= 0xa0 && s <= 0xff:
			rs = append(rs, rune(s))
		case s >= 0x01000100 && s <= 0x0110ffff:
			rs = append(rs, rune(s-0x01000000))
		case s >= 0xffb0 && s <= 0xffb9:
			rs = append(rs, rune('0'+s-0xffb0))
		case s == 0xff80:
			rs = append(rs, ' ')
		case s >= 0xffaa && s <= 0xffaf:
			rs = append(rs, []rune("*+,-./")[s-0xffaa])
		case s > 0xff && s < 0xff00:
			other = true
		}
	}
	return rs, len(rs) > 0 || other
}

// keymap reads which keycodes are keyMap's keys (their unshifted keysym)
// and which type characters (typedBy).
func (k *x11Keys) keymap() bool {
	setup := xproto.Setup(k.conn)
	n := int(setup.MaxKeycode) - int(setup.MinKeycode) + 1
	m, err := xproto.GetKeyboardMapping(k.conn, setup.MinKeycode, byte(n)).Reply()
	if err != nil || m.KeysymsPerKeycode == 0 {
		return false
	}
	syms := map[xproto.Keycode]ebiten.Key{}
	chars := map[xproto.Keycode][]rune{}
	per := int(m.KeysymsPerKeycode)
	for i := 0; i < n && i*per < len(m.Keysyms); i++ {
		code := xproto.Keycode(int(setup.MinKeycode) + i)
		if key, ok := x11Keysyms[m.Keysyms[i*per]]; ok {
			syms[code] = key
			continue
		}
		if rs, ok := typedBy(m.Keysyms[i*per : i*per+min(per, 2)]); ok {
			chars[code] = rs
		}
	}
	k.mu.Lock()
	k.syms, k.chars = syms, chars
	k.mu.Unlock()
	return true
}

// take implements keySource. The X server's autorepeat (a release and a
// press of a held key with the same time) is not a new press: the key is
// still held, and the view repeats held keys itself. A release of a key
// not held (it went down before the window had the focus, or the focus
// left since) is nobody's.
func (k *x11Keys) take(cut time.Time) ([]keyEvent, bool) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if !k.live {
		return nil, false
	}
	var out []keyEvent
	i := 0
	for ; i < len(k.raw); i++ {
		e := k.raw[i]
		if !e.at.Before(cut) {
			break
		}
		if e.focus {
			for _, code := range slices.Sorted(maps.Keys(k.downs)) {
				if key, ok := k.syms[code]; ok {
					out = append(out, keyEvent{key: key, at: e.at})
				}
			}
			clear(k.downs)
			continue
		}
		if !e.down && !k.downs[e.code] {
			continue // a key that went down before the window had the focus
		}
		if !e.down && e.time != 0 {
			if i+1 < len(k.raw) {
				n := k.raw[i+1]
				if n.down && n.code == e.code && n.time == e.time {
					i++ // autorepeat
					if rs, ok := k.chars[e.code]; ok {
						// a held character key types again
						out = append(out, keyEvent{typed: true, runes: rs, down: true, shift: n.state&x11Shift != 0, ctrl: n.state&x11Control != 0, at: n.at})
					}
					continue
				}
			} else if time.Since(e.at) < autorepeatWait {
				break // its autorepeat press may be on its way
			}
		}
		key, ok := k.syms[e.code]
		if e.down {
			k.downs[e.code] = true
		} else {
			delete(k.downs, e.code)
		}
		if ok {
			out = append(out, keyEvent{key: key, down: e.down, shift: e.state&x11Shift != 0, ctrl: e.state&x11Control != 0, at: e.at})
		} else if rs, typed := k.chars[e.code]; typed && e.down {
			out = append(out, keyEvent{typed: true, runes: rs, down: true, shift: e.state&x11Shift != 0, ctrl: e.state&x11Control != 0, at: e.at})
		}
	}
	k.raw = k.raw[i:]
	return out, true
}
