package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/measure"
	"github.com/starshipbattles/bsg/movefile"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/starship"
)

// moveStep is one step of the move output.
type moveStep struct {
	Name     string      `json:"name"`
	X        measure.Num `json:"x"`
	Y        measure.Num `json:"y"`
	Heading  measure.Num `json:"heading"`
	Rotation int         `json:"rotation"`
	Level    int         `json:"level"`
}

// movePlan is a plan in the move output.
type movePlan struct {
	Cards  []string `json:"cards"`
	Speed  string   `json:"speed"`
	Rotate int      `json:"rotate"`
	Level  int      `json:"level"`
}

// moveCard is a card laid on the table.
type moveCard struct {
	ID        string          `json:"id"`
	Footprint []measure.Point `json:"footprint"`
}

// moveDoc is the JSON answer of bsg move.
type moveDoc struct {
	Legal         bool                 `json:"legal"`
	Violations    []starship.Violation `json:"violations"`
	CorrectedPlan *movePlan            `json:"corrected_plan"`
	DamageDraws   int                  `json:"damage_draws"`
	KE            int                  `json:"ke"`
	FuelSpent     int                  `json:"fuel_spent"`
	Fuel          int                  `json:"fuel"`
	Steps         []moveStep           `json:"steps"`
	Final         moveStep             `json:"final"`
	Path          []measure.Point      `json:"path"`
	Cards         []moveCard           `json:"cards"`
	LeftGame      bool                 `json:"left_game"`
}

func runMove(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("move", "move [-json] [-components FILE] FILE\n\nWhere does my ship end up? FILE (YAML or JSON; - for stdin) gives the rules, the ship and its plan", stderr)
	asJSON := fs.Bool("json", false, "print JSON instead of sentences")
	comps := fs.String("components", "", "override component values with your own measurements from this YAML `file`")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	comp, data, name, err := oneInput(fs, "move file", *comps, stdin)
	if err != nil {
		return err
	}
	in, err := movefile.Parse(name, data, comp)
	if err != nil {
		return err
	}
	o, err := previewMove(in, comp)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	if *asJSON {
		return writeMoveJSON(stdout, o)
	}
	return writeMoveText(stdout, in, o)
}

// previewMove is the engine's one answer to "what would this plan do?"
// for the file's ship: bsg move has no battle, only the rules, the ship's
// class and state and its plan, so it asks battle.PreviewPlan (the answer
// Battle.Preview gives for a ship on the table, read and checked once,
// corrected when illegal, moved), or battle.PreviewJump with the file's
// FTL marker and rolls (Faster-than-light movement). A plan at FTL always
// comes with them (movefile refuses it otherwise).
func previewMove(in movefile.Input, comp *assets.Components) (starship.Outcome, error) {
	if in.FTL != nil {
		return battle.PreviewJump(in.Rules, comp, in.Class, in.Ship, in.Plan, *in.FTL)
	}
	o, err := battle.PreviewPlan(in.Rules, comp, in.Class, in.Ship, in.Plan)
	if err == nil && len(o.Steps) == 0 {
		return starship.Outcome{}, fmt.Errorf("ftl: the plan jumps, and the file gives no ftl marker and rolls")
	}
	return o, err
}

func step(s starship.Step) moveStep {
	return moveStep{Name: s.Name, X: measure.Num(s.Pose.Pos.X), Y: measure.Num(s.Pose.Pos.Y),
		Heading: measure.Num(physics.NormalizeDegrees(s.Pose.Heading.Degrees())), Rotation: s.Rotation, Level: s.Level}
}

func writeMoveJSON(w io.Writer, o starship.Outcome) error {
	doc := moveDoc{
		Legal: o.Legal, Violations: o.Violations, DamageDraws: o.DamageDraws,
		KE: o.KE, FuelSpent: o.FuelSpent, Fuel: o.Fuel, Final: step(o.Final()), LeftGame: o.LeftGame,
	}
	if doc.Violations == nil {
		doc.Violations = []starship.Violation{}
	}
	if o.Corrected {
		p := o.Executed
		doc.CorrectedPlan = &movePlan{Cards: p.Cards, Speed: string(p.Speed), Rotate: p.Rotate, Level: p.Level}
	}
	for _, s := range o.Steps {
		doc.Steps = append(doc.Steps, step(s))
	}
	for _, v := range o.Path {
		doc.Path = append(doc.Path, measure.Point{measure.Num(v.X), measure.Num(v.Y)})
	}
	doc.Cards = []moveCard{}
	for _, c := range o.Cards {
		mc := moveCard{ID: c.ID}
		for _, v := range c.Footprint {
			mc.Footprint = append(mc.Footprint, measure.Point{measure.Num(v.X), measure.Num(v.Y)})
		}
		doc.Cards = append(doc.Cards, mc)
	}
	out, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s\n", measure.CompactPoints(out))
	return err
}

func writeMoveText(w io.Writer, in movefile.Input, o starship.Outcome) error {
	var b strings.Builder
	p := in.Plan
	fmt.Fprintf(&b, "%s, %s rules: %s at %s", in.Class.Name, in.Rules.Set, strings.Join(p.Cards, " + "), p.Speed)
	if p.Rotate != in.Ship.Rotation {
		fmt.Fprintf(&b, ", dial to %d", p.Rotate)
	}
	if p.Level != 0 {
		fmt.Fprintf(&b, ", level %+d", p.Level)
	}
	b.WriteString(".\n")
	if o.Legal {
		b.WriteString("The plan is legal.\n")
	} else {
		b.WriteString("The plan is illegal:\n")
		for _, v := range o.Violations {
			fmt.Fprintf(&b, "  - %s (%s): %s\n", v.Rule, v.Section, v.Message)
		}
		e := o.Executed
		fmt.Fprintf(&b, "It is corrected to %s at %s, and the ship draws %d damage counter(s), numeric value only.\n",
			strings.Join(e.Cards, " + "), e.Speed, o.DamageDraws)
	}
	for _, s := range o.Steps {
		fmt.Fprintf(&b, "%s: stand at (%.1f, %.1f), heading %.1f°, dial %d, level %d\n", s.Name,
			s.Pose.Pos.X, s.Pose.Pos.Y, physics.NormalizeDegrees(s.Pose.Heading.Degrees()), s.Rotation, s.Level)
	}
	if o.LeftGame {
		b.WriteString("The ship left the levels of play: it is eliminated.\n")
	}
	if in.Rules.Set == starship.Complete {
		fmt.Fprintf(&b, "Kinetic energy %d → %d.", in.Ship.KE, o.KE)
	}
	if in.Rules.Has(starship.OptFuel) {
		fmt.Fprintf(&b, " Fuel %d → %d (spent %d).", in.Ship.Fuel, o.Fuel, o.FuelSpent)
	}
	b.WriteString("\n")
	_, err := io.WriteString(w, strings.TrimLeft(b.String(), " "))
	return err
}
