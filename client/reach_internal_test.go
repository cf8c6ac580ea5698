package client

import (
	"errors"
	"net"
	"testing"

	"github.com/stretchr/testify/assert"
)

// The phones reach a server listening on every interface at this
// machine's network address, never at its loopback; a server listening on
// one address is reached there.
func TestReachable(t *testing.T) {
	lan := func() ([]net.Addr, error) {
		return []net.Addr{
			&net.IPNet{IP: net.ParseIP("127.0.0.1"), Mask: net.CIDRMask(8, 32)},
			&net.IPNet{IP: net.ParseIP("fe80::1"), Mask: net.CIDRMask(64, 128)},
			&net.IPNet{IP: net.ParseIP("192.168.1.20").To4(), Mask: net.CIDRMask(24, 32)},
		}, nil
	}
	none := func() ([]net.Addr, error) { return nil, errors.New("no interfaces") }
	for _, tc := range []struct {
		addr  *net.TCPAddr
		addrs func() ([]net.Addr, error)
		want  string
	}{
		{&net.TCPAddr{IP: net.IPv4zero, Port: 7878}, lan, "192.168.1.20:7878"},
		{&net.TCPAddr{IP: net.IPv6unspecified, Port: 7878}, lan, "192.168.1.20:7878"},
		{&net.TCPAddr{Port: 7878}, lan, "192.168.1.20:7878"},
		{&net.TCPAddr{IP: net.IPv4zero, Port: 7878}, none, "127.0.0.1:7878"},
		{&net.TCPAddr{IP: net.ParseIP("10.0.0.5"), Port: 9000}, lan, "10.0.0.5:9000"},
	} {
		assert.Equal(t, tc.want, reachableFrom(tc.addr, tc.addrs), "%v", tc.addr)
	}
}
