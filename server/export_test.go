package server

// BreakStore closes the server's database under it: every later query
// fails as a broken disk would make it fail.
func BreakStore(s *Server) { _ = s.store.db.Close() }

// ClientKey is the name of a client (its address, or its IPv6 /64) for
// the server's limits.
var ClientKey = clientKey
