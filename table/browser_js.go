package table

import (
	"encoding/json"
	"fmt"
	"net/url"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"syscall/js"

	"github.com/starshipbattles/bsg/internal/limits"
	"github.com/starshipbattles/bsg/table/ui"
)

// In the browser the view gets its files by download and upload, keeps the
// game in progress in localStorage, and tells the page what it shows
// (window.bsg.state, and the ruling in #bsg-ruling for screen readers and
// tests).

// mmPerCSSPixel: CSS defines 96 pixels to the inch.
const cssPixelsPerMM = 96 / 25.4

// minTargetMM is the least size of a control a finger must hit.
const minTargetMM = 9

// PageArgs returns the program's flags from the page's address: each
// query parameter is a flag (?measure=-&colonial=greedy); ?seat=TOKEN, the
// link `bsg host` prints, joins that seat of a game on the server that
// served the page. Without any, the page opens on the title screen.
func PageArgs() []string {
	mark("mainMs")
	loc := js.Global().Get("location")
	q, err := url.ParseQuery(strings.TrimPrefix(loc.Get("search").String(), "?"))
	if err != nil || len(q) == 0 {
		return []string{"-title"}
	}
	if q.Has("seat") {
		// a network game's link: its seat on the server that served the page
		link := loc.Get("origin").String() + "/?seat=" + url.QueryEscape(q.Get("seat"))
		if q.Has("with") { // one device for both players (a companion game)
			link += "&with=" + url.QueryEscape(q.Get("with"))
		}
		return []string{"-join", link}
	}
	keys := make([]string, 0, len(q))
	for k := range q {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var args []string
	for _, k := range keys {
		for _, v := range q[k] {
			if v == "" {
				args = append(args, "-"+k)
			} else {
				args = append(args, "-"+k+"="+v)
			}
		}
	}
	return args
}

// pageLink joins the view to the page: files, storage, and the state the
// page shows.
type pageLink struct {
	p         *browser
	fields    fieldInputs // the page's inputs over the view's text fields
	published string
	title     string
	frames    int
	dpr       float64
	// the browser's notifications (notify): whether the game shown was
	// the player's turn at the last frame, the other games the player was
	// told of, whether a network game is shown (the permission is asked
	// for at the player's next tap or key there), and the listener asking
	netGame atomic.Bool
	yours   bool
	told    map[string]bool
	asker   js.Func
}

// earlyPlatform gives the App the browser as its platform before the
// first screen opens: a seat link's network seat reads, as it is made,
// where its player saw the game up to from the browser's storage.
func earlyPlatform(a *ui.App) { a.Platform = &browser{} }

func (pl *pageLink) attach(a *ui.App) {
	mark("viewMs")
	pl.p, _ = a.Platform.(*browser) // NewApp's (earlyPlatform)
	if pl.p == nil {
		pl.p = &browser{}
	}
	a.Platform = pl.p
	if origin := js.Global().Get("location").Get("origin").String(); a.Server == "" && strings.HasPrefix(origin, "http") {
		// the title's Host and Join use the server that served the page
		// (bsg serve)
		a.Server = origin
	}
	if touchScreen() {
		a.MinTarget = minTargetMM * cssPixelsPerMM * devicePixelRatio()
	}
	pl.askToNotify()
}

// askToNotify asks the player, at their first tap, click or key in a
// network game, whether the page may notify them when it is their turn
// (a browser asks only in answer to the player's gesture; asked once a
// visit, and never when they have answered before).
func (pl *pageLink) askToNotify() {
	n := js.Global().Get("Notification")
	if n.Type() != js.TypeFunction {
		return
	}
	doc := js.Global().Get("document")
	pl.asker = js.FuncOf(func(js.Value, []js.Value) any {
		if !pl.netGame.Load() {
			return nil
		}
		doc.Call("removeEventListener", "pointerdown", pl.asker, true)
		doc.Call("removeEventListener", "keydown", pl.asker, true)
		if n.Get("permission").String() == "default" {
			n.Call("requestPermission")
		}
		return nil
	})
	doc.Call("addEventListener", "pointerdown", pl.asker, true)
	doc.Call("addEventListener", "keydown", pl.asker, true)
}

// notify tells the player by the browser's notification, where they
// allowed it and while the page is not in front of them, when the network
// game shown becomes their turn, or another of their games does
// (ui.App.TurnsWaiting, asked of the server every ui.MyGamesEvery).
func (pl *pageLink) notify(a *ui.App) {
	_, net := a.Screen().(ui.TurnTeller)
	pl.netGame.Store(net)
	yours := a.YourTurn()
	if yours && !pl.yours {
		note("Your turn", a.WindowTitle(), "bsg-turn")
	}
	pl.yours = yours
	waiting := map[string]bool{}
	for _, s := range a.TurnsWaiting() {
		waiting[s.Game] = true
		if pl.told == nil {
			pl.told = map[string]bool{}
		}
		if !pl.told[s.Game] {
			note("Your turn in another game", fmt.Sprintf("%s, turn %d: your turn", s.Scenario, s.Turn), "bsg-turn-"+s.Game)
		}
	}
	for g := range pl.told {
		if !waiting[g] {
			delete(pl.told, g)
		}
	}
	for g := range waiting {
		pl.told[g] = true
	}
}

// note shows a notification if the player allowed them and is not looking
// at the page (hidden, or another window in front).
func note(title, body, tag string) {
	n := js.Global().Get("Notification")
	if n.Type() != js.TypeFunction || n.Get("permission").String() != "granted" {
		return
	}
	doc := js.Global().Get("document")
	if !doc.Get("hidden").Bool() && doc.Call("hasFocus").Bool() {
		return
	}
	n.New(title, map[string]any{"body": body, "tag": tag})
}

// mark notes in window.bsg when the program reached a point of its start
// (milliseconds since the page began), for the start-up figures.
func mark(name string) {
	bsg := js.Global().Get("bsg")
	if bsg.Type() == js.TypeObject {
		bsg.Set(name, js.Global().Get("performance").Call("now").Float()-bsg.Get("started").Float())
	}
}

func touchScreen() bool {
	nav := js.Global().Get("navigator")
	if n := nav.Get("maxTouchPoints"); n.Type() == js.TypeNumber && n.Int() > 0 {
		return true
	}
	mm := js.Global().Get("matchMedia")
	return mm.Type() == js.TypeFunction && js.Global().Call("matchMedia", "(pointer: coarse)").Get("matches").Bool()
}

func devicePixelRatio() float64 {
	if r := js.Global().Get("devicePixelRatio"); r.Type() == js.TypeNumber && r.Float() > 0 {
		return r.Float()
	}
	return 1
}

// poll hands finished uploads to the view (between frames, on the
// view's goroutine).
func (pl *pageLink) poll(a *ui.App) {
	if pl.p == nil {
		return
	}
	for _, u := range pl.p.take() {
		u.done(u.name, u.data, u.err)
	}
	pl.fields.poll(a)
}

// publish tells the page about the frame just drawn.
func (pl *pageLink) publish(a *ui.App) {
	pl.frames++
	bsg := js.Global().Get("bsg")
	if bsg.Type() != js.TypeObject {
		return
	}
	bsg.Set("frames", pl.frames)
	if pl.frames == 1 {
		if f := js.Global().Get("bsgFirstFrame"); f.Type() == js.TypeFunction {
			f.Invoke()
		}
	}
	if t := a.WindowTitle(); t != pl.title {
		// the tab says where the view stands, as the desktop window's title
		pl.title = t
		js.Global().Get("document").Set("title", t)
	}
	pl.notify(a)
	dpr := devicePixelRatio()
	pl.fields.sync(a, dpr)
	st := a.PageState()
	for i := range st.Buttons {
		b := &st.Buttons[i]
		b.X, b.Y, b.W, b.H = b.X/dpr, b.Y/dpr, b.W/dpr, b.H/dpr
	}
	for i := range st.Words {
		w := &st.Words[i]
		w.X, w.Y, w.W, w.H = w.X/dpr, w.Y/dpr, w.W/dpr, w.H/dpr
	}
	for i := range st.Ships {
		st.Ships[i].X, st.Ships[i].Y = st.Ships[i].X/dpr, st.Ships[i].Y/dpr
	}
	for i := range st.Fields {
		f := &st.Fields[i]
		f.X, f.Y, f.W, f.H = f.X/dpr, f.Y/dpr, f.W/dpr, f.H/dpr
	}
	if m := st.More; m != nil {
		m.X, m.Y, m.W, m.H = m.X/dpr, m.Y/dpr, m.W/dpr, m.H/dpr
	}
	for i := range st.UnderMore {
		u := &st.UnderMore[i]
		u.X, u.Y, u.W, u.H = u.X/dpr, u.Y/dpr, u.W/dpr, u.H/dpr
	}
	if ph := st.Photo; ph != nil {
		ph.X, ph.Y, ph.Zoom = ph.X/dpr, ph.Y/dpr, ph.Zoom/dpr
		for i := range ph.Rulings {
			r := &ph.Rulings[i]
			r.From, r.To = [2]float64{r.From[0] / dpr, r.From[1] / dpr}, [2]float64{r.To[0] / dpr, r.To[1] / dpr}
		}
	}
	data, err := json.Marshal(st)
	if err != nil || string(data) == pl.published {
		return
	}
	if pl.published == "" || rulingOf(pl.published) != st.Ruling {
		if el := js.Global().Get("document").Call("getElementById", "bsg-ruling"); el.Truthy() {
			el.Set("textContent", st.Ruling)
		}
	}
	pl.published = string(data)
	bsg.Set("state", pl.published)
}

func rulingOf(state string) string {
	var st ui.PageState
	_ = json.Unmarshal([]byte(state), &st)
	return st.Ruling
}

// browser is the ui.Platform of a browser page.
type browser struct {
	mu   sync.Mutex
	done []upload
	// keep the handler of the file input alive
	onChange js.Func
}

type upload struct {
	name string
	data []byte
	err  error
	done func(string, []byte, error)
}

func (b *browser) take() []upload {
	b.mu.Lock()
	defer b.mu.Unlock()
	out := b.done
	b.done = nil
	return out
}

// ShowAddress puts link in the address bar in place of the page's own
// address (history.replaceState, same origin only): a game hosted from
// the title is found again by a reload, a bookmark or the back button.
func (b *browser) ShowAddress(link string) {
	u, err := url.Parse(link)
	if err != nil {
		return
	}
	loc := js.Global().Get("location")
	if u.Host != "" && u.Host != loc.Get("host").String() {
		return // another server's: the page cannot show it as its own
	}
	js.Global().Get("history").Call("replaceState", nil, "", u.RequestURI())
}

// Download implements ui.Platform: a link to the data, clicked.
func (b *browser) Download(name string, data []byte) error {
	doc := js.Global().Get("document")
	u8 := js.Global().Get("Uint8Array").New(len(data))
	js.CopyBytesToJS(u8, data)
	blob := js.Global().Get("Blob").New([]any{u8}, map[string]any{"type": "application/octet-stream"})
	href := js.Global().Get("URL").Call("createObjectURL", blob)
	link := doc.Call("createElement", "a")
	link.Set("href", href)
	link.Set("download", name)
	link.Get("style").Set("display", "none")
	doc.Get("body").Call("appendChild", link)
	link.Call("click")
	link.Call("remove")
	var revoke js.Func
	revoke = js.FuncOf(func(js.Value, []js.Value) any {
		js.Global().Get("URL").Call("revokeObjectURL", href)
		revoke.Release()
		return nil
	})
	js.Global().Call("setTimeout", revoke, 60000)
	return nil
}

// Upload implements ui.Platform: the page's file input, opened; the file
// chosen is read (when it is within limit) and handed over at the next
// frame.
func (b *browser) Upload(exts []string, limit int64, done func(string, []byte, error)) {
	in := js.Global().Get("document").Call("getElementById", "upload")
	if !in.Truthy() {
		return
	}
	in.Set("accept", acceptOf(exts))
	in.Set("value", "")
	hand := func(u upload) {
		b.mu.Lock()
		b.done = append(b.done, u)
		b.mu.Unlock()
	}
	b.onChange.Release()
	b.onChange = js.FuncOf(func(this js.Value, args []js.Value) any {
		files := in.Get("files")
		if files.Get("length").Int() == 0 {
			return nil
		}
		f := files.Call("item", 0)
		name := f.Get("name").String()
		if size := int64(f.Get("size").Float()); size > limit {
			hand(upload{name: name, err: limits.TooLarge(name, size, limit), done: done})
			return nil
		}
		var then, fail js.Func
		release := func() { then.Release(); fail.Release() }
		then = js.FuncOf(func(this js.Value, args []js.Value) any {
			buf := js.Global().Get("Uint8Array").New(args[0])
			data := make([]byte, buf.Get("length").Int())
			js.CopyBytesToGo(data, buf)
			hand(upload{name: name, data: data, done: done})
			release()
			return nil
		})
		fail = js.FuncOf(func(this js.Value, args []js.Value) any {
			msg := "unreadable"
			if len(args) > 0 {
				msg = args[0].Call("toString").String()
			}
			hand(upload{name: name, err: fmt.Errorf("%s: the browser could not read it: %s", name, msg), done: done})
			release()
			return nil
		})
		f.Call("arrayBuffer").Call("then", then, fail)
		return nil
	})
	in.Set("onchange", b.onChange)
	in.Call("click")
}

// Stored implements ui.Platform with localStorage.
func (b *browser) Stored(key string) ([]byte, bool) {
	ls := js.Global().Get("localStorage")
	if !ls.Truthy() {
		return nil, false
	}
	v := ls.Call("getItem", key)
	if v.Type() != js.TypeString {
		return nil, false
	}
	return []byte(v.String()), true
}

// Store implements ui.Platform with localStorage (text: the data kept are
// JSON).
func (b *browser) Store(key string, data []byte) (err error) {
	ls := js.Global().Get("localStorage")
	if !ls.Truthy() {
		return nil
	}
	defer func() {
		if r := recover(); r != nil { // a full storage throws
			err = fmt.Errorf("browser storage refused %d bytes under %s: %v", len(data), key, r)
		}
	}()
	if data == nil {
		ls.Call("removeItem", key)
		return nil
	}
	ls.Call("setItem", key, string(data))
	return nil
}

// acceptOf is the file input's accept list for files ending in exts:
// for photos (every ext a JPEG's or a PNG's) the image types too, so
// that a phone offers its camera beside its files (no capture attribute:
// a photo taken before, or with another camera app, stays choosable).
func acceptOf(exts []string) string {
	photos := len(exts) > 0
	for _, x := range exts {
		photos = photos && (x == ".jpg" || x == ".jpeg" || x == ".png")
	}
	if photos {
		return "image/jpeg,image/png," + strings.Join(exts, ",")
	}
	return strings.Join(exts, ",")
}

// newClipboard copies with the browser's clipboard where the page may
// write it (a secure context: https, or the page on this machine); where
// it may not, or the browser refuses, it shows the text in the
// browser's own prompt, selected, to copy by hand.
func newClipboard() func(string) error {
	return func(text string) error {
		byHand := func() {
			js.Global().Call("prompt", "Copy this (it is selected):", text)
		}
		clip := js.Global().Get("navigator").Get("clipboard")
		if !js.Global().Get("isSecureContext").Truthy() || !clip.Truthy() || clip.Get("writeText").Type() != js.TypeFunction {
			byHand()
			return nil
		}
		var failed js.Func
		failed = js.FuncOf(func(js.Value, []js.Value) any {
			byHand()
			failed.Release()
			return nil
		})
		clip.Call("writeText", text).Call("catch", failed)
		return nil
	}
}
