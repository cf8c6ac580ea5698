package assets

// TalentKind says whether a card is a talent or a flaw (rulebook, Talent or
// flaw card: the title tells a talent, a rookie talent and a flaw apart).
type TalentKind string

// The kinds of talent and flaw cards.
const (
	TalentKindTalent TalentKind = "talent"
	TalentKindFlaw   TalentKind = "flaw"
)

// Card types of talents and flaws (rulebook, Talent or flaw card). A pilot
// uses at most one talent of each type in a turn (Using pilot talents).
const (
	TalentTypeManeuvering = "M"
	TalentTypeFiring      = "F"
	TalentTypeActivity    = "A"
	TalentTypeOther       = "O"
)

// TalentSpec is one talent or flaw card (rulebook, Pilot talents and flaws;
// Talent or flaw card). The rulebook names some cards but prints no card's
// text, so Effect, Type, Uses, Rules, Rookie and Activation are our
// proposal everywhere; Source, Section and Note are the provenance of the
// card, which for a name the rulebook gives is rulebook (with the section
// that names it, and a note that the rest is proposal).
type TalentSpec struct {
	ID, Name string
	Kind     TalentKind
	// Type is the card type: TalentTypeManeuvering ("M"), TalentTypeFiring
	// ("F"), TalentTypeActivity ("A") or TalentTypeOther ("O").
	Type string
	// Uses is how many times a game the card can be used; 0 means
	// unlimited (the ∞ symbol).
	Uses int
	// Rookie marks a rookie talent, the only kind nuggets and rookies may
	// take (Limitations of nuggets and rookies); never set on a flaw.
	Rookie bool
	// Rules are the rules the card requires (its "rules required"): any of
	// "complete", "quick", "fuel", "three_d", "ftl", "pilots", "tailing",
	// "asteroids", "planetoids", each at most once, in file order; nil when
	// the card needs none.
	Rules []string
	// Activation is, for a flaw, the 2d6 total (2 to 12) an opponent must
	// roll or beat to activate it (Using pilot flaws); 0 for a talent.
	Activation int
	// Effect is the card's effect in one sentence (our proposal).
	Effect  string
	Source  Source
	Section string
	Note    string
}

// talentRules lists the rules a card may require, in the order messages
// give them.
func talentRules() []string {
	return []string{"complete", "quick", "fuel", "three_d", "ftl", "pilots", "tailing", "asteroids", "planetoids"}
}

// talentTypes lists the card types with their meaning.
func talentTypes() []string {
	return []string{TalentTypeManeuvering, TalentTypeFiring, TalentTypeActivity, TalentTypeOther}
}

func talentTypeName(t string) string {
	switch t {
	case TalentTypeManeuvering:
		return "maneuvering"
	case TalentTypeFiring:
		return "firing"
	case TalentTypeActivity:
		return "activity"
	case TalentTypeOther:
		return "other"
	}
	return ""
}

func (t TalentSpec) clone() TalentSpec {
	if t.Rules != nil {
		t.Rules = append([]string(nil), t.Rules...)
	}
	return t
}

// Talent returns the talent or flaw with the given id and true, or false if
// there is none. The result is a copy: changing it does not change c.
func (c *Components) Talent(id string) (TalentSpec, bool) {
	for _, t := range c.Talents {
		if t.ID == id {
			return t.clone(), true
		}
	}
	return TalentSpec{}, false
}

// TalentIDs returns the ids of the talents (kind talent, rookie talents
// included) in file order, in a new slice.
func (c *Components) TalentIDs() []string { return c.talentIDs(TalentKindTalent) }

// FlawIDs returns the ids of the flaws in file order, in a new slice.
func (c *Components) FlawIDs() []string { return c.talentIDs(TalentKindFlaw) }

func (c *Components) talentIDs(kind TalentKind) []string {
	ids := []string{}
	for _, t := range c.Talents {
		if t.Kind == kind {
			ids = append(ids, t.ID)
		}
	}
	return ids
}
