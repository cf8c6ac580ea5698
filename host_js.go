//go:build js

package main

import "io"

// host: a page in a browser cannot run a game server; it hosts on the
// server it was served from.
var host func(addr, dir string) (io.Closer, error)
