package server_test

import "github.com/starshipbattles/bsg/server"

func serverOpts() server.Options { return server.Options{} }
