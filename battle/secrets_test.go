package battle_test

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/battle/battletest"
	"github.com/starshipbattles/bsg/maneuvers"
	"github.com/starshipbattles/bsg/policy"
	"github.com/starshipbattles/bsg/scenarios"
	"github.com/starshipbattles/bsg/starship"
)

// ruleVariants are the rule sets every scenario is played with in the
// secrets property test: the Quick Start rules, the Complete Rules with
// the scenario's options, and the Complete Rules with every option (the
// Tailing and Attack declaration rules among them).
func ruleVariants(r starship.Rules) map[string]starship.Rules {
	var q []starship.Option // the options the Quick Start Rules may add
	for _, o := range r.Options {
		if slices.Contains(starship.QuickStartOptions, o) {
			q = append(q, o)
		}
	}
	return map[string]starship.Rules{
		"quick":    {Set: starship.Quick, Options: q},
		"complete": {Set: starship.Complete, Options: r.Options},
		"all":      {Set: starship.Complete, Options: starship.Options},
	}
}

// playableWith is the setup under other rules, without what those rules
// cannot play (Setup.Check refuses it): ships entering by FTL and leaving
// by FTL without the Complete Rules and the ftl option (Faster-than-light
// movement), pilots, talents and flaws without the pilots option.
func playableWith(s battle.Setup, rules starship.Rules) battle.Setup {
	s.Rules = rules
	ftl := rules.Set == starship.Complete && rules.Has(starship.OptFTL)
	pilots := rules.Has(starship.OptPilots)
	var ships []battle.ShipSpec
	gone := map[string]bool{}
	for _, sh := range s.Ships {
		if sh.EntersByFTL && rules.Set != starship.Complete {
			gone[sh.ID] = true
			continue
		}
		if !pilots {
			sh.Pilot, sh.Talents, sh.Flaws = "", nil, nil
		}
		ships = append(ships, sh)
	}
	var victory battle.Victory
	for _, c := range s.Victory {
		if gone[c.Ship] || c.Kind == battle.Leave && c.By == battle.ExitFTL && !ftl {
			continue
		}
		victory = append(victory, c)
	}
	if len(victory) == 0 && len(s.Victory) > 0 {
		victory = battle.Victory{{Kind: battle.EliminateAll}}
	}
	s.Ships, s.Victory = ships, victory
	return s
}

// Hidden information, over whole games: for random battles of every
// built-in scenario and rule set, after every command, everything each
// side may observe (its view and the command's events it may read, as a
// server would send them) is checked against the other side's secret state
// (battletest.Leaks). And the other side's secrets make no difference to
// what a side observes: where a side commits a plan, a severely wounded
// pilot's cards or a hidden declaration, the same battle with another
// choice in its place looks the same to the opponent until the reveal.
func TestNoSecretLeaksOverWholeGames(t *testing.T) {
	for _, name := range scenarios.Names() {
		base, ok := scenarios.Builtin(name)
		require.True(t, ok)
		for variant, rules := range ruleVariants(base.Rules) {
			t.Run(name+"/"+variant, func(t *testing.T) {
				setup := playableWith(base, rules)
				seeds := []uint64{1}
				if !testing.Short() { // -short: the fixed seed only
					secret, err := battle.SecretSeed()
					require.NoError(t, err)
					seeds = append(seeds, secret)
				}
				for _, seed := range seeds {
					playWatched(t, setup, seed)
				}
			})
		}
	}
}

// playWatched plays one battle, random against greedy, checking every
// observation and forking the battle at the opponent's secret choices.
func playWatched(t *testing.T, setup battle.Setup, seed uint64) {
	b, err := battle.New(setup, comp, seed)
	require.NoError(t, err, "seed %d", seed)
	seen := len(b.State().Events)
	forks := 0
	observe := func(cmd battle.Command) {
		st := b.State()
		evs := st.Events[seen:]
		seen = len(st.Events)
		for _, side := range battle.Sides {
			obs := b.Observe(side, evs)
			raw, err := json.Marshal(obs)
			require.NoError(t, err)
			require.Empty(t, battletest.Leaks(st, seed, side, obs, raw), "seed %d, turn %d, after %+v", seed, st.Turn, cmd)
		}
		if forks < 30 {
			if alt, ok := alternative(st, cmd); ok && differsNot(t, b, setup, seed, cmd, alt) {
				forks++
			}
		}
	}
	random, _ := policy.ByName("random")
	greedy, _ := policy.ByName("greedy")
	require.NoError(t, policy.PlayObserved(b, comp, map[battle.Side]policy.Policy{battle.Colonial: random, battle.Cylon: greedy}, seed, observe),
		"seed %d", seed)
	require.NotNil(t, b.Result())
	require.Positive(t, forks, "the opponent's choices were varied")
}

// alternative returns another choice in place of a secret command: the
// same cards at another speed (a tailer sees the first card, and may), a
// severely wounded pilot's other card, or holding fire in place of a
// hidden declaration.
func alternative(st battle.State, cmd battle.Command) (battle.Command, bool) {
	alt := cmd
	switch cmd.Type {
	case battle.CmdPlan:
		p := cmd.Plan.Clone()
		p.Speed = maneuvers.Stop
		if cmd.Plan.Speed == maneuvers.Stop {
			p.Speed = maneuvers.Low
		}
		alt.Plan = &p
	case battle.CmdPreplan:
		p := cmd.Plan.Clone()
		p.Cards = []string{"straight"}
		if cmd.Plan.Cards[0] == "straight" {
			p.Cards = []string{"bank-left"}
		}
		alt.Plan = &p
	case battle.CmdDeclare:
		if st.Hidden != cmd.Side {
			return alt, false
		}
		alt.Shots = nil
		if len(cmd.Shots) == 0 {
			return alt, false
		}
	default:
		return alt, false
	}
	return alt, true
}

// differsNot replays the battle up to cmd, applies alt in its place and
// checks that the opponent's view is the same; it reports whether the
// engine took alt (an alternative it refuses proves nothing).
func differsNot(t *testing.T, b *battle.Battle, setup battle.Setup, seed uint64, cmd, alt battle.Command) bool {
	journal := b.Journal()
	fork, err := battle.Replay(setup, comp, seed, journal[:len(journal)-1])
	require.NoError(t, err)
	if _, err := fork.Apply(alt); err != nil {
		return false
	}
	other := cmd.Side.Opponent()
	want, _ := json.Marshal(b.View(other))
	got, _ := json.Marshal(fork.View(other))
	require.Equal(t, string(want), string(got), "the %s sees a difference between %s %+v and %+v (seed %d)", other, cmd.Type, cmdText(cmd), cmdText(alt), seed)
	return true
}

func cmdText(c battle.Command) string {
	s, _ := json.Marshal(c)
	return string(s)
}

// Attack declaration: the side that declares first declares in secret;
// the other side learns that it has declared, not what, until it has
// declared too; then both declarations are shown together.
func TestAttackDeclarationKeepsTheFirstDeclarationHidden(t *testing.T) {
	b := newCompanion(t, setup(with(complete, starship.OptAttackDeclaration),
		spec("viper", "viper-mk2", battle.Colonial, 450, 300, 90, 0),
		spec("raider", "cylon-raider", battle.Cylon, 450, 450, 270, 0)))
	planAll(t, b, nil)
	reveal(t, b, nil)
	require.Equal(t, battle.Declaring, b.Phase())
	declare(t, b, battle.Colonial, nil, nil, at("viper", "raider"))
	cy := b.View(battle.Cylon)
	assert.True(t, cy.MayDeclare)
	assert.Empty(t, cy.SeenShots)
	for _, e := range cy.Events {
		assert.False(t, e.Kind == battle.EvDeclaration && e.Side == battle.Colonial, "the Colonial's declaration is hidden: %s", e.Text())
		assert.Empty(t, e.Shots, "no shots shown: %s", e.Text())
	}
	assert.Contains(t, texts(cy.Events), "colonial has declared; the declarations are shown when both sides have.")
	assert.Contains(t, texts(b.View(battle.Colonial).Events), "colonial declares: viper at raider.", "the declarer sees its own")
	ev := declare(t, b, battle.Cylon, []int{1, 1, 1, 1}, nil, at("raider", "viper"))
	all := texts(battle.VisibleEvents(ev, battle.Cylon))
	assert.Contains(t, all, "colonial declares: viper at raider.")
	assert.Contains(t, all, "cylon declares: raider at viper.")
}

// Tailing: a tailed ship's first card is shown to the side tailing it,
// and only to it; the second card and the control panel are not.
func TestTailerSeesOnlyTheFirstCard(t *testing.T) {
	b := newCompanion(t, setup(with(complete, starship.OptTailing),
		spec("viper", "viper-mk2", battle.Colonial, 450, 450, 90, 0),
		spec("raider", "cylon-raider", battle.Cylon, 450, 340, 90, 0)), 6, 6)
	require.Equal(t, "viper", ship(b, "raider").Tailing, "the raider, behind the viper, tails it")
	p := &starship.Plan{Cards: []string{"bank-left", "straight"}, Speed: maneuvers.Low}
	do(t, b, battle.Command{Type: battle.CmdPlan, Side: battle.Colonial, Ship: "viper", Plan: p}, nil)
	cy := view(b, battle.Cylon, "viper")
	assert.Equal(t, "bank-left", cy.Shown)
	assert.Nil(t, cy.Plan, "not the second card, not the speed")
	st := b.State()
	for _, side := range battle.Sides {
		obs := b.Observe(side, nil)
		assert.Empty(t, battletest.Leaks(st, 1, side, obs, nil))
	}
	assert.Empty(t, view(b, battle.Colonial, "raider").Shown)
}

// Special damage (a severely wounded pilot): the cards planned at the
// beginning of the second movement step lie face down; the opponent sees
// that they are planned, not which.
func TestWoundedPilotPreplanningIsHidden(t *testing.T) {
	views := map[string]string{}
	for _, card := range []string{"straight", "bank-left"} {
		b := battletest.SeverelyWounded(t, comp)
		battletest.Do(t, b, battle.Command{Type: battle.CmdPreplan, Side: battle.Cylon, Ship: "raider",
			Plan: &starship.Plan{Cards: []string{card}}}, nil)
		v, _ := json.Marshal(b.View(battle.Colonial))
		views[card] = string(v)
		assert.Empty(t, battletest.Leaks(b.State(), 1, battle.Colonial, b.Observe(battle.Colonial, nil), nil))
		assert.Equal(t, []string{card}, view(b, battle.Cylon, "raider").NextCards, "the owner sees them")
	}
	assert.Equal(t, views["straight"], views["bank-left"], "the Colonial cannot tell which card the raider planned")
}
