package ui

import (
	"fmt"
	"strings"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/table/seat"
	"github.com/starshipbattles/bsg/wire"
)

// pageState tells the page around the view where the game stands: the
// battle's hash, the turn, the side at the controls and the stage; a
// network game's messages and result; the plan of the ship being
// planned.
func (g *Game) pageState(st *PageState) {
	if g.seat == nil {
		return
	}
	if sv, ok := g.seat.(seat.Saver); ok {
		st.Hash = sv.Hash()
	}
	st.Turn, st.Side = g.publicView().Turn, g.side.String()
	if len(g.seat.Sides()) == 0 {
		st.Side = "" // a spectator plays no side
	}
	for _, sv := range g.publicView().Ships {
		if sv.OnTable && !sv.Out {
			// where the ship is drawn: along its move during a playback
			pose := sv.Pose
			if g.anim != nil {
				pose = g.anim.look(g.shipLook(sv)).Pose
			}
			p := g.cam.ToScreen(pose.Pos)
			st.Ships = append(st.Ships, PageShip{ID: sv.ID, X: p.X, Y: p.Y, Heading: pose.Heading.Degrees()})
		}
	}
	st.Proposal = g.proposalPage()
	if ns, ok := g.seat.(interface{ State() *wire.State }); ok {
		if ws := ns.State(); ws != nil {
			st.Seq = ws.Seq
			if r := ws.View.Result; r != nil && ws.Record != nil {
				st.Result = fmt.Sprintf("%s %s", r.Winner, r.Reason)
			}
		}
	}
	if g.st == stPlan && g.sel != "" {
		if d, ok := g.drafts[g.sel]; ok {
			st.Plan = fmt.Sprintf("%s: %s, %s, dial %d, level %+d", g.sel, strings.Join(d.Cards, " + "), d.Speed, d.Rotate, d.Level)
		}
	}
	if (g.st == stAnim || g.st == stResults) && g.beats != nil {
		st.Beat = g.beat + 1
	}
	if g.st == stAnim || g.st == stResults {
		st.Headline = g.resultsHeadline()
		for _, e := range g.results {
			st.Lines = append(st.Lines, g.pageLine(e))
		}
		for _, sl := range g.shotLines {
			st.Shots = append(st.Shots, PageShot{Shooter: sl.shooter, Target: sl.target, Dice: sl.dice, Result: sl.label})
		}
	}
	if g.logOpen {
		st.Lines = st.Lines[:0]
		for _, e := range g.visibleEvents(g.publicView()) {
			st.Lines = append(st.Lines, g.pageLine(e))
		}
	}
	if h := g.scroll.Hint(); h.W > 0 && g.st != stCover {
		st.More = &PageText{Text: "More below", X: h.X, Y: h.Y, W: h.W, H: h.H}
		st.UnderMore = append(st.UnderMore, g.underMore...)
	}
	if int(g.st) < len(stageNames) {
		st.Stage = stageNames[g.st]
	}
}

// pageLine is an event's line as the screen shows it, for PageState.
func (g *Game) pageLine(e logEntry) PageLine {
	return PageLine{Text: g.line(e), Turn: e.Turn, Kind: string(e.Kind), Ship: e.Ship, Other: e.Other, Secret: e.Secret}
}

// stageNames name the stages of a game for PageState.
var stageNames = [...]string{stCover: "cover", stPlan: "plan", stReveal: "reveal", stMarker: "marker",
	stAnim: "moving", stDeclare: "declare", stResults: "results", stOver: "over"}

// opponentName names the side the player at this screen plays against,
// for the window's title ("Cylon's turn · …").
func (g *Game) opponentName() string { return SideName(g.human().Opponent()) }

// YourTurn implements TurnTeller for a network seat.
func (g *Game) YourTurn() (yours, ok bool) {
	if _, net := g.seat.(seat.Lobby); !net || g.human() == "" {
		return false, false
	}
	st := g.seat.Status()
	if !st.Ready || st.Aborted != nil || g.publicView().Phase == battle.Over || st.Reconnecting {
		return false, false
	}
	return st.Waiting == "" && !st.Sealed && st.Sending == "", true
}

// netSeat implements seatTeller: a network seat's game and code.
func (g *Game) netSeat() (game, own string, ok bool) {
	l, net := g.seat.(seat.Lobby)
	if !net {
		return "", "", false
	}
	return l.Game(), l.Own(), true
}
