package seat

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"slices"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/client"
	"github.com/starshipbattles/bsg/referee"
	"github.com/starshipbattles/bsg/starship"
	"github.com/starshipbattles/bsg/wire"
)

// Net is a seat of a network game (package client): the server keeps the
// battle; this seat sees its side's view and sends its decisions, sealed
// where the rules keep them secret (plans, secret declarations: committed
// first, opened once both sides have committed).
//
// Plans are held here as the player commits them ship by ship (CmdPlan,
// CmdUndo) and go to the server together, sealed, with CmdReveal: the
// screen sends it when the player is done planning, as at a table where
// both players turn their cards over together.
type Net struct {
	c      *client.Client
	seals  client.SealStore
	seen   seenKept // where the player saw the game up to, as kept when opened
	cancel context.CancelFunc
	comp   *assets.Components
	base   string
	self   string
	link   string // hosting: the other seat's link and code
	code   string

	st     *wire.State
	setup  *battle.Setup
	setupc chan *battle.Setup
	// noSetup: the server did not give the scenario; Setup says what
	// the view shows
	noSetup bool
	// locked: the plans committed here for the state's moment, not yet
	// sent; sent: the state's seq when this moment's decisions went.
	locked  map[string]starship.Plan
	sent    int
	sentFor moment
	busy    string
	done    chan error
	err     error
	resumed int
	checked bool
	verr    error
	// replayed is the battle replayed from the verified record
	replayed *battle.Battle
	// ref rules the table of the state with seq refSeq (margins)
	ref    *referee.Referee
	refSeq int
}

// moment is when a decision is owed: its turn, step and phase.
type moment struct {
	turn, step int
	phase      battle.Phase
}

func momentOf(v battle.View) moment { return moment{v.Turn, v.Step, v.Phase} }

// NewNet connects to a seat of a game on the server at base (token: the
// seat's token). seals keeps the openings of this seat's sealed decisions,
// so that a player who leaves after sealing opens the seal on coming back
// (nil: not kept).
//
// The same store keeps where the player saw the game up to on this device
// (KeepSeen): a page opened again or a program started again with the
// seat's link asks for the moves since then, and the screen plays back
// what the player missed, as for a connection that came back.
func NewNet(comp *assets.Components, base, token string, seals client.SealStore) *Net {
	ctx, cancel := context.WithCancel(context.Background())
	self := CodeOf(base, token)
	seen := seenOf(seals, self)
	c := client.DialHaving(ctx, base, token, seen.Events)
	c.SetComponents(comp)
	if seals != nil {
		c.KeepSealsIn(seals)
	}
	return &Net{c: c, cancel: cancel, comp: comp, base: base, self: self, sent: -1, resumed: -1,
		locked: map[string]starship.Plan{}, done: make(chan error, 1), setupc: make(chan *battle.Setup, 1),
		seals: seals, seen: seen}
}

// seenKept is what a seals store keeps of where a seat's player saw the
// game up to: how many of its events, and what the screen keeps with it.
type seenKept struct {
	Events int             `json:"events"`
	Screen json.RawMessage `json:"screen,omitempty"`
}

// seenName names a seat's seenKept in a seals store: from a hash of the
// seat's code (the token itself is not written in a name).
func seenName(self string) string {
	h := sha256.Sum256([]byte(self))
	return "seen-" + hex.EncodeToString(h[:8]) + ".json"
}

// seenOf reads what store keeps of where the seat's player saw the game
// up to (nothing when it keeps nothing readable).
func seenOf(store client.SealStore, self string) seenKept {
	if store == nil {
		return seenKept{}
	}
	data, err := store.Get(seenName(self))
	if err != nil {
		return seenKept{}
	}
	var k seenKept
	if json.Unmarshal(data, &k) != nil || k.Events < 0 {
		return seenKept{}
	}
	return k
}

// Seen implements Memory: where the player saw the game up to on this
// device when the seat was opened (0 and nil: nothing kept).
func (n *Net) Seen() (int, []byte) { return n.seen.Events, n.seen.Screen }

// KeepSeen implements Memory: the player has seen the game's first events
// events; screen is what the screen keeps with them (JSON).
func (n *Net) KeepSeen(events int, screen []byte) error {
	if n.seals == nil {
		return errors.New("keep seen: no store")
	}
	data, err := json.Marshal(seenKept{Events: events, Screen: screen})
	if err != nil {
		return err
	}
	return n.seals.Put(seenName(n.self), data)
}

// CodeOf is the short form of a seat link: host:port/token.
func CodeOf(base, token string) string {
	u, err := url.Parse(base)
	if err != nil {
		return token
	}
	return u.Host + "/" + token
}

// Hosting tells the seat the other seat's link and code, to show while
// the other player has not joined.
func (n *Net) Hosting(link, code string) { n.link, n.code = link, code }

// Client returns the seat's connection.
func (n *Net) Client() *client.Client { return n.c }

// State returns the latest state taken by Poll (nil before the first).
func (n *Net) State() *wire.State { return n.st }

// Sides implements Seat: this seat's side (none for a spectator, or
// before the first state).
func (n *Net) Sides() []battle.Side {
	if n.st == nil || n.st.Seat == "" {
		return nil
	}
	return []battle.Side{n.st.Seat}
}

// sentNow reports whether this moment's decisions have gone (or are on
// their way).
func (n *Net) sentNow() bool {
	return n.st != nil && n.sent >= 0 && n.sentFor == momentOf(n.st.View) &&
		(n.busy != "" || n.err == nil)
}

// View implements Seat. For this seat's side: the server's view with the
// plans committed here (face down: planned) and, once this moment's
// decisions have gone, nothing more owed. For the other side: the same
// table, owing nothing at this screen.
func (n *Net) View(side battle.Side) battle.View {
	if n.st == nil {
		return battle.View{Side: side, Phase: battle.Planning}
	}
	v := n.st.View
	v.Ships = slices.Clone(v.Ships)
	if side != n.st.Seat {
		v.MayDeclare, v.MarkersDue = false, nil
		return v
	}
	sent := n.sentNow()
	allLocked := v.Phase == battle.Planning && len(n.st.Owe) > 0
	for i := range v.Ships {
		s := &v.Ships[i]
		if !s.Own {
			continue
		}
		if p, ok := n.locked[s.ID]; ok && v.Phase == battle.Planning {
			p := p.Clone()
			s.Planned, s.Plan = true, &p
		} else if v.Phase == battle.Planning && slices.Contains(n.st.Owe, s.ID) {
			allLocked = false
		}
		if sent && v.Phase == battle.Preplanning {
			s.MustPreplan = false
		}
	}
	if sent {
		v.MayDeclare, v.MarkersDue = false, nil
	} else if allLocked {
		// every plan is in here: the player may turn them over (the
		// screen sends CmdReveal), as in the engine's reveal phase
		v.Phase = battle.Revealing
	}
	return v
}

// Setup implements Seat: the scenario fetched from the server, or until it
// arrives, what the view shows (the rules, the table, the ships).
func (n *Net) Setup() battle.Setup {
	if n.setup != nil {
		return *n.setup
	}
	s := battle.Setup{Name: "network game"}
	if n.st != nil {
		s.Name = "network game " + n.st.Game
		s.Rules, s.Width, s.Depth = n.st.Rules, n.st.View.Width, n.st.View.Depth
		s.Obstacles = n.st.View.Obstacles
		for _, sv := range n.st.View.Ships {
			s.Ships = append(s.Ships, battle.ShipSpec{ID: sv.ID, Class: sv.Class, Side: sv.Side})
		}
	}
	return s
}

// Class implements Seat.
func (n *Net) Class(id string) starship.Class {
	c, _ := starship.ClassFor(n.comp, id)
	return c
}

// Events implements Seat: the events of this seat's view.
func (n *Net) Events() []battle.Event {
	if n.st == nil {
		return nil
	}
	return n.st.View.Events
}

// Preview implements Seat: battle.PreviewShip on the ship as this seat
// sees it.
func (n *Net) Preview(side battle.Side, ship string, plan starship.Plan) (starship.Outcome, error) {
	if n.st == nil {
		return starship.Outcome{}, errors.New("no state yet")
	}
	for _, s := range n.st.View.Ships {
		if s.ID == ship && s.Own && s.State != nil {
			return battle.PreviewShip(n.st.Rules, n.comp, n.Class(s.Class), s, plan)
		}
	}
	return starship.Outcome{}, fmt.Errorf("no own ship %s", ship)
}

// Targets implements Seat: the rulings the server listed for the seat's
// ships that may fire now.
func (n *Net) Targets(side battle.Side, ship string) []referee.Ruling {
	if n.st == nil || side != n.st.Seat || n.sentNow() {
		return nil
	}
	return n.st.Targets[ship]
}

// AttackRoll implements Seat: the odds the server listed.
func (n *Net) AttackRoll(side battle.Side, shooter, target string) (int, []battle.Modifier, bool) {
	if n.st == nil || side != n.st.Seat {
		return 0, nil, false
	}
	for _, o := range n.st.Odds[shooter] {
		if o.Target == target {
			return o.Attack, o.Modifiers, true
		}
	}
	return 0, nil, false
}

// Do implements Seat.
func (n *Net) Do(cmd battle.Command) error {
	if n.st == nil || n.st.Seat == "" {
		return errors.New("a spectator decides nothing")
	}
	if cmd.Side != n.st.Seat && cmd.Type != battle.CmdReveal {
		return fmt.Errorf("this seat plays %s", n.st.Seat)
	}
	if n.busy != "" {
		return fmt.Errorf("%s: still sending", n.busy)
	}
	v := n.st.View
	owes := func(id string) bool { return slices.Contains(n.st.Owe, id) }
	cmd.Side = ""
	switch cmd.Type {
	case battle.CmdPlan:
		if v.Phase != battle.Planning || !owes(cmd.Ship) || cmd.Plan == nil {
			return fmt.Errorf("%s owes no plan now", cmd.Ship)
		}
		if n.sentNow() {
			return errors.New("the plans are sealed already")
		}
		n.locked[cmd.Ship] = cmd.Plan.Clone()
		return nil
	case battle.CmdUndo:
		if n.sentNow() {
			return errors.New("the plans are sealed already: they cannot be withdrawn")
		}
		if _, ok := n.locked[cmd.Ship]; !ok {
			return fmt.Errorf("%s has no plan to withdraw", cmd.Ship)
		}
		delete(n.locked, cmd.Ship)
		return nil
	case battle.CmdReveal:
		if v.Phase != battle.Planning || n.sentNow() {
			return nil // the server reveals by itself
		}
		var cmds []battle.Command
		for _, id := range n.st.Owe {
			p, ok := n.locked[id]
			if !ok {
				return fmt.Errorf("%s has no plan yet", id)
			}
			p = p.Clone()
			cmds = append(cmds, battle.Command{Type: battle.CmdPlan, Ship: id, Plan: &p})
		}
		n.send("plans sealed", func(ctx context.Context) error { return n.c.Seal(ctx, cmds) })
		return nil
	case battle.CmdDeclare:
		if n.st.Sealed {
			n.send("declaration sealed", func(ctx context.Context) error { return n.c.Seal(ctx, []battle.Command{cmd}) })
		} else {
			n.send("declaration", func(ctx context.Context) error { return n.c.Act(ctx, cmd) })
		}
		return nil
	case battle.CmdFTL, battle.CmdPreplan, battle.CmdTail:
		n.send(string(cmd.Type), func(ctx context.Context) error { return n.c.Act(ctx, cmd) })
		return nil
	}
	return fmt.Errorf("a network seat does not send %s", cmd.Type)
}

// send runs one sending in the background; Poll takes its result.
func (n *Net) send(what string, f func(ctx context.Context) error) {
	n.busy, n.err, n.sent, n.sentFor = what, nil, n.st.Seq, momentOf(n.st.View)
	go func() { n.done <- f(context.Background()) }()
}

// Poll implements Seat: it takes the result of what was being sent and the
// latest state (reopening a seal kept from an earlier visit).
func (n *Net) Poll() bool {
	changed := false
	select {
	case err := <-n.done:
		n.busy, n.err, changed = "", err, true
		if err != nil {
			n.sent = -1
		}
	default:
	}
	select {
	case s := <-n.setupc:
		n.setup, n.noSetup, changed = s, s == nil, true
	default:
	}
	st := n.c.State()
	if st == nil || st == n.st {
		return changed
	}
	if n.busy != "" && n.st != nil && momentOf(st.View) != momentOf(n.st.View) {
		// the game moved on while this seat's decision is still on its
		// way (its acknowledgement): the new moment is taken once it
		// has gone, so that nothing is owed twice
		return changed
	}
	if n.st == nil || momentOf(n.st.View) != momentOf(st.View) {
		n.locked = map[string]starship.Plan{}
	}
	if n.busy == "" && n.sent >= 0 && st.Seq > n.sent && momentOf(st.View) == n.sentFor &&
		len(st.Owe) > 0 && !slices.Contains(st.Committed, st.Seat) {
		// what this seat sent at this moment was taken back (a companion
		// game's undo by agreement of a reveal: the same turn's planning
		// again): it owes its decisions again, else it says "sealed
		// already" to each one and waits for nothing
		n.sent = -1
		n.locked = map[string]starship.Plan{}
	}
	if n.st == nil && st.Game != "" {
		go func(game string) {
			s, err := client.Scenario(n.base, game)
			if err != nil {
				n.setupc <- nil
				return
			}
			n.setupc <- &s
		}(st.Game)
	}
	n.st = st
	if n.busy == "" && n.resumed != st.Seq && n.c.Unopened() {
		n.resumed = st.Seq
		n.send("reopening your sealed decisions", n.c.Resume)
	}
	if st.Record != nil && !n.checked {
		n.checked = true
		n.replayed, n.verr = st.Record.Verify(n.comp, "")
	}
	return true
}

// Flown implements Flights: the moves of a turn as the latest state holds
// them (wire.State.Flown; the client keeps those of the latest turns that
// earlier states carried).
func (n *Net) Flown(turn int) (fs []wire.Flight, ok bool) {
	if n.st == nil {
		return nil, false
	}
	for _, f := range n.st.Flown {
		if f.Turn == turn {
			fs, ok = append(fs, f), true
		}
	}
	return fs, ok
}

// Status implements Seat.
func (n *Net) Status() Status {
	st := Status{Sending: n.busy, Err: n.err}
	if ok, err := n.c.Connected(); !ok {
		st.Reconnecting = n.st != nil
		if st.Err == nil {
			st.Err = err
		}
	}
	if n.st == nil {
		return st
	}
	// ready once both players are in and the scenario is known (or
	// known not to come). A spectator's state behind the game is a
	// snapshot of an earlier turn's start, which may predate the
	// players' joining: the game is under way all the same.
	st.Ready = (n.st.Ready || n.st.Behind > 0) && (n.setup != nil || n.noSetup)
	st.Joined, st.Clock, st.Aborted, st.Behind = n.st.Joined, n.st.Clock, n.st.Aborted, n.st.Behind
	seat := n.st.Seat
	st.Sealed = slices.Contains(n.st.Committed, seat) || n.sentNow() && n.st.Sealed
	if seat != "" && n.st.View.Phase != battle.Over && (len(n.st.Owe) == 0 || n.sentNow()) {
		st.Waiting = seat.Opponent()
	}
	return st
}

// Leave implements Seat: the connection closes; the game goes on on the
// server.
func (n *Net) Leave() { n.cancel() }

// Game implements Lobby.
func (n *Net) Game() string {
	if n.st == nil {
		return ""
	}
	return n.st.Game
}

// Own implements Lobby: this seat's code, to come back with.
func (n *Net) Own() string { return n.self }

// Invite implements Lobby.
func (n *Net) Invite() (link, code string) { return n.link, n.code }

// Verified implements Lobby.
func (n *Net) Verified() (bool, error) { return n.checked, n.verr }

// SignedRecord implements Recorded: the record as the server signed it,
// once the game is over and the record verifies, and the battle replayed
// from its journal.
func (n *Net) SignedRecord() ([]byte, *battle.Battle, bool) {
	if !n.checked || n.verr != nil || n.replayed == nil || n.st == nil || n.st.Record == nil {
		return nil, nil, false
	}
	data, err := json.MarshalIndent(n.st.Record, "", " ")
	if err != nil {
		return nil, nil, false
	}
	return data, n.replayed, true
}

// MarginsOf implements Margins: a referee of the table as this seat's
// view shows it rules the pair again (the server's rulings carry no
// margins), matched by the ships' ids.
func (n *Net) MarginsOf(r referee.Ruling) referee.Margins {
	if n.st == nil {
		return referee.Margins{}
	}
	if n.ref == nil || n.refSeq != n.st.Seq {
		v := n.st.View
		t := referee.Table{Width: v.Width, Depth: v.Depth, ThreeD: n.st.Rules.Has(starship.OptThreeD),
			Obstacles: slices.Clone(v.Obstacles), Limits: referee.LimitsFrom(n.comp.Geometry)}
		for _, s := range v.Ships {
			if s.OnTable && !s.Out {
				t.Ships = append(t.Ships, referee.Ship{ID: s.ID, Class: s.Class, Pose: s.Pose, Rotation: s.Rotation,
					Level: s.Level, AcrossFlats: n.Class(s.Class).AcrossFlats})
			}
		}
		n.ref, n.refSeq = referee.New(t), n.st.Seq
	}
	r.Attacker, r.Target = -1, -1
	for i, s := range n.ref.Table().Ships {
		switch s.ID {
		case r.AttackerID:
			r.Attacker = i
		case r.TargetID:
			r.Target = i
		}
	}
	return n.ref.MarginsOf(r)
}

var (
	_ Seat    = (*Net)(nil)
	_ Lobby   = (*Net)(nil)
	_ Margins = (*Net)(nil)
)
