//go:build !js

package main

import (
	"io"

	"github.com/starshipbattles/bsg/server"
	"github.com/starshipbattles/bsg/web"
)

// hostOn returns the host of the table view (ui.App.Host): it starts the
// game server the title's hosting plays on when none answers, inside this
// program (the view links no server itself), serving the browser page
// built into the folder *webDir (make web), which the phones of a
// companion game open. Without the page it still serves the games, and
// says how to build the page (the closer's Note).
func hostOn(webDir *string) func(addr, dir string) (io.Closer, error) {
	return func(addr, dir string) (io.Closer, error) {
		opts := server.Options{Data: dir}
		note := ""
		if miss := web.Missing(*webDir); len(miss) == 0 {
			opts.Web = web.Handler(*webDir)
		} else {
			note = web.NotBuilt(*webDir, miss)
		}
		c, err := server.ListenWith(addr, opts)
		if err != nil {
			return nil, err
		}
		return noted{c, note}, nil
	}
}

// noted is a started server and what its starter should tell the player.
type noted struct {
	io.Closer
	note string
}

// Note says what the player should know of the server started.
func (n noted) Note() string { return n.note }
