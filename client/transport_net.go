//go:build !js

package client

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"time"

	"github.com/coder/websocket"
)

// netSocket is a WebSocket of github.com/coder/websocket.
type netSocket struct{ c *websocket.Conn }

func (s netSocket) Read(ctx context.Context) ([]byte, error) {
	_, data, err := s.c.Read(ctx)
	return data, err
}

func (s netSocket) Write(ctx context.Context, data []byte) error {
	return s.c.Write(ctx, websocket.MessageText, data)
}

func (s netSocket) Close() { s.c.CloseNow() }

// dialSocket: see transport.go.
func dialSocket(ctx context.Context, url string, readLimit int64) (socket, int, error) {
	ws, resp, err := websocket.Dial(ctx, url, nil)
	if err != nil {
		status := 0
		if resp != nil {
			status = resp.StatusCode
		}
		return nil, status, markUnreachable(err)
	}
	ws.SetReadLimit(readLimit)
	return netSocket{ws}, 0, nil
}

// requestTimeout bounds one lobby request, answer included.
const requestTimeout = 30 * time.Second

// request: see transport.go.
func request(url string, body []byte, limit int64) (int, []byte, error) {
	hc := &http.Client{Timeout: requestTimeout}
	var resp *http.Response
	var err error
	if body == nil {
		resp, err = hc.Get(url)
	} else {
		resp, err = hc.Post(url, "application/json", bytes.NewReader(body))
	}
	if err != nil {
		return 0, nil, markUnreachable(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(io.LimitReader(resp.Body, limit))
	return resp.StatusCode, data, nil
}

// markUnreachable marks a failure to reach any server (a dial that
// failed: refused, no route, unknown host) as ErrUnreachable.
func markUnreachable(err error) error {
	var op *net.OpError
	if errors.As(err, &op) && op.Op == "dial" {
		return unreachable{err}
	}
	return err
}
