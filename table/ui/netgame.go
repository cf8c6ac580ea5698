package ui

import (
	"errors"
	"fmt"
	"math"
	"net"
	"net/url"
	"path/filepath"
	"strconv"

	"github.com/starshipbattles/bsg/client"
	"github.com/starshipbattles/bsg/starship"
	"github.com/starshipbattles/bsg/table/seat"
	"github.com/starshipbattles/bsg/table/ui/kit"
	"github.com/starshipbattles/bsg/wire"
)

// HostNetGame creates a network game of a built-in scenario on the game
// server (starting one inside this program through App.Host when none
// answers, its games kept in Dir/server) and opens the Colonial seat; the
// screen shows the Cylon player's link and code until they join.
func HostNetGame(a *App, scenario string) { Host(a, wire.CreateRequest{Scenario: scenario}) }

// HostCompanionGame creates a companion game of a built-in scenario (the
// players move their own models on a real table; the program keeps the
// twin, the books and the secrets) on the game server, as HostNetGame
// does, and opens the Colonial seat on this screen; the Cylon player
// joins from their phone with the link or code the screen shows.
func HostCompanionGame(a *App, scenario string) {
	Host(a, wire.CreateRequest{Scenario: scenario, Companion: true})
}

// HostSharedCompanionGame hosts a companion game of scenario played on
// ONE device passed between the two players at the table (issue 27: "one
// shared device with cover screens"): the game is hosted as for two
// devices (on this program's own server when none answers, on the page's
// server in the browser) and this screen takes both seats (seat.Pair),
// a cover screen before each side's secret step.
func HostSharedCompanionGame(a *App, scenario string) {
	HostShared(a, wire.CreateRequest{Scenario: scenario, Companion: true})
}

// HostShared hosts the companion game of req on this one device.
func HostShared(a *App, req wire.CreateRequest) {
	base := a.server()
	cr, err := client.Host(base, req)
	if errors.Is(err, client.ErrUnreachable) {
		if err = a.startServer(base, ""); err == nil {
			cr, err = client.Host(base, req)
		}
	}
	if err != nil {
		a.Say("%v", err)
		return
	}
	a.showAddress(cr.Links[wire.OneDevice])
	a.Show(GameOn(a, seat.NewPair(seat.WithTable(a.netSeat(base, cr.Colonial)), seat.WithTable(a.netSeat(base, cr.Cylon)))))
}

// showAddress puts a hosted game's link in a browser's address bar (a
// reload rejoins the game, not the title); elsewhere it does nothing.
func (a *App) showAddress(link string) {
	if p, ok := a.Platform.(interface{ ShowAddress(string) }); ok && link != "" {
		p.ShowAddress(link)
	}
}

// Host hosts the game of req (a network game, or a companion game with a
// phone for each player) and opens this player's seat, the Colonial's.
//
// A companion game hosted from the desktop on the default server is
// hosted where the players' phones reach it: a server listening on every
// interface of this machine, the links naming its address on the network
// (companionServer), serving the browser page the phones open.
func Host(a *App, req wire.CreateRequest) {
	base, listen := a.server(), ""
	if req.Companion && a.Platform == nil && a.Server == "" {
		base, listen = companionServer(client.Reachable)
	}
	cr, err := client.Host(base, req)
	if errors.Is(err, client.ErrUnreachable) {
		if err = a.startServer(base, listen); err == nil {
			cr, err = client.Host(base, req)
		}
	}
	if err != nil {
		a.Say("%v", err)
		return
	}
	a.showAddress(cr.Links["colonial"])
	ns := a.netSeat(base, cr.Colonial)
	ns.Hosting(cr.Links["cylon"], codeOf(base, cr.Cylon))
	var st seat.Seat = ns
	if req.Companion {
		st = seat.WithTable(ns)
	}
	// no status line: the waiting room says the game, the link and the
	// code, and a toast would lie over them on a phone
	a.Show(GameOn(a, st))
}

// NewNetGame opens the one game screen over a seat of a network game on
// the server at base (token: the seat's).
func NewNetGame(a *App, base, token string) *Game { return GameOn(a, a.netSeat(base, token)) }

// netSeat connects to a seat, its sealed decisions' openings kept on disk
// (Dir/seals) or in the browser's storage.
func (a *App) netSeat(base, token string) *seat.Net {
	return seat.NewNet(a.Comp, base, token, appSeals{a})
}

// appSeals keeps the openings of sealed decisions in the browser's storage
// when there is a browser (the platform is known from the first frame on,
// after a seat link opened the game), else in Dir/seals.
type appSeals struct{ a *App }

func (s appSeals) store() client.SealStore {
	if s.a.Platform != nil {
		return platformSeals{s.a.Platform}
	}
	return client.DirStore(filepath.Join(s.a.Dir, "seals"))
}

func (s appSeals) Put(name string, data []byte) error { return s.store().Put(name, data) }

func (s appSeals) Get(name string) ([]byte, error) { return s.store().Get(name) }

// companionServer is the server of a companion game hosted from the
// desktop: its base URL as the phones on this machine's network reach it
// (reach: client.Reachable), and the address it listens on, every
// interface at the default server's port.
func companionServer(reach func(*net.TCPAddr) string) (base, listen string) {
	u, _ := url.Parse(DefaultServer)
	port, _ := strconv.Atoi(u.Port())
	return "http://" + reach(&net.TCPAddr{IP: net.IPv4zero, Port: port}), net.JoinHostPort("0.0.0.0", u.Port())
}

// startServer starts a game server inside this program on base's address
// (or on listen, when given) through App.Host (handed in by the program:
// the view links no server); what the program says of it (a browser page
// not built) is said.
func (a *App) startServer(base, listen string) error {
	if a.Host == nil {
		return fmt.Errorf("host: no game server answers at %s, and this program cannot start one: run bsg serve", base)
	}
	u, err := url.Parse(base)
	if err != nil {
		return err
	}
	if a.hosted != nil {
		return errors.New("host: the server this program started does not answer")
	}
	addr := u.Host
	if listen != "" {
		addr = listen
	}
	c, err := a.Host(addr, filepath.Join(a.Dir, "server"))
	if err != nil {
		return fmt.Errorf("host: %w", err)
	}
	a.hosted = c
	if n, ok := c.(interface{ Note() string }); ok && n.Note() != "" {
		a.Say("%s", n.Note())
	}
	return nil
}

// codeOf is the short form of a seat link: host:port/token.
func codeOf(base, token string) string { return seat.CodeOf(base, token) }

// JoinNetGame opens the seat of a link or code ("" asks for one).
func JoinNetGame(a *App, link string) Screen {
	if link == "" {
		return &joinScreen{a: a}
	}
	j, err := client.ParseLink(link, a.server())
	if err != nil {
		return &joinScreen{a: a, text: link, err: err.Error()}
	}
	if j.With != "" {
		// a companion game on one device passed between the players:
		// both seats on this screen (the Colonial's token first)
		return GameOn(a, seat.NewPair(seat.WithTable(a.netSeat(j.Server, j.Token)), seat.WithTable(a.netSeat(j.Server, j.With))))
	}
	return NewNetGame(a, j.Server, j.Token)
}

// joinScreen asks for a seat link or code.
type joinScreen struct {
	a         *App
	text, err string
}

func (j *joinScreen) Name() string { return "join a network game" }
func (j *joinScreen) Help() []string {
	return []string{"Paste or type the link (http://host:port/?seat=…) or the code (host:port/token) the host sent you; Enter joins.", "Esc goes back to the title."}
}
func (j *joinScreen) Tick(float64) {}
func (j *joinScreen) Handle(ev kit.Event) {
	if ev.Kind == kit.KeyPress && ev.Key == kit.KeyEscape {
		j.a.Home()
	}
	if ev.Kind == kit.KeyPress && ev.Key == kit.KeyEnter {
		j.join()
	}
}

func (j *joinScreen) join() {
	if _, err := client.ParseLink(j.text, j.a.server()); err != nil {
		j.err = err.Error()
		return
	}
	j.a.Show(JoinNetGame(j.a, j.text))
}

func (j *joinScreen) Draw(l *kit.List) {
	a := j.a
	s := a.S()
	l.Background = kit.ColCover1
	cx := a.W / 2
	l.Text(kit.Pt{X: cx, Y: a.H * 0.3}, "Join a network game", a.TextSize(30), kit.ColWhite, kit.AnchorMiddle, true)
	l.Text(kit.Pt{X: cx, Y: a.H*0.3 + 40*s}, "the link or the code the host sent you", a.TextSize(15), kit.Mix(kit.ColWhite, kit.ColInk, 0.2), kit.AnchorMiddle, false)
	w := math.Min(a.W*0.8, 640*s)
	r := kit.Rect{X: cx - w/2, Y: a.H*0.3 + 64*s, W: w, H: 36 * s}
	a.Field(l, r, "join", &j.text, j.join)
	if a.Focused() == "" && j.text == "" {
		a.Focus("join")
	}
	bw := math.Min(180*s, (w-12*s)/2)
	a.Button(l, kit.Rect{X: cx - bw - 6*s, Y: r.Y + r.H + 16*s, W: bw, H: 38 * s}, a.K("Join", "Enter"), false, false, j.join)
	a.Button(l, kit.Rect{X: cx + 6*s, Y: r.Y + r.H + 16*s, W: bw, H: 38 * s}, a.K("Back", "Esc"), false, false, func() { j.Handle(kit.Press(kit.KeyEscape)) })
	if j.err != "" {
		a.Para(l, cx-w/2, r.Y+r.H+80*s, w, j.err, 14, kit.ColWarn, false)
	}
}

// platformSeals keeps the openings of this seat's sealed decisions (its
// own secrets) in the platform's storage: a browser page reopened from the
// link opens them.
type platformSeals struct{ p Platform }

func (ps platformSeals) Put(name string, data []byte) error { return ps.p.Store("bsg."+name, data) }

func (ps platformSeals) Get(name string) ([]byte, error) {
	if data, ok := ps.p.Stored("bsg." + name); ok {
		return data, nil
	}
	return nil, fmt.Errorf("%s: not kept in this browser", name)
}

// checked is a draft's check, kept while neither the draft nor the state
// changes (the ghost's path is resolved once, not every frame).
type checked struct {
	plan string
	o    *starship.Outcome
	vs   []starship.Violation
	err  error
}
