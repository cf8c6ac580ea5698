package starship

import (
	"fmt"
	"strings"

	"github.com/starshipbattles/bsg/maneuvers"
)

// Violation is one reason a plan is illegal: a stable rule id, the
// rulebook section, and a sentence for the player.
type Violation struct {
	Rule    string `json:"rule"`
	Section string `json:"section"`
	Message string `json:"message"`
	kind    kind
}

// kind groups violations the way the Complete Rules' illegal-move
// correction does (Special cases: Illegal moves): one damage counter per
// kind.
type kind int

const (
	kindOther        kind = iota // any other illegal choice: replace with a straight maneuver
	kindNotStraight              // non-straight cards while rotated (or crippled): straighten them
	kindAcceleration             // kinetic energy outside what the ship can reach: adjust the speed
)

// The numbers the rules limit plans by.
const (
	GLimitControlDamaged = 3 // Special damage: control systems (Planning's limit is the class's GLimit)
	MinKE, MaxKE         = -1, 6
	MaxFTLJumps          = 2 // Faster-than-light movement: at most twice a game
)

// MinLevel and MaxLevel are the levels of play (Three-dimensional space):
// a ship moved beyond them leaves the battle; a ship, an obstacle or a
// zone is placed on one of them.
const (
	MinLevel = 1
	MaxLevel = 4
)

// context is everything a rule looks at.
type context struct {
	rules Rules
	class Class
	state State
	r     reading
	// quiet: only whether a rule is broken matters, not the message (the
	// checks skip formatting it).
	quiet bool
}

// say formats a violation's message, or returns a placeholder when quiet.
func (c *context) say(format string, args ...any) string {
	if c.quiet {
		return "broken"
	}
	return fmt.Sprintf(format, args...)
}

func (c *context) complete() bool { return c.rules.Set == Complete }

// rule is one restriction of the rules, by id.
type rule struct {
	id, section string
	kind        kind
	check       func(c *context) string // the violation's message, or "" (any text when c.quiet)
}

// rules lists every restriction in the order a player meets them.
var rules = []rule{
	{"two-maneuver-cards", "Planning", kindOther, checkTwoManeuvers},
	{"change-direction-quick", "Complete Rules: Setup", kindOther, checkChangeDirectionQuick},
	{"change-direction-needs-maneuver", "Changing direction", kindOther, checkChangeDirectionNeedsManeuver},
	{"blank-not-in-use", "Blank maneuver cards", kindOther, checkBlank},
	{"g-limit", "Planning; Special damage", kindOther, checkGLimit},
	{"difficult-after-difficult", "Planning: Difficult maneuvers", kindOther, checkDifficultAfterDifficult},
	{"overboost-after-difficult", "Planning: Difficult maneuvers", kindOther, checkOverboostAfterDifficult},
	{"overboost-needs-forward", "Planning: Overboost", kindOther, checkOverboostForward},
	{"no-arrow-for-speed", "Planning; Special cases: Illegal moves", kindOther, checkArrowForSpeed},
	{"wounded-no-difficult", "Special damage: pilot wounded", kindOther, checkWounded},
	{"hull-no-overboost", "Special damage: hull and wings", kindOther, checkHullOverboost},
	{"rookie-straight-after", "Limitations of nuggets and rookies", kindOther, checkRookieStraight},
	{"rotation-quick", "Complete Rules: Rotation", kindOther, checkRotationQuick},
	{"rotate-needs-straight", "Rotation: Rotating the spaceship", kindOther, checkRotateNeedsStraight},
	{"control-no-rotation", "Special damage: control systems", kindOther, checkControlNoRotation},
	{"out-of-fuel-no-rotation", "Fuel: Running out of fuel", kindOther, checkOutOfFuelRotation},
	{"out-of-fuel-inertial", "Fuel: Running out of fuel", kindOther, checkOutOfFuelInertial},
	{"level-not-in-use", "Three-dimensional space", kindOther, checkLevelInUse},
	{"level-change-restrictions", "Three-dimensional space: Moving between levels", kindOther, checkLevelRestrictions},
	{"ftl-not-allowed", "Faster-than-light movement", kindOther, checkFTLAllowed},
	{"ftl-consecutive", "Faster-than-light movement", kindOther, checkFTLConsecutive},
	{"ftl-limit", "Faster-than-light movement", kindOther, checkFTLLimit},
	{"ftl-change-direction", "Faster-than-light movement", kindOther, checkFTLChangeDirection},
	{"ftl-kinetic-energy", "Faster-than-light movement", kindOther, checkFTLKineticEnergy},
	{"rotated-inertial", "Rotation: Limitations for rotated spaceships", kindNotStraight, checkRotatedInertial},
	{"crippled-inertial", "Special damage: hull and wings", kindNotStraight, checkCrippledInertial},
	{"kinetic-energy-frozen", "Special damage: engine; Fuel; Rotation: Inertial movement", kindAcceleration, checkKEFrozen},
	{"acceleration", "Kinetic energy: Acceleration", kindAcceleration, checkAcceleration},
}

// RuleIDs lists every rule id a violation may carry.
func RuleIDs() []string {
	ids := make([]string, len(rules))
	for i, r := range rules {
		ids[i] = r.id
	}
	return ids
}

// Check returns every rule the plan breaks, in rule order; none means the
// plan is legal. An error means the plan is not a plan for this ship at
// all (unknown card, wrong number of cards, unknown speed, values out of
// range).
func Check(rs Rules, c Class, s State, p Plan) ([]Violation, error) {
	r, err := read(&c, &s, p)
	if err != nil {
		return nil, err
	}
	return check(&context{rules: rs, class: c, state: s, r: r}), nil
}

// Legal reports whether the plan is a plan for this ship that breaks no
// rule: Check with no error and no violation, stopping at the first.
func Legal(rs Rules, c Class, s State, p Plan) bool {
	return NewJudge(rs, nil, c, s).Legal(p)
}

// run returns rules[i].check(c), called directly: the checks see c
// without it escaping, so checking allocates nothing
// (TestRunIsTheRulesTable keeps the two in step).
func (c *context) run(i int) string {
	switch i {
	case 0:
		return checkTwoManeuvers(c)
	case 1:
		return checkChangeDirectionQuick(c)
	case 2:
		return checkChangeDirectionNeedsManeuver(c)
	case 3:
		return checkBlank(c)
	case 4:
		return checkGLimit(c)
	case 5:
		return checkDifficultAfterDifficult(c)
	case 6:
		return checkOverboostAfterDifficult(c)
	case 7:
		return checkOverboostForward(c)
	case 8:
		return checkArrowForSpeed(c)
	case 9:
		return checkWounded(c)
	case 10:
		return checkHullOverboost(c)
	case 11:
		return checkRookieStraight(c)
	case 12:
		return checkRotationQuick(c)
	case 13:
		return checkRotateNeedsStraight(c)
	case 14:
		return checkControlNoRotation(c)
	case 15:
		return checkOutOfFuelRotation(c)
	case 16:
		return checkOutOfFuelInertial(c)
	case 17:
		return checkLevelInUse(c)
	case 18:
		return checkLevelRestrictions(c)
	case 19:
		return checkFTLAllowed(c)
	case 20:
		return checkFTLConsecutive(c)
	case 21:
		return checkFTLLimit(c)
	case 22:
		return checkFTLChangeDirection(c)
	case 23:
		return checkFTLKineticEnergy(c)
	case 24:
		return checkRotatedInertial(c)
	case 25:
		return checkCrippledInertial(c)
	case 26:
		return checkKEFrozen(c)
	case 27:
		return checkAcceleration(c)
	}
	panic("no rule")
}

func legal(c *context) bool {
	for i := range rules {
		if c.run(i) != "" {
			return false
		}
	}
	return true
}

func check(c *context) []Violation {
	var out []Violation
	for i, ru := range rules {
		if msg := c.run(i); msg != "" {
			out = append(out, Violation{Rule: ru.id, Section: ru.section, Message: msg, kind: ru.kind})
		}
	}
	return out
}

func checkTwoManeuvers(c *context) string {
	if len(c.r.extra) > 0 {
		return c.say("two %s cards: a second card must be an overboost, a change direction card or a blank", c.r.extra[0].Name)
	}
	switch {
	case c.r.main == nil:
		return "no maneuver card: an overboost, change direction or blank card goes with a maneuver card"
	case c.r.overboost != nil && c.r.change != nil:
		return "an overboost and a change direction card cannot be played together"
	}
	return ""
}

func checkChangeDirectionQuick(c *context) string {
	if c.r.change != nil && !SecondCardInUse(c.rules, c.r.change) {
		return "the change direction card is used only with the Complete Rules"
	}
	return ""
}

// SecondCardInUse reports whether the rules in force let a card go with
// a maneuver card as its second card: an overboost always (Planning:
// Overboost); the change direction card only with the Complete Rules
// (Complete Rules: Setup); a blank only with the Blank maneuver cards
// optional rule. A maneuver card is no second card. The planning screens
// offer these cards; the legality checks refuse the others.
func SecondCardInUse(rs Rules, card *maneuvers.Card) bool {
	switch {
	case card.IsChangeDirection():
		return rs.Set == Complete
	case card.IsBlank():
		return rs.Has(OptBlank)
	}
	return card.IsOverboost()
}

func checkChangeDirectionNeedsManeuver(c *context) string {
	if c.r.change != nil && c.r.main == nil {
		return "a change direction card is played together with another maneuver card"
	}
	return ""
}

func checkBlank(c *context) string {
	switch {
	case c.r.blank == nil:
	case !SecondCardInUse(c.rules, c.r.blank):
		return "blank cards are used only with the Blank maneuver cards optional rule"
	case c.r.overboost != nil || c.r.change != nil:
		return "a blank card cannot go with an overboost or a change direction card"
	}
	return ""
}

// gLimit returns the most G-value the ship may plan.
func (c *context) gLimit() int { return GLimitOf(c.class, c.state) }

// GLimitOf is the most the G-values of a ship's cards may add up to this
// turn: the components' g_limit (four, Planning; Class.GLimit), three
// with its control systems damaged (Special damage), and a talent's bonus
// on top.
func GLimitOf(cl Class, s State) int {
	if s.Damage.Control >= 1 {
		return GLimitControlDamaged + s.Bonus.GLimit
	}
	return cl.GLimit + s.Bonus.GLimit
}

// KERange is the kinetic energy this turn's maneuver cards may make: the
// current value less or plus the ship's acceleration, within MinKE and
// MaxKE (Acceleration; Complete Rules).
func KERange(rs Rules, c Class, s State) (lo, hi int) {
	a := Acceleration(rs, c, s)
	return max(MinKE, s.KE-a), min(MaxKE, s.KE+a)
}

func checkGLimit(c *context) string {
	if lim := c.gLimit(); c.r.g > lim {
		return c.say("the cards add up to G %d; at most %d", c.r.g, lim)
	}
	return ""
}

func checkDifficultAfterDifficult(c *context) string {
	if c.state.DifficultLastTurn && !c.state.Bonus.DifficultAgain && c.r.main != nil && c.r.main.IsDifficult() {
		return c.say("%s is difficult, and a difficult maneuver was played last turn", c.r.main.Name)
	}
	return ""
}

func checkOverboostAfterDifficult(c *context) string {
	if c.state.DifficultLastTurn && c.r.overboost != nil && !c.r.overboost.IsStraight() {
		return "after a difficult maneuver only a straight overboost may be planned"
	}
	return ""
}

func checkOverboostForward(c *context) string {
	if c.r.overboost == nil {
		return ""
	}
	switch c.r.plan.Speed {
	case maneuvers.Low, maneuvers.Medium, maneuvers.High:
		return ""
	case maneuvers.FTL:
		if c.r.arrowKE > 0 {
			return ""
		}
	}
	return c.say("an overboost needs a forward speed; the slider is at %s", c.r.plan.Speed)
}

func checkArrowForSpeed(c *context) string {
	p := c.r.plan
	if c.r.main == nil || p.Speed == maneuvers.Stop || p.Speed == maneuvers.FTL || c.r.hasArrow {
		return ""
	}
	return c.say("%s has no %s arrow", c.r.main.Name, p.Speed)
}

func checkWounded(c *context) string {
	if c.state.Damage.Pilot >= 1 && c.r.main != nil && c.r.main.IsDifficult() {
		return "a wounded pilot cannot plan difficult maneuvers"
	}
	return ""
}

func checkHullOverboost(c *context) string {
	if c.state.Damage.Hull >= 1 && c.r.overboost != nil {
		return "with damaged hull or wings overboost cards may no longer be played"
	}
	return ""
}

func checkRookieStraight(c *context) string {
	if !c.rules.Has(OptPilots) || c.state.Pilot != Nugget && c.state.Pilot != Rookie {
		return ""
	}
	if (c.r.overboost != nil || c.r.change != nil) && c.r.main != nil && !c.r.main.IsStraight() {
		return c.say("a %s plans only a straight maneuver after an overboost or a change direction card", c.state.Pilot)
	}
	return ""
}

// rotates reports whether the plan turns the dial.
func (c *context) rotates() bool {
	if c.r.change != nil {
		// The card turns the outer ring; leaving the dial, or setting it to
		// the 0 it is reset to, is no rotation of its own.
		return c.r.plan.Rotate != c.state.Rotation && c.r.plan.Rotate != 0
	}
	return c.r.plan.Rotate != c.state.Rotation
}

func checkRotationQuick(c *context) string {
	if !c.complete() && c.r.plan.Rotate != c.state.Rotation {
		return "rotation is used only with the Complete Rules"
	}
	return ""
}

func checkRotateNeedsStraight(c *context) string {
	if !c.complete() || !c.rotates() || c.r.plan.Speed == maneuvers.Stop || c.r.allStraight() {
		return ""
	}
	return "the dial may be turned only when standing still or with straight cards only"
}

func checkControlNoRotation(c *context) string {
	if c.state.Damage.Control >= 2 && c.complete() && c.rotates() {
		return "with control systems damaged twice the ship cannot rotate"
	}
	return ""
}

// outOfFuel reports whether the Fuel rule has run the ship dry.
func (c *context) outOfFuel() bool { return c.rules.Has(OptFuel) && c.state.Fuel <= 0 }

func checkOutOfFuelRotation(c *context) string {
	if c.outOfFuel() && c.complete() && c.rotates() {
		return "out of fuel: the ship can no longer rotate"
	}
	return ""
}

// checkOutOfFuelInertial limits a ship out of fuel to inertial movement
// (Fuel: Running out of fuel; Rotation: Inertial movement): straight cards
// (a straight overboost included) that keep the kinetic energy, which the
// kinetic-energy-frozen rule checks. Changing direction, changing level
// and jumping are not inertial movement. With the Quick Start Rules, which
// have no kinetic energy, the speed slider stands in for it: it stays
// where it was last turn.
func checkOutOfFuelInertial(c *context) string {
	if !c.outOfFuel() {
		return ""
	}
	var no []string
	if c.r.plan.Speed != maneuvers.Stop && !c.r.allStraight() { // standing still, the card only deceives
		no = append(no, "non-straight cards")
	}
	if c.r.change != nil {
		no = append(no, "a change direction card")
	}
	if c.r.plan.Level != 0 {
		no = append(no, "a level change")
	}
	if c.jumps() {
		no = append(no, "an FTL jump")
	}
	if !c.complete() {
		if c.r.overboost != nil {
			no = append(no, "an overboost")
		}
		if last := c.state.Speed; last.Valid() && last != maneuvers.FTL && c.r.plan.Speed != last {
			no = append(no, c.say("a new speed (the slider stays at %s)", last))
		}
	}
	if len(no) == 0 {
		return ""
	}
	return "out of fuel: only inertial movement (straight cards, the kinetic energy unchanged); not " + strings.Join(no, ", ")
}

func checkLevelInUse(c *context) string {
	switch {
	case c.r.plan.Level == 0:
	case !c.rules.Has(OptThreeD):
		return "levels change only with the Three-dimensional space optional rule"
	case !c.complete():
		return "the Three-dimensional space rule is not played with the Quick Start Rules (Optional rules)"
	}
	return ""
}

func checkLevelRestrictions(c *context) string {
	if c.r.plan.Level == 0 {
		return ""
	}
	var no []string
	if c.r.overboost != nil {
		no = append(no, "an overboost")
	}
	if c.r.change != nil {
		no = append(no, "a change direction card")
	}
	if c.r.plan.Speed == maneuvers.Back {
		no = append(no, "a backward maneuver")
	}
	if len(no) == 0 {
		return ""
	}
	return "in the turn a ship changes level it cannot plan " + strings.Join(no, " or ")
}

// jumps reports whether the plan is an FTL jump.
func (c *context) jumps() bool { return c.r.plan.Speed == maneuvers.FTL }

func checkFTLAllowed(c *context) string {
	switch {
	case !c.jumps():
	case !c.complete():
		return "FTL is used only with the Complete Rules"
	case !c.rules.Has(OptFTL):
		return "FTL is used only when the scenario or the players allow it"
	case !c.class.FTL:
		return c.say("a %s has no FTL drive", c.class.Name)
	}
	return ""
}

func checkFTLConsecutive(c *context) string {
	if c.jumps() && c.state.FTLLastTurn {
		return "a ship cannot use FTL in two consecutive turns"
	}
	return ""
}

func checkFTLLimit(c *context) string {
	if c.jumps() && c.state.FTLJumps >= MaxFTLJumps {
		return c.say("a ship cannot jump more than %d times in a game", MaxFTLJumps)
	}
	return ""
}

func checkFTLChangeDirection(c *context) string {
	if c.jumps() && c.r.change != nil {
		return "a change direction card cannot be used in the same turn as an FTL jump"
	}
	return ""
}

func checkFTLKineticEnergy(c *context) string {
	if !c.jumps() || c.r.main == nil {
		return ""
	}
	if c.r.hasArrow || c.r.arrowKE == 0 && c.r.ke == c.state.KE {
		return ""
	}
	return c.say("jumping, the kinetic energy stays at %d, and %s has no arrow that keeps it there", c.state.KE, c.r.main.Name)
}

// rotatedAtStart reports whether the ship begins the turn rotated.
func (c *context) rotatedAtStart() bool { return c.complete() && c.state.Rotation != 0 }

// crippled reports hull damage taken twice.
func (c *context) crippled() bool { return c.state.Damage.Hull >= 2 }

func checkRotatedInertial(c *context) string {
	if !c.rotatedAtStart() || c.r.change != nil || c.r.allStraight() {
		return ""
	}
	return "the ship begins the turn rotated: only inertial movement (straight cards) or a change of direction"
}

func checkCrippledInertial(c *context) string {
	if !c.crippled() || c.r.allStraight() {
		return ""
	}
	return "a crippled ship is limited to inertial movement (straight cards)"
}

// frozen says why the kinetic energy cannot change this turn, or "".
func (c *context) frozen() string {
	if !c.complete() || c.jumps() {
		return ""
	}
	switch {
	case c.state.Damage.Engine >= 2:
		return "the engine is damaged twice"
	case c.outOfFuel():
		return "the ship is out of fuel"
	case c.crippled():
		return "the ship is crippled"
	case c.rotatedAtStart() && c.r.change == nil:
		return "the ship is rotated (inertial movement)"
	}
	return ""
}

func checkKEFrozen(c *context) string {
	if why := c.frozen(); why != "" && c.r.ke != c.state.KE {
		return c.say("%s: the cards must keep the kinetic energy at %d; they make %d", why, c.state.KE, c.r.ke)
	}
	return ""
}

// Acceleration returns the ship's acceleration this turn: halved (rounded
// up) with engine damage, one less for a nugget otherwise (Special damage;
// Limitations of nuggets and rookies).
func Acceleration(rs Rules, c Class, s State) int {
	a := c.Acceleration
	switch {
	case s.Damage.Engine >= 1:
		a = (a + 1) / 2
	case rs.Has(OptPilots) && s.Pilot == Nugget:
		a = max(0, a-1)
	}
	return a + s.Bonus.Acceleration
}

func checkAcceleration(c *context) string {
	if !c.complete() || c.jumps() || c.frozen() != "" {
		return ""
	}
	a := Acceleration(c.rules, c.class, c.state)
	lo, hi := KERange(c.rules, c.class, c.state)
	// Acceleration limits the maneuver cards; a level change's 3 comes in
	// addition (Moving between levels).
	if ke := c.r.cardsKE(); ke < lo || ke > hi {
		return c.say("the cards make kinetic energy %d; from %d with acceleration %d it can be %d to %d", ke, c.state.KE, a, lo, hi)
	}
	return ""
}
