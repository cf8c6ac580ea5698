//go:build freebsd || (linux && !android) || netbsd || openbsd

package table

import (
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/jezek/xgb/xproto"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fakeX11 is an X11 key queue fed by hand: keycode 36 is Return, 23 Tab.
func fakeX11() *x11Keys {
	return &x11Keys{live: true, downs: map[xproto.Keycode]bool{},
		syms: map[xproto.Keycode]ebiten.Key{36: ebiten.KeyEnter, 23: ebiten.KeyTab}}
}

func (k *x11Keys) feed(at time.Time, evs ...x11Key) {
	for _, e := range evs {
		e.at = at
		k.raw = append(k.raw, e)
	}
}

// TestX11KeysKeepEveryTapInOrder: two whole taps of Tab and one of Return,
// all before the frame's cut, are three presses in order; an event after
// the cut waits for the next frame.
func TestX11KeysKeepEveryTapInOrder(t *testing.T) {
	k := fakeX11()
	t0 := time.Now().Add(-time.Second)
	k.feed(t0,
		x11Key{code: 23, down: true, time: 10}, x11Key{code: 23, time: 20},
		x11Key{code: 23, down: true, time: 30, state: x11Shift}, x11Key{code: 23, time: 40},
		x11Key{code: 36, down: true, time: 50}, x11Key{code: 36, time: 60})
	k.feed(t0.Add(500*time.Millisecond), x11Key{code: 36, down: true, time: 70})
	evs, live := k.take(t0.Add(100 * time.Millisecond))
	require.True(t, live)
	var got []string
	for _, e := range evs {
		got = append(got, map[bool]string{true: "down ", false: "up "}[e.down]+map[ebiten.Key]string{ebiten.KeyTab: "Tab", ebiten.KeyEnter: "Enter"}[e.key])
	}
	assert.Equal(t, []string{"down Tab", "up Tab", "down Tab", "up Tab", "down Enter", "up Enter"}, got)
	assert.True(t, evs[2].shift, "the modifiers of each press")
	evs, _ = k.take(time.Now())
	require.Len(t, evs, 1, "the press after the cut comes next frame")
	assert.True(t, evs[0].down)
}

// TestX11KeysAutorepeatIsNoPress: the X server's autorepeat (a release and
// a press of a held key at one time) keeps the key held; a release with
// no press yet is kept back until its press could have come.
func TestX11KeysAutorepeatIsNoPress(t *testing.T) {
	k := fakeX11()
	k.feed(time.Now().Add(-time.Second), x11Key{code: 23, down: true, time: 10},
		x11Key{code: 23, time: 600}, x11Key{code: 23, down: true, time: 600})
	evs, _ := k.take(time.Now())
	require.Len(t, evs, 1)
	assert.True(t, evs[0].down)
	k.feed(time.Now(), x11Key{code: 23, time: 700})
	evs, _ = k.take(time.Now().Add(time.Second))
	assert.Empty(t, evs, "a fresh release waits for a possible autorepeat press")
	k.raw[0].at = time.Now().Add(-time.Second)
	evs, _ = k.take(time.Now())
	require.Len(t, evs, 1)
	assert.False(t, evs[0].down)
}

// TestX11KeysFocusLossReleasesHeldKeys: when the window loses the focus
// its held keys are up (X sends their release elsewhere), and a release
// of a key never seen down is nobody's (xdotool's release before a press,
// a key held when the window got the focus).
func TestX11KeysFocusLossReleasesHeldKeys(t *testing.T) {
	k := fakeX11()
	at := time.Now().Add(-time.Second)
	k.feed(at, x11Key{code: 36, time: 5}, x11Key{code: 36, down: true, time: 5},
		x11Key{code: 23, down: true, time: 10}, x11Key{focus: true}, x11Key{code: 23, time: 20})
	evs, _ := k.take(time.Now())
	require.Len(t, evs, 4)
	assert.Equal(t, keyEvent{key: ebiten.KeyEnter, down: true, at: at}, evs[0], "the release before the press is dropped, the press kept")
	assert.Equal(t, keyEvent{key: ebiten.KeyTab, down: true, at: at}, evs[1])
	assert.Equal(t, []keyEvent{{key: ebiten.KeyTab, at: at}, {key: ebiten.KeyEnter, at: at}}, evs[2:], "the focus loss releases both")
	assert.Empty(t, k.downs)
}

// TestX11KeysMarkWhereCharactersWereTyped: the press of a key that types
// (keycode 43: h, H) is queued among the special keys' presses, with the
// characters it can type; its release is nobody's; a held character key
// types again at each autorepeat; keysyms map as keysymdef.h says.
func TestX11KeysMarkWhereCharactersWereTyped(t *testing.T) {
	k := fakeX11()
	k.chars = map[xproto.Keycode][]rune{43: []rune("hH")}
	k.feed(time.Now().Add(-time.Second),
		x11Key{code: 36, down: true, time: 10}, x11Key{code: 36, time: 20},
		x11Key{code: 43, down: true, time: 30}, x11Key{code: 43, time: 600}, x11Key{code: 43, down: true, time: 600},
		x11Key{code: 43, time: 700})
	evs, _ := k.take(time.Now())
	var got []string
	for _, e := range evs {
		n := map[bool]string{true: "down ", false: "up "}[e.down]
		if e.typed {
			n += string(e.runes)
		} else {
			n += map[ebiten.Key]string{ebiten.KeyEnter: "Enter"}[e.key]
		}
		got = append(got, n)
	}
	assert.Equal(t, []string{"down Enter", "up Enter", "down hH", "down hH"}, got)

	for _, c := range []struct {
		syms  []xproto.Keysym
		runes string
		typed bool
	}{
		{[]xproto.Keysym{0x68, 0x48}, "hH", true},
		{[]xproto.Keysym{0xff95, 0xffb7}, "7", true}, // KP_Home, KP_7
		{[]xproto.Keysym{0x6c1, 0x6e1}, "", true},    // Cyrillic: any
		{[]xproto.Keysym{0x010020ac, 0}, "€", true},
		{[]xproto.Keysym{0xffe1, 0}, "", false}, // Shift_L
		{[]xproto.Keysym{0xffbe, 0}, "", false}, // F1
	} {
		rs, typed := typedBy(c.syms)
		assert.Equal(t, c.typed, typed, "%x", c.syms)
		assert.Equal(t, c.runes, string(rs), "%x", c.syms)
	}
}
