package ui

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/scenarios"
	"github.com/starshipbattles/bsg/starship"
	"github.com/starshipbattles/bsg/table/ui/kit"
	"github.com/starshipbattles/bsg/wire"
)

// Choose is the setup screen of a scenario (issue 27, step 1: "the rules
// and options, the pilots"): the players choose the rule set, the
// optional rules and each ship's pilot, talents and flaws over the
// scenario's own (battle.Choices), see at once what the one setup check
// says of them (scenarios.Scenario.Choose), then play here, host a
// network game or start a companion game with the chosen setup. The
// server judges the same choices again.
type Choose struct {
	a  *App
	sc *scenarios.Scenario
	// name is the built-in scenario's name ("" for a file: it is hosted
	// as a file with the choices applied)
	name string
	c    battle.Choices
	// chosen is sc with c applied (nil while refused); problems are the
	// check's refusals
	chosen   *scenarios.Scenario
	problems []scenarios.Problem
	open     string // the ship whose talents and flaws are shown
	scroll   kit.Scroll
}

// NewChoose returns the setup screen of a scenario; name is its built-in
// name ("" when it came from a file).
func NewChoose(a *App, sc *scenarios.Scenario, name string) *Choose {
	opts := slices.Clone(sc.Options)
	ch := &Choose{a: a, sc: sc, name: name, c: battle.Choices{Rules: sc.Rules, Options: &opts}}
	ch.judge()
	return ch
}

// Name implements Screen.
func (ch *Choose) Name() string { return "setup: " + ch.sc.Name }

// Status says what is chosen and whether the check accepts it.
func (ch *Choose) Status() string {
	verdict := "playable"
	if ch.chosen == nil {
		verdict = fmt.Sprintf("%d problem(s)", len(ch.problems))
	}
	return fmt.Sprintf("%s · %s", scenarios.RulesText(starship.Rules{Set: ch.c.Rules, Options: *ch.c.Options}), verdict)
}

// Help implements Screen.
func (ch *Choose) Help() []string {
	return []string{
		"Choose the rule set, the optional rules and, with the pilots rule, each ship's pilot token or pilot card and its talents and flaws.",
		"Every choice is checked at once by the same setup check as a scenario file: a refused one is listed with its rule's section, and nothing starts until the setup is playable.",
		"An optional rule left out takes out of the scenario what only it plays: without pilots every pilot is average, without three_d one plane, without fuel no fuel loads.",
		"Then play here, host a network game, or start a companion game (each player on their own phone, or one device passed between you). Esc goes back to the title.",
	}
}

// Choices returns what the players have chosen.
func (ch *Choose) Choices() battle.Choices { return ch.c }

// Chosen returns the scenario with the choices applied, nil while the
// setup check refuses them.
func (ch *Choose) Chosen() *scenarios.Scenario { return ch.chosen }

// Problems returns the setup check's refusals of the choices.
func (ch *Choose) Problems() []scenarios.Problem { return ch.problems }

// judge applies the choices and keeps the check's answer.
func (ch *Choose) judge() {
	chosen, err := ch.sc.Choose(ch.c, ch.a.Comp)
	ch.chosen, ch.problems = nil, scenarios.Problems(err)
	if err == nil {
		ch.chosen = chosen
	}
}

// ToggleOption puts an optional rule in force or takes it out. Without
// the pilots rule the ships' own choices go (every pilot is average).
func (ch *Choose) ToggleOption(o starship.Option) {
	opts := *ch.c.Options
	if slices.Contains(opts, o) {
		opts = slices.DeleteFunc(slices.Clone(opts), func(x starship.Option) bool { return x == o })
	} else {
		opts = append(slices.Clone(opts), o)
	}
	ch.c.Options = &opts
	if !slices.Contains(opts, starship.OptPilots) {
		ch.c.Ships, ch.open = nil, ""
	}
	ch.judge()
}

// SetRules chooses the rule set.
func (ch *Choose) SetRules(r starship.RuleSet) {
	ch.c.Rules = r
	ch.judge()
}

// choice returns the ship's choice, added when missing.
func (ch *Choose) choice(id string) *battle.ShipChoice {
	for i := range ch.c.Ships {
		if ch.c.Ships[i].Ship == id {
			return &ch.c.Ships[i]
		}
	}
	ch.c.Ships = append(ch.c.Ships, battle.ShipChoice{Ship: id})
	return &ch.c.Ships[len(ch.c.Ships)-1]
}

// ship returns a ship as chosen so far: its pilot, talents and flaws.
func (ch *Choose) ship(id string) (pilot starship.Pilot, talents, flaws []string) {
	for _, sh := range ch.sc.Ships {
		if sh.ID == id {
			pilot, talents, flaws = sh.Pilot, sh.Talents, sh.Flaws
		}
	}
	if ch.chosen != nil {
		for _, sh := range ch.chosen.Ships {
			if sh.ID == id {
				pilot, talents, flaws = sh.Pilot, sh.Talents, sh.Flaws
			}
		}
	}
	for _, c := range ch.c.Ships {
		if c.Ship != id {
			continue
		}
		if c.Pilot != "" {
			pilot = c.Pilot
		}
		if c.Talents != nil {
			talents = *c.Talents
		}
		if c.Flaws != nil {
			flaws = *c.Flaws
		}
	}
	return pilot, talents, flaws
}

// pilots lists the pilots a ship of side may fly with: the tokens, then
// the named pilot cards of its faction (Pilot tokens; Pilot cards).
func (ch *Choose) pilots(side battle.Side) []starship.Pilot {
	out := slices.Clone(starship.Pilots)
	for _, c := range ch.a.Comp.PilotCards {
		if c.Affiliation == string(side) {
			out = append(out, starship.Pilot(c.ID))
		}
	}
	return out
}

// CyclePilot gives a ship the next (d = 1) or the previous (d = −1)
// pilot of its faction's list.
func (ch *Choose) CyclePilot(id string, d int) {
	var side battle.Side
	for _, sh := range ch.sc.Ships {
		if sh.ID == id {
			side = sh.Side
		}
	}
	list := ch.pilots(side)
	cur, _, _ := ch.ship(id)
	if cur == "" {
		cur = starship.Average
	}
	i := slices.Index(list, cur)
	ch.choice(id).Pilot = list[((i+d)%len(list)+len(list))%len(list)]
	ch.judge()
}

// ToggleCard gives a ship a talent or flaw it has not, or takes it away.
func (ch *Choose) ToggleCard(id, card string) {
	_, talents, flaws := ch.ship(id)
	flaw := slices.Contains(ch.a.Comp.FlawIDs(), card)
	list := talents
	if flaw {
		list = flaws
	}
	if slices.Contains(list, card) {
		list = slices.DeleteFunc(slices.Clone(list), func(x string) bool { return x == card })
	} else {
		list = append(slices.Clone(list), card)
	}
	c := ch.choice(id)
	if flaw {
		c.Flaws = &list
	} else {
		c.Talents = &list
	}
	ch.judge()
}

// request is the create request of a game of the chosen setup: the
// built-in by name with the choices (the server applies them again), a
// file's scenario as a file.
func (ch *Choose) request(companion bool) (wire.CreateRequest, bool) {
	if ch.chosen == nil {
		ch.a.Say("The setup check refuses the choices: %s", ch.problemText(0))
		return wire.CreateRequest{}, false
	}
	if ch.name == "" {
		data, err := scenarios.Marshal(ch.chosen)
		if err != nil {
			ch.a.Say("%v", err)
			return wire.CreateRequest{}, false
		}
		return wire.CreateRequest{YAML: string(data), Companion: companion}, true
	}
	c := ch.c
	return wire.CreateRequest{Scenario: ch.name, Companion: companion, Choices: &c}, true
}

// The actions of the screen, each with the chosen setup.

// PlayHere starts the game on this machine, each side played as chosen
// on the title.
func (ch *Choose) PlayHere() {
	if _, ok := ch.request(false); ok {
		PlayScenario(ch.a, ch.chosen)
	}
}

// HostNet hosts a network game.
func (ch *Choose) HostNet() {
	if req, ok := ch.request(false); ok {
		Host(ch.a, req)
	}
}

// HostCompanion hosts a companion game, each player on their own phone.
func (ch *Choose) HostCompanion() {
	if req, ok := ch.request(true); ok {
		Host(ch.a, req)
	}
}

// HostShared hosts a companion game on this one device.
func (ch *Choose) HostShared() {
	if req, ok := ch.request(true); ok {
		HostShared(ch.a, req)
	}
}

func (ch *Choose) problemText(i int) string {
	if i >= len(ch.problems) {
		return ""
	}
	p := ch.problems[i]
	if p.Field != "" {
		return p.Field + ": " + p.Msg
	}
	return p.Msg
}

// cardsText names a pilot's talents and flaws as printed on their cards.
func (ch *Choose) cardsText(talents, flaws []string) string {
	name := func(ids []string) string {
		out := make([]string, len(ids))
		for i, id := range ids {
			out[i] = id
			if t, ok := ch.a.Comp.Talent(id); ok {
				out[i] = t.Name
			}
		}
		return strings.Join(out, ", ")
	}
	switch {
	case len(talents) == 0 && len(flaws) == 0:
		return "No talents or flaws."
	case len(flaws) == 0:
		return "Talents: " + name(talents) + "."
	case len(talents) == 0:
		return "Flaws: " + name(flaws) + "."
	}
	return "Talents: " + name(talents) + ". Flaws: " + name(flaws) + "."
}

// Handle implements Screen.
func (ch *Choose) Handle(ev kit.Event) {
	if ev.Kind == kit.Resize || ch.scroll.Handle(ev, ch.a.S()) {
		return
	}
	if ev.Kind == kit.KeyPress && ev.Key == kit.KeyEscape {
		ch.a.Home()
	}
}

// Tick implements Screen.
func (ch *Choose) Tick(float64) {}

// actions are the screen's ways to start, with the chosen setup.
func (ch *Choose) actions() []titleItem {
	return []titleItem{
		{label: "Companion: a phone each", do: ch.HostCompanion},
		{label: "Companion: one device", do: ch.HostShared},
		{label: "Play here", do: ch.PlayHere},
		{label: "Host a network game", do: ch.HostNet},
	}
}

// Draw implements Screen.
func (ch *Choose) Draw(l *kit.List) {
	a := ch.a
	s := a.S()
	l.Background = kit.ColCover1
	w := math.Min(a.W-20*s, 760*s)
	x0 := (a.W - w) / 2
	bh := 26 * s
	// the ways to start stay at the foot, two a row on a narrow screen
	acts := ch.actions()
	perRow := 3
	if a.Portrait() || w < 700*s {
		perRow = 2
	}
	rows := (len(acts) + 1 + perRow - 1) / perRow
	footH := float64(rows)*(bh+6*s) + 12*s
	foot := kit.Rect{X: x0, Y: a.H - footH, W: w, H: footH}
	panel := kit.Rect{X: x0, Y: 0, W: w, H: a.H - footH}
	l.Backdrop(func() { l.Rect(kit.Rect{X: x0, Y: 0, W: w, H: a.H}, kit.ColPanel, kit.ColPanelLine, 1) })
	content, mark := ch.scroll.Begin(&a.Controls, l, panel)
	x, cw := content.X+12*s, content.W-24*s
	y := content.Y + 28*s
	a.Label(l, x, y, "Setup: "+ch.sc.Name, 18, kit.ColInk, true)
	y = a.Para(l, x, y+16*s, cw, a.Words("Choose the rules and the pilots; every choice is checked as a scenario file is. Then start below.",
		"Choose the rules and the pilots; every choice is checked as a scenario file is. Then start below."), 12, kit.ColSecondary, false)
	y += 8 * s
	a.Label(l, x, y+12*s, "Rule set", 12.5, kit.ColInk, true)
	y += 18 * s
	half := (cw - 6*s) / 2
	a.Button(l, kit.Rect{X: x, Y: y, W: half, H: bh}, "Quick Start Rules", ch.c.Rules == starship.Quick, false, func() { ch.SetRules(starship.Quick) })
	a.Button(l, kit.Rect{X: x + half + 6*s, Y: y, W: half, H: bh}, "Complete Rules", ch.c.Rules == starship.Complete, false, func() { ch.SetRules(starship.Complete) })
	y += bh + 10*s
	a.Label(l, x, y+12*s, "Optional rules", 12.5, kit.ColInk, true)
	y += 18 * s
	cols := 3
	ow := (cw - float64(cols-1)*4*s) / float64(cols)
	for i, opt := range starship.Options {
		a.Button(l, kit.Rect{X: x + float64(i%cols)*(ow+4*s), Y: y + float64(i/cols)*(bh+3*s), W: ow, H: bh},
			strings.ReplaceAll(string(opt), "_", " "), slices.Contains(*ch.c.Options, opt), false, func() { ch.ToggleOption(opt) })
	}
	y += float64((len(starship.Options)+cols-1)/cols)*(bh+3*s) + 8*s
	if slices.Contains(*ch.c.Options, starship.OptPilots) {
		a.Label(l, x, y+12*s, "Pilots", 12.5, kit.ColInk, true)
		y += 18 * s
		for _, sh := range ch.sc.Ships {
			pilot, talents, flaws := ch.ship(sh.ID)
			name := string(pilot)
			if name == "" {
				name = string(starship.Average)
			}
			if c, ok := a.Comp.PilotCard(name); ok {
				name = c.Name
			}
			col := kit.Mix(kit.ColColonial, kit.ColInk, 0.45)
			if sh.Side == battle.Cylon {
				col = kit.Mix(kit.ColCylon, kit.ColInk, 0.3)
			}
			y = a.Para(l, x, y+12*s, cw, fmt.Sprintf("%s (%s, %s)", sh.ID, SideName(sh.Side), sh.Class), 12, col, true)
			y = a.Para(l, x, y+4*s, cw, ch.cardsText(talents, flaws), 11.5, kit.ColSecondary, false) - 6*s
			id := sh.ID
			narrow := cw < 520*s
			pw := math.Min(cw*0.5, 300*s)
			if narrow {
				pw = cw
			}
			a.Button(l, kit.Rect{X: x, Y: y, W: bh, H: bh}, "<", false, false, func() { ch.CyclePilot(id, -1) })
			a.Button(l, kit.Rect{X: x + bh + 3*s, Y: y, W: pw - 2*bh - 6*s, H: bh}, "pilot: "+name, false, false, func() { ch.CyclePilot(id, 1) })
			a.Button(l, kit.Rect{X: x + pw - bh, Y: y, W: bh, H: bh}, ">", false, false, func() { ch.CyclePilot(id, 1) })
			cards := append(slices.Clone(talents), flaws...)
			open := ch.open == id
			tr := kit.Rect{X: x + pw + 6*s, Y: y, W: cw - pw - 6*s, H: bh}
			if narrow {
				y += bh + 4*s
				tr = kit.Rect{X: x, Y: y, W: cw, H: bh}
			}
			label := "Choose talents and flaws"
			if open {
				label = "Done with talents and flaws"
			}
			a.Button(l, tr, label, open, false, func() {
				if ch.open == id {
					ch.open = ""
				} else {
					ch.open = id
				}
			})
			y += bh + 4*s
			if open {
				for _, kind := range []struct {
					title string
					ids   []string
				}{{"Talents", a.Comp.TalentIDs()}, {"Flaws", a.Comp.FlawIDs()}} {
					a.Label(l, x, y+12*s, kind.title, 11.5, kit.ColSecondary, true)
					y += 16 * s
					for i, card := range kind.ids {
						t, _ := a.Comp.Talent(card)
						on := slices.Contains(cards, card)
						a.Button(l, kit.Rect{X: x + float64(i%cols)*(ow+4*s), Y: y + float64(i/cols)*(bh+3*s), W: ow, H: bh},
							t.Name, on, false, func() { ch.ToggleCard(id, card) })
					}
					y += float64((len(kind.ids)+cols-1)/cols)*(bh+3*s) + 4*s
				}
			}
		}
		y += 4 * s
	}
	if ch.chosen != nil {
		y = a.Para(l, x, y+14*s, cw, "The setup is playable: "+ch.chosen.RulesText()+".", 13, kit.ColOK, true)
	} else {
		a.Label(l, x, y+14*s, fmt.Sprintf("%d problem(s): nothing starts until they are solved", len(ch.problems)), 13, kit.ColWarn, true)
		y += 16 * s
		for i := range ch.problems {
			if i == 12 {
				y = a.Para(l, x, y+12*s, cw, fmt.Sprintf("… and %d more", len(ch.problems)-i), 11.5, kit.ColWarn, false)
				break
			}
			y = a.Para(l, x, y+12*s, cw, ch.problemText(i), 11.5, kit.ColWarn, false) - 6*s
		}
	}
	low := content.Y
	for _, wd := range a.Hots()[mark:] {
		low = math.Max(low, wd.R.Y+wd.R.H)
	}
	ch.scroll.End(&a.Controls, l, mark, math.Max(0, y-low)+16*s, [2]int{})
	all := append(acts, titleItem{label: a.K("Back", "Esc"), do: ch.a.Home})
	bw := (w - 24*s - float64(perRow-1)*6*s) / float64(perRow)
	for i, it := range all {
		r := kit.Rect{X: foot.X + 12*s + float64(i%perRow)*(bw+6*s), Y: foot.Y + 6*s + float64(i/perRow)*(bh+6*s), W: bw, H: bh}
		a.Button(l, r, it.label, false, ch.chosen == nil && i < len(acts), it.do)
	}
}

// wordy: the setup's words (each ship's talents and flaws, the check's
// verdict) are what the page carries for its readers.
func (ch *Choose) wordy() bool { return true }
