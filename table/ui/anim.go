package ui

import (
	"math"

	"github.com/golang/geo/s1"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/starship"
	"github.com/starshipbattles/bsg/table/ui/kit"
)

// snap is what everyone sees of a ship at one moment.
type snap struct {
	pose     physics.Pose
	rotation int
	level    int
	onTable  bool
	out      bool
	side     battle.Side
}

func snapshot(v battle.View) map[string]snap {
	m := map[string]snap{}
	for _, s := range v.Ships {
		m[s.ID] = snap{s.Pose, s.Rotation, s.Level, s.OnTable, s.Out, s.Side}
	}
	return m
}

// animShip is one ship's move in one phase of an animation.
type animShip struct {
	path     []physics.Vec
	cum      []float64
	from, to physics.Pose
	f0, f1   s1.Angle // facings
	lv0, lv1 int
	jump     bool // FTL: fade out and in
	enter    bool // enters the table: fade in
	leave    bool // eliminated at the end: fade to grey
}

type animPhase struct {
	title string
	ships map[string]*animShip
}

// animation moves ships along their real paths (the engine's
// Outcome.Path), one phase per movement step.
type animation struct {
	phases []animPhase
	t      float64
	dur    float64
	notch  float64
	// hold: past its end the animation keeps the ships where its last
	// phase left them (a beat waiting on that board)
	hold bool
	// rest is where the ships that move in no phase stand (a turn played
	// back before later ones: the view shows where they end up later);
	// nil: where the view has them
	rest map[string]snap
	// at: where the banner of each phase stands on screen (its top),
	// decided at the phase's first frame and kept through it, so that it
	// does not jump as the ships move
	at map[int]float64
}

// phaseOf returns the index of the k-th movement step's phase (0-based,
// in the order built by buildMoves with keepEmpty); -1 when there is
// none.
func (an *animation) phaseOf(k int) int {
	if k < 0 {
		return -1
	}
	return min(k, len(an.phases)-1)
}

func (an *animation) done() bool { return an.t >= an.dur*float64(len(an.phases)) }

// phaseAt returns the current phase and the eased fraction within it.
func (an *animation) phaseAt() (int, float64) {
	k := int(an.t / an.dur)
	if k >= len(an.phases) {
		return len(an.phases), 1
	}
	u := (an.t - float64(k)*an.dur) / an.dur
	u = math.Min(1, u*1.15) // a short rest at the end of each phase
	return k, u * u * (3 - 2*u)
}

// look draws a ship where the animation has it now.
func (an *animation) look(lk ShipLook) ShipLook {
	k, u := an.phaseAt()
	if len(an.phases) == 0 {
		return an.resting(lk)
	}
	if k >= len(an.phases) {
		if !an.hold {
			return lk
		}
		k, u = len(an.phases)-1, 1
	}
	if m, ok := an.phases[k].ships[lk.ID]; ok {
		return m.at(lk, u, an.notch)
	}
	for j := k - 1; j >= 0; j-- {
		if m, ok := an.phases[j].ships[lk.ID]; ok {
			return m.at(lk, 1, an.notch)
		}
	}
	for j := k + 1; j < len(an.phases); j++ {
		if m, ok := an.phases[j].ships[lk.ID]; ok {
			return m.at(lk, 0, an.notch)
		}
	}
	return an.resting(lk)
}

// outBy reports whether ship id is out on the board the animation plays
// (an older turn's, rest), or out when the animation does not say.
func (an *animation) outBy(id string, out bool) bool {
	if s, ok := an.rest[id]; ok {
		return s.out
	}
	return out
}

// resting is a ship that moves in no phase: where rest has it, if it does.
func (an *animation) resting(lk ShipLook) ShipLook {
	if s, ok := an.rest[lk.ID]; ok {
		lk.Pose, lk.Rotation, lk.Level, lk.Out = s.pose, s.rotation, s.level, s.out
	}
	return lk
}

func (m *animShip) at(lk ShipLook, u, notch float64) ShipLook {
	switch {
	case m.jump:
		if u < 0.5 {
			lk.Pose = m.from
			lk.Fade = u * 2
		} else {
			lk.Pose = m.to
			lk.Fade = (1 - u) * 2
		}
	case m.enter:
		lk.Fade = 1 - u
	default:
		lk.Pose.Pos = m.pos(u)
		lk.Pose.Heading = lerpAngle(m.from.Heading, m.to.Heading, u)
	}
	f := lerpAngle(m.f0, m.f1, u)
	lk.FixFacing, lk.FacingAngle = true, f
	if u < 1 {
		lk.Level = m.lv0
		if u > 0.5 {
			lk.Level = m.lv1
		}
	}
	if m.leave {
		lk.Out = u >= 0.98
		if u < 0.98 {
			lk.Badges = nil
		}
	}
	return lk
}

func (m *animShip) pos(u float64) physics.Vec {
	if len(m.path) < 2 {
		return m.from.Pos.Lerp(m.to.Pos, u)
	}
	total := m.cum[len(m.cum)-1]
	d := u * total
	for i := 1; i < len(m.path); i++ {
		if m.cum[i] >= d {
			seg := m.cum[i] - m.cum[i-1]
			if seg <= 0 {
				return m.path[i]
			}
			return m.path[i-1].Lerp(m.path[i], (d-m.cum[i-1])/seg)
		}
	}
	return m.path[len(m.path)-1]
}

func lerpAngle(a, b s1.Angle, u float64) s1.Angle {
	d := math.Remainder(float64(b-a), 2*math.Pi)
	return a + s1.Angle(d*u)
}

// subPath returns the part of a stand's path from one point to another:
// from the path point nearest from, forward to the one nearest to.
func subPath(path []physics.Vec, from, to physics.Vec) []physics.Vec {
	if len(path) == 0 {
		return []physics.Vec{from, to}
	}
	i0 := nearestIndex(path, from, 0)
	i1 := nearestIndex(path, to, i0)
	out := []physics.Vec{from}
	for i := i0; i <= i1; i++ {
		if path[i].Dist(out[len(out)-1]) > 1e-6 {
			out = append(out, path[i])
		}
	}
	if to.Dist(out[len(out)-1]) > 1e-6 {
		out = append(out, to)
	}
	return out
}

func nearestIndex(path []physics.Vec, p physics.Vec, from int) int {
	best, bd := from, math.Inf(1)
	for i := from; i < len(path); i++ {
		if d := path[i].Dist(p); d < bd-1e-9 {
			best, bd = i, d
		}
	}
	return best
}

// stepPose returns the pose after a named movement step of an outcome.
func stepPose(o starship.Outcome, name string) (starship.Step, bool) {
	for _, st := range o.Steps {
		if st.Name == name {
			return st, true
		}
	}
	return starship.Step{}, false
}

// buildAnim works out the moves between two moments of the battle: the
// phases are the movement steps that happened (step names of the rule
// set); each ship follows its outcome's path, and the last phase ends at
// the pose the view shows now (after overlaps slid ships apart).
func buildAnim(before map[string]snap, after battle.View, outcomes map[string]starship.Outcome, steps []string, titles []string, notch float64) *animation {
	return buildMoves(before, after, outcomes, steps, titles, notch, false)
}

// buildMoves is buildAnim keeping a phase for every step, empty ones too
// (keepEmpty: the playback's beats find the k-th step at phase k).
func buildMoves(before map[string]snap, after battle.View, outcomes map[string]starship.Outcome, steps []string, titles []string, notch float64, keepEmpty bool) *animation {
	an := &animation{dur: 1.4, notch: notch}
	for k := range steps {
		ph := animPhase{title: titles[k], ships: map[string]*animShip{}}
		last := k == len(steps)-1
		for _, s := range after.Ships {
			b, ok := before[s.ID]
			if !ok {
				continue
			}
			o, hasO := outcomes[s.ID]
			from := starship.Step{Pose: b.pose, Rotation: b.rotation, Level: b.level}
			if k > 0 && hasO {
				if st, ok := stepPose(o, steps[k-1]); ok {
					from = st
				}
			}
			to := starship.Step{Pose: s.Pose, Rotation: s.Rotation, Level: s.Level}
			if !last && hasO {
				if st, ok := stepPose(o, steps[k]); ok {
					to = st
				} else {
					to = from
				}
			}
			m := &animShip{from: from.Pose, to: to.Pose, lv0: from.Level, lv1: to.Level,
				f0: from.Pose.Heading - physics.Deg(notch*float64(from.Rotation)),
				f1: to.Pose.Heading - physics.Deg(notch*float64(to.Rotation))}
			m.leave = last && s.Out && !b.out
			m.enter = s.OnTable && !b.onTable
			if hasO && o.Jumped && k == 0 {
				m.jump = true
			}
			moved := from.Pose.Pos.Dist(to.Pose.Pos) > 1e-3 || math.Abs(float64(m.f1-m.f0)) > 1e-6 ||
				math.Abs(float64(from.Pose.Heading-to.Pose.Heading)) > 1e-6 || from.Level != to.Level
			if !moved && !m.leave && !m.enter {
				continue
			}
			if hasO && !m.jump {
				m.path = subPath(o.Path, from.Pose.Pos, to.Pose.Pos)
			} else {
				m.path = []physics.Vec{from.Pose.Pos, to.Pose.Pos}
			}
			m.cum = make([]float64, len(m.path))
			for i := 1; i < len(m.path); i++ {
				m.cum[i] = m.cum[i-1] + m.path[i].Dist(m.path[i-1])
			}
			ph.ships[s.ID] = m
		}
		if len(ph.ships) > 0 || keepEmpty {
			an.phases = append(an.phases, ph)
		}
	}
	if len(an.phases) == 0 {
		return nil
	}
	return an
}

// banner is the box naming the phase under way at the top of the table
// and its lines, laid out before the board's labels so that they are
// placed clear of it.
type banner struct {
	r      kit.Rect
	lines  []string
	sz, lh float64
}

// banner lays out the name of the phase under way at the top of the view,
// else the highest place down to its foot that covers fewer of what l
// has taken so far (the bases, their level badges, the table's size);
// the place is chosen on the phase's first frame and kept through it. ok is false past the
// last phase.
func (an *animation) banner(a *App, l *kit.List, view kit.Rect) (b banner, ok bool) {
	k, _ := an.phaseAt()
	if k >= len(an.phases) {
		return banner{}, false
	}
	sz := a.TextSize(20)
	t := kit.Clean(an.phases[k].title)
	// as wide as the words, at most the view less a margin each side: on
	// a phone held upright the words wrap (at most two lines, the text
	// shrinking until they fit)
	room := view.W - 2*math.Max(8, 0.4*sz)
	lines := a.Fonts.Wrap(t, sz, room-2*sz, true)
	for sz > 11 && (len(lines) > 2 || a.Fonts.Widest(lines, sz, true) > room-2*sz) {
		sz *= 0.92
		lines = a.Fonts.Wrap(t, sz, room-2*sz, true)
	}
	w := math.Min(room, a.Fonts.Widest(lines, sz, true)+2*sz)
	lh := 1.25 * sz
	r := kit.Rect{X: view.X + (view.W-w)/2, Y: view.Y + 12, W: w, H: 0.65*sz + float64(len(lines))*lh}
	y, chosen := an.at[k]
	if !chosen {
		// from the top down to the foot, half a banner at a time: the
		// first place that covers the fewest
		y = r.Y
		best := l.Covered(r)
		for c := r; best > 0 && c.Y+c.H <= view.Y+view.H-12; c.Y += r.H / 2 {
			if n := l.Covered(c); n < best {
				y, best = c.Y, n
			}
		}
		if an.at == nil {
			an.at = map[int]float64{}
		}
		an.at[k] = y
	}
	r.Y = y
	return banner{r: r, lines: lines, sz: sz, lh: lh}, true
}

// drawBanner draws the banner laid out by banner (whose box the board
// took before its labels) in a layer over the board.
func drawBanner(l *kit.List, b banner) {
	l.NewLayer()
	l.Rect(b.r, kit.Alpha(kit.ColCover1, 0.85), kit.ColNone, 0)
	for i, ln := range b.lines {
		l.Text(kit.Pt{X: b.r.X + b.r.W/2, Y: b.r.Y + 1.3*b.sz + float64(i)*b.lh}, ln, b.sz, kit.ColWhite, kit.AnchorMiddle, true)
	}
}
