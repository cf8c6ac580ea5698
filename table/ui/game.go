package ui

import (
	"fmt"
	"image/color"
	"math"
	"slices"
	"strings"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/policy"
	"github.com/starshipbattles/bsg/referee"
	"github.com/starshipbattles/bsg/scenarios"
	"github.com/starshipbattles/bsg/starship"
	"github.com/starshipbattles/bsg/table/seat"
	"github.com/starshipbattles/bsg/table/ui/kit"
)

// stage is where the hot-seat game's screen stands.
type stage int

const (
	stCover   stage = iota // a cover screen before a side takes the controls
	stPlan                 // a side plans its ships in secret
	stReveal               // all plans are in: both players watch the reveal
	stMarker               // a side places a jumping ship's FTL marker
	stAnim                 // ships move along their paths
	stDeclare              // a side declares its shots
	stResults              // dice, hits and misses
	stOver                 // the victory screen
	stThink                // the computer works out its plans (on a goroutine of its own)
)

// Game is a battle on one machine: a state machine over the battle
// engine's phases. Two players play hot-seat, with cover screens between
// them; a side may be played by the computer (a policy), which decides
// through the same engine commands without cover screens.
type Game struct {
	a *App
	// table is a companion player's pose correction in progress: the
	// ship chosen, the typed fields, a drag on the board (companion.go)
	table tableEdit
	// alone is, on one device passed between the players (seat.Pair),
	// the side whose player holds it alone to see its secrets (a counter
	// they draw, after passDevice), until they hide them again; "" while
	// both look at it
	alone battle.Side
	// the panel's content scrolls above its footer (scroll.go)
	scroll      kit.Scroll
	foot        kit.Rect
	footWidgets [2]int // the footer's controls among the App's widgets, this frame
	// decisions are the buttons of the decision the panel waits for (Go
	// on, Declare, Place the marker), this frame; pinH is the height of
	// the strip they were pinned in at the room's foot on the last frame
	// (0: they were in the room), which the room leaves free
	decisions []decision
	pinH      float64
	// underMore are the lines of the panel's text "More below" lay over
	// on the last frame (none, as kit.Scroll.More places it): the page
	// reports them (PageState.UnderMore) for the browser's checks
	underMore []PageText
	// coverScroll scrolls a cover screen's words when they are taller
	// than the screen above its buttons (a briefing on a phone)
	coverScroll  kit.Scroll
	coverScrolls bool    // the cover on screen scrolls its words
	coverTap     *kit.Pt // where a press on such words began, while it hardly moved
	// seat is the game as this screen's players have it: what they see,
	// what they may do, the events that arrive (package table/seat): a
	// battle on this machine (hot-seat, against the computer), a network
	// seat, a replay.
	seat seat.Seat
	// seen is how many of the seat's events the screen has taken; last,
	// the board and the moment when it took them (the playback of what
	// arrives next starts from it).
	seen int
	// kept: the events seen the seat's memory keeps (seat.Memory), so
	// that a page opened again plays back what came after them
	kept int
	last moment
	// joined: the seat was ready and the screen took the game as it
	// stood (join)
	joined bool
	cam    kit.Camera
	pan    kit.Panner
	st     stage
	side   battle.Side // the side at the controls (plan, markers, declare)

	// back is the screen Esc returns to (the title when nil).
	back Screen
	// preplan: the planning screen takes a severely wounded pilot's cards
	// for next turn.
	preplan bool

	coverTitle string
	coverSide  battle.Side // whose cover screen ("" for both)
	coverKind  coverKind
	coverParas []para
	afterCover func()

	// planning
	sel     string
	drafts  map[string]*starship.Plan
	confirm string // a ship whose illegal plan waits for a second Enter
	// previews: the engine's Preview of each ship's draft, kept while
	// neither the draft nor the ship changes (planCheck)
	previews map[string]checked
	costs    map[costsKey][]cardCost // the difficult maneuver marks of a ship's cards (cardCosts)

	// declaring
	shooter   string
	shots     map[string]string // shooter → target
	holds     map[string]bool   // shooters told to hold their fire
	results   []logEntry
	outcomes  map[string]starship.Outcome
	markerRot float64
	marker    *physics.Vec
	// hoverMarker is where the pointer is while a marker is placed.
	hoverMarker *physics.Vec

	anim      *animation
	shotLines []shotLine
	// the playback of the last command, beat by beat (playback.go):
	// beats, the one on screen, the moves of its movement steps and where
	// the ships stood before them
	beats []beat
	beat  int
	// beatEvs are the events the beats were cut from (beat.end indexes
	// them): the log holds back what comes after the beat on screen
	beatEvs []battle.Event
	waited  float64 // seconds the beat on screen has waited (App.AutoPace)
	// moves and before are the beat on screen's turn's; turns holds
	// every turn's of the playback (a batch may span several)
	moves  *animation
	before map[string]snap
	turns  map[int]turnMoves

	// br is what the players are told: briefing, goals, zones.
	br *brief
	// briefed: the first cover screen (with the briefing) has been shown.
	briefed bool
	// tab is the panel's tab: "" for the stage's controls, "scenario"
	// for the briefing, the goals and the progress.
	tab string
	// resolving is the turn whose moves and shots are on screen (the
	// battle may already be in the next one).
	resolving int
	// saved is the journal's length at the last autosave.
	saved int

	// overlays
	arcs, grid, ghosts, rings, labels bool
	logOpen                           bool
	logScroll                         int
	logDrag                           *logDrag // a finger reading the log back
	// replay: read-only, no controls
	readOnly bool
	viewAs   battle.Side
	// victoryOps is where the victory screen's operations begin in the
	// last frame (overlayWords)
	victoryOps int
}

// NewGame starts a battle on a setup, each side played as the title
// screen chose (App.Players): hot-seat, or against the computer.
func NewGame(a *App, setup battle.Setup, seed uint64) (*Game, error) {
	b, err := battle.New(setup, a.Comp, seed)
	if err != nil {
		return nil, err
	}
	return GameFrom(a, b), nil
}

// GameFrom continues a battle (new or loaded), each side played as the
// title screen chose (App.Players): a side whose player names a computer
// policy is the computer's.
func GameFrom(a *App, b *battle.Battle) *Game {
	computers := map[battle.Side]string{}
	for _, side := range battle.Sides {
		if _, err := policy.ByName(a.Players[side]); err == nil {
			computers[side] = a.Players[side]
		}
	}
	l, err := seat.NewLocal(b, a.Comp, computers)
	if err != nil { // not reached: the names were checked above
		a.Say("%v", err)
		l, _ = seat.NewLocal(b, a.Comp, nil)
	}
	return GameOn(a, l)
}

// GameOn is the one game screen over a seat: a local battle, a network
// seat, or any other Seat; what a seat can do beyond Seat (save, name its
// computers, …) the screen finds by type assertion.
func GameOn(a *App, st seat.Seat) *Game {
	g := &Game{a: a, seat: st, drafts: map[string]*starship.Plan{}, shots: map[string]string{}, holds: map[string]bool{},
		outcomes: map[string]starship.Outcome{}, arcs: true, grid: true, ghosts: true, labels: true, side: battle.Colonial}
	if sides := st.Sides(); len(sides) > 0 {
		g.side = sides[0]
	}
	// until the seat is ready (a network seat: both players in, the
	// scenario come), what the seat knows of the setup
	g.br = briefFor(st.Setup(), nil)
	g.join()
	g.advance()
	return g
}

// join takes the game as it stands when the seat is ready (at once for a
// local battle; a network seat once both players are in and the scenario
// has come): the briefing, and the events so far, which are history, not
// news to play back. A seat that had a state before it was ready (a
// spectator's page open while a player or the scenario was still on its
// way) starts from the first state it had: what happened since is news,
// played back turn by turn like any state that arrives late, so that a
// spectator watching from the start sees every turn move.
func (g *Game) join() {
	if !g.seat.Status().Ready {
		if g.last.board == nil && len(g.seat.Events()) > 0 && !g.recall() {
			g.took(g.publicView())
		}
		return
	}
	g.joined = true
	setup := g.seat.Setup()
	g.br = briefFor(setup, scenarioNamed(g.a, setup.Name))
	recalled := g.last.board != nil && g.kept > 0 // a page opened again (recall, maybe before it was ready)
	if g.last.board == nil {
		if recalled = g.recall(); !recalled {
			g.took(g.publicView())
		}
	}
	// a player back on this device was briefed on an earlier visit
	g.briefed = recalled || g.last.turn > 1 || g.last.phase != battle.Planning
}

// WithScenario gives the game the scenario it plays, for its briefing,
// goals and zones.
func (g *Game) WithScenario(sc *scenarios.Scenario) *Game {
	g.br = briefFor(g.seat.Setup(), sc)
	return g
}

// Computer names the computer player playing a side ("" when a player
// does, or the seat has no computer players).
func (g *Game) Computer(side battle.Side) string {
	if c, ok := g.seat.(seat.Computers); ok {
		return c.Computer(side)
	}
	return ""
}

// plays reports whether a side's decisions are taken at this screen.
func (g *Game) plays(side battle.Side) bool { return slices.Contains(g.seat.Sides(), side) }

// hotSeat reports whether two players share the machine: then cover
// screens keep each side's secrets from the other.
func (g *Game) hotSeat() bool { return len(g.seat.Sides()) == 2 }

// human returns the one side played at this screen (against the
// computer, or a network seat), or "".
//
// One device passed between the players of a companion game (seat.Pair):
// the player holding it, the side with the controls.
func (g *Game) human() battle.Side {
	if _, ok := g.seat.(*seat.Pair); ok {
		return g.side
	}
	if sides := g.seat.Sides(); len(sides) == 1 {
		return sides[0]
	}
	return ""
}

// passControls gives the controls to the other side if a player plays it.
func (g *Game) passControls() {
	if g.plays(g.side.Opponent()) {
		g.side = g.side.Opponent()
	}
}

// moment is the board and the battle's moment the screen last took
// events at.
type moment struct {
	board      map[string]snap
	turn, step int
	phase      battle.Phase
}

// took notes the board and moment the next events start from.
func (g *Game) took(v battle.View) {
	g.seen = len(g.seat.Events())
	g.last = moment{board: snapshot(v), turn: v.Turn, step: v.Step, phase: v.Phase}
}

// sync takes the events that arrived since the screen last took any (a
// command of this screen's player, a computer's, the other seat's over
// the network) and plays them back beat by beat in the rules' order; it
// reports whether a playback is on screen.
func (g *Game) sync() bool {
	evs := g.seat.Events()
	if len(evs) <= g.seen {
		return false
	}
	fresh := slices.Clone(evs[g.seen:])
	from := g.last
	declared := 0
	if from.phase == battle.Declaring {
		declared = from.step
	}
	v := g.publicView()
	g.took(v)
	quick := g.rules().Set == starship.Quick
	waiting := 0
	if v.Phase == battle.Declaring && v.Turn == from.turn {
		waiting = v.Step
	}
	if v.Turn == from.turn && v.Step == from.step && v.Phase == from.phase || v.Phase == battle.Revealing {
		// a decision that moved nothing yet (a plan, the first of two
		// declarations, the first of two markers): its lines are in
		// the log; the playback waits for what it sets off
		return false
	}
	if len(beatsOf(fresh, quick, declared, waiting)) == 0 {
		return false
	}
	step := from.step
	if from.phase == battle.PlacingFTL || from.phase == battle.Preplanning || from.phase == battle.Revealing || from.phase == battle.Planning {
		step = 1
	}
	g.afterCommand(from.board, from.turn, step, fresh, false, declared)
	return true
}

// Status says where the game stands, for the window's title: the
// scenario, the turn, the stage, the ship at the controls, whether all
// are planned, a plan waiting for a second Enter, the winner.
func (g *Game) Status() string {
	if lb, ok := g.seat.(seat.Lobby); ok && !g.joined && !g.readOnly {
		// before the game is on, the setup's name is only "network
		// game" (the screen's Name already says it): the game's id and
		// what the seat waits for
		switch {
		case lb.Game() == "":
			return "connecting"
		case len(g.seat.Status().Joined) < 2:
			return "game " + lb.Game() + " · waiting for the other player"
		}
		return "game " + lb.Game() + " · fetching the scenario"
	}
	parts := []string{g.br.name, fmt.Sprintf("turn %d", g.shownTurn(g.publicView())), "stage " + g.Stage()}
	switch g.st {
	case stPlan:
		parts = append(parts, SideName(g.side))
		if g.sel != "" {
			parts = append(parts, "ship "+g.sel)
		}
		if _, now := g.plannable(g.side); !now && !g.preplan {
			parts = append(parts, "all planned")
		}
		if g.confirm != "" {
			parts = append(parts, "confirm")
		}
	case stDeclare, stMarker:
		parts = append(parts, SideName(g.side))
	case stOver:
		if r := g.publicView().Result; r != nil && r.Winner != "" {
			parts = append(parts, SideName(r.Winner)+" victory")
		} else {
			parts = append(parts, "a draw")
		}
	}
	return strings.Join(parts, " · ")
}

// Seat returns the seat the screen plays.
func (g *Game) Seat() seat.Seat { return g.seat }

// Battle returns the battle being played when this program holds it (a
// local seat), else nil.
func (g *Game) Battle() *battle.Battle {
	if l, ok := g.seat.(*seat.Local); ok {
		return l.Battle()
	}
	return nil
}

// Stage names the game's stage (for tests and the help).
func (g *Game) Stage() string {
	return [...]string{"cover", "plan", "reveal", "marker", "anim", "declare", "results", "over", "think"}[g.st]
}

// Side returns the side at the controls.
func (g *Game) Side() battle.Side { return g.side }

// Name implements Screen.
func (g *Game) Name() string {
	if _, ok := g.tableSeat(); ok { // a seat link's game known to be a companion's
		return "companion game"
	}
	if _, ok := g.seat.(seat.Lobby); ok {
		return "network game"
	}
	if h := g.human(); h != "" {
		return fmt.Sprintf("%s against the computer, %s", SideName(h), g.Stage())
	}
	if len(g.seat.Sides()) == 0 && g.Computer(battle.Colonial) != "" {
		return fmt.Sprintf("computer against computer, %s", g.Stage())
	}
	return fmt.Sprintf("hot-seat game, %s", g.Stage())
}

func (g *Game) rules() starship.Rules { return g.seat.Setup().Rules }

func (g *Game) notch() float64 { return g.a.Comp.Geometry.DialNotch.Value }

// coverGo stands in a cover screen's text for the words that say how to
// go on, chosen when it is drawn (keys on the desktop, taps on a touch
// screen).
const coverGo = "{go}"

// coverKind says what a cover screen is for.
type coverKind int

const (
	coverPass     coverKind = iota // hand the controls to one side
	coverBriefing                  // the scenario's briefing
	coverReveal                    // both players may look: the reveal
)

// cover shows a cover screen of a kind, for a side ("" for both), then
// calls then.
func (g *Game) cover(kind coverKind, side battle.Side, title string, ps []para, then func()) {
	g.alone = "" // the device changes hands, or both may look
	g.st, g.coverKind, g.coverSide, g.coverTitle, g.coverParas, g.afterCover = stCover, kind, side, title, ps, then
	g.coverScroll.Top()
}

// takeCover goes on from the cover screen (Continue). A pass's cover
// taken is the other player's screen: the status line the last holder
// raised ("viper-2: plan committed") ends there.
func (g *Game) takeCover() {
	f := g.afterCover
	if f == nil {
		return
	}
	g.afterCover = nil
	if g.coverKind == coverPass {
		g.a.endStatus()
	}
	f()
}

// passTo covers the board while the controls pass to side.
func (g *Game) passTo(side battle.Side, text string, then func()) {
	g.cover(coverPass, side, SideName(side)+" player: take the controls", paras(text), then)
}

// plannable lists a side's ships that still need a plan, and whether one
// of them may plan now (not waiting for a tailed ship).
func (g *Game) plannable(side battle.Side) (need []string, now bool) {
	v := g.seat.View(side)
	for _, s := range v.Ships {
		if s.Own && s.OnTable && !s.Out && !s.Planned {
			need = append(need, s.ID)
			if !g.waiting(v, s.ID) {
				now = true
			}
		}
	}
	return need, now
}

// waiting reports whether a ship must wait for the ship it tails to plan
// (Tailing: the planning order). The view tells whom a ship tails.
func (g *Game) waiting(v battle.View, id string) bool {
	for _, s := range v.Ships {
		if s.ID != id || s.Tailing == "" {
			continue
		}
		for _, t := range v.Ships {
			if t.ID == s.Tailing && t.OnTable && !t.Out && !t.Planned {
				return true
			}
		}
	}
	return false
}

// advance moves the screen to what the battle waits for next: what
// arrived (a computer's decision, the other seat's) is played back first;
// a side played at this screen gets its screen; otherwise the screen
// waits (the computer thinks, the other player decides).
func (g *Game) advance() {
	if g.readOnly {
		return
	}
	g.seat.Poll()
	if !g.joined {
		if g.join(); !g.joined {
			g.wait() // the other player has not joined yet
			return
		}
	}
	if !g.briefed && !g.hotSeat() && g.publicView().Phase != battle.Over {
		// against the computer there is no cover screen: the briefing
		// gets one of its own before the first decision
		g.briefed = true
		g.cover(coverBriefing, "", g.br.name, append(g.youPlay(), g.br.played(g.a.Comp)...), func() { g.advance() })
		return
	}
	if g.sync() {
		return
	}
	if c, ok := g.seat.(seat.CatchingUp); ok && c.Behind() {
		// one seat of this device has the game's next moment, the other
		// not yet: its news (the events both seats share, played back
		// first) comes before the moment's screen, e.g. the last firing
		// step's shots before the next turn's planning cover
		g.wait()
		return
	}
	v := g.publicView()
	if v.Phase == battle.Over {
		g.st = stOver
		return
	}
	switch v.Phase {
	case battle.Planning:
		for _, side := range []battle.Side{g.side, g.side.Opponent()} {
			if _, now := g.plannable(side); now && g.plays(side) {
				g.startPlanning(side)
				return
			}
		}
		g.wait()
		return
	case battle.Revealing:
		if !g.hotSeat() {
			if len(g.seat.Sides()) == 0 && g.Computer(battle.Colonial) == "" || g.seat.Status().Waiting != "" || g.tableDraw() {
				// a spectator, or a seat whose plans are in: the server
				// reveals (a companion game's reveal may wait for a die
				// or a counter from the table first)
				g.wait()
				return
			}
			g.reveal()
			return
		}
		g.cover(coverReveal, "", "Both players: the reveal", paras("Every plan is in. "+coverGo+" and both plans are revealed together; the ships move."), func() { g.reveal() })
		return
	case battle.Preplanning:
		for _, side := range battle.Sides {
			if g.plays(side) && len(g.mustPreplan(g.seat.View(side))) > 0 {
				g.startPreplanning(side)
				return
			}
		}
	case battle.PlacingFTL:
		for _, side := range battle.Sides {
			if v := g.seat.View(side); len(v.MarkersDue) > 0 && g.plays(side) {
				g.startMarker(side, v.MarkersDue[0])
				return
			}
		}
	case battle.Declaring:
		secret := g.rules().Has(starship.OptAttackDeclaration)
		for _, side := range battle.Sides {
			v := g.seat.View(side)
			if !v.MayDeclare || !g.plays(side) {
				continue
			}
			g.side = side
			g.shots = map[string]string{}
			g.holds = map[string]bool{}
			g.shooter = ""
			start := func() { g.st = stDeclare; g.pickShooter() }
			if secret && g.hotSeat() {
				g.passTo(side,
					fmt.Sprintf("Firing step %d: declare your shots in secret. %s player, look away.", v.Step, SideName(side.Opponent())), start)
			} else {
				start()
			}
			return
		}
	}
	g.wait()
}

// wait shows the board while the battle waits for what is not decided at
// this screen: a computer's thinking, the other player over the network.
// Tick comes back to advance when something arrives.
func (g *Game) wait() { g.st = stThink }

func (g *Game) startPlanning(side battle.Side) {
	g.preplan = false
	start := func() {
		g.side = side
		g.st = stPlan
		g.sel = ""
		g.confirm = ""
		g.selectNextShip()
	}
	if !g.hotSeat() {
		start()
		return
	}
	text := paras(fmt.Sprintf("Turn %d: plan your ships in secret. %s player, look away. %s when ready.", g.publicView().Turn, SideName(side.Opponent()), coverGo))
	if !g.briefed {
		g.briefed = true
		text = append(append(paras(g.br.name), g.br.played(g.a.Comp)...), text...)
	}
	g.cover(coverPass, side, SideName(side)+" player: take the controls", text, start)
}

// startPreplanning opens the planning screen for a side's severely
// wounded pilots, who fix next turn's cards now.
func (g *Game) startPreplanning(side battle.Side) {
	start := func() {
		g.side = side
		g.st = stPlan
		g.preplan = true
		g.drafts = map[string]*starship.Plan{}
		g.sel = ""
		g.confirm = ""
		g.selectNextShip()
	}
	if !g.hotSeat() {
		start()
		return
	}
	g.passTo(side,
		fmt.Sprintf("A severely wounded pilot plans next turn's cards now. %s player, look away.", SideName(side.Opponent())), start)
}

// mustPreplan lists a side's ships whose severely wounded pilot has to
// fix next turn's cards now.
func (g *Game) mustPreplan(v battle.View) []string {
	var out []string
	for _, s := range v.Ships {
		if s.Own && s.MustPreplan {
			out = append(out, s.ID)
		}
	}
	return out
}

// Tick implements Screen.
func (g *Game) Tick(dt float64) {
	if p, ok := g.seat.(*seat.Pair); ok {
		p.Pass(g.side) // the device is the controls' side's (after its cover)
	}
	switch {
	case g.readOnly:
	case g.st == stThink:
		g.advance()
	case g.st == stPlan || g.st == stDeclare || g.st == stMarker:
		// what arrives while a player decides: a computer's planning,
		// a network state; a new moment (a stand-in, a forfeit) takes
		// the screen on
		g.seat.Poll()
		if v := g.publicView(); v.Turn != g.last.turn || v.Step != g.last.step || v.Phase != g.last.phase && !(v.Phase == battle.Revealing && g.last.phase == battle.Planning) {
			g.advance()
		}
	}
	if g.st == stAnim || g.st == stResults {
		// a companion game: what the table asks (a die, the other
		// player's undo proposal) and the answer to a correction or a
		// draw sent show while the moves still play
		if _, ok := g.tableSeat(); ok || g.seat.Status().Sending != "" {
			g.seat.Poll()
		}
	}
	g.tickPhotoFixes() // a companion game: poses read from a photo, sent one by one
	if g.st == stAnim && g.anim != nil {
		g.anim.t += dt
		if g.anim.done() {
			g.finishAnim()
		}
	}
	// the automatic pace: a beat that waits goes on by itself
	if g.st == stResults && g.beats != nil && g.a.AutoPace > 0 {
		g.waited += dt
		if g.waited >= g.a.AutoPace {
			g.nextBeat()
		}
	}
	g.keepSeen()
}

// finishAnim ends the moves on screen: the beat waits for the player on
// the board as they left it.
func (g *Game) finishAnim() {
	if g.anim == nil {
		g.playBeat(g.beat + 1)
		return
	}
	g.anim.t = g.anim.dur * float64(len(g.anim.phases))
	g.anim.hold = true
	g.st = stResults
	g.waited = 0
}

// Handle implements Screen.
func (g *Game) Handle(ev kit.Event) {
	if ev.Kind == kit.Resize {
		return
	}
	if g.logOpen {
		// a finger (or the mouse) dragged on the log reads it back: down
		// shows earlier lines, a line per line's height dragged
		lh := g.a.TextSize(13) * 1.3
		switch {
		case ev.Kind == kit.MouseDown:
			g.logDrag = &logDrag{y: ev.Y, from: g.logScroll}
			return
		case ev.Kind == kit.MouseMove && g.logDrag != nil:
			g.logScroll = max(0, g.logDrag.from+int((ev.Y-g.logDrag.y)/lh))
			return
		case ev.Kind == kit.MouseUp && g.logDrag != nil:
			g.logDrag = nil
			return
		}
		switch {
		case ev.Kind == kit.KeyPress && ev.Key == kit.KeyPageUp, ev.Kind == kit.Wheel && ev.DY > 0:
			g.logScroll += 5
			return
		case ev.Kind == kit.KeyPress && ev.Key == kit.KeyPageDown, ev.Kind == kit.Wheel && ev.DY < 0:
			g.logScroll = max(0, g.logScroll-5)
			return
		case ev.Kind == kit.KeyPress && ev.Key == kit.KeyEscape, ev.Kind == kit.Char && (ev.Rune == 'l' || ev.Rune == 'L'):
			g.logOpen = false
			return
		}
	}
	if g.st == stCover {
		// words that scroll take the finger: a drag reads on, a tap
		// (a press that hardly moved) goes on as anywhere else
		if g.coverScrolls {
			at := kit.Pt{X: ev.X, Y: ev.Y}
			switch ev.Kind {
			case kit.MouseDown:
				g.coverTap = &at
			case kit.MouseMove:
				if p := g.coverTap; p != nil && math.Hypot(at.X-p.X, at.Y-p.Y) > 8*g.a.S() {
					g.coverTap = nil
				}
			}
			tapped := ev.Kind == kit.MouseUp && g.coverTap != nil
			if ev.Kind == kit.MouseUp {
				g.coverTap = nil
			}
			if g.coverScroll.Handle(ev, g.a.S()) && !tapped {
				return
			}
			if tapped {
				ev = kit.Event{Kind: kit.MouseDown, X: ev.X, Y: ev.Y, Button: kit.ButtonLeft}
			}
		}
		if ev.Kind == kit.KeyPress && ev.Key == kit.KeyEnter || ev.Kind == kit.Char && ev.Rune == ' ' || ev.Kind == kit.MouseDown {
			g.takeCover()
		}
		if ev.Kind == kit.KeyPress && ev.Key == kit.KeyEscape {
			g.leave()
		}
		return
	}
	if g.scroll.Handle(ev, g.a.S()) {
		return
	}
	if g.handleTable(ev) { // a base dragged to where its model stands (companion)
		return
	}
	if g.cam.Key(ev) {
		return
	}
	if ev.Kind == kit.Char {
		switch ev.Rune {
		case 'a', 'A':
			g.arcs = !g.arcs
			return
		case 'g', 'G':
			g.grid = !g.grid
			return
		case 't', 'T':
			g.ghosts = !g.ghosts
			return
		case 'r', 'R':
			g.rings = !g.rings
			return
		case 'n', 'N':
			g.labels = !g.labels
			return
		case 'l', 'L':
			g.logOpen = !g.logOpen
			g.logScroll = 0
			return
		case 'b', 'B':
			g.toggleTab()
			return
		case 'm', 'M':
			if g.st != stPlan && g.st != stDeclare {
				g.a.Show(NewMeasure(g.a, g.frozenTable(), "frozen from turn "+fmt.Sprint(g.publicView().Turn)).Back(g))
				return
			}
		}
	}
	if ev.Kind == kit.KeyPress && ev.Key == kit.KeyF2 && !g.readOnly {
		g.askSave()
		return
	}
	if ev.Kind == kit.KeyPress && ev.Key == kit.KeyEscape && !g.readOnly {
		if g.st == stPlan && g.confirm != "" {
			g.confirm = "" // the illegal plan waits no more for its second Enter
			return
		}
		g.leave() // in every stage: it asks first, the game is autosaved
		return
	}
	if _, _, several := g.catchUp(); several && ev.Kind == kit.Char && (ev.Rune == 's' || ev.Rune == 'S') {
		g.skipPlayback() // a catch-up: straight to the game's present
		return
	}
	switch g.st {
	case stPlan:
		if g.handlePlan(ev) {
			return
		}
	case stDeclare:
		if g.handleDeclare(ev) {
			return
		}
	case stMarker:
		if g.handleMarker(ev) {
			return
		}
	case stAnim:
		if ev.Kind == kit.KeyPress && ev.Key == kit.KeyEnter || ev.Kind == kit.Char && ev.Rune == ' ' {
			g.finishAnim()
			return
		}
	case stResults:
		if ev.Kind == kit.KeyPress && ev.Key == kit.KeyEnter || ev.Kind == kit.Char && ev.Rune == ' ' {
			g.nextBeat()
			return
		}
	case stOver:
		if ev.Kind == kit.KeyPress && ev.Key == kit.KeyEnter {
			g.leave()
			return
		}
	}
	g.pan.Handle(&g.cam, ev, ev.Button != kit.ButtonLeft || true)
}

// youPlay says, first on the briefing of a seat that plays one side (a
// network seat, against the computer), which side the player has: a
// player who opened a seat link learns it before the game starts.
func (g *Game) youPlay() []para {
	side := g.human()
	if side == "" {
		return nil
	}
	where := ""
	if lb, ok := g.seat.(seat.Lobby); ok && lb.Game() != "" {
		where = " in " + g.Name() + " " + lb.Game()
		if _, ok := g.tableSeat(); ok {
			where += ": your models on the real table, this screen keeping the books"
		}
	} else if c := g.Computer(side.Opponent()); c != "" {
		where = " against the computer (" + c + ")"
	}
	return []para{{Text: "You play the " + SideName(side) + " side" + where + "."}}
}

// leave goes back to the screen the game came from (the title, or the
// scenario editor that played it).
func (g *Game) leave() {
	if g.publicView().Phase == battle.Over || g.readOnly {
		g.leaveNow()
		return
	}
	text := "The game is not saved: " + g.a.Words("F2", "Save") + " saves it first."
	if lb, ok := g.seat.(seat.Lobby); ok {
		text = "The game goes on on the server: the link, or Join with your seat's code (" + lb.Own() + "), brings you back, sealed plans included."
	} else if g.a.DataDir != "" || g.a.Platform != nil {
		g.autosave() // the user data folder
		g.store()    // the browser's storage
		text = "The game is autosaved: Continue on the title screen resumes it where it stands."
	}
	g.a.Confirm("Leave this game?", text, "Leave", "Stay", g.leaveNow)
}

// leaveNow goes back without asking.
func (g *Game) leaveNow() {
	if !g.readOnly {
		g.seat.Leave()
	}
	if g.back != nil {
		g.a.Show(g.back)
		return
	}
	g.a.Home()
}

// Back makes Esc return to s instead of the title.
func (g *Game) Back(s Screen) *Game { g.back = s; return g }

// askSave asks where to save the battle.
func (g *Game) askSave() {
	if data, _, ok := g.record(); ok {
		name := "game-record.json"
		if lb, ok := g.seat.(seat.Lobby); ok && lb.Game() != "" {
			name = "game-" + lb.Game() + "-record.json"
		}
		g.a.SaveAs("Save the signed record (JSON)", g.a.SavePath(name), []string{".json"}, func() ([]byte, error) { return data, nil }, nil)
		return
	}
	sv, ok := g.seat.(seat.Saver)
	if !ok {
		g.a.Say("this game is kept by the server: it is saved there")
		return
	}
	g.a.SaveAs("Save the game (battle journal, JSON)", g.a.SavePath(fmt.Sprintf("game-turn%d.json", g.publicView().Turn)), []string{".json"}, sv.Save, nil)
}

// publicView is what both players may see: drawn from one side's view,
// showing only what is public (poses, revealed plans, counter counts).
func (g *Game) publicView() battle.View { return g.seat.View(g.side) }

// saves reports whether this program holds the game and can save it (a
// network game is kept by the server: its signed record, once the game is
// over).
func (g *Game) saves() bool {
	_, ok := g.seat.(seat.Saver)
	_, _, rec := g.record()
	return ok || rec
}

// record is a network game's signed record once the game is over and the
// record verifies, with the battle replayed from it.
func (g *Game) record() ([]byte, *battle.Battle, bool) {
	if r, ok := g.seat.(seat.Recorded); ok {
		return r.SignedRecord()
	}
	return nil, nil, false
}

// escaped reports whether a ship left the table as the scenario wants,
// when the seat knows it.
func (g *Game) escaped(id string) (string, bool) {
	if e, ok := g.seat.(seat.Escapes); ok {
		return e.Escaped(id)
	}
	return "", false
}

// waitingText says what the screen waits for while no decision of its
// players is owed: the computer thinking, the other player (sealed or
// not), the connection.
func (g *Game) waitingText() string {
	st := g.seat.Status()
	var parts []string
	if st.Reconnecting {
		parts = append(parts, "Connection lost: reconnecting…")
	}
	if st.Sending != "" && !st.Sealed {
		parts = append(parts, "Sending ("+st.Sending+")…")
	}
	if st.Thinking != "" {
		side := battle.Cylon
		for _, s := range battle.Sides {
			if g.Computer(s) == st.Thinking && !g.plays(s) {
				side = s
			}
		}
		parts = append(parts, fmt.Sprintf("The computer (%s) plans for the %s side…", st.Thinking, SideName(side)))
	}
	if st.Waiting != "" && st.Thinking == "" {
		w := fmt.Sprintf("Waiting for the %s player.", SideName(st.Waiting))
		if st.Sealed {
			w = "Your decisions are sealed. " + w
		}
		parts = append(parts, w)
	}
	return strings.Join(parts, " ")
}

// privateSide returns the side whose secrets the screen may show, or "".
func (g *Game) privateSide() battle.Side {
	switch g.st {
	case stPlan:
		return g.side
	case stDeclare:
		if g.rules().Has(starship.OptAttackDeclaration) {
			return g.side
		}
	}
	if g.readOnly {
		return g.viewAs
	}
	if _, ok := g.seat.(*seat.Pair); ok {
		// one device between the players at the table: both look at it
		// but while its holder is alone with it (passDevice to draw a
		// counter, until they hide it again)
		return g.alone
	}
	// Against the computer the one player may see its own secrets always.
	return g.human()
}

// frozenTable returns the table as it stands, for measurement mode.
func (g *Game) frozenTable() *referee.Table {
	v := g.publicView()
	t := referee.Table{Width: v.Width, Depth: v.Depth, ThreeD: g.rules().Has(starship.OptThreeD),
		Obstacles: slices.Clone(v.Obstacles), Limits: referee.LimitsFrom(g.a.Comp.Geometry)}
	for _, s := range v.Ships {
		if s.OnTable && !s.Out {
			t.Ships = append(t.Ships, referee.Ship{ID: s.ID, Class: s.Class, Pose: s.Pose, Rotation: s.Rotation,
				Level: s.Level, AcrossFlats: g.seat.Class(s.Class).AcrossFlats})
		}
	}
	return &t
}

// shipLook builds a ship's look from a view.
func (g *Game) shipLook(s battle.ShipView) ShipLook {
	geo := g.a.Comp.Geometry
	lk := ShipLook{ID: s.ID, Class: s.Class, Side: s.Side, Pose: s.Pose, Rotation: s.Rotation, Level: s.Level,
		Across: g.seat.Class(s.Class).AcrossFlats, Notch: geo.DialNotch.Value, ShowLevel: g.rules().Has(starship.OptThreeD),
		Out: s.Out, Arc: geo.LongRange.Value, HalfArc: geo.FireArcHalfWidth.Value}
	if s.CounterCount+s.CollisionCount > 0 {
		lk.Badges = append(lk.Badges, counters(s.CounterCount+s.CollisionCount))
	}
	if s.Crippled {
		lk.Badges = append(lk.Badges, "crippled")
	}
	if how, escaped := g.escaped(s.ID); escaped && s.Out {
		// it left as the scenario wants: gone, not destroyed
		lk.Out, lk.Fade = false, 0.55
		lk.Badges = append(lk.Badges, "escaped by "+how)
	} else if s.Out {
		lk.Badges = append(lk.Badges, "out: "+s.Cause)
	}
	return lk
}

// boardLook is a ship as the board draws it now: through the playback's
// moves, and on an older turn's board (several turns played back at
// once) not out before that turn has it out.
func (g *Game) boardLook(s battle.ShipView) ShipLook {
	// the counters and the crippled hull of beats still to come are not
	// on the board yet: the badges never run ahead of the log
	if g.beat < len(g.beats) && g.beats[g.beat].end <= len(g.beatEvs) {
		for _, e := range g.beatEvs[g.beats[g.beat].end:] {
			if e.Ship != s.ID {
				continue
			}
			switch e.Kind {
			case battle.EvDamage:
				s.CounterCount -= e.Count
			case battle.EvCollision:
				s.CollisionCount -= e.Kept
			case battle.EvCrippled:
				s.Crippled = false
			}
		}
		s.CounterCount, s.CollisionCount = max(s.CounterCount, 0), max(s.CollisionCount, 0)
	}
	if g.anim == nil {
		return g.shipLook(s)
	}
	if s.Out && !g.anim.outBy(s.ID, true) {
		s.Out, s.Cause = false, ""
	}
	return g.anim.look(g.shipLook(s))
}

// wordy: the cover screens and the waiting room are words to read.
func (g *Game) wordy() bool { return g.st == stCover || !g.readOnly && !g.joined }

// Draw implements Screen.
func (g *Game) Draw(l *kit.List) {
	a := g.a
	if g.st == stCover {
		g.drawCover(l)
		return
	}
	if !g.readOnly && !g.joined {
		g.drawWaitingRoom(l)
		return
	}
	s := a.S()
	view, panel := a.Split(math.Max(330, math.Min(430*s, a.W*0.42)), a.H*0.62)
	v := g.publicView()
	g.cam.SetView(view, physics.Rect{Lo: physics.V(-30, -30), Hi: physics.V(v.Width+30, v.Depth+30)})
	l.SetClip(&view)
	g.drawBoard(l, v)
	l.SetClip(nil)
	l.NewLayer()
	l.Backdrop(func() { l.Rect(panel, kit.ColPanel, kit.ColPanelLine, 1) })
	panel = g.drawTabs(l, panel)
	// the footer (log, save, help) stays at the panel's foot; the rest
	// scrolls when it is taller than the room left
	g.foot = kit.Rect{X: panel.X, Y: panel.Y + panel.H - 52*s, W: panel.W, H: 52 * s}
	room := kit.Rect{X: panel.X, Y: panel.Y, W: panel.W, H: panel.H - g.foot.H}
	// the decision pinned at the room's foot in a strip the room leaves
	// free; "More below" over it, over the content's foot, while the
	// content goes on below (where it covers no control if it can: a
	// strip of its own would push a control that fits out of the room).
	// The frame that first pins it (or lets it go) lays the content out
	// once more with the room the strip leaves: the strip never lies
	// over the content's last lines, not even for a frame.
	lm, hm := l.Mark(), a.Controls.NumHots()
	for pass := 0; ; pass++ {
		content, mark := g.scroll.Begin(&a.Controls, l, kit.Rect{X: room.X, Y: room.Y, W: room.W, H: room.H - g.pinH})
		g.footWidgets = [2]int{}
		g.decisions = g.decisions[:0]
		switch {
		case g.tab == "scenario":
			g.drawScenarioPanel(l, content)
		case g.st == stPlan:
			g.drawPlanPanel(l, content)
		case g.st == stDeclare:
			g.drawDeclarePanel(l, content)
		default:
			g.drawInfoPanel(l, content)
		}
		g.scroll.End(&a.Controls, l, mark, 90*s, g.footWidgets)
		h := g.pinDecisions(l, room, mark)
		if h == g.pinH || pass > 0 {
			g.pinH = h
			break
		}
		g.pinH = h
		l.Rewind(lm)
		a.Controls.Rewind(hm)
	}
	// the panel is words and controls to read: a status line goes over
	// the table where it can (on a phone it covered the panel's lines)
	l.Take(panel)
	g.scroll.More(&a.Controls, l, room.Y+room.H-g.pinH)
	g.underMore = g.underMore[:0]
	if h := g.scroll.Hint(); h.W > 0 {
		texts, boxes := g.scroll.TextUnder(&a.Controls, l, h)
		for i, t := range texts {
			g.underMore = append(g.underMore, PageText{Text: t, X: boxes[i].X, Y: boxes[i].Y, W: boxes[i].W, H: boxes[i].H})
		}
	}
	if g.logOpen {
		g.drawLog(l, view)
	}
	if g.st == stOver {
		g.drawVictory(l, view)
	}
}

func (g *Game) drawCover(l *kit.List) {
	a := g.a
	l.Background = kit.ColCover1
	c := kit.ColWhite
	switch g.coverSide {
	case battle.Colonial:
		c = kit.ColColonial
	case battle.Cylon:
		c = kit.ColCylon
	}
	w := math.Min(a.W*0.86, 820*a.S())
	bh := 44 * a.S()
	// Help and Leave at the foot of every cover screen: a newcomer can
	// always learn and always leave, by touch too
	rowH := 34 * a.S()
	row := kit.Rect{X: (a.W - w) / 2, Y: a.H - rowH - 10*a.S(), W: w, H: rowH}
	// the title names the side in full: it wraps, and shrinks until no
	// word is wider than the screen (a phone held upright)
	tsz := a.TextSize(34)
	title := a.Fonts.Wrap(kit.Clean(g.coverTitle), tsz, w, true)
	for tsz > 12 && (len(title) > 2 || a.Fonts.Widest(title, tsz, true) > w) {
		tsz *= 0.92
		title = a.Fonts.Wrap(kit.Clean(g.coverTitle), tsz, w, true)
	}
	type line struct {
		s string
		c colorT
	}
	// the text shrinks (down to three quarters) until it and the button
	// fit the screen
	var lines []line
	sz := a.TextSize(16)
	for {
		lines = lines[:0]
		// the words to go on are chosen as the cover is drawn: a browser
		// knows it has a touch screen only from its first frame on
		goOn := a.Words("Press Enter (or click)", "Tap Continue")
		for _, p := range g.coverParas {
			col := kit.Mix(kit.ColWhite, kit.ColInk, 0.15)
			switch p.Side {
			case battle.Colonial:
				col = kit.Mix(kit.ColColonial, kit.ColWhite, 0.3)
			case battle.Cylon:
				col = kit.Mix(kit.ColCylon, kit.ColWhite, 0.3)
			}
			for _, para := range strings.Split(kit.Clean(strings.ReplaceAll(p.Text, coverGo, goOn)), "\n") {
				if len(lines) > 0 {
					lines = append(lines, line{})
				}
				for _, ln := range a.Fonts.Wrap(para, sz, w, false) {
					lines = append(lines, line{ln, col})
				}
			}
		}
		total := float64(len(title))*tsz*1.2 + 0.2*tsz + float64(len(lines))*sz*1.35 + sz + bh
		if total <= row.Y-2*tsz || sz <= math.Max(11, 0.75*a.TextSize(16)) {
			break
		}
		sz = math.Max(math.Max(11, 0.75*a.TextSize(16)), sz*0.94)
	}
	lh := sz * 1.35
	total := float64(len(title))*tsz*1.2 + 0.2*tsz + float64(len(lines))*lh + sz + bh
	// words taller than the room above the buttons even at the least
	// size (a long briefing on a phone) scroll in that room, above the
	// buttons, with "More below" while some are hidden; else they stand
	// in the middle with Continue under them
	contY := row.Y - bh - 8*a.S()
	words := kit.Rect{X: 0, Y: 0, W: a.W, H: contY - 6*a.S()}
	scrolls := total-bh-sz > words.H-tsz-10
	g.coverScrolls = scrolls
	var mark int
	y := math.Max(tsz+10, (row.Y-total)/2+tsz)
	if scrolls {
		// More below stands under the words, not over them
		words.H -= kit.MoreHeight(&a.Controls)
		var content kit.Rect
		content, mark = g.coverScroll.Begin(&a.Controls, l, words)
		y = content.Y + tsz + 10
	}
	top := y - tsz - 10
	for _, t := range title {
		l.Text(kit.Pt{X: a.W / 2, Y: y}, t, tsz, c, kit.AnchorMiddle, true)
		y += tsz * 1.2
	}
	y += 0.2 * tsz
	x := (a.W - w) / 2
	for _, ln := range lines {
		l.Text(kit.Pt{X: x, Y: y}, ln.s, sz, ln.c, kit.AnchorStart, false)
		y += lh
	}
	if scrolls {
		g.coverScroll.End(&a.Controls, l, mark, y-top, [2]int{})
		if m, _ := g.coverScroll.More(&a.Controls, l, words.Y+words.H+kit.MoreHeight(&a.Controls)); m.W > 0 {
			l.Take(m)
		}
		y = contY
	}
	r := kit.Rect{X: a.W/2 - 120*a.S(), Y: math.Min(y+sz*0.5, contY), W: 240 * a.S(), H: bh}
	r.W = math.Min(r.W, a.W-20)
	r.X = (a.W - r.W) / 2
	l.Take(r) // the status line goes elsewhere: the buttons stay visible
	l.Take(row)
	a.Button(l, r, a.K("Continue", "Enter"), false, false, g.takeCover)
	bw := math.Min(160*a.S(), (row.W-12*a.S())/2)
	a.Button(l, kit.Rect{X: a.W/2 - 6*a.S() - bw, Y: row.Y, W: bw, H: rowH}, a.K("Help", "F1"), false, false, func() { g.a.ShowHelp(true) })
	a.Button(l, kit.Rect{X: a.W/2 + 6*a.S(), Y: row.Y, W: bw, H: rowH}, a.K("Leave", "Esc"), false, false, func() { g.leave() })
}

// headingGap is how far below a heading's baseline (of the nominal size)
// the next paragraph's y may be handed to drawSeatLines (whose first
// baseline is 4 px at scale 1 lower): the heading's descent and a gap
// clear of the next line's capitals.
func headingGap(a *App, nominal float64) float64 {
	return 1.3*a.TextSize(nominal) - 4*a.S()
}

// decision is a button of the decision the panel waits for.
type decision struct {
	r            kit.Rect
	label        string
	on, disabled bool
	click        func()
}

// decide draws a button of the decision the panel waits for (Go on,
// Declare, Place the marker) in the panel's flow, and keeps it: when the
// content above it pushes it out of the room (a phone held upright: a
// long list of shots, several shooters), Draw pins it at the room's
// foot, so the player's next action is on screen without a scroll.
func (g *Game) decide(l *kit.List, r kit.Rect, label string, on, disabled bool, click func()) {
	g.a.Button(l, r, label, on, disabled, click)
	g.decisions = append(g.decisions, decision{r: r, label: label, on: on, disabled: disabled, click: click})
}

// pinDecisions draws the decision's buttons in a strip at the foot of
// the room (above the footer) when any of them is not wholly in the
// room the content had, and returns the strip's height (0: none pinned);
// the content's controls are those registered from mark on.
// The buttons keep their places across and among each other (a row, or
// rows); the strip covers the content under it, which the next frame's
// room leaves free.
func (g *Game) pinDecisions(l *kit.List, room kit.Rect, mark int) float64 {
	if len(g.decisions) == 0 {
		return 0
	}
	vis := g.scroll.Room()
	top, bottom := math.Inf(1), math.Inf(-1)
	inside := true
	for _, d := range g.decisions {
		top, bottom = math.Min(top, d.r.Y), math.Max(bottom, d.r.Y+d.r.H)
		inside = inside && d.r.Y >= vis.Y-1 && d.r.Y+d.r.H <= vis.Y+vis.H+1
	}
	if inside {
		return 0
	}
	s := g.a.S()
	pad := 8 * s
	h := bottom - top + 2*pad
	strip := kit.Rect{X: room.X, Y: room.Y + room.H - h, W: room.W, H: h}
	l.NewLayer()
	l.Rect(strip, kit.ColPanel, kit.ColNone, 0)
	// the content's controls under it (the first frame pinned: the
	// room was not yet shortened) are hidden: they take no press
	g.a.Cover(strip, mark)
	l.Line([]kit.Pt{{X: strip.X, Y: strip.Y}, {X: strip.X + strip.W, Y: strip.Y}}, kit.ColPanelLine, 1)
	dy := strip.Y + pad - top
	for _, d := range g.decisions {
		r := d.r
		r.Y += dy
		g.a.Button(l, r, d.label, d.on, d.disabled, d.click)
	}
	return h
}

// drawBoard paints the table from a view: the play area, obstacles,
// arcs, ghosts of the side's own plans, the ships, firing rulers.
// entersLater names the ships that enter play in a beat of the playback
// still to come (a ship arriving at the start of the next turn, by FTL
// or from an edge): the board of the beat on screen does not show them
// yet.
func (g *Game) entersLater() map[string]bool {
	if g.beats == nil || g.before == nil || g.st != stAnim && g.st != stResults {
		return nil
	}
	var out map[string]bool
	for j := g.beat + 1; j < len(g.beats); j++ {
		for _, e := range g.beats[j].events {
			if e.Kind != battle.EvEnters && e.Kind != battle.EvFTLEntry {
				continue
			}
			if b, ok := g.before[e.Ship]; ok && b.onTable {
				continue
			}
			if out == nil {
				out = map[string]bool{}
			}
			out[e.Ship] = true
		}
	}
	return out
}

func (g *Game) drawBoard(l *kit.List, v battle.View) {
	a := g.a
	edge := false
	l.Backdrop(func() {
		drawPlayArea(l, &g.cam, v.Width, v.Depth, g.grid)
		edge = drawEdgeLabels(a, l, &g.cam, v.Width, v.Depth)
		drawZones(a, l, &g.cam, g.br, v.Width, v.Depth)
		drawObstacles(a, l, &g.cam, v.Obstacles, g.rules().Has(starship.OptThreeD), "")
	})
	priv := g.privateSide()
	looks := map[string]ShipLook{}
	later := g.entersLater()
	for _, s := range v.Ships {
		if !s.OnTable && !s.Out || later[s.ID] {
			continue
		}
		lk := g.boardLook(s)
		lk.Selected = (g.st == stPlan && s.ID == g.sel) || (g.st == stDeclare && s.ID == g.shooter)
		if g.st == stPlan && s.Own && s.Side == priv {
			if s.Planned {
				lk.Badges = append(lk.Badges, "planned")
			}
		}
		if s.Shown != "" && priv == v.Side {
			lk.Badges = append(lk.Badges, "shows "+g.cardName(s.ID, s.Shown))
		}
		if s.Planned && !s.Own && g.st == stPlan {
			lk.Badges = append(lk.Badges, "planned")
		}
		looks[s.ID] = lk
	}
	if g.arcs {
		for _, s := range v.Ships {
			if lk, ok := looks[s.ID]; ok && !s.Out {
				alpha := 0.6
				if lk.Selected {
					alpha = 1.4
				}
				drawArc(l, &g.cam, lk, SideColor(s.Side), alpha)
			}
		}
	}
	// every base first, so that no label covers a ship drawn later
	ids := make([]string, 0, len(looks))
	for _, s := range v.Ships {
		if _, ok := looks[s.ID]; ok {
			ids = append(ids, s.ID)
		}
	}
	for _, id := range ids {
		lk := looks[id]
		c := g.cam.ToScreen(lk.Pose.Pos)
		rr := lk.Across / math.Sqrt(3) * g.cam.Scale
		l.Take(kit.Rect{X: c.X - rr, Y: c.Y - rr, W: 2 * rr, H: 2 * rr})
		if lk.ShowLevel && !lk.Ghost {
			l.Take(levelBadgeBox(a, c, rr))
		}
	}
	// the playback's banner before any label: at the view's top, or its
	// foot where the top holds more ships; the table's size, the zones'
	// and the ships' names are placed clear of it (on a phone they lay
	// under it)
	ban, banned := banner{}, false
	if g.anim != nil {
		if ban, banned = g.anim.banner(a, l, g.cam.View); banned {
			l.Take(ban.r)
		}
	}
	if !edge {
		drawInnerEdgeLabel(a, l, &g.cam, v.Width, v.Depth)
	}
	var rings []ringLabel
	if g.rings {
		lim := referee.LimitsFrom(g.a.Comp.Geometry)
		for _, s := range v.Ships {
			if lk, ok := looks[s.ID]; ok && !s.Out && (lk.Selected || g.st != stPlan) {
				p := g.cam.ToScreen(s.Pose.Pos)
				for _, b := range referee.Bands {
					r := lim.Span(b, 0).Hi * g.cam.Scale // the ring is the band's far limit
					l.Circle(p, r, kit.ColNone, kit.Alpha(BandColor(b), 0.5), 1)
					if lk.Selected || g.st != stPlan && s.ID == g.ringLabelShip(v) {
						rings = append(rings, ringLabel{p, r, b})
					}
				}
			}
		}
	}
	// paths revealed this turn
	if g.ghosts && g.st != stPlan && g.st != stCover {
		for _, s := range v.Ships {
			if s.Outcome != nil {
				g.drawPath(l, s.Outcome.Path, SideColor(s.Side), 0.5)
			}
		}
	}
	if g.st == stPlan && g.ghosts && !g.preplan {
		g.drawGhosts(l, v)
	}
	// the zones' and obstacles' names where no base is
	drawZoneLabels(a, l, &g.cam, g.br, v.Width, v.Depth)
	drawObstacleLabels(a, l, &g.cam, v.Obstacles, g.rules().Has(starship.OptThreeD))
	for _, id := range ids {
		lk := looks[id]
		if !g.labels {
			lk.ID, lk.Badges = "", nil
		}
		drawShip(a, l, &g.cam, lk)
	}
	drawRingLabels(a, l, &g.cam, rings)
	g.drawTableBoard(l, v)
	switch g.st {
	case stDeclare:
		g.drawTargets(l, v)
	case stResults:
		g.drawShots(l, v)
	case stMarker:
		g.drawMarker(l, v)
	}
	if g.st == stAnim || g.st == stResults {
		g.drawLandings(l, v)
		g.drawEntries(l, v)
	}
	if banned {
		drawBanner(l, ban)
	}
}

// drawPath paints a stand's path.
func (g *Game) drawPath(l *kit.List, path []physics.Vec, c colorT, alpha float64) {
	if len(path) < 2 {
		return
	}
	l.Dashed(g.cam.Pts(path), kit.Alpha(c, alpha), 2, 7, 5)
}

// drawInfoPanel is the panel of the public stages.
func (g *Game) drawInfoPanel(l *kit.List, r kit.Rect) {
	a := g.a
	x, y, w := r.X+14*a.S(), r.Y+30*a.S(), r.W-28*a.S()
	v := g.publicView()
	title := fmt.Sprintf("Turn %d", g.shownTurn(v))
	if g.readOnly {
		title = "Replay: " + title
	}
	// the seat's lines start a line of the heading's size below its
	// baseline: clear of the heading's descent at any scale (a phone's
	// large text touched it)
	under := y + headingGap(a, 20)
	if win, why, c, ok := g.outcome(); ok && g.st == stOver {
		// the battle is over: who won comes first, and why (under it,
		// where the seat's lines would start)
		a.Label(l, x, y, win, 20, c, true)
		y = a.Para(l, x, under, w, why, 14, kit.ColInk, false) - 8*a.S()
		under = y + 14*a.S()
	} else {
		a.Label(l, x, y, title, 20, kit.ColInk, true)
	}
	y += 8 * a.S()
	if ty := g.drawTable(l, x, y+16*a.S(), w); ty > y+16*a.S() {
		// a companion game: what the table needs from this player first
		y = ty + 12*a.S()
	}
	under = math.Max(under, y)
	if sy := g.drawSeatLines(l, x, under, w); sy > under {
		y = sy
	}
	y += 20 * a.S()
	if !g.readOnly && g.br != nil {
		for _, p := range g.br.progress(g.seat, v, g.shownTurn(v)) {
			y = a.Para(l, x, y, w, p, 13, kit.ColInk, false)
		}
		y += 6 * a.S()
	}
	var msg string
	switch g.st {
	case stReveal:
		msg = "All plans are in."
	case stAnim, stResults:
		msg = g.resultsHeadline() + " " + a.Words("Press Enter", "Tap Go on") + " to go on."
	case stMarker:
		how := a.Words("Click anywhere in the playing area; , and . turn it by 15°; Enter confirms (j jumps out of the playing area instead).",
			"Tap anywhere in the playing area, then Place the marker (or Jump out of the playing area).")
		msg = fmt.Sprintf("%s player: place the FTL marker of %s (Faster-than-light movement). %s Then two dice pick the side of the marker the ship comes out of (the numbers on its sides) and one die how many centimetres it moves on from there.", SideName(g.side), first(v.MarkersDue), how)
	case stOver:
		msg = "The battle is over."
	case stThink:
		msg = g.waitingText()
	}
	if msg != "" {
		y = a.Para(l, x, y, w, msg, 14, kit.ColInk, false) + 6*a.S()
	}
	if g.st == stResults || g.st == stAnim {
		if g.beat < len(g.beats) && g.beats[g.beat].kind == beatSummary {
			for _, line := range g.summaryLines(g.beats[g.beat]) {
				y = a.Para(l, x, y, w, line, 13, kit.ColInk, false) + 4*a.S()
			}
		} else {
			for _, e := range g.results {
				y = a.Para(l, x, y, w, g.line(e), 13, resultColor(e.Event), false) + 4*a.S()
			}
		}
	}
	if g.st == stResults || g.st == stAnim {
		// Go on and the pace, and in a catch-up the skip to the game's
		// present, in ONE row (pinned on a phone, two rows hid the
		// results above them): each as wide as its label asks, the
		// labels shrinking together where the row is narrow
		pace := "Pace: wait for me"
		if a.AutoPace > 0 {
			pace = "Pace: automatic"
		}
		type choice struct {
			label string
			on    bool
			do    func()
		}
		row := []choice{{a.K("Go on", "Enter"), false, func() { g.nextBeat() }}}
		if _, _, several := g.catchUp(); several {
			row = append(row, choice{a.K(g.skipLabel(), "S"), false, func() { g.skipPlayback() }})
		}
		row = append(row, choice{pace, a.AutoPace > 0, func() {
			if a.AutoPace > 0 {
				a.AutoPace = 0
			} else {
				a.AutoPace = DefaultAutoPace
			}
		}})
		gap := 6 * a.S()
		room := w - float64(len(row)-1)*gap
		wide := make([]float64, len(row))
		sum := 0.0
		for i, c := range row {
			wide[i] = a.Fonts.Width(kit.Clean(c.label), a.TextSize(14), true) + 16*a.S()
			sum += wide[i]
		}
		if len(row) == 2 {
			// Go on, the way on, the wider
			wide[0], wide[1], sum = 0.62, 0.38, 1
		}
		bx := x
		for i, c := range row {
			bw := wide[i] * room / sum
			g.decide(l, kit.Rect{X: bx, Y: y + 6*a.S(), W: bw, H: 36 * a.S()}, c.label, c.on, false, c.do)
			bx += bw + gap
		}
		y += 50 * a.S()
	}
	if g.st == stMarker {
		g.decide(l, kit.Rect{X: x, Y: y + 6*a.S(), W: w, H: 36 * a.S()}, a.K("Place the marker", "Enter"), false, g.marker == nil, func() { g.placeMarker(false) })
		y += 50 * a.S()
		g.decide(l, kit.Rect{X: x, Y: y + 6*a.S(), W: w, H: 36 * a.S()}, a.K("Jump out of the playing area", "j"), false, false, func() { g.placeMarker(true) })
		y += 50 * a.S()
	}
	if g.readOnly {
		return
	}
	g.drawLogTail(l, kit.Rect{X: r.X, Y: y, W: r.W, H: r.Y + r.H - y}, v, "")
	g.drawFooter(l, r)
}

func first(ss []string) string {
	if len(ss) == 0 {
		return ""
	}
	return ss[0]
}

// resultColor is the colour of an event's line: grey for a miss, the
// warning colour for a hit, an elimination, a win.
func resultColor(e battle.Event) colorT {
	switch {
	case e.Kind == battle.EvAttack && e.Attack != nil && e.Attack.Hits == 0, e.Kind == battle.EvReroll:
		return kit.ColSecondary
	case e.Kind == battle.EvAttack, e.Kind == battle.EvEliminated, e.Kind == battle.EvEnd && e.Side != "":
		return kit.ColWarn
	}
	return kit.ColInk
}

// drawFooter paints the buttons every panel has.
func (g *Game) drawFooter(l *kit.List, r kit.Rect) {
	a := g.a
	s := a.S()
	if g.foot.W > 0 { // at the foot of the room, under the scrolled content
		r = g.foot
		clip := l.Clip()
		l.SetClip(nil)
		g.footWidgets[0] = a.NumHots()
		defer func() {
			l.SetClip(clip)
			g.footWidgets[1] = a.NumHots()
		}()
	}
	bw := (r.W - 28*s - 18*s) / 4
	y := r.Y + r.H - 46*s
	x := r.X + 14*s
	a.Button(l, kit.Rect{X: x, Y: y, W: bw, H: 34 * s}, a.K("Log", "L"), g.logOpen, false, func() { g.logOpen = !g.logOpen })
	a.Button(l, kit.Rect{X: x + bw + 6*s, Y: y, W: bw, H: 34 * s}, a.K("Save", "F2"), false, g.readOnly || !g.saves(), func() { g.askSave() })
	a.Button(l, kit.Rect{X: x + 2*(bw+6*s), Y: y, W: bw, H: 34 * s}, a.K("Help", "F1"), false, false, func() { g.a.ShowHelp(true) })
	// Leave is always there: it asks first and keeps the game (autosave)
	a.Button(l, kit.Rect{X: x + 3*(bw+6*s), Y: y, W: bw, H: 34 * s}, a.K("Leave", "Esc"), false, false, func() { g.leave() })
}

// drawLogTail paints the last lines of the log the screen may show.
func (g *Game) drawLogTail(l *kit.List, r kit.Rect, v battle.View, heading string) {
	a := g.a
	s := a.S()
	evs := g.visibleEvents(v)
	if len(evs) == 0 || r.H < 80*s {
		return
	}
	x, w := r.X+14*s, r.W-28*s
	y := r.Y + 14*s
	bottom := r.Y + r.H - 56*s
	sz := a.TextSize(12)
	n := int((bottom - y - 22*s) / (sz * 1.3))
	if n <= 0 {
		return // no line fits: no empty box under a heading either
	}
	l.Line([]kit.Pt{{X: r.X + 10*s, Y: y - 4*s}, {X: r.X + r.W - 10*s, Y: y - 4*s}}, kit.ColPanelLine, 1)
	a.Label(l, x, y+14*s, "Log (latest last)", 13, kit.ColSecondary, true)
	y += 22 * s
	var lines []string
	for _, e := range evs {
		lines = append(lines, a.Fonts.Wrap(kit.Clean(g.line(e)), sz, w, false)...)
	}
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	for _, ln := range lines {
		y += sz * 1.3
		l.Text(kit.Pt{X: x, Y: y}, ln, sz, kit.ColSecondary, kit.AnchorStart, false)
	}
}

// visibleEvents returns the events the screen may show: a side's own
// secret events while that side has the controls, public ones otherwise.
func (g *Game) visibleEvents(v battle.View) []logEntry {
	priv := g.privateSide()
	var out []logEntry
	for _, e := range v.Events {
		if e.Render(priv) == "" { // another side's secret, or no sentence
			continue
		}
		out = append(out, logEntry{Event: e})
	}
	// during a playback, the lines of the beats still to come wait for
	// them: the log never runs ahead of the board
	if g.beat < len(g.beats) && g.beats[g.beat].end <= len(g.beatEvs) {
		later := 0
		for _, e := range g.beatEvs[g.beats[g.beat].end:] {
			if e.Render(priv) != "" {
				later++
			}
		}
		out = out[:max(len(out)-later, 0)]
	}
	return out
}

// logDrag is a drag on the open log: where it began and the log's scroll
// then.
type logDrag struct {
	y    float64
	from int
}

// drawLog paints the whole log over the table.
func (g *Game) drawLog(l *kit.List, view kit.Rect) {
	a := g.a
	s := a.S()
	l.NewLayer()
	r := view.Inset(30 * s)
	l.Rect(r, kit.Alpha(kit.ColPanel, 0.97), kit.ColInk, 2)
	top := a.Para(l, r.X+14*s, r.Y+28*s, r.W-28*s, a.Words("Battle log (PageUp/PageDown or wheel scroll; L or Esc closes)",
		"Battle log: drag to read back; Log closes"), 15, kit.ColInk, true)
	sz := a.TextSize(13)
	type line struct {
		s    string
		bold bool // a turn's heading
	}
	var lines []line
	turn := -1
	for _, e := range g.visibleEvents(g.publicView()) {
		if e.Turn != turn {
			turn = e.Turn
			lines = append(lines, line{fmt.Sprintf("— Turn %d —", turn), true})
		}
		for _, ln := range a.Fonts.Wrap(kit.Clean(g.line(e)), sz, r.W-40*s, false) {
			lines = append(lines, line{s: ln})
		}
	}
	y := top - 6*s // the title may take two lines on a phone
	n := int((r.Y + r.H - 12*s - y) / (sz * 1.3))
	g.logScroll = min(g.logScroll, max(0, len(lines)-n)) // no scrolling past the first line
	end := max(0, len(lines)-g.logScroll)
	start := max(0, end-n)
	for _, ln := range lines[start:end] {
		y += sz * 1.3
		l.Text(kit.Pt{X: r.X + 18*s, Y: y}, ln.s, sz, kit.ColInk, kit.AnchorStart, ln.bold)
	}
}

// drawVictory paints the victory screen over the table.
func (g *Game) drawVictory(l *kit.List, view kit.Rect) {
	a := g.a
	s := a.S()
	res := g.publicView().Result
	if res == nil {
		return
	}
	l.NewLayer()
	g.victoryOps = len(l.Ops)
	w, h := math.Min(view.W-40, 620*s), 250*s
	r := kit.Rect{X: view.X + (view.W-w)/2, Y: view.Y + (view.H-h)/2, W: w, H: h}
	l.Rect(r, kit.Alpha(kit.ColCover1, 0.95), kit.ColWhite, 2)
	title, why, c, _ := g.outcome()
	if res.Winner == "" {
		c = kit.ColWhite
	}
	l.Text(kit.Pt{X: r.X + w/2, Y: r.Y + 60*s}, title, a.TextSize(34), c, kit.AnchorMiddle, true)
	l.Text(kit.Pt{X: r.X + w/2, Y: r.Y + 100*s}, why, a.TextSize(16), kit.ColWhite, kit.AnchorMiddle, false)
	bw := (w - 60*s) / 3
	y := r.Y + h - 70*s
	// a network game is kept by the server: Save stores its signed
	// record, and Replay plays the record's journal on this screen
	a.Button(l, kit.Rect{X: r.X + 15*s, Y: y, W: bw, H: 40 * s}, a.K("Save", "F2"), false, !g.saves(), func() { g.askSave() })
	a.Button(l, kit.Rect{X: r.X + 30*s + bw, Y: y, W: bw, H: 40 * s}, "Replay", false, !g.saves(), func() { g.replay() })
	back := a.K("Title", "Enter")
	if g.back != nil {
		back = a.K("Back", "Enter")
	}
	a.Button(l, kit.Rect{X: r.X + 45*s + 2*bw, Y: y, W: bw, H: 40 * s}, back, false, false, func() { g.leave() })
}

// outcome says, once the battle is over, who won ("Colonial victory",
// "A draw"), why ("Turn 2: …", the result's typed reason rendered) and
// the winner's colour; ok is false while it goes on.
func (g *Game) outcome() (win, why string, c colorT, ok bool) {
	res := g.publicView().Result
	if res == nil {
		return "", "", kit.ColInk, false
	}
	win, c = "A draw", kit.ColInk
	if res.Winner != "" {
		win, c = SideName(res.Winner)+" victory", SideColor(res.Winner)
	}
	return win, kit.Clean(fmt.Sprintf("Turn %d: %s.", res.Turn, endReasonWords(res.Reason))), c, true
}

// overlayWords implements overlaid: the victory screen over the table
// is words to read (the page's PageState.Words), from its first drawn
// operation on.
func (g *Game) overlayWords() (int, bool) {
	return g.victoryOps, g.st == stOver && g.publicView().Result != nil
}

// replay opens the finished game in a replay: a local game from its
// journal, a network game from its signed record's.
func (g *Game) replay() {
	a := g.a
	var data []byte
	var err error
	name := "the finished game"
	if _, b, ok := g.record(); ok {
		name = "the signed record"
		data, err = b.Save()
	} else if sv, ok := g.seat.(seat.Saver); ok {
		data, err = sv.Save()
	} else {
		a.Say("this game is kept by the server: its record replays once it is over")
		return
	}
	if err == nil {
		var rp *Replay
		if rp, err = NewReplay(a, name, data); err == nil {
			a.Show(rp)
			return
		}
	}
	a.Say("cannot replay: %v", err)
}

// Help implements Screen.
func (g *Game) Help() []string {
	a := g.a
	common := []string{
		a.Words("Table: A fire arcs, R range rings, G grid, T paths and ghosts, N names; L the battle log; B the scenario (briefing, goals, progress); M measurement mode on the table as it stands (not while planning or declaring).",
			"Table: drag an empty spot to pan it, pinch to zoom. The Log button shows the battle log; the Scenario tab the briefing, the goals and how the battle stands."),
		a.Words("F2 saves the game (it is also autosaved after every move: Continue on the title); Esc or Leave goes back to the title at any time, after asking.",
			"The game is autosaved after every move: Continue on the title resumes it. Leave (at the foot of the panel and of every cover screen) goes back to the title at any time, after asking."),
	}
	if g.br != nil {
		goals := g.br.goals()
		for _, side := range battle.Sides {
			common = append(common, SideName(side)+" wins: "+strings.Join(goals[side], "; or ")+".")
		}
	}
	switch g.st {
	case stCover:
		what := a.Words("A cover screen: the other player looks away. Enter, Space or a click continues.",
			"A cover screen: the other player looks away. Continue (or a tap anywhere else) goes on.")
		switch {
		case g.coverKind == coverBriefing:
			what = a.Words("The briefing: the scenario and what each side must do to win (also in the Scenario tab, B, and here in F1). Enter, Space or a click starts the game.",
				"The briefing: the scenario and what each side must do to win (also in the Scenario tab, and here in Help). Continue starts the game.")
		case g.coverKind == coverReveal:
			what = a.Words("Both players may look: Enter, Space or a click reveals every plan together and the ships move.",
				"Both players may look: Continue reveals every plan together and the ships move.")
		}
		return append([]string{what}, common...)
	case stPlan:
		// only the controls of the rule set in play (Quick Start Rules:
		// no dial, no change direction; levels with Three-dimensional
		// movement; blanks and FTL with their options)
		rules := g.rules()
		second := []string{"overboost"}
		if rules.Set != starship.Quick {
			second = append(second, "change direction")
		}
		if rules.Has(starship.OptBlank) {
			second = append(second, "blank")
		}
		if a.Touch() {
			controls := "The speed slider: back, stop, low, medium, high"
			if rules.Has(starship.OptFTL) {
				controls += ", FTL"
			}
			controls += "."
			if rules.Set != starship.Quick {
				controls += " The rotation dial turns the ship's facing for the next turn."
			}
			if rules.Has(starship.OptThreeD) {
				controls += " The level slider climbs or dives."
			}
			return append([]string{
				"Secret planning. A tap on a ship chooses the ship to plan.",
				"Tap a maneuver card, then a second card if you want one (" + strings.Join(second, ", ") + ").",
				controls,
				"The ghost shows where the plan takes the ship (drawn from the engine's placement); an illegal plan is flagged with its rule and reason.",
				"Commit fixes the plan (an illegal one needs a second Commit); Undo withdraws a committed plan; Hand over passes the screen to the other player once all are committed (against the computer: Done ends your planning and the plans are revealed).",
				"While preplanning (a severely wounded pilot), Commit fixes the cards chosen for next turn.",
			}, append(g.rulesOfSelected(), common...)...)
		}
		speeds := "1 back, 2 stop, 3 low, 4 medium, 5 high"
		if rules.Has(starship.OptFTL) {
			speeds += ", 6 FTL"
		}
		speeds += ": the speed slider."
		if rules.Set != starship.Quick {
			speeds += " , and . turn the rotation dial."
		}
		if rules.Has(starship.OptThreeD) {
			speeds += " [ and ] the level slider."
		}
		return append([]string{
			"Secret planning. Tab (Shift+Tab) or a click on a ship chooses the ship to plan.",
			"c / C next or previous maneuver card, o cycles the second card (" + strings.Join(second, ", ") + "), or click the cards.",
			speeds,
			"The ghost shows where the plan takes the ship (drawn from the engine's placement); an illegal plan is flagged with its rule and reason.",
			"Enter commits the plan (an illegal one needs a second Enter); u withdraws a committed plan; h hands over to the other player once all are committed (against the computer: h ends your planning and the plans are revealed).",
			"While preplanning (a severely wounded pilot), Enter fixes the cards chosen for next turn.",
		}, append(g.rulesOfSelected(), common...)...)
	case stDeclare:
		return append([]string{
			a.Words("Declare your shots. Tab or a click on your ship chooses the shooter; its targets get rulers from the stand to the witness point with band, margin, cover and blockers.",
				"Declare your shots. A tap on your ship chooses the shooter; its targets get rulers from the stand to the witness point with band, margin, cover and blockers."),
			a.Words("A click on a target (or 1..9) aims the shooter at it; 0 or x holds its fire. Enter declares all your shots.",
				"A tap on a target aims the shooter at it; Hold fire keeps its fire. Declare declares all your shots."),
		}, common...)
	case stMarker:
		return append([]string{a.Words("Click on the table to place the FTL marker; , and . turn it by 15°; Enter confirms.",
			"Tap the table to place the FTL marker; Place the marker confirms.")}, common...)
	}
	return append([]string{a.Words("Enter or Space goes on.", "Go on (or Continue) goes on.")}, common...)
}

type colorT = color.NRGBA

// shownTurn is the turn the screen is about: while the moves and shots
// of a turn are shown, that turn, though the battle may be in the next.
func (g *Game) shownTurn(v battle.View) int {
	if (g.st == stAnim || g.st == stResults) && g.resolving > 0 {
		// a beat of the next turn's start (a ship entering play) is
		// that turn's
		if g.beat < len(g.beats) && len(g.beats[g.beat].events) > 0 && g.beats[g.beat].kind == beatResults {
			return max(g.resolving, g.beats[g.beat].events[0].Turn)
		}
		return g.resolving
	}
	return v.Turn
}

func (g *Game) toggleTab() {
	if g.tab == "" {
		g.tab = "scenario"
	} else {
		g.tab = ""
	}
}

// drawTabs paints the panel's tabs (the stage's controls, the scenario)
// and returns the rest of the panel.
func (g *Game) drawTabs(l *kit.List, r kit.Rect) kit.Rect {
	a := g.a
	s := a.S()
	h := 30 * s
	w := (r.W - 28*s - 6*s) / 2
	ctl := "Controls"
	switch g.st {
	case stPlan:
		ctl = "Planning"
	case stDeclare:
		ctl = "Firing"
	}
	a.Button(l, kit.Rect{X: r.X + 14*s, Y: r.Y + 8*s, W: w, H: h}, ctl, g.tab == "", false, func() { g.tab = "" })
	a.Button(l, kit.Rect{X: r.X + 14*s + w + 6*s, Y: r.Y + 8*s, W: w, H: h}, a.K("Scenario", "B"), g.tab == "scenario", false, func() { g.tab = "scenario" })
	return kit.Rect{X: r.X, Y: r.Y + h + 8*s, W: r.W, H: r.H - h - 8*s}
}

// drawScenarioPanel paints the scenario tab: how the battle stands
// against its goals, the briefing, each side's goal, the special rules.
func (g *Game) drawScenarioPanel(l *kit.List, r kit.Rect) {
	a := g.a
	s := a.S()
	x, w := r.X+14*s, r.W-28*s
	y := r.Y + 28*s
	v := g.publicView()
	a.Label(l, x, y, g.br.name, 18, kit.ColInk, true)
	y += 10 * s
	for _, p := range g.br.progress(g.seat, v, g.shownTurn(v)) {
		y = a.Para(l, x, y+14*s, w, p, 13, kit.ColInk, true) - 14*s
	}
	y += 14 * s
	for _, p := range g.br.played(g.a.Comp) {
		c := kit.ColSecondary
		switch p.Side {
		case battle.Colonial:
			c = kit.Mix(kit.ColColonial, kit.ColInk, 0.45)
		case battle.Cylon:
			c = kit.Mix(kit.ColCylon, kit.ColInk, 0.3)
		}
		y = a.Para(l, x, y+8*s, w, p.Text, 12.5, c, false)
	}
	if g.st == stPlan || g.st == stDeclare || g.st == stMarker {
		a.Para(l, x, y+14*s, w, "B or the first tab goes back to the controls.", 12, kit.ColSecondary, false)
	}
	g.drawFooter(l, r)
}

// resultsHeadline says what the results on screen are: shots, an FTL
// jump, or other happenings.
func (g *Game) resultsHeadline() string {
	if g.beat < len(g.beats) {
		return g.beats[g.beat].headline(g.a.Words)
	}
	fire, jump := false, false
	for _, e := range g.results {
		switch {
		case e.Kind == battle.EvAttack:
			fire = true
		case ftlKind(e.Event):
			jump = true
		}
	}
	switch {
	case fire && jump:
		return "FTL jumps and shots."
	case fire:
		return "Fire! The dice have spoken."
	case jump:
		return "FTL jump: where the ship came out."
	}
	return "What happened in this step."
}

// ftlKind reports whether an event is about an FTL jump: the control
// panel at FTL, a marker placed or taken away, the rolls of a jump or of an
// entry by FTL, a collision of an FTL arrival, a ship jumped away.
func ftlKind(e battle.Event) bool {
	switch e.Kind {
	case battle.EvFTLRoll, battle.EvFTLEntry, battle.EvPanelFTL, battle.EvFirstToPlace, battle.EvMarkerPlaced, battle.EvJumpIllegal:
		return true
	case battle.EvCollision, battle.EvCupEmpty:
		return e.Why == battle.ReasonFTLArrival
	case battle.EvEliminated:
		return e.Cause == battle.CauseJumpedAway
	}
	return false
}

// ringLabelShip is the ship whose range rings are labelled when no ship
// is selected: the shooter being declared, else the first ship in play.
func (g *Game) ringLabelShip(v battle.View) string {
	if g.st == stDeclare && g.shooter != "" {
		return g.shooter
	}
	for _, s := range v.Ships {
		if s.OnTable && !s.Out {
			return s.ID
		}
	}
	return ""
}
