//go:build !js

package main

import "github.com/starshipbattles/bsg/server"

// host starts the game server "Host a network game" plays on when none
// answers: inside this program (the table view links no server itself).
var host = server.Listen
