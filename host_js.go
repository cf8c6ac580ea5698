//go:build js

package main

import "io"

// hostOn: a page in a browser cannot run a game server; it hosts on the
// server it was served from.
func hostOn(*string) func(addr, dir string) (io.Closer, error) { return nil }
