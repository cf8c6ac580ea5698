//go:build js

package client

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"syscall/js"
	"time"
)

// In a browser the client uses the browser's WebSocket and fetch through
// syscall/js: linking net/http for them (which in js/wasm itself calls
// fetch) would bring the whole network stack, TLS included, into the
// page's download.

// jsSocket is a browser WebSocket. Its event handlers only queue what
// happened and return: a handler must never block the browser's event
// loop, which also runs the Go program.
type jsSocket struct {
	ws        js.Value
	readLimit int64

	mu     sync.Mutex
	queue  [][]byte
	signal chan struct{} // holds one token when queue or closed changed
	closed error         // why the connection ended, once it has
	opened chan struct{} // closed at the open event
}

func (s *jsSocket) poke() {
	select {
	case s.signal <- struct{}{}:
	default:
	}
}

func (s *jsSocket) end(err error) {
	s.mu.Lock()
	if s.closed == nil {
		s.closed = err
	}
	s.mu.Unlock()
	s.poke()
}

// dialSocket: see transport.go.
func dialSocket(ctx context.Context, url string, readLimit int64) (sock socket, status int, err error) {
	defer func() {
		// the WebSocket constructor throws on a malformed address
		if r := recover(); r != nil {
			if je, ok := r.(js.Error); ok {
				sock, status, err = nil, 0, je
				return
			}
			panic(r)
		}
	}()
	s := &jsSocket{readLimit: readLimit, signal: make(chan struct{}, 1), opened: make(chan struct{})}
	s.ws = js.Global().Get("WebSocket").New(url)
	s.ws.Set("binaryType", "arraybuffer")
	var once sync.Once
	var funcs []js.Func
	var events []string
	on := func(event string, f func(e js.Value)) {
		fn := js.FuncOf(func(this js.Value, args []js.Value) any {
			f(args[0])
			return nil
		})
		funcs, events = append(funcs, fn), append(events, event)
		s.ws.Call("addEventListener", event, fn)
	}
	on("open", func(js.Value) { once.Do(func() { close(s.opened) }) })
	on("message", func(e js.Value) {
		d := e.Get("data")
		var data []byte
		if d.Type() == js.TypeString {
			data = []byte(d.String())
		} else {
			a := js.Global().Get("Uint8Array").New(d)
			data = make([]byte, a.Length())
			js.CopyBytesToGo(data, a)
		}
		s.mu.Lock()
		s.queue = append(s.queue, data)
		s.mu.Unlock()
		s.poke()
	})
	on("error", func(js.Value) { s.end(errors.New("the WebSocket failed")) })
	on("close", func(e js.Value) {
		s.end(fmt.Errorf("the WebSocket closed (%d %s)", e.Get("code").Int(), e.Get("reason").String()))
		// the last event of a WebSocket: its handlers go (releasing one
		// that runs is allowed; one released and then called is not)
		for i, f := range funcs {
			s.ws.Call("removeEventListener", events[i], f)
			f.Release()
		}
	})
	for {
		select {
		case <-s.opened:
			return s, 0, nil
		case <-ctx.Done():
			s.Close()
			return nil, 0, ctx.Err()
		case <-s.signal:
			s.mu.Lock()
			why := s.closed
			s.mu.Unlock()
			if why != nil {
				s.Close()
				// A browser does not tell why a handshake failed: no
				// server, or one that refused the seat. The status is 0:
				// the client asks the address over HTTP to tell which.
				return nil, 0, fmt.Errorf("connecting to %s: %w", url, why)
			}
		}
	}
}

func (s *jsSocket) Read(ctx context.Context) ([]byte, error) {
	for {
		s.mu.Lock()
		if len(s.queue) > 0 {
			data := s.queue[0]
			s.queue = s.queue[1:]
			more := len(s.queue) > 0 || s.closed != nil
			s.mu.Unlock()
			if more {
				s.poke()
			}
			if int64(len(data)) > s.readLimit {
				s.Close()
				return nil, fmt.Errorf("a message of %d bytes: the limit is %d", len(data), s.readLimit)
			}
			return data, nil
		}
		why := s.closed
		s.mu.Unlock()
		if why != nil {
			return nil, why
		}
		select {
		case <-s.signal:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}

func (s *jsSocket) Write(ctx context.Context, data []byte) (err error) {
	s.mu.Lock()
	why := s.closed
	s.mu.Unlock()
	if why != nil {
		return why
	}
	defer func() {
		if r := recover(); r != nil {
			if je, ok := r.(js.Error); ok {
				err = je
				return
			}
			panic(r)
		}
	}()
	s.ws.Call("send", string(data))
	return nil
}

func (s *jsSocket) Close() {
	s.end(errors.New("the WebSocket was closed"))
	s.ws.Call("close")
}

// requestTimeout bounds one lobby request, answer included.
const requestTimeout = 30 * time.Second

// await waits for a JavaScript promise: its value, or its rejection as
// an error.
func await(ctx context.Context, p js.Value) (js.Value, error) {
	type result struct {
		v   js.Value
		err error
	}
	ch := make(chan result, 1)
	ok := js.FuncOf(func(this js.Value, args []js.Value) any {
		ch <- result{v: args[0]}
		return nil
	})
	fail := js.FuncOf(func(this js.Value, args []js.Value) any {
		msg := "rejected"
		if len(args) > 0 && args[0].Truthy() {
			if m := args[0].Get("message"); m.Type() == js.TypeString {
				msg = m.String()
			} else {
				msg = args[0].Call("toString").String()
			}
		}
		ch <- result{err: errors.New(msg)}
		return nil
	})
	release := func() {
		ok.Release()
		fail.Release()
	}
	p.Call("then", ok, fail)
	select {
	case r := <-ch:
		release()
		return r.v, r.err
	case <-ctx.Done():
		// released once the promise settles (the caller aborts it): a
		// released function the promise then called would stop the
		// program
		go func() {
			<-ch
			release()
		}()
		return js.Undefined(), ctx.Err()
	}
}

// request: see transport.go.
func request(url string, body []byte, limit int64) (int, []byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), requestTimeout)
	defer cancel()
	abort := js.Global().Get("AbortController").New()
	defer abort.Call("abort")
	opts := map[string]any{"signal": abort.Get("signal"), "cache": "no-store"}
	if body != nil {
		opts["method"] = "POST"
		opts["headers"] = map[string]any{"Content-Type": "application/json"}
		opts["body"] = string(body)
	}
	resp, err := await(ctx, js.Global().Call("fetch", url, opts))
	if err != nil {
		if ctx.Err() != nil {
			return 0, nil, fmt.Errorf("%s: no answer in %v", url, requestTimeout)
		}
		// fetch rejects only when no answer came at all
		return 0, nil, unreachable{fmt.Errorf("%s: %v", url, err)}
	}
	status := resp.Get("status").Int()
	var data []byte
	if b := resp.Get("body"); b.Truthy() {
		rd := b.Call("getReader")
		defer rd.Call("cancel")
		for int64(len(data)) < limit {
			chunk, err := await(ctx, rd.Call("read"))
			if err != nil {
				return status, data, fmt.Errorf("%s: reading the answer: %v", url, err)
			}
			if chunk.Get("done").Bool() {
				break
			}
			v := chunk.Get("value")
			part := make([]byte, v.Length())
			js.CopyBytesToGo(part, v)
			data = append(data, part...)
		}
	}
	if int64(len(data)) > limit {
		data = data[:limit]
	}
	return status, data, nil
}
