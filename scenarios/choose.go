package scenarios

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/internal/limits"
	"github.com/starshipbattles/bsg/internal/yamlfile"
	"github.com/starshipbattles/bsg/starship"
)

// Choose returns the scenario with the players' choices applied (the rule
// set, the optional rules, the ships' pilots, talents and flaws: Setup;
// Optional rules; Pilots), judged by the one setup check a scenario file
// is judged by (Check: the file's rules and the engine's setup check). The
// scenario s is not changed.
//
// A refused choice is reported as the problems of a scenario file (Problems
// splits the error), each naming the field of the choices it is about:
// "rules", "options[1]", "ships[viper-1].pilot", "ships[viper-1].talents[0]"
// with the rule's section in the message. Choices that name no ship of the
// scenario, a ship twice or more ships than it has are refused before the
// check.
func (s *Scenario) Choose(c battle.Choices, comp *assets.Components) (*Scenario, error) {
	ps := &yamlfile.Problems{File: choicesFile}
	if len(c.Ships) > len(s.Ships) {
		ps.Add(nil, "ships", "%d ship choices; the scenario has %d ships", len(c.Ships), len(s.Ships))
		return s, ps.Err()
	}
	if c.Options != nil && len(*c.Options) > len(starship.Options) {
		ps.Add(nil, "options", "%d options; there are %d optional rules: %s", len(*c.Options), len(starship.Options), optionNames())
		return s, ps.Err()
	}
	out := *s
	out.Ships = slices.Clone(s.Ships)
	if c.Rules != "" {
		out.Rules = c.Rules
	}
	if c.Options != nil {
		out.Options = slices.Clone(*c.Options)
		out.dropUnplayed(s)
	}
	seen := map[string]bool{}
	for k, sc := range c.Ships {
		i := slices.IndexFunc(out.Ships, func(sh Ship) bool { return sh.ID == sc.Ship })
		switch {
		case i < 0:
			ps.Add(nil, fmt.Sprintf("ships[%d].ship", k), "unknown ship %s; the scenario's ships: %s", yamlfile.Echo(sc.Ship), strings.Join(shipIDs(s), ", "))
			continue
		case seen[sc.Ship]:
			ps.Add(nil, fmt.Sprintf("ships[%s]", sc.Ship), "chosen twice; choose each ship once")
			continue
		}
		seen[sc.Ship] = true
		sh := &out.Ships[i]
		if sc.Pilot != "" {
			sh.Pilot = sc.Pilot
		}
		for _, l := range []struct {
			name string
			from *[]string
			to   *[]string
		}{{"talents", sc.Talents, &sh.Talents}, {"flaws", sc.Flaws, &sh.Flaws}} {
			if l.from == nil {
				continue
			}
			if len(*l.from) > limits.Items {
				ps.Add(nil, fmt.Sprintf("ships[%s].%s", sc.Ship, l.name), "%d %s; at most %d", len(*l.from), l.name, limits.Items)
				continue
			}
			*l.to = slices.Clone(*l.from)
		}
	}
	if ps.Len() > 0 {
		return s, ps.Err()
	}
	chosen, err := Check(choicesFile, &out, comp)
	if err != nil {
		return s, choiceProblems(err, s)
	}
	chosen.ID = s.ID
	return chosen, nil
}

// dropUnplayed takes out of the scenario what an optional rule no longer
// in force would leave unplayable, as the rulebook plays without it: the
// pilots, talents and flaws without Pilots (every pilot average), the
// levels without Three-dimensional space (one plane), the fuel loads
// without Fuel. A ship's own choices are applied after, and judged.
func (out *Scenario) dropUnplayed(s *Scenario) {
	for _, o := range []starship.Option{starship.OptPilots, starship.OptThreeD, starship.OptFuel} {
		if !s.Has(o) || out.Has(o) {
			continue
		}
		for i := range out.Ships {
			sh := &out.Ships[i]
			switch o {
			case starship.OptPilots:
				sh.Pilot, sh.Talents, sh.Flaws = "", nil, nil
			case starship.OptThreeD:
				sh.Level = 0
			case starship.OptFuel:
				sh.Fuel = 0
			}
		}
		if o == starship.OptThreeD {
			out.Obstacles = slices.Clone(out.Obstacles)
			for i := range out.Obstacles {
				out.Obstacles[i].Level = 0
			}
		}
	}
}

// choicesFile names the scenario with the choices applied in problems.
const choicesFile = "choices"

// choiceProblems renames the fields of the problems of the chosen
// scenario's file after the choices: a ship by its id, not its position in
// the file; the file's lines, which the players never saw, are dropped.
func choiceProblems(err error, s *Scenario) error {
	ps := &yamlfile.Problems{File: choicesFile}
	for _, q := range Problems(err) {
		field := q.Field
		if rest, ok := strings.CutPrefix(field, "ships["); ok {
			if n, tail, ok := strings.Cut(rest, "]"); ok {
				if i, err := strconv.Atoi(n); err == nil && i >= 0 && i < len(s.Ships) {
					field = "ships[" + s.Ships[i].ID + "]" + tail
				}
			}
		}
		ps.Add(nil, field, "%s", q.Msg)
	}
	return ps.Err()
}

func shipIDs(s *Scenario) []string {
	ids := make([]string, len(s.Ships))
	for i, sh := range s.Ships {
		ids[i] = sh.ID
	}
	return ids
}

func optionNames() string {
	names := make([]string, len(starship.Options))
	for i, o := range starship.Options {
		names[i] = string(o)
	}
	return strings.Join(names, ", ")
}
