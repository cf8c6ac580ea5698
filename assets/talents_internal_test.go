package assets

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// loadTalents loads the embedded data with talents.yaml replaced.
func loadTalents(t *testing.T, talents string) (*Components, error) {
	t.Helper()
	return loadFiles([]byte(embeddedText(t, componentsFile)), []byte(embeddedText(t, shipsFile)),
		[]byte(embeddedText(t, countersFile)), []byte(embeddedText(t, decksFile)), []byte(talents))
}

// TestLoadRejectsBrokenTalents edits the embedded talents.yaml the way a
// careless change would and checks the problem is reported at its line.
func TestLoadRejectsBrokenTalents(t *testing.T) {
	talents := embeddedText(t, talentsFile)
	tests := []struct {
		name      string
		old, new  string
		wantAt    string // text on the line the problem is reported at, in the edited file
		wantField string
		wantMsg   string
	}{
		{
			name: "id twice", old: "- id: hotshot", new: "- id: power-pilot",
			wantAt: "- id: power-pilot\n    name: \"Hotshot\"", wantField: "talents[2].id",
			wantMsg: "power-pilot given twice; first at line " + lineNo(t, talents, "- id: power-pilot") + "; talent and flaw ids must be unique",
		},
		{
			name: "name twice", old: "name: \"Hotshot\"", new: "name: \"Power Pilot\"",
			wantAt: "name: \"Power Pilot\"\n    kind: talent\n    type: M\n    uses: 1", wantField: "talents.hotshot.name",
			wantMsg: `name "Power Pilot" given twice; first at line ` + lineNo(t, talents, "name: \"Power Pilot\"") + "; every card needs a name of its own",
		},
		{
			name: "bad id", old: "- id: wingman", new: "- id: Wingman",
			wantAt: "- id: Wingman", wantField: "talents[9].id",
			wantMsg: `must be lower-case letters and digits joined by single hyphens; got "Wingman"`,
		},
		{
			name: "unknown kind", old: "id: hesitant\n    name: \"Hesitant\"\n    kind: flaw", new: "id: hesitant\n    name: \"Hesitant\"\n    kind: weakness",
			wantAt: "kind: weakness", wantField: "talents.hesitant.kind",
			wantMsg: `"weakness" is not allowed; allowed: talent, flaw`,
		},
		{
			name: "unknown type", old: "name: \"Wingman\"\n    kind: talent\n    type: A", new: "name: \"Wingman\"\n    kind: talent\n    type: X",
			wantAt: "type: X", wantField: "talents.wingman.type",
			wantMsg: `unknown type "X"; allowed: M (maneuvering), F (firing), A (activity), O (other)`,
		},
		{
			name: "unknown rule", old: "rules: [asteroids]\n    effect: \"moving", new: "rules: [asteroid]\n    effect: \"moving",
			wantAt: "rules: [asteroid]", wantField: "talents.asteroid-jockey.rules[0]",
			wantMsg: `"asteroid" is not allowed; allowed: complete, quick, fuel, three_d, ftl, pilots, tailing, asteroids, planetoids`,
		},
		{
			name: "rule twice", old: "rules: [complete]\n    effect: \"+1 acceleration", new: "rules: [complete, complete]\n    effect: \"+1 acceleration",
			wantAt: "rules: [complete, complete]", wantField: "talents.power-pilot.rules[1]",
			wantMsg: "rule complete given twice",
		},
		{
			name: "rules not a list", old: "rules: [complete]\n    effect: \"+1 acceleration", new: "rules: {complete: true}\n    effect: \"+1 acceleration",
			wantAt: "rules: {complete: true}", wantField: "talents.power-pilot.rules",
			wantMsg: "must be a list of rules; got a mapping",
		},
		{
			name: "negative uses", old: "uses: 3", new: "uses: -1",
			wantAt: "uses: -1", wantField: "talents.marksman.uses",
			wantMsg: "-1 is out of range; allowed: 0 to 99, 0 for unlimited (the ∞ symbol)",
		},
		{
			name: "uses as the infinity sign", old: "uses: 0", new: "uses: ∞",
			wantAt: "uses: ∞", wantField: "talents.iron-nerves.uses",
			wantMsg: `must be a whole number from 0 to 99, 0 for unlimited (the ∞ symbol); got "∞"`,
		},
		{
			name: "uses missing", old: "    uses: 3\n", new: "",
			wantAt: "- id: marksman", wantField: "talents.marksman.uses",
			wantMsg: "missing; required",
		},
		{
			name: "activation on a talent", old: "    uses: 3\n", new: "    uses: 3\n    activation: 7\n",
			wantAt: "activation: 7", wantField: "talents.marksman.activation",
			wantMsg: "only a flaw has an activation value; leave activation out for a talent",
		},
		{
			name: "flaw without activation", old: "    activation: 9\n", new: "",
			wantAt: "- id: tormented-soul", wantField: "talents.tormented-soul.activation",
			wantMsg: "missing; required for a flaw: a whole number from 2 to 12, the 2d6 total an opponent must roll to activate the flaw",
		},
		{
			name: "activation out of range", old: "activation: 9", new: "activation: 13",
			wantAt: "activation: 13", wantField: "talents.tormented-soul.activation",
			wantMsg: "13 is out of range; allowed: 2 to 12, the 2d6 total an opponent must roll to activate the flaw",
		},
		{
			name: "rookie flaw", old: "    activation: 9\n", new: "    activation: 9\n    rookie: true\n",
			wantAt: "rookie: true\n    effect: \"−2", wantField: "talents.tormented-soul.rookie",
			wantMsg: "only a talent can be a rookie talent; leave rookie out for a flaw",
		},
		{
			name: "rookie not a boolean", old: "rookie: true\n    effect: \"+1", new: "rookie: sometimes\n    effect: \"+1",
			wantAt: "rookie: sometimes", wantField: "talents.marksman.rookie",
			wantMsg: `must be true or false; got "sometimes"`,
		},
		{
			name: "empty effect", old: "effect: \"rolls a missed attack again\"", new: "effect: \"\"",
			wantAt: "effect: \"\"", wantField: "talents.lucky-shot.effect",
			wantMsg: "must not be empty",
		},
		{
			name: "unknown field", old: "    uses: 3\n", new: "    uses: 3\n    range: 240\n",
			wantAt: "range: 240", wantField: "talents.marksman.range",
			wantMsg: "unknown field; allowed: id, name, kind, type, uses, rookie, rules, activation, effect, source, section, note",
		},
		{
			name: "card without a section", old: "    section: \"Talents and measuring\"\n", new: "",
			wantAt: "- id: technical-eye", wantField: "talents.technical-eye.section",
			wantMsg: "missing; required",
		},
		{
			name: "card without a source", old: "    source: rulebook\n    section: \"Talents and measuring\"\n", new: "    section: \"Talents and measuring\"\n",
			wantAt: "- id: technical-eye", wantField: "talents.technical-eye.source",
			wantMsg: "missing; required",
		},
		{
			name: "measured card in shipped data", old: "    source: rulebook\n    section: \"Talents and measuring\"\n", new: "    source: measured\n    section: \"Talents and measuring\"\n",
			wantAt: "source: measured", wantField: "talents.technical-eye.source",
			wantMsg: `"measured" is not allowed; allowed: rulebook, proposal`,
		},
		{
			name: "empty section", old: "section: \"Talents and measuring\"", new: "section: \" \"",
			wantAt: "section: \" \"", wantField: "talents.technical-eye.section",
			wantMsg: "must not be empty; name the rulebook section or the reason for the value",
		},
		{
			name: "card not a mapping", old: "  - id: hotshot\n", new: "  - hotshot\n  - id: hotshot\n",
			wantAt: "  - hotshot", wantField: "talents[2]",
			wantMsg: `must be a mapping with the fields id, name, kind, type, uses, rookie, rules, activation, effect, source, section, note; got "hotshot"`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			require.Contains(t, talents, tt.old)
			edited := strings.Replace(talents, tt.old, tt.new, 1)
			c, err := loadTalents(t, edited)
			require.Error(t, err)
			assert.Nil(t, c)
			prefix := talentsFile + ":" + lineNo(t, edited, tt.wantAt) + ": " + tt.wantField + ": " + tt.wantMsg
			found := false
			for _, l := range strings.Split(err.Error(), "\n") {
				found = found || strings.HasPrefix(l, prefix)
			}
			assert.True(t, found, "got:\n%s\nwant a line:\n%s...", err, prefix)
		})
	}
}

// TestLoadReportsEveryTalentProblemAtOnce checks the whole message for a
// file with a problem of each kind: every problem, in line order.
func TestLoadReportsEveryTalentProblemAtOnce(t *testing.T) {
	const file = `talents:
  - id: ace-pilot
    name: "Ace Pilot"
    kind: talent
    type: Q
    uses: -2
    rookie: maybe
    rules: [complete, warp, complete]
    activation: 7
    effect: " "
    source: measured
    section: "mine"
  - id: ace-pilot
    name: "Ace Pilot"
    kind: flaw
    type: F
    uses: 1
    rookie: false
    effect: "x"
  - id: sleepy
    name: "Sleepy"
    kind: quirk
    type: A
    uses: 1
    effect: "y"
    source: proposal
    section: "test"
    colour: red
`
	_, err := loadTalents(t, file)
	require.Error(t, err)
	assert.Equal(t, strings.Join([]string{
		`talents.yaml:5: talents.ace-pilot.type: unknown type "Q"; allowed: M (maneuvering), F (firing), A (activity), O (other)`,
		`talents.yaml:6: talents.ace-pilot.uses: -2 is out of range; allowed: 0 to 99, 0 for unlimited (the ∞ symbol)`,
		`talents.yaml:7: talents.ace-pilot.rookie: must be true or false; got "maybe"`,
		`talents.yaml:8: talents.ace-pilot.rules[1]: "warp" is not allowed; allowed: complete, quick, fuel, three_d, ftl, pilots, tailing, asteroids, planetoids`,
		`talents.yaml:8: talents.ace-pilot.rules[2]: rule complete given twice`,
		`talents.yaml:9: talents.ace-pilot.activation: only a flaw has an activation value; leave activation out for a talent`,
		`talents.yaml:10: talents.ace-pilot.effect: must not be empty`,
		`talents.yaml:11: talents.ace-pilot.source: "measured" is not allowed; allowed: rulebook, proposal`,
		`talents.yaml:13: talents[1].id: ace-pilot given twice; first at line 2; talent and flaw ids must be unique`,
		`talents.yaml:13: talents[1].activation: missing; required for a flaw: a whole number from 2 to 12, the 2d6 total an opponent must roll to activate the flaw`,
		`talents.yaml:13: talents[1].source: missing; required`,
		`talents.yaml:13: talents[1].section: missing; required`,
		`talents.yaml:14: talents[1].name: name "Ace Pilot" given twice; first at line 3; every card needs a name of its own`,
		`talents.yaml:18: talents[1].rookie: only a talent can be a rookie talent; leave rookie out for a flaw`,
		`talents.yaml:22: talents.sleepy.kind: "quirk" is not allowed; allowed: talent, flaw`,
		`talents.yaml:28: talents.sleepy.colour: unknown field; allowed: id, name, kind, type, uses, rookie, rules, activation, effect, source, section, note`,
	}, "\n"), err.Error())
}

func TestTalentsThenFlawsInFileOrder(t *testing.T) {
	const file = `talents:
  - {id: b-flaw, name: "B", kind: flaw, type: A, uses: 1, activation: 7, effect: "b", source: proposal, section: "test"}
  - {id: a-talent, name: "A", kind: talent, type: M, uses: 0, effect: "a", source: proposal, section: "test", rules: []}
  - {id: c-flaw, name: "C", kind: flaw, type: O, uses: 2, activation: 12, effect: "c", source: proposal, section: "test"}
  - {id: d-talent, name: "D", kind: talent, type: F, uses: 1, rookie: true, effect: "d", source: rulebook, section: "test", note: "n"}
`
	c, err := loadTalents(t, file)
	require.NoError(t, err)
	assert.Equal(t, []TalentSpec{
		{ID: "a-talent", Name: "A", Kind: TalentKindTalent, Type: "M", Uses: 0, Effect: "a", Source: SourceProposal, Section: "test"},
		{ID: "d-talent", Name: "D", Kind: TalentKindTalent, Type: "F", Uses: 1, Rookie: true, Effect: "d", Source: SourceRulebook, Section: "test", Note: "n"},
		{ID: "b-flaw", Name: "B", Kind: TalentKindFlaw, Type: "A", Uses: 1, Activation: 7, Effect: "b", Source: SourceProposal, Section: "test"},
		{ID: "c-flaw", Name: "C", Kind: TalentKindFlaw, Type: "O", Uses: 2, Activation: 12, Effect: "c", Source: SourceProposal, Section: "test"},
	}, c.Talents)
	assert.Equal(t, []string{"a-talent", "d-talent"}, c.TalentIDs())
	assert.Equal(t, []string{"b-flaw", "c-flaw"}, c.FlawIDs())
	assert.Equal(t, []string{componentsFile, shipsFile, countersFile, decksFile, talentsFile}, c.Sources)
}

func TestLoadRejectsEmptyTalents(t *testing.T) {
	for _, file := range []string{"", "talents:\n", "talents: []\n", "talents: {}\n", "cards: []\n"} {
		_, err := loadTalents(t, file)
		require.Error(t, err, "%q", file)
		assert.Contains(t, err.Error(), "talents.yaml", "%q", file)
	}
	_, err := loadTalents(t, "talents: []\n")
	assert.EqualError(t, err, "talents.yaml:1: talents: must list at least one talent or flaw")
	_, err = loadTalents(t, "")
	assert.EqualError(t, err, "talents.yaml: empty; required: talents")
}
