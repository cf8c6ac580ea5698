package table

import (
	"fmt"
	"math"
	"sync"
	"syscall/js"

	"github.com/starshipbattles/bsg/table/ui"
)

// In the browser a text field of the view (a join code, the editor's name
// and turn limit, measurement mode's typed coordinates) is edited through
// a real HTML input laid over it: a tap on it focuses the input, which is
// what makes a phone show its own keyboard (and lets it paste, correct
// and select); what is typed flows back into the field. The input is
// transparent until it has the keyboard, so the view's field shows through.

// fieldEvent is something an input did, handed to the view between frames.
type fieldEvent struct {
	kind string // "edit", "focus", "blur", "enter"
	id   string
	text string
}

// fieldInputs are the page's inputs over the view's text fields.
type fieldInputs struct {
	mu     sync.Mutex
	events []fieldEvent

	inputs map[string]*fieldInput
	focus  string // the view's focused field at the last sync
}

type fieldInput struct {
	el   js.Value
	text string // the text the view is known to hold
	fns  []js.Func
}

func (fi *fieldInputs) push(ev fieldEvent) {
	fi.mu.Lock()
	fi.events = append(fi.events, ev)
	fi.mu.Unlock()
}

// poll hands what the inputs did to the view, in order.
func (fi *fieldInputs) poll(a *ui.App) {
	fi.mu.Lock()
	evs := fi.events
	fi.events = nil
	fi.mu.Unlock()
	for _, ev := range evs {
		switch ev.kind {
		case "edit":
			a.EditField(ev.id, ev.text)
			if in := fi.inputs[ev.id]; in != nil {
				in.text = ev.text
			}
		case "focus", "blur":
			a.FocusField(ev.id, ev.kind == "focus")
			// the page's keyboard is where the view's now is
			fi.focus = a.Focused()
		case "enter":
			// the field lets the keyboard go: sync gives it to the view
			a.EnterField(ev.id)
		}
	}
}

// sync lays an input over each text field of the frame just drawn (CSS
// pixels: device pixels over dpr), removes those of fields gone, copies
// text the view changed by itself into them, and moves the page's
// keyboard focus where the view moved its own.
func (fi *fieldInputs) sync(a *ui.App, dpr float64) {
	doc := js.Global().Get("document")
	if fi.inputs == nil {
		fi.inputs = map[string]*fieldInput{}
	}
	seen := map[string]bool{}
	for _, f := range a.TextFields() {
		seen[f.ID] = true
		in := fi.inputs[f.ID]
		if in == nil {
			in = fi.create(doc, f.ID)
			fi.inputs[f.ID] = in
		}
		st := in.el.Get("style")
		st.Set("left", px(f.R.X/dpr))
		st.Set("top", px(f.R.Y/dpr))
		st.Set("width", px(f.R.W/dpr))
		st.Set("height", px(f.R.H/dpr))
		// 16 px at least: a phone zooms the page into a smaller input
		st.Set("fontSize", px(math.Max(16, f.R.H/dpr*0.55)))
		mode := "text"
		if f.Numeric {
			mode = "decimal"
		}
		if in.el.Get("inputMode").String() != mode {
			in.el.Set("inputMode", mode)
		}
		if f.Text != in.text {
			in.text = f.Text
			in.el.Set("value", f.Text)
		}
	}
	active := doc.Get("activeElement")
	for id, in := range fi.inputs {
		if !seen[id] {
			if in.el.Equal(active) {
				focusCanvas(doc)
			}
			in.el.Call("remove")
			for _, fn := range in.fns {
				fn.Release()
			}
			delete(fi.inputs, id)
		}
	}
	if focus := a.Focused(); focus != fi.focus {
		fi.focus = focus
		if in := fi.inputs[focus]; in != nil {
			in.el.Call("focus")
		} else if ours(active) {
			focusCanvas(doc) // the keyboard goes back to the view
		}
	}
}

func (fi *fieldInputs) create(doc js.Value, id string) *fieldInput {
	el := doc.Call("createElement", "input")
	el.Set("type", "text")
	el.Set("id", "bsg-field-"+id)
	el.Call("setAttribute", "data-bsg-field", id)
	el.Call("setAttribute", "autocomplete", "off")
	el.Call("setAttribute", "autocapitalize", "off")
	el.Call("setAttribute", "autocorrect", "off")
	el.Call("setAttribute", "spellcheck", "false")
	el.Call("setAttribute", "enterkeyhint", "done")
	el.Call("setAttribute", "aria-label", id)
	el.Set("className", "bsg-field")
	for k, v := range map[string]string{"position": "fixed", "zIndex": "5", "margin": "0", "padding": "0 4px",
		"boxSizing": "border-box", "border": "2px solid #2b6cb0", "borderRadius": "0", "background": "#fff",
		"color": "#1a1a1a", "opacity": "0", "outline": "none", "fontFamily": "sans-serif"} {
		el.Get("style").Set(k, v)
	}
	in := &fieldInput{el: el}
	on := func(name string, f func(e js.Value)) {
		fn := js.FuncOf(func(this js.Value, args []js.Value) any {
			f(args[0])
			return nil
		})
		in.fns = append(in.fns, fn)
		el.Call("addEventListener", name, fn)
	}
	value := func() string { return el.Get("value").String() }
	on("input", func(js.Value) { fi.push(fieldEvent{kind: "edit", id: id, text: value()}) })
	on("focus", func(js.Value) {
		el.Get("style").Set("opacity", "1")
		fi.push(fieldEvent{kind: "focus", id: id})
	})
	on("blur", func(js.Value) {
		el.Get("style").Set("opacity", "0")
		fi.push(fieldEvent{kind: "blur", id: id})
	})
	on("keydown", func(e js.Value) {
		switch e.Get("key").String() {
		case "Enter":
			e.Call("preventDefault")
			fi.push(fieldEvent{kind: "edit", id: id, text: value()})
			fi.push(fieldEvent{kind: "enter", id: id})
		case "Escape":
			e.Call("preventDefault")
			focusCanvas(js.Global().Get("document"))
		}
	})
	doc.Get("body").Call("appendChild", el)
	return in
}

// ours reports whether an element is one of the inputs over the fields.
func ours(el js.Value) bool {
	return el.Truthy() && el.Get("className").Type() == js.TypeString && el.Get("className").String() == "bsg-field"
}

// focusCanvas gives the keyboard back to the view's canvas (Ebiten reads
// the keys there).
func focusCanvas(doc js.Value) {
	if c := doc.Call("querySelector", "canvas"); c.Truthy() {
		c.Call("focus")
	} else if el := doc.Get("activeElement"); ours(el) {
		el.Call("blur")
	}
}

func px(v float64) string { return fmt.Sprintf("%.1fpx", v) }
