package client

import (
	"context"
	"errors"
)

// The client reaches its server through two operations only, so that
// each build links the smallest way to make them: the program and the
// command line use net/http and a WebSocket library (transport_net.go);
// the browser page (js/wasm) uses the browser's own fetch and WebSocket
// through syscall/js (transport_js.go), which keeps net/http, crypto/tls
// and the rest of the network stack out of the page's download.
//
// dialSocket opens the seat's WebSocket at url (ws:// or wss://); a
// message longer than readLimit ends the connection. A refused handshake
// gives its HTTP status (0 when the transport cannot tell, as in a
// browser).
//
// request makes one HTTP request (body nil: GET; otherwise POST with
// Content-Type application/json) and returns the answer's status and at
// most limit bytes of its body.

// socket is one WebSocket connection to the server, carrying text
// messages.
type socket interface {
	// Read blocks until the next message arrives, the connection ends or
	// ctx ends.
	Read(ctx context.Context) ([]byte, error)
	// Write sends one text message.
	Write(ctx context.Context, data []byte) error
	// Close ends the connection at once.
	Close()
}

// ErrUnreachable is what a request or a connection fails with when no
// server answers at the address (nothing listens there, no route, an
// unknown host; in a browser, a fetch that fails before any answer):
// errors.Is(err, ErrUnreachable). The table view then offers to start a
// server itself.
var ErrUnreachable = errors.New("no server answers at this address")

// unreachable marks err as ErrUnreachable, keeping its text and its
// chain (the network's own error stays reachable by errors.As).
type unreachable struct{ err error }

func (u unreachable) Error() string        { return u.err.Error() }
func (u unreachable) Unwrap() error        { return u.err }
func (u unreachable) Is(target error) bool { return target == ErrUnreachable }
