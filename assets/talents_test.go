package assets_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/assets"
)

// talentRow is a card without its provenance.
type talentRow struct {
	id, name   string
	kind       assets.TalentKind
	typ        string
	uses       int
	rookie     bool
	rules      []string
	activation int
	effect     string
}

var wantTalents = []talentRow{
	{"power-pilot", "Power Pilot", "talent", "M", 2, false, []string{"complete"}, 0, "+1 acceleration for one turn"},
	{"steady-hands", "Steady Hands", "talent", "M", 2, false, nil, 0, "the G limit is one higher for one turn"},
	{"hotshot", "Hotshot", "talent", "M", 1, false, nil, 0, "may plan a difficult maneuver right after another"},
	{"asteroid-jockey", "Asteroid Jockey", "talent", "M", 2, false, []string{"asteroids"}, 0, "moving inside an asteroid field, keep one collision counter fewer"},
	{"marksman", "Marksman", "talent", "F", 3, true, nil, 0, "+1 to an attack roll"},
	{"technical-eye", "Technical Eye", "talent", "F", 2, false, []string{"asteroids"}, 0, "ignores cover for a target at long range (240 mm) or less"},
	{"eagle-eye", "Eagle Eye", "talent", "F", 2, false, nil, 0, "a long-range attack counts as medium range"},
	{"lucky-shot", "Lucky Shot", "talent", "F", 1, false, nil, 0, "rolls a missed attack again"},
	{"iron-nerves", "Iron Nerves", "talent", "F", 0, false, []string{"complete"}, 0, "ignores the −1 for firing at kinetic energy 5 or more"},
	{"wingman", "Wingman", "talent", "A", 2, false, nil, 0, "+1 when another friendly ship fires at the same target in the same step"},
	{"quick-reflexes", "Quick Reflexes", "talent", "O", 2, false, nil, 0, "−1 to an attack against this ship"},
	{"sturdy-pilot", "Sturdy Pilot", "talent", "O", 1, false, []string{"complete"}, 0, "ignores one \"pilot wounded\" special damage"},
	{"beginners-luck", "Beginner's Luck", "talent", "F", 1, true, nil, 0, "+1 to an attack roll"},
	{"quick-study", "Quick Study", "talent", "O", 1, true, nil, 0, "ignores one damage counter drawn for an illegal move"},
	{"tormented-soul", "Tormented Soul", "flaw", "F", 2, false, nil, 9, "−2 to this ship's attack rolls for the rest of the turn"},
	{"concentration-loss", "Concentration Loss", "flaw", "A", 2, false, nil, 8, "the pilot cannot use talents for the rest of the turn"},
	{"hesitant", "Hesitant", "flaw", "F", 2, false, []string{"complete"}, 8, "the ship cannot fire in the first firing step of the turn"},
}

func TestTalentsLoadAsTabled(t *testing.T) {
	c := assets.Default()
	var got []talentRow
	for _, tc := range c.Talents {
		got = append(got, talentRow{tc.ID, tc.Name, tc.Kind, tc.Type, tc.Uses, tc.Rookie, tc.Rules, tc.Activation, tc.Effect})
	}
	assert.Equal(t, wantTalents, got)
	assert.Equal(t, []string{
		"power-pilot", "steady-hands", "hotshot", "asteroid-jockey", "marksman", "technical-eye", "eagle-eye",
		"lucky-shot", "iron-nerves", "wingman", "quick-reflexes", "sturdy-pilot", "beginners-luck", "quick-study",
	}, c.TalentIDs())
	assert.Equal(t, []string{"tormented-soul", "concentration-loss", "hesitant"}, c.FlawIDs())
	for _, w := range wantTalents {
		tc, ok := c.Talent(w.id)
		require.True(t, ok, w.id)
		assert.Equal(t, w.name, tc.Name)
		assert.Equal(t, w.kind, tc.Kind)
	}
}

func TestTalentNamesFromTheRulebook(t *testing.T) {
	c := assets.Default()
	rulebook := map[string]string{
		"power-pilot":        "Pilot talents and flaws",
		"quick-reflexes":     "Pilot talents and flaws",
		"sturdy-pilot":       "Pilot talents and flaws",
		"marksman":           "Pilot talents and flaws",
		"tormented-soul":     "Pilot talents and flaws",
		"concentration-loss": "Pilot talents and flaws",
		"technical-eye":      "Talents and measuring",
	}
	for _, tc := range c.Talents {
		t.Run(tc.ID, func(t *testing.T) {
			assert.NotEmpty(t, tc.Section)
			if section, ok := rulebook[tc.ID]; ok {
				assert.Equal(t, assets.SourceRulebook, tc.Source)
				assert.Equal(t, section, tc.Section)
				assert.Contains(t, tc.Note, "the name", "the rulebook gives the name")
				assert.Contains(t, tc.Note, "are our proposal", "and not the effect")
				assert.Contains(t, tc.Note, "effect")
			} else {
				assert.Equal(t, assets.SourceProposal, tc.Source)
				assert.Contains(t, tc.Section, "COMPONENTS.md pilots, talents, flaws: proposed")
			}
		})
	}
	eye, _ := c.Talent("technical-eye")
	assert.Contains(t, eye.Note, "long range or less are rulebook")
}

func TestRookieTalents(t *testing.T) {
	c := assets.Default()
	var rookie []string
	for _, tc := range c.Talents {
		if tc.Rookie {
			assert.Equal(t, assets.TalentKindTalent, tc.Kind, "%s: only talents are rookie talents", tc.ID)
			rookie = append(rookie, tc.ID)
		}
	}
	assert.Equal(t, []string{"marksman", "beginners-luck", "quick-study"}, rookie,
		"nuggets and rookies have talents to take (Limitations of nuggets and rookies)")
	for _, p := range c.PilotTokens {
		if p.RookieTalentsOnly.Value {
			assert.GreaterOrEqual(t, len(rookie), p.MaxTalents.Value, "a %s can fill its talents with rookie talents", p.ID)
		}
	}
}

func TestFlawsHaveActivations(t *testing.T) {
	c := assets.Default()
	require.NotEmpty(t, c.FlawIDs())
	for _, tc := range c.Talents {
		switch tc.Kind {
		case assets.TalentKindFlaw:
			assert.GreaterOrEqual(t, tc.Activation, 2, tc.ID)
			assert.LessOrEqual(t, tc.Activation, 12, tc.ID)
			assert.False(t, tc.Rookie, tc.ID)
		case assets.TalentKindTalent:
			assert.Zero(t, tc.Activation, tc.ID)
		default:
			t.Errorf("%s: kind %q", tc.ID, tc.Kind)
		}
		assert.Contains(t, []string{assets.TalentTypeManeuvering, assets.TalentTypeFiring, assets.TalentTypeActivity, assets.TalentTypeOther}, tc.Type, tc.ID)
		assert.GreaterOrEqual(t, tc.Uses, 0, tc.ID)
		assert.NotEmpty(t, tc.Effect, tc.ID)
	}
	// Talents come first, then flaws.
	seenFlaw := false
	for _, tc := range c.Talents {
		seenFlaw = seenFlaw || tc.Kind == assets.TalentKindFlaw
		assert.False(t, seenFlaw && tc.Kind == assets.TalentKindTalent, "%s after a flaw", tc.ID)
	}
}

func TestTalentReturnsACopy(t *testing.T) {
	c := assets.Default()
	pp, ok := c.Talent("power-pilot")
	require.True(t, ok)
	pp.Rules[0] = "changed"
	pp.Uses = 9
	again, _ := c.Talent("power-pilot")
	assert.Equal(t, []string{"complete"}, again.Rules)
	assert.Equal(t, 2, again.Uses)
	_, ok = c.Talent("space-cowboy")
	assert.False(t, ok)
	ids := c.TalentIDs()
	ids[0] = "changed"
	assert.Equal(t, "power-pilot", c.TalentIDs()[0])
	flaws := c.FlawIDs()
	flaws[0] = "changed"
	assert.Equal(t, "tormented-soul", c.FlawIDs()[0])
	var empty assets.Components
	assert.Empty(t, empty.TalentIDs())
	assert.Empty(t, empty.FlawIDs())
}

func TestOverrideLeavesTalentsAlone(t *testing.T) {
	c := assets.Default()
	require.Error(t, c.Override("my.yaml", []byte("talents: []\n")), "talents are not overridable")
	require.NoError(t, c.Override("my.yaml", []byte("geometry: {base_across_flats: 44}\n")))
	assert.Equal(t, assets.Default().Talents, c.Talents)
}
