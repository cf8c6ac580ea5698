//go:build !js

package ui

import (
	"errors"
	"fmt"
	"net"
	"net/url"
	"path/filepath"

	"github.com/starshipbattles/bsg/server"
)

// startServer runs a game server inside this program on base's address,
// its games kept in Dir/server.
func (a *App) startServer(base string) error {
	u, err := url.Parse(base)
	if err != nil {
		return err
	}
	if a.hosted != nil {
		return errors.New("host: the server this program started does not answer")
	}
	s, err := server.New(server.Options{Data: filepath.Join(a.Dir, "server")})
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", u.Host)
	if err != nil {
		s.Close()
		return fmt.Errorf("host: %w", err)
	}
	a.hosted = s
	go func() { _ = s.HTTPServer().Serve(ln) }()
	return nil
}
