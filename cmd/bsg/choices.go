package main

import (
	"flag"
	"fmt"
	"strings"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/starship"
)

// choiceFlags are the flags by which the players choose the rules, the
// optional rules and the ships' pilots, talents and flaws over a scenario
// (battle.Choices; issue 27 step 1): -rules, -options, -pilot, -talents,
// -flaws. The scenario's choose (scenarios.Scenario.Choose) judges them.
type choiceFlags struct {
	rules   *string
	options *string
	ships   map[string]*battle.ShipChoice
	order   []string
}

// addChoiceFlags defines the choice flags on fs.
func addChoiceFlags(fs *flag.FlagSet) *choiceFlags {
	cf := &choiceFlags{ships: map[string]*battle.ShipChoice{}}
	cf.rules = fs.String("rules", "", "play with the rule set `SET` (quick or complete) instead of the scenario's")
	cf.options = fs.String("options", "", "play with the optional rules `LIST` (comma-separated, or none) instead of the scenario's")
	fs.Func("pilot", "fly ship `SHIP=PILOT` with a pilot token (nugget, rookie, average, expert, ace) or a pilot card's id (repeatable)", func(v string) error {
		id, p, err := shipValue(v)
		if err != nil {
			return err
		}
		cf.ship(id).Pilot = starship.Pilot(p)
		return nil
	})
	for _, l := range []struct {
		name, what string
		set        func(*battle.ShipChoice, *[]string)
	}{
		{"talents", "talents", func(c *battle.ShipChoice, l *[]string) { c.Talents = l }},
		{"flaws", "flaws", func(c *battle.ShipChoice, l *[]string) { c.Flaws = l }},
	} {
		fs.Func(l.name, "give ship `SHIP=LIST` these pilot "+l.what+" (comma-separated ids; SHIP= for none; repeatable)", func(v string) error {
			id, list, err := shipValue(v)
			if err != nil {
				return err
			}
			ids := []string{}
			if list != "" {
				ids = splitList(list)
			}
			l.set(cf.ship(id), &ids)
			return nil
		})
	}
	return cf
}

func (cf *choiceFlags) ship(id string) *battle.ShipChoice {
	c, ok := cf.ships[id]
	if !ok {
		c = &battle.ShipChoice{Ship: id}
		cf.ships[id] = c
		cf.order = append(cf.order, id)
	}
	return c
}

// choices returns what the flags chose, nil when none was given.
func (cf *choiceFlags) choices() *battle.Choices {
	c := battle.Choices{Rules: starship.RuleSet(*cf.rules)}
	if *cf.options != "" {
		opts := []starship.Option{}
		if *cf.options != "none" {
			for _, o := range splitList(*cf.options) {
				opts = append(opts, starship.Option(o))
			}
		}
		c.Options = &opts
	}
	for _, id := range cf.order {
		c.Ships = append(c.Ships, *cf.ships[id])
	}
	if c.IsZero() {
		return nil
	}
	return &c
}

// shipValue splits SHIP=VALUE.
func shipValue(v string) (ship, value string, err error) {
	ship, value, ok := strings.Cut(v, "=")
	if !ok || strings.TrimSpace(ship) == "" {
		return "", "", fmt.Errorf("%q: want SHIP=VALUE", v)
	}
	return strings.TrimSpace(ship), strings.TrimSpace(value), nil
}
