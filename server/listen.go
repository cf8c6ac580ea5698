package server

import (
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
)

// Listen starts a game server on addr (host:port), its games kept in the
// folder data, served with HTTPServer's timeouts, and returns what stops
// it: the HTTP server first, then the database. It is the host a program
// hands to the table view (ui.App.Host), which links no server itself.
func Listen(addr, data string) (io.Closer, error) { return ListenWith(addr, Options{Data: data}) }

// ListenWith is Listen with the server's options (its page: Options.Web).
func ListenWith(addr string, opts Options) (io.Closer, error) {
	s, err := New(opts)
	if err != nil {
		return nil, err
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		s.Close()
		return nil, fmt.Errorf("listen: %w", err)
	}
	hs := s.HTTPServer()
	go func() { _ = hs.Serve(ln) }()
	return listening{hs, s}, nil
}

type listening struct {
	hs *http.Server
	s  *Server
}

func (l listening) Close() error { return errors.Join(l.hs.Close(), l.s.Close()) }
