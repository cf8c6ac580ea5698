// Package wire is the network protocol of a game played through `bsg
// serve`: the messages, the commitments to sealed decisions, the
// derivation of each turn's dice and the signed record of a finished
// game. It does no input or output; PROTOCOL.md describes the protocol
// for implementers of other clients.
package wire
