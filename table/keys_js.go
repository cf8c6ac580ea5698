package table

import (
	"sync"
	"syscall/js"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
)

// In the browser the special keys come from keydown and keyup listeners
// of the page's own (in the capture phase, so they run before Ebiten's,
// which sit on its canvas). Only keys aimed at the canvas count, as for
// Ebiten: a key typed into one of the page's text fields is the field's.

// jsCodes are the KeyboardEvent.code values of keyMap's keys.
var jsCodes = map[string]ebiten.Key{
	"Enter": ebiten.KeyEnter, "NumpadEnter": ebiten.KeyNumpadEnter, "Escape": ebiten.KeyEscape,
	"Tab": ebiten.KeyTab, "Backspace": ebiten.KeyBackspace, "Delete": ebiten.KeyDelete,
	"ArrowLeft": ebiten.KeyArrowLeft, "ArrowRight": ebiten.KeyArrowRight, "ArrowUp": ebiten.KeyArrowUp,
	"ArrowDown": ebiten.KeyArrowDown, "PageUp": ebiten.KeyPageUp, "PageDown": ebiten.KeyPageDown,
	"Home": ebiten.KeyHome, "End": ebiten.KeyEnd, "F1": ebiten.KeyF1, "F2": ebiten.KeyF2,
	"F3": ebiten.KeyF3, "F5": ebiten.KeyF5,
}

type jsKeys struct {
	mu    sync.Mutex
	queue []keyEvent
	down  map[ebiten.Key]bool
	funcs []js.Func
}

// newKeySource listens to the page's keys.
func newKeySource() keySource {
	doc := js.Global().Get("document")
	if doc.Type() != js.TypeObject {
		return nil
	}
	k := &jsKeys{down: map[ebiten.Key]bool{}}
	handler := func(down bool) js.Func {
		return js.FuncOf(func(this js.Value, args []js.Value) any {
			e := args[0]
			if t := e.Get("target"); t.Type() != js.TypeObject || t.Get("tagName").String() != "CANVAS" {
				return nil
			}
			key, ok := jsCodes[e.Get("code").String()]
			if !ok {
				// a key typing one character (Ebiten takes it from
				// the same keydown, repeats too): where it goes among
				// the special keys
				if rs := []rune(e.Get("key").String()); down && len(rs) == 1 && rs[0] >= ' ' {
					k.mu.Lock()
					k.queue = append(k.queue, keyEvent{typed: true, runes: rs, down: true, shift: e.Get("shiftKey").Truthy(), ctrl: e.Get("ctrlKey").Truthy(), at: time.Now()})
					k.mu.Unlock()
				}
				return nil
			}
			if down && e.Get("repeat").Truthy() {
				return nil // the browser's autorepeat: the view repeats held keys itself
			}
			k.push(keyEvent{key: key, down: down, shift: e.Get("shiftKey").Truthy(), ctrl: e.Get("ctrlKey").Truthy(), at: time.Now()})
			return nil
		})
	}
	blur := js.FuncOf(func(this js.Value, args []js.Value) any {
		k.mu.Lock()
		defer k.mu.Unlock()
		for key := range k.down {
			k.queue = append(k.queue, keyEvent{key: key, at: time.Now()})
		}
		clear(k.down)
		return nil
	})
	k.funcs = []js.Func{handler(true), handler(false), blur}
	doc.Call("addEventListener", "keydown", k.funcs[0], true)
	doc.Call("addEventListener", "keyup", k.funcs[1], true)
	js.Global().Call("addEventListener", "blur", blur)
	return k
}

func (k *jsKeys) push(e keyEvent) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if !e.down && !k.down[e.key] {
		return // its press went elsewhere
	}
	if e.down {
		k.down[e.key] = true
	} else {
		delete(k.down, e.key)
	}
	k.queue = append(k.queue, e)
}

// take implements keySource.
func (k *jsKeys) take(cut time.Time) ([]keyEvent, bool) {
	k.mu.Lock()
	defer k.mu.Unlock()
	i := 0
	for i < len(k.queue) && k.queue[i].at.Before(cut) {
		i++
	}
	out := append([]keyEvent(nil), k.queue[:i]...)
	k.queue = k.queue[i:]
	return out, true
}

func (k *jsKeys) close() {
	doc := js.Global().Get("document")
	doc.Call("removeEventListener", "keydown", k.funcs[0], true)
	doc.Call("removeEventListener", "keyup", k.funcs[1], true)
	js.Global().Call("removeEventListener", "blur", k.funcs[2])
	for _, f := range k.funcs {
		f.Release()
	}
}
