package ui

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/client"
	"github.com/starshipbattles/bsg/table/seat"
	"github.com/starshipbattles/bsg/table/ui/kit"
)

// drawSeatLines paints, under a panel's heading, how the game stands for
// the seat when that is more than the battle: a network seat's side, game
// and code to come back with, the server's clock, a lost connection, a
// refused decision, the signed record's verdict. It returns where the
// text ends (y when there is nothing to say).
func (g *Game) drawSeatLines(l *kit.List, x, y, w float64) float64 {
	a := g.a
	s := a.S()
	st := g.seat.Status()
	para := func(text string, sz float64, c colorT, bold bool) { y = a.Para(l, x, y+4*s, w, text, sz, c, bold) }
	if lb, ok := g.seat.(seat.Lobby); ok {
		if side := g.human(); side != "" {
			para(fmt.Sprintf("You play %s (%s %s)", SideName(side), g.Name(), lb.Game()), 13, SideColor(side), true)
			if line, col := g.turnLine(); line != "" {
				para(line, 13, col, true)
			}
			para("your seat, to come back (Join): "+lb.Own(), 11, kit.ColSecondary, false)
		} else {
			para(fmt.Sprintf("You watch %s %s: you see what both sides may see, and decide nothing.", g.Name(), lb.Game()), 13, kit.ColInk, true)
			if line := g.playbackLine(); line != "" {
				para(line, 13, kit.ColInk, true)
			}
			if st.Behind > 0 {
				para(fmt.Sprintf("You watch %d turn(s) behind the game (the host's delay, so that no one watching can coach a player); the end shows when it comes.", st.Behind), 12, kit.ColSecondary, false)
			}
			para("your spectator link, to watch again (Join): "+lb.Own(), 11, kit.ColSecondary, false)
		}
		if checked, err := lb.Verified(); checked {
			if err != nil {
				para("the record does NOT verify: "+err.Error(), 12, kit.ColWarn, false)
			} else {
				para("record verified: signature, commitments, dice and final hash", 12, kit.ColOK, false)
			}
		}
	}
	if c := st.Clock; c != nil {
		para(clockLine(c.LeftAt, c.Running, time.Now()), 13, kit.ColInk, false)
	}
	if st.Aborted != nil {
		para(st.Aborted.Text(SideName), 13, kit.ColWarn, true)
	}
	if st.Reconnecting {
		para("Connection lost: reconnecting…", 13, kit.ColWarn, true)
	}
	if st.Err != nil && poseRefusal(st.Err) == nil { // a refused pose: the table's panel says why
		para(st.Err.Error(), 12, kit.ColWarn, false)
	}
	return y
}

// turnLine says whose turn it is in a network game (a correspondence
// game is left and resumed over days): the player's own, or the
// opponent's (this seat's decisions sealed or on their way, the other's
// awaited); "" when no turn is played (not both seats taken, over,
// reconnecting).
func (g *Game) turnLine() (string, colorT) {
	if line := g.playbackLine(); line != "" {
		// an earlier turn on the board: the player cannot act on it
		return line, kit.ColInk
	}
	yours, ok := g.YourTurn()
	if !ok {
		return "", kit.ColInk
	}
	if yours {
		return "Your turn", kit.ColOK
	}
	return fmt.Sprintf("%s's turn: you may leave, your seat brings you back", g.opponentName()), kit.ColSecondary
}

// clockLine says each side's time left on the server's clock, the running
// one marked.
func clockLine(left func(battle.Side, time.Time) time.Duration, running []battle.Side, now time.Time) string {
	var parts []string
	for _, side := range battle.Sides {
		d := max(0, left(side, now))
		p := fmt.Sprintf("%s %d:%02d", SideName(side), int(d.Minutes()), int(d.Seconds())%60)
		if slices.Contains(running, side) {
			p += " (running)"
		}
		parts = append(parts, p)
	}
	return "Clock: " + strings.Join(parts, " · ")
}

// drawWaitingRoom is the screen until both players have joined a network
// game: in a column that fits a phone, the links to send, and a way back.
func (g *Game) drawWaitingRoom(l *kit.List) {
	a := g.a
	s := a.S()
	st := g.seat.Status()
	lb, _ := g.seat.(seat.Lobby)
	l.Background = kit.ColCover1
	w := math.Min(a.W-32*s, 760*s)
	x := (a.W - w) / 2
	y := a.H * 0.22
	dim, dimmer := kit.Mix(kit.ColWhite, kit.ColInk, 0.2), kit.Mix(kit.ColWhite, kit.ColInk, 0.3)
	back := func(y float64) {
		bw := math.Min(w, 300*s)
		a.Button(l, kit.Rect{X: (a.W - bw) / 2, Y: y, W: bw, H: 40 * s}, a.K("Back to the title", "Esc"), false, false, func() { g.leaveNow() })
	}
	if lb == nil || lb.Game() == "" {
		switch head, text := connectingText(g.seat, st.Err); {
		case errors.Is(st.Err, client.ErrSeatRefused):
			y = a.Para(l, x, y, w, head, 24, kit.ColWarn, true)
			y = a.Para(l, x, y+8*s, w, text, 15, kit.ColWhite, false)
		default:
			y = a.Para(l, x, y, w, head, 24, kit.ColWhite, true)
			if text != "" {
				y = a.Para(l, x, y+8*s, w, text, 15, dim, false)
			}
		}
		back(y + 24*s)
		return
	}
	var missing []battle.Side
	for _, side := range battle.Sides {
		if !slices.Contains(st.Joined, side) {
			missing = append(missing, side)
		}
	}
	waitFor, col := "Waiting for both players", kit.ColWhite
	if len(missing) == 1 {
		waitFor, col = fmt.Sprintf("Waiting for the %s player", SideName(missing[0])), SideColor(missing[0])
	}
	_, companion := g.tableSeat()
	screen := l
	// on a small screen (a phone with the Copy buttons) the words are set
	// smaller so that they and the way back fit between its edges
	head, linkSize := 26.0, 16.0
	words := func(l *kit.List, y float64) float64 { // l: screen, or a list that only measures
		y = a.Para(l, x, y, w, waitFor, head, col, true)
		if side := g.human(); side != "" {
			you := fmt.Sprintf("You play %s in game %s.", SideName(side), lb.Game())
			if companion {
				you = fmt.Sprintf("You play %s in companion game %s: your models on the real table, this screen keeping the books.", SideName(side), lb.Game())
			}
			y = a.Para(l, x, y+6*s, w, you, 16, kit.ColWhite, false)
		}
		if link, code := lb.Invite(); link != "" || code != "" {
			y = a.Para(l, x, y+24*s, w, "Send your opponent the link, or the code to type in Join:", 15, dim, false)
			y = a.Para(l, x, y+8*s, w, link, linkSize, kit.ColWhite, true)
			y = a.Para(l, x, y+4*s, w, code, linkSize, kit.ColWhite, true)
			if a.Clipboard != nil {
				// copied to send by a messenger or a mail (the browser that
				// may not write the clipboard shows the text, selected)
				bw := (math.Min(w, 420*s) - 8*s) / 2
				if l == screen {
					a.Button(l, kit.Rect{X: x, Y: y + 10*s, W: bw, H: 38 * s}, "Copy the link", false, link == "", func() { a.CopyText("the link", link) })
					a.Button(l, kit.Rect{X: x + bw + 8*s, Y: y + 10*s, W: bw, H: 38 * s}, "Copy the code", false, code == "", func() { a.CopyText("the code", code) })
				}
				y += 48*s + a.TextSize(12) // the next line's baseline, its top clear of the buttons
			}
			how := "The link opens the game in a browser, a phone's too; the code goes in \"Join a network or companion game\" on the title of the table view. (bsg bot -seat LINK gives that seat to the computer.)"
			if companion { // a computer moves no models on a real table
				how = "The link opens the game in a browser, a phone's too; the code goes in \"Join a network or companion game\" on the title. Each player plans on their own phone; the models stay on the table."
			}
			y = a.Para(l, x, y+8*s, w, how, 12, dimmer, false)
		}
		return a.Para(l, x, y+20*s, w, "Your own seat, to come back with Join: "+lb.Own(), 13, dimmer, false)
	}
	// the words and the way back in the window: lower on a large screen,
	// from the top on a phone (the link and the code take many lines)
	// Para's y is its first baseline: the head's first line rises above
	// it by up to its size
	height := func() float64 { return a.TextSize(head) + words(&kit.List{}, 0) + 24*s + 40*s }
	if height() > a.H-32*s {
		head, linkSize = 20, 13
	}
	h := height()
	y = math.Max(16*s, math.Min(y, a.H-16*s-h)) + a.TextSize(head)
	back(words(l, y) + 24*s)
}

// connectingText says why a network seat has no game yet: still
// connecting, no server answering at the address (it tries again), or a
// server that refuses the seat (it does not).
func connectingText(se seat.Seat, err error) (head, text string) {
	server := "the server"
	if n, ok := se.(interface{ Client() *client.Client }); ok && n.Client() != nil {
		server = n.Client().Server()
	}
	switch {
	case errors.Is(err, client.ErrSeatRefused):
		why := "The server knows no seat with this link's token: a mistyped link or code, or a link to another server."
		var r *client.SeatRefused
		if errors.As(err, &r) && r.Status == 410 {
			why = "This seat's game is gone: it expired on the server, left unplayed past its time."
		} else if errors.As(err, &r) && r.Status == 404 {
			why = "The server has no game for this seat."
		}
		return "The server refuses this seat link", why + " Ask the host for a new link, or host a game from the title."
	case errors.Is(err, client.ErrUnreachable):
		return "Connecting …", "No server answers at " + server + ": it is not running, or the link's address is wrong. Trying again…"
	case err != nil:
		return "Connecting …", err.Error()
	}
	return "Connecting …", ""
}
