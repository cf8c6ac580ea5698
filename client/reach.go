package client

import (
	"fmt"
	"net"
)

// Reachable is the address (host:port) at which the phones on this
// machine's network reach a server listening on a: an unspecified host
// (0.0.0.0, ::) becomes the machine's first non-loopback IPv4 address, or
// the loopback when it has none (a browser page has no interfaces).
func Reachable(a *net.TCPAddr) string { return reachableFrom(a, net.InterfaceAddrs) }

func reachableFrom(a *net.TCPAddr, addrs func() ([]net.Addr, error)) string {
	if !a.IP.IsUnspecified() && a.IP != nil {
		return a.String()
	}
	ip := "127.0.0.1"
	if list, err := addrs(); err == nil {
		for _, ad := range list {
			if n, ok := ad.(*net.IPNet); ok && !n.IP.IsLoopback() && n.IP.To4() != nil {
				ip = n.IP.String()
				break
			}
		}
	}
	return net.JoinHostPort(ip, fmt.Sprint(a.Port))
}
