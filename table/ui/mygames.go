package ui

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/starshipbattles/bsg/client"
	"github.com/starshipbattles/bsg/wire"
)

// Correspondence play: a player may hold several network games over days.
// The program keeps the seats it joined (the platform's storage: a
// browser's localStorage, under MyGamesKey: their codes, newest first, at
// most wire.MaxListSeats) and asks their server where each stands
// (GET /api/mine, client.Mine) every MyGamesEvery, so that the window's
// title lists the player's other games and whose turn it is in each, and
// the page can tell the player when one becomes theirs.

// DefaultServer is the game server the table view hosts on and joins when
// App.Server is empty: `bsg serve`'s default address.
const DefaultServer = "http://127.0.0.1:7878"

// server returns the game server's base URL.
func (a *App) server() string {
	if a.Server != "" {
		return strings.TrimSuffix(a.Server, "/")
	}
	return DefaultServer
}

// MyGamesKey is the Platform storage key of the seats joined.
const MyGamesKey = "bsg.seats"

// MyGamesEvery is how often the games' standings are asked for.
const MyGamesEvery = 30 * time.Second

// myGames is the seats joined and what their server last said of them.
type myGames struct {
	mu    sync.Mutex
	codes []string           // newest first (nil: not read from the storage yet)
	sums  []wire.GameSummary // as last answered, the current game's included
	asked time.Time          // when last asked
	busy  bool               // a question is on its way
}

// seatTeller is a screen of a network game that names the game it shows
// and the code of the seat it plays (the shell keeps the code and leaves
// out that game from the title's list).
type seatTeller interface {
	// netSeat returns the game's id and the seat's code; ok is false when
	// the screen plays no network seat.
	netSeat() (game, own string, ok bool)
}

// TurnTeller is a screen of a network game that knows whose turn it is.
type TurnTeller interface {
	// YourTurn reports whether the game waits for this seat's decision
	// now; ok is false when that is not known (not connected, not begun,
	// over, or a spectator).
	YourTurn() (yours, ok bool)
}

// YourTurn reports whether the screen shown is a network game that waits
// for this seat's decision now.
func (a *App) YourTurn() bool {
	t, ok := a.screen.(TurnTeller)
	if !ok {
		return false
	}
	yours, known := t.YourTurn()
	return known && yours
}

// trackGames records the seat of the network game shown and asks for the
// standings of every seat joined when MyGamesEvery has passed (on its own
// goroutine; the answer shows in the title from the next frame).
func (a *App) trackGames(now time.Time) {
	if a.Platform == nil {
		return
	}
	m := &a.mine
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.codes == nil {
		m.codes = []string{}
		if data, ok := a.Platform.Stored(MyGamesKey); ok {
			_ = json.Unmarshal(data, &m.codes)
		}
	}
	if st, ok := a.screen.(seatTeller); ok {
		if _, own, net := st.netSeat(); net && own != "" && (len(m.codes) == 0 || m.codes[0] != own) {
			m.codes = slices.Insert(slices.DeleteFunc(m.codes, func(c string) bool { return c == own }), 0, own)
			m.codes = m.codes[:min(len(m.codes), wire.MaxListSeats)]
			data, _ := json.Marshal(m.codes)
			_ = a.Platform.Store(MyGamesKey, data)
			m.asked = time.Time{} // a new game: ask now
		}
	}
	if m.busy || len(m.codes) < 2 || now.Sub(m.asked) < MyGamesEvery {
		return
	}
	m.busy, m.asked = true, now
	codes := slices.Clone(m.codes)
	fallback := a.server()
	go func() {
		byBase := map[string][]string{}
		var bases []string
		for _, c := range codes {
			base, token, err := client.ParseJoin(c, fallback)
			if err != nil {
				continue
			}
			if byBase[base] == nil {
				bases = append(bases, base)
			}
			byBase[base] = append(byBase[base], token)
		}
		var sums []wire.GameSummary
		for _, base := range bases {
			got, err := client.Mine(base, byBase[base])
			if err != nil {
				continue // asked again after MyGamesEvery
			}
			sums = append(sums, got...)
		}
		m.mu.Lock()
		m.sums, m.busy = sums, false
		m.mu.Unlock()
	}()
}

// otherGames says, for the title, the player's other games that are not
// over and whose turn it is in each ("" when there are none): "other
// games: furball your turn, anchorage Cylon's turn".
func (a *App) otherGames() string {
	current := a.currentGame()
	m := &a.mine
	m.mu.Lock()
	defer m.mu.Unlock()
	var parts []string
	for _, s := range m.sums {
		if s.Game == current || s.Over || s.Seat == "" {
			continue
		}
		whose := "your turn"
		switch {
		case !s.Ready:
			whose = "waiting for a player"
		case !s.YourTurn:
			whose = s.Seat.Opponent().Title() + "'s turn"
		}
		parts = append(parts, fmt.Sprintf("%s %s", s.Scenario, whose))
	}
	if len(parts) == 0 {
		return ""
	}
	return "other games: " + strings.Join(parts, ", ")
}

// TurnsWaiting lists the player's other games (not the one shown) that
// wait for this player's decision, as last answered (for the page's
// notifications).
func (a *App) TurnsWaiting() []wire.GameSummary {
	current := a.currentGame()
	m := &a.mine
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []wire.GameSummary
	for _, s := range m.sums {
		if s.YourTurn && !s.Over && s.Game != current {
			out = append(out, s)
		}
	}
	return out
}

// currentGame is the id of the network game shown ("" when none).
func (a *App) currentGame() string {
	if st, ok := a.screen.(seatTeller); ok {
		if game, _, net := st.netSeat(); net {
			return game
		}
	}
	return ""
}
