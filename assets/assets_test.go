package assets_test

import (
	"reflect"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/assets"
)

func TestLoadEmbeddedData(t *testing.T) {
	c, err := assets.Load()
	require.NoError(t, err)
	assert.Equal(t, []string{"components.yaml", "ships.yaml", "counters.yaml", "decks.yaml", "talents.yaml", "pilots.yaml"}, c.Sources)
	assert.NotPanics(t, func() { assets.Default() })
}

// provenanced visits every value that must carry a provenance, whatever
// struct it sits in, so a new field cannot escape the test below.
func provenanced(v reflect.Value, path string, visit func(path string, src assets.Source, section string)) {
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			provenanced(v.Elem(), path, visit)
		}
	case reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			provenanced(v.Index(i), path+"["+strconv.Itoa(i)+"]", visit)
		}
	case reflect.Struct:
		if f := v.FieldByName("Source"); f.IsValid() && f.Type() == reflect.TypeOf(assets.Source("")) {
			visit(path, assets.Source(f.String()), v.FieldByName("Section").String())
		}
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				provenanced(v.Field(i), path+"."+v.Type().Field(i).Name, visit)
			}
		}
	}
}

func TestEveryValueHasProvenance(t *testing.T) {
	c := assets.Default()
	n := 0
	provenanced(reflect.ValueOf(c).Elem(), "Components", func(path string, src assets.Source, section string) {
		n++
		assert.Contains(t, []assets.Source{assets.SourceRulebook, assets.SourceProposal}, src, path)
		assert.NotEmpty(t, section, path)
	})
	// 16 lengths + 3 whole numbers + 6 FTL sides; 5 classes x 4 values;
	// 21 + 4 counter kinds; 5 pilot tokens x 3 values; 72 cards x 2 (the
	// card, its G) and 117 arrows x 4 (length, turn, sideways, kinetic
	// energy) in the five decks; 14 talent and 3 flaw cards; 6 pilot cards.
	assert.Equal(t, 16+3+6+5*4+21+4+5*3+72*2+117*4+14+3+6, n, "values visited")
}

func TestRulebookValues(t *testing.T) {
	g := assets.Default().Geometry
	tests := []struct {
		name    string
		got     float64
		src     assets.Source
		section string
		want    float64
	}{
		{"short range 10 cm", g.ShortRange.Value, g.ShortRange.Source, g.ShortRange.Section, 100},
		{"medium range 20 cm", g.MediumRange.Value, g.MediumRange.Source, g.MediumRange.Section, 200},
		{"long range 24 cm", g.LongRange.Value, g.LongRange.Source, g.LongRange.Section, 240},
		{"tailing star 15 cm", g.TailingDistance.Value, g.TailingDistance.Source, g.TailingDistance.Section, 150},
		{"dial notch 30 degrees", g.DialNotch.Value, g.DialNotch.Source, g.DialNotch.Section, 30},
		{"G limit four", float64(g.GLimit.Value), g.GLimit.Source, g.GLimit.Section, 4},
		{"starting fuel 50", float64(g.StartingFuel.Value), g.StartingFuel.Source, g.StartingFuel.Section, 50},
		{"FTL jump 15 fuel", float64(g.FTLFuelCost.Value), g.FTLFuelCost.Source, g.FTLFuelCost.Section, 15},
	}
	sections := map[string]string{
		"short range 10 cm":     "Determining range",
		"medium range 20 cm":    "Determining range",
		"long range 24 cm":      "Talents and measuring",
		"tailing star 15 cm":    "Tailing",
		"dial notch 30 degrees": "Rotation",
		"G limit four":          "Planning",
		"starting fuel 50":      "Fuel",
		"FTL jump 15 fuel":      "Faster-than-light movement",
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, tt.got)
			assert.Equal(t, assets.SourceRulebook, tt.src)
			assert.Contains(t, tt.section, sections[tt.name])
		})
	}
}

func TestProposedGeometry(t *testing.T) {
	g := assets.Default().Geometry
	tests := []struct {
		name string
		v    assets.Value
		want float64
		unit string
	}{
		{"base across flats", g.BaseAcrossFlats, 45, assets.UnitMM},
		{"fire arc half width", g.FireArcHalfWidth, 30, assets.UnitDeg},
		{"level height", g.LevelHeight, 100, assets.UnitMM},
		{"drift 2-4 side", g.DriftShort, 50, assets.UnitMM},
		{"drift 5-6 side", g.DriftLong, 90, assets.UnitMM},
		{"card width", g.CardWidth, 70, assets.UnitMM},
		{"card length", g.CardLength, 110, assets.UnitMM},
		{"planetoid radius", g.PlanetoidRadius, 60, assets.UnitMM},
		{"table width", g.TableWidth, 900, assets.UnitMM},
		{"table depth", g.TableDepth, 900, assets.UnitMM},
		{"FTL marker", g.FTLMarkerAcrossFlats, 45, assets.UnitMM},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, tt.v.Value)
			assert.Equal(t, tt.unit, tt.v.Unit)
			assert.Equal(t, assets.SourceProposal, tt.v.Source)
		})
	}
	assert.GreaterOrEqual(t, g.TableWidth.Value, 750.0, "Setup asks for at least 75 cm")
	assert.GreaterOrEqual(t, g.TableDepth.Value, 750.0, "Setup asks for at least 75 cm")
}

func TestFTLSideFor(t *testing.T) {
	g := assets.Default().Geometry
	want := map[int]string{
		2: assets.SideRear, 3: assets.SideRearLeft, 4: assets.SideFrontLeft, 5: assets.SideFrontLeft,
		6: assets.SideFront, 7: assets.SideFront, 8: assets.SideFront,
		9: assets.SideFrontRight, 10: assets.SideFrontRight, 11: assets.SideRearRight, 12: assets.SideRearRight,
	}
	for roll := 0; roll <= 13; roll++ {
		s, ok := g.FTLSideFor(roll)
		assert.Equal(t, want[roll] != "", ok, "roll %d", roll)
		assert.Equal(t, want[roll], s.Side, "roll %d", roll)
	}
	s, _ := g.FTLSideFor(7)
	s.Rolls[0] = 99
	again, _ := g.FTLSideFor(6)
	assert.Equal(t, 6, again.Rolls[0], "FTLSideFor returns a copy of the rolls")
}

func TestClasses(t *testing.T) {
	c := assets.Default()
	require.Equal(t, []string{"viper-mk2", "cylon-raider", "raptor", "heavy-raider", "viper-mk7"}, c.ClassIDs())
	R, P := assets.SourceRulebook, assets.SourceProposal
	tests := []struct {
		id, name                    string
		attack, structure, accel    int
		ftl                         bool
		attackSrc, structSrc        assets.Source
		accelSrc, ftlSrc            assets.Source
		attackSection, accelSection string
	}{
		{"viper-mk2", "Viper Mk. II", 6, 15, 3, false, R, P, R, P, "Fire!", "Acceleration"},
		{"cylon-raider", "Cylon Raider", 6, 15, 4, true, R, R, P, R, "Fire!", ""},
		{"raptor", "Raptor", 4, 18, 2, true, P, P, P, P, "", ""},
		{"heavy-raider", "Heavy Raider", 5, 22, 3, true, P, P, P, P, "", ""},
		{"viper-mk7", "Viper Mk. VII", 6, 15, 4, false, P, P, P, P, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.id, func(t *testing.T) {
			cl, ok := c.Class(tt.id)
			require.True(t, ok)
			assert.Equal(t, tt.name, cl.Name)
			assert.Equal(t, tt.attack, cl.Attack.Value)
			assert.Equal(t, tt.structure, cl.Structure.Value)
			assert.Equal(t, tt.accel, cl.Acceleration.Value)
			assert.Equal(t, tt.ftl, cl.FTL.Value)
			assert.Equal(t, tt.attackSrc, cl.Attack.Source)
			assert.Equal(t, tt.structSrc, cl.Structure.Source)
			assert.Equal(t, tt.accelSrc, cl.Acceleration.Source)
			assert.Equal(t, tt.ftlSrc, cl.FTL.Source)
			if tt.attackSection != "" {
				assert.Equal(t, tt.attackSection, cl.Attack.Section)
			}
			if tt.accelSection != "" {
				assert.Equal(t, tt.accelSection, cl.Acceleration.Section)
			}
			assert.Nil(t, cl.BaseAcrossFlats)
			assert.Equal(t, 45.0, c.BaseAcrossFlats(tt.id))
		})
	}
	_, ok := c.Class("viper-mk3")
	assert.False(t, ok)
	assert.Equal(t, c.Geometry.BaseAcrossFlats.Value, c.BaseAcrossFlats("viper-mk3"))
}

func TestClassReturnsACopy(t *testing.T) {
	c := assets.Default()
	require.NoError(t, c.Override("mine.yaml", []byte("classes: {raptor: {base_across_flats: 50}}")))
	cl, _ := c.Class("raptor")
	cl.BaseAcrossFlats.Value = 1
	cl.Attack.Value = 1
	assert.Equal(t, 50.0, c.BaseAcrossFlats("raptor"))
	again, _ := c.Class("raptor")
	assert.Equal(t, 4, again.Attack.Value)
	ids := c.ClassIDs()
	ids[0] = "changed"
	assert.Equal(t, "viper-mk2", c.ClassIDs()[0])
}

func TestDamageCounters(t *testing.T) {
	c := assets.Default()
	assert.Equal(t, assets.DamageCounterTotal, assets.CounterTotal(c.Damage))
	assert.Equal(t, 40, assets.DamageCounterTotal, "rulebook, Contents")
	byValue := map[int]int{}
	plus := 0
	bySymbol := map[string]int{}
	symbolValues := map[string][]int{}
	for _, k := range c.Damage {
		require.Positive(t, k.Count, k.String())
		byValue[k.Value] += k.Count
		if k.Plus {
			plus += k.Count
		}
		if k.Special != assets.SpecialNone {
			bySymbol[k.Special] += k.Count
			symbolValues[k.Special] = append(symbolValues[k.Special], k.Value)
		}
	}
	assert.Equal(t, map[int]int{1: 10, 2: 10, 3: 9, 4: 7, 5: 4}, byValue)
	assert.Equal(t, 6, plus)
	assert.Equal(t, map[string]int{"engine": 3, "control": 3, "pilot": 3, "hull": 3}, bySymbol)
	for sym, values := range symbolValues {
		assert.Len(t, values, 3, "%s is spread over three different values", sym)
	}
}

func TestCollisionCounters(t *testing.T) {
	c := assets.Default()
	assert.Equal(t, 16, assets.CollisionCounterTotal, "rulebook, Contents")
	assert.Equal(t, assets.CollisionCounterTotal, assets.CounterTotal(c.Collision))
	byValue := map[int]int{}
	for _, k := range c.Collision {
		assert.False(t, k.Plus, k.String())
		assert.Empty(t, k.Special, k.String())
		byValue[k.Value] += k.Count
	}
	assert.Equal(t, map[int]int{0: 3, 1: 6, 2: 4, 3: 3}, byValue)
}

func TestDamageCounterString(t *testing.T) {
	tests := []struct {
		k    assets.DamageCounter
		want string
	}{
		{assets.DamageCounter{Value: 2}, "2"},
		{assets.DamageCounter{Value: 4, Plus: true}, "4+"},
		{assets.DamageCounter{Value: 2, Plus: true, Special: assets.SpecialHull}, "2+ hull"},
		{assets.DamageCounter{Value: 3, Special: assets.SpecialEngine}, "3 engine"},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, tt.k.String())
	}
}

func TestPilotTokens(t *testing.T) {
	c := assets.Default()
	tests := []struct {
		id, name    string
		modifier    int
		talents     int
		rookieOnly  bool
		modSection  string
		talentsSect string
	}{
		{"nugget", "Nugget", -1, 1, true, "Pilot tokens", "Pilot talents and flaws"},
		{"rookie", "Rookie", 0, 2, true, "Pilot tokens", "Pilot talents and flaws"},
		{"average", "Average", 0, 3, false, "Pilot tokens", "Pilot talents and flaws"},
		{"expert", "Expert", 1, 4, false, "Pilot tokens", "Pilot talents and flaws"},
		{"ace", "Ace", 2, 5, false, "Pilot tokens", "Pilot talents and flaws"},
	}
	require.Len(t, c.PilotTokens, len(tests))
	for i, tt := range tests {
		t.Run(tt.id, func(t *testing.T) {
			p := c.PilotTokens[i]
			assert.Equal(t, tt.id, p.ID)
			assert.Equal(t, tt.name, p.Name)
			assert.Equal(t, tt.modifier, p.AttackModifier.Value)
			assert.Equal(t, tt.talents, p.MaxTalents.Value)
			assert.Equal(t, tt.rookieOnly, p.RookieTalentsOnly.Value)
			assert.Equal(t, assets.SourceRulebook, p.AttackModifier.Source)
			assert.Equal(t, tt.modSection, p.AttackModifier.Section)
			assert.Equal(t, tt.talentsSect, p.MaxTalents.Section)
		})
	}
}

func TestLoadReturnsAFreshValueEachCall(t *testing.T) {
	a, err := assets.Load()
	require.NoError(t, err)
	a.Geometry.ShortRange.Value = 1
	a.Classes[0].Attack.Value = 1
	a.Damage[0].Count = 99
	a.Geometry.FTLSides[0].Rolls[0] = 99
	b, err := assets.Load()
	require.NoError(t, err)
	assert.Equal(t, 100.0, b.Geometry.ShortRange.Value)
	assert.Equal(t, 6, b.Classes[0].Attack.Value)
	assert.Equal(t, 5, b.Damage[0].Count)
	assert.Equal(t, 6, b.Geometry.FTLSides[0].Rolls[0])
}

func TestCloneIsIndependent(t *testing.T) {
	orig := assets.Default()
	require.NoError(t, orig.Override("mine.yaml", []byte("classes: {raptor: {base_across_flats: 50}}")))
	want := orig.Clone()
	require.Equal(t, orig, want)

	tests := []struct {
		name   string
		change func(c *assets.Components)
	}{
		{"geometry value", func(c *assets.Components) { c.Geometry.LongRange.Value = 1 }},
		{"FTL side rolls", func(c *assets.Components) { c.Geometry.FTLSides[0].Rolls[0] = 12 }},
		{"FTL sides", func(c *assets.Components) { c.Geometry.FTLSides[1].Side = "x" }},
		{"class value", func(c *assets.Components) { c.Classes[1].Structure.Value = 1 }},
		{"class base override", func(c *assets.Components) { c.Classes[2].BaseAcrossFlats.Value = 1 }},
		{"damage counters", func(c *assets.Components) { c.Damage[3].Count = 9 }},
		{"collision counters", func(c *assets.Components) { c.Collision[0].Value = 9 }},
		{"pilot tokens", func(c *assets.Components) { c.PilotTokens[4].MaxTalents.Value = 9 }},
		{"deck class", func(c *assets.Components) { c.Decks[0].Class = "x" }},
		{"deck cards", func(c *assets.Components) { c.Decks[1].Cards[0].G.Value = 9 }},
		{"card symbols", func(c *assets.Components) { c.Decks[2].Cards[0].Symbols[0] = "x" }},
		{"card arrows", func(c *assets.Components) { c.Decks[3].Cards[1].Arrows[0].Turn.Value = 1 }},
		{"talents", func(c *assets.Components) { c.Talents[0].Uses = 9 }},
		{"talent rules", func(c *assets.Components) { c.Talents[0].Rules[0] = "x" }},
		{"sources", func(c *assets.Components) { c.Sources[0] = "x" }},
		{"override", func(c *assets.Components) {
			require.NoError(t, c.Override("other.yaml", []byte("geometry: {base_across_flats: 40}")))
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			clone := orig.Clone()
			tt.change(clone)
			assert.NotEqual(t, want, clone, "the change must show in the clone")
			assert.Equal(t, want, orig, "and not in the original")
		})
	}
	var nilC *assets.Components
	assert.Nil(t, nilC.Clone())
}

// TestNewShipIDCallsAShipByItsClass: a new ship is called by its class's
// call and the first free number, as the built-in scenarios call their
// ships (viper-1, raider-2), wherever it is added; every class has a
// call, and a class the data does not know is called by its id.
func TestNewShipIDCallsAShipByItsClass(t *testing.T) {
	c := assets.Default()
	for _, cl := range c.Classes {
		assert.NotEmpty(t, cl.Call, "class %s has a call", cl.ID)
	}
	taken := map[string]bool{"viper-1": true, "viper-2": true, "raider-2": true}
	has := func(id string) bool { return taken[id] }
	assert.Equal(t, "viper-3", c.NewShipID("viper-mk2", has))
	assert.Equal(t, "viper-3", c.NewShipID("viper-mk7", has), "both Vipers are vipers")
	assert.Equal(t, "raider-1", c.NewShipID("cylon-raider", has), "the first free number")
	assert.Equal(t, "heavy-raider-1", c.NewShipID("heavy-raider", has))
	assert.Equal(t, "basestar-1", c.NewShipID("basestar", has), "an unknown class by its id")
}
