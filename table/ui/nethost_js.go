//go:build js

package ui

import "fmt"

// startServer: a page in a browser cannot run a game server; it hosts on
// the server it was served from (App.Server).
func (a *App) startServer(base string) error {
	return fmt.Errorf("host: no game server answers at %s, and a browser page cannot start one: run bsg serve", base)
}
