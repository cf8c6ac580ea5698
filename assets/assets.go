// Package assets holds the game's component data (geometry of bases, rulers,
// cards and templates; ship classes; maneuver decks; damage and collision
// counters; pilot tokens; talent and flaw cards) as embedded YAML, every
// value tagged with its provenance.
//
// The rulebook states rules, not measurements, so each value says whether it
// is stated in the rules (SourceRulebook, with the section named), our own
// value chosen to fit the rules (SourceProposal, with the reason), or a value
// a user measured on their own components (SourceMeasured, applied with
// Components.Override). See design/COMPONENTS.md.
//
// Lengths are in millimetres and angles in degrees. The package imports
// nothing else of this module.
package assets

import (
	"embed"
	"fmt"
	"strconv"
)

// Source says where a value comes from.
type Source string

// The sources a value may have. Embedded data uses only SourceRulebook and
// SourceProposal; SourceMeasured marks a value a user supplied with
// Components.Override.
const (
	SourceRulebook Source = "rulebook"
	SourceProposal Source = "proposal"
	SourceMeasured Source = "measured"
)

// Units of Value.Unit.
const (
	UnitMM  = "mm"
	UnitDeg = "deg"
)

// Special-damage symbols a damage counter may carry (rulebook, Special
// damage). SpecialNone is a counter without a symbol.
const (
	SpecialNone    = ""
	SpecialEngine  = "engine"
	SpecialControl = "control"
	SpecialPilot   = "pilot"
	SpecialHull    = "hull"
)

// Counter totals of one game box (rulebook, Contents: "Damage counters (40)"
// and "Collision damage counters (16)"). Load rejects data whose counter
// kinds do not add up to these.
const (
	DamageCounterTotal    = 40
	CollisionCounterTotal = 16
)

// FTL marker sides, clockwise from the front (proposal; the rulebook,
// Faster-than-light movement, says only that 2d6 picks a side).
const (
	SideFront      = "front"
	SideFrontRight = "front-right"
	SideRearRight  = "rear-right"
	SideRear       = "rear"
	SideRearLeft   = "rear-left"
	SideFrontLeft  = "front-left"
)

// Value is a measurement with its unit (UnitMM or UnitDeg) and provenance.
// Section names the rulebook section for a rulebook value, says why we chose
// it for a proposal, and names the override file for a measured value unless
// that file gave its own.
type Value struct {
	Value   float64
	Unit    string
	Source  Source
	Section string
	Note    string
}

// IntValue is a whole-number game value (a count, a G-value, a modifier)
// with its provenance; see Value for the meaning of Section.
type IntValue struct {
	Value   int
	Source  Source
	Section string
	Note    string
}

// BoolValue is a yes/no game value with its provenance; see Value for the
// meaning of Section.
type BoolValue struct {
	Value   bool
	Source  Source
	Section string
	Note    string
}

// FTLSide is one side of the FTL marker and the 2d6 totals that pick it
// (rulebook, Faster-than-light movement: the jumping ship's rear line is put
// against the rolled side, then it moves 1d6 cm forward).
type FTLSide struct {
	Side    string
	Rolls   []int
	Source  Source
	Section string
	Note    string
}

// Geometry is the size of every physical component the rules measure with.
// After Load or Override the values satisfy ShortRange < MediumRange <
// LongRange and DriftShort < DriftLong, lengths are positive, and FTLSides
// names the six sides once each and gives every 2d6 total from 2 to 12 to
// exactly one of them.
type Geometry struct {
	// BaseAcrossFlats is the distance between the front and rear flats of
	// the regular hexagonal base (Quick start: Forward movement; Tailing).
	BaseAcrossFlats Value
	// FireArcHalfWidth is half the fire arc's opening, measured from the
	// facing (Line of sight; Rotating the spaceship while maneuvering).
	FireArcHalfWidth Value
	// ShortRange, MediumRange and LongRange are the upper ends of the range
	// bands on the front of the combat ruler (Determining range; Talents
	// and measuring).
	ShortRange, MediumRange, LongRange Value
	// TailingDistance is the star mark on the ruler: tailing needs the stands
	// strictly closer than this (Tailing).
	TailingDistance Value
	// LevelHeight is the vertical distance between adjacent levels, used for
	// the back of the ruler (Three-dimensional space).
	LevelHeight Value
	// DialNotch is the angle of one notch of the rotation dial (Rotation).
	DialNotch Value
	// DriftShort and DriftLong are the "2-4" and "5-6" sides of the drift
	// ruler (Changing direction).
	DriftShort, DriftLong Value
	// CardWidth and CardLength are the maneuver card's size; arrows start at
	// the middle of its bottom edge.
	CardWidth, CardLength Value
	// PlanetoidRadius is the default planetoid template radius (Planetoids);
	// scenarios may give their own.
	PlanetoidRadius Value
	// TableWidth and TableDepth are the default play area (Setup).
	TableWidth, TableDepth Value
	// FTLMarkerAcrossFlats is the FTL marker hexagon's size
	// (Faster-than-light movement).
	FTLMarkerAcrossFlats Value
	// GLimit is the most total G-value a ship may plan in one turn
	// (Planning).
	GLimit IntValue
	// StartingFuel is the fuel a ship starts with when the scenario does not
	// say (Fuel).
	StartingFuel IntValue
	// FTLFuelCost is the fuel one FTL jump costs on top of its cards
	// (Faster-than-light movement).
	FTLFuelCost IntValue
	// FTLSides is the FTL marker's side table, in file order.
	FTLSides []FTLSide
}

// FTLSideFor returns the FTL marker side a 2d6 total picks, and false for a
// total no side lists (anything outside 2..12 in validated data).
func (g *Geometry) FTLSideFor(roll int) (FTLSide, bool) {
	for _, s := range g.FTLSides {
		for _, r := range s.Rolls {
			if r == roll {
				s.Rolls = append([]int(nil), s.Rolls...)
				return s, true
			}
		}
	}
	return FTLSide{}, false
}

// Class is a ship class: the values of its spaceship card (rulebook,
// Spaceship card: attack, structure and acceleration values; FTL symbol).
// BaseAcrossFlats, when not nil, replaces Geometry.BaseAcrossFlats for ships
// of this class; use Components.BaseAcrossFlats to get the one in force.
type Class struct {
	ID   string
	Name string
	// Call is what a new ship of the class is called before its number
	// ("viper" for viper-1); empty: the class id.
	Call            string
	Attack          IntValue
	Structure       IntValue
	Acceleration    IntValue
	FTL             BoolValue
	BaseAcrossFlats *Value
}

// DamageCounter is one kind of counter in the cup and how many of it there
// are. Plus means "draw another" (rulebook, Critical hits and special
// damage); Special is one of the Special constants (rulebook, Special
// damage). Collision counters never carry Plus or Special. Source and
// Section are the provenance of the kind and its count.
type DamageCounter struct {
	Value   int
	Plus    bool
	Special string
	Count   int
	Source  Source
	Section string
	Note    string
}

// String is the counter as printed on it, for example "2", "4+" or
// "2+ hull".
func (d DamageCounter) String() string {
	s := strconv.Itoa(d.Value)
	if d.Plus {
		s += "+"
	}
	if d.Special != SpecialNone {
		s += " " + d.Special
	}
	return s
}

// PilotToken is a generic pilot of a given experience (rulebook, Pilot
// tokens). AttackModifier is added to the pilot's attack rolls; MaxTalents
// is how many talents the pilot may have without flaws (rulebook, Pilot
// talents and flaws: each flaw, at most two, allows one more);
// RookieTalentsOnly limits the choice to rookie talents (rulebook,
// Limitations of nuggets and rookies).
type PilotToken struct {
	ID                string
	Name              string
	AttackModifier    IntValue
	MaxTalents        IntValue
	RookieTalentsOnly BoolValue
}

// Components is the whole data set. Get one from Load, Default or Clone;
// a value built by hand has no record of where its fields are in their
// files, so Override reports cross-field problems on it without a line.
type Components struct {
	Geometry    Geometry
	Classes     []Class
	Damage      []DamageCounter
	Collision   []DamageCounter
	PilotTokens []PilotToken
	// Decks holds the maneuver deck of every class, in the order of
	// decks.yaml; use Deck to get one by class.
	Decks []Deck
	// Talents holds the talent and flaw cards of talents.yaml: the
	// talents, then the flaws, each in file order. Use Talent, TalentIDs
	// and FlawIDs to look them up.
	Talents []TalentSpec
	// PilotCards holds the named pilots of pilots.yaml, in file order; use
	// PilotCard to get one by id.
	PilotCards []PilotCard
	// Sources lists the files the values were read from, in the order they
	// were applied: the embedded files, then each override file.
	Sources []string

	// pos records where each value was last set, by dotted field path, so a
	// problem across fields can name a line.
	pos map[string]position
}

type position struct {
	file string
	line int
}

//go:embed components.yaml ships.yaml counters.yaml decks.yaml talents.yaml pilots.yaml
var embedded embed.FS

// Embedded file names, in the order Load reads them.
const (
	componentsFile = "components.yaml"
	shipsFile      = "ships.yaml"
	countersFile   = "counters.yaml"
	decksFile      = "decks.yaml"
	talentsFile    = "talents.yaml"
	pilotsFile     = "pilots.yaml"
)

// Load parses and validates the embedded data and returns a new Components
// each call; callers may change the result freely. An error lists every
// problem found, one per line, as file:line: field: message.
func Load() (*Components, error) {
	files := make(map[string][]byte, 5)
	for _, name := range []string{componentsFile, shipsFile, countersFile, decksFile, talentsFile} {
		b, err := embedded.ReadFile(name)
		if err != nil {
			return nil, err
		}
		files[name] = b
	}
	c, err := loadFiles(files[componentsFile], files[shipsFile], files[countersFile], files[decksFile], files[talentsFile])
	if err != nil {
		return nil, err
	}
	b, err := embedded.ReadFile(pilotsFile)
	if err != nil {
		return nil, err
	}
	if errs := loadPilotCards(c, b); len(errs) > 0 {
		return nil, errs
	}
	return c, nil
}

// Default is Load for callers that cannot recover from broken embedded data;
// it panics on error, which the package's tests rule out.
func Default() *Components {
	c, err := Load()
	if err != nil {
		panic("assets: embedded data: " + err.Error())
	}
	return c
}

// Class returns the class with the given id and true, or false if there is
// none. The result is a copy: changing it does not change c.
func (c *Components) Class(id string) (Class, bool) {
	for _, cl := range c.Classes {
		if cl.ID == id {
			return cl.clone(), true
		}
	}
	return Class{}, false
}

// ClassIDs returns the class ids in file order, in a new slice.
func (c *Components) ClassIDs() []string {
	ids := make([]string, len(c.Classes))
	for i, cl := range c.Classes {
		ids[i] = cl.ID
	}
	return ids
}

// NewShipID returns the id a new ship of the class gets wherever one is
// added (the scenario editor, measurement mode, the photo mode): the
// class's call and the first number not taken ("viper-3", "raider-1").
// An unknown class is called by its id.
func (c *Components) NewShipID(classID string, taken func(id string) bool) string {
	call := classID
	for _, cl := range c.Classes {
		if cl.ID == classID && cl.Call != "" {
			call = cl.Call
		}
	}
	for n := 1; ; n++ {
		if id := fmt.Sprintf("%s-%d", call, n); !taken(id) {
			return id
		}
	}
}

// BaseAcrossFlats returns the across-flats size of the base of a ship of the
// class, in mm: the class's own value if it has one, else the geometry value
// (also for an unknown class id).
func (c *Components) BaseAcrossFlats(classID string) float64 {
	for _, cl := range c.Classes {
		if cl.ID == classID && cl.BaseAcrossFlats != nil {
			return cl.BaseAcrossFlats.Value
		}
	}
	return c.Geometry.BaseAcrossFlats.Value
}

// Clone returns a deep copy of c: no slice, pointer or map is shared, so
// changes to either (Override included) never show in the other. Clone of
// nil is nil.
func (c *Components) Clone() *Components {
	if c == nil {
		return nil
	}
	d := *c
	d.Geometry.FTLSides = make([]FTLSide, len(c.Geometry.FTLSides))
	for i, s := range c.Geometry.FTLSides {
		s.Rolls = append([]int(nil), s.Rolls...)
		d.Geometry.FTLSides[i] = s
	}
	d.PilotCards = make([]PilotCard, len(c.PilotCards))
	for i, p := range c.PilotCards {
		d.PilotCards[i] = p.clone()
	}
	d.Classes = make([]Class, len(c.Classes))
	for i, cl := range c.Classes {
		d.Classes[i] = cl.clone()
	}
	d.Damage = append([]DamageCounter(nil), c.Damage...)
	d.Collision = append([]DamageCounter(nil), c.Collision...)
	d.PilotTokens = append([]PilotToken(nil), c.PilotTokens...)
	if c.Decks != nil {
		d.Decks = make([]Deck, len(c.Decks))
		for i, dk := range c.Decks {
			d.Decks[i] = dk.clone()
		}
	}
	if c.Talents != nil {
		d.Talents = make([]TalentSpec, len(c.Talents))
		for i, t := range c.Talents {
			d.Talents[i] = t.clone()
		}
	}
	d.Sources = append([]string(nil), c.Sources...)
	if c.pos != nil {
		d.pos = make(map[string]position, len(c.pos))
		for k, v := range c.pos {
			d.pos[k] = v
		}
	}
	return &d
}

func (cl Class) clone() Class {
	if cl.BaseAcrossFlats != nil {
		v := *cl.BaseAcrossFlats
		cl.BaseAcrossFlats = &v
	}
	return cl
}

// CounterTotal returns how many counters the kinds add up to.
func CounterTotal(kinds []DamageCounter) int {
	n := 0
	for _, k := range kinds {
		n += k.Count
	}
	return n
}
