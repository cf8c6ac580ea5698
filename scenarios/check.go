package scenarios

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/internal/yamlfile"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/referee"
	"github.com/starshipbattles/bsg/starship"
)

// check judges the sense of a decoded file and fills in what follows from
// it: base sizes, default spots in deployment zones, entry poses.
func (p *parser) check() {
	p.placed = make([]bool, len(p.sc.Ships))
	p.checkIDs()
	p.checkRules()
	p.checkZones()
	p.checkObstacles()
	for i := range p.sc.Ships {
		p.checkShip(i)
	}
	p.placeInZones()
	p.checkSides()
	for i := range p.sc.Victory {
		p.checkCondition(i)
	}
	p.checkSetup()
}

// checkSetup holds a sound file's battle to the engine's one setup check
// (battle.Setup.Check), which a saved game, a network game and a computer
// player's copy are held to as well: where the ships start (on the table,
// clear of planetoids and of each other) and what their pilots may take.
// Each problem is reported at the file's line and path of its field. In a
// file with problems of its own only the placement and the pilots' cards
// are judged (the rest would repeat them), and only of ships placed.
func (p *parser) checkSetup() {
	sound := p.ps.Len() == 0
	err := p.sc.Setup().Check(p.comp)
	if err == nil {
		return
	}
	var l yamlfile.List
	if !errors.As(err, &l) {
		p.ps.Add(nil, "", "%v", err)
		return
	}
	for _, q := range l {
		n, path, ship, own := p.fileField(q)
		if !sound && (!own || ship >= 0 && !p.placed[ship]) || p.ps.Blames(path) {
			continue // the file's own problem says it already
		}
		p.ps.Add(n, path, "%s", q.Msg)
	}
}

// fileField returns the node and the file's path of the field a setup
// problem names (setup.Ships[2].Talents[1] is ships[2].talents[1]): the
// ships of the setup are the file's, in its order. own reports a field
// only the engine judges (a ship's pose, talents, flaws or FTL entry, of
// ship; a victory condition's ship, exit or end, ship -1).
func (p *parser) fileField(q yamlfile.Problem) (n *yaml.Node, path string, ship int, own bool) {
	if k, ok := q.Item("setup.Victory"); ok && k < len(p.n.victory) {
		f := p.n.victory[k]
		path = fmt.Sprintf("victory[%d]", k)
		switch key := strings.TrimPrefix(q.Field, fmt.Sprintf("setup.Victory[%d]", k)); key {
		case "":
			return at(f, "zone", nil), path, -1, true
		case ".ship", ".by", ".turns":
			return f[key[1:]], path + key, -1, true
		}
		return nil, path, -1, false
	}
	i, ok := q.Item("setup.Ships")
	if !ok || i >= len(p.n.ships) {
		return nil, q.Field, -1, false
	}
	sn := p.n.ships[i]
	f := sn.f
	path = fmt.Sprintf("ships[%d]", i)
	rest := yamlfile.Problem{Field: strings.TrimPrefix(q.Field, fmt.Sprintf("setup.Ships[%d].", i))}
	switch rest.Field {
	case "EntersByFTL":
		return sn.entry["ftl"], path + ".enters.ftl", i, true
	case "EntersOnTurn":
		return at(sn.entry, "turn", f["enters"]), path + ".enters.turn", i, true
	case "Pilot":
		return at(f, "pilot", p.n.ships[i].self), path + ".pilot", i, true
	}
	for _, list := range []string{"Talents", "Flaws"} {
		field := strings.ToLower(list)
		if k, ok := rest.Item(list); ok {
			if nodes := items(f[field]); k < len(nodes) {
				return nodes[k], fmt.Sprintf("%s.%s[%d]", path, field, k), i, true
			}
			return f[field], path + "." + field, i, true
		}
		if rest.Field == list {
			return at(f, field, p.n.ships[i].self), path + "." + field, i, true
		}
	}
	return p.shipNode(i), path, i, rest.Field == "Pose"
}

// at returns a field's node, or the fallback when the field is absent.
func at(f map[string]*yaml.Node, key string, fallback *yaml.Node) *yaml.Node {
	if n := f[key]; n != nil {
		return n
	}
	return fallback
}

// checkIDs makes every ship, zone and obstacle id unique in the file.
func (p *parser) checkIDs() {
	first := map[string]string{}
	claim := func(n *yaml.Node, path, id string) {
		if id == "" {
			return
		}
		if f, dup := first[id]; dup {
			p.ps.Add(n, path, "duplicate id %q (first given at %s); ship, zone and obstacle ids must be unique", id, f)
			return
		}
		first[id] = path
	}
	for i, z := range p.sc.Zones {
		claim(p.n.zones[i]["id"], fmt.Sprintf("zones[%d].id", i), z.ID)
	}
	for i, s := range p.sc.Ships {
		claim(p.n.ships[i].f["id"], fmt.Sprintf("ships[%d].id", i), s.ID)
	}
	for i, o := range p.sc.Obstacles {
		claim(p.n.obstacles[i]["id"], fmt.Sprintf("obstacles[%d].id", i), o.ID)
	}
}

// checkRules refuses options the rule set cannot play.
func (p *parser) checkRules() {
	for _, o := range p.sc.Options {
		n := p.n.options[o]
		if n == nil {
			continue
		}
		for _, msg := range (starship.Rules{Set: p.sc.Rules, Options: []starship.Option{o}}).Problems() {
			p.ps.Add(n, "options", "%s", msg)
		}
	}
}

// onTable reports whether every point lies on the table (edges included).
func (p *parser) onTable(pts ...physics.Vec) bool {
	for _, v := range pts {
		if v.X < 0 || v.Y < 0 || v.X > p.sc.Width || v.Y > p.sc.Depth {
			return false
		}
	}
	return true
}

func (p *parser) tableText() string { return fmt.Sprintf("%g × %g mm", p.sc.Width, p.sc.Depth) }

func (p *parser) checkZones() {
	for i, z := range p.sc.Zones {
		if len(z.Polygon) > 0 && !p.onTable(polygon(z.Polygon)...) {
			p.ps.Add(p.n.zones[i]["polygon"], fmt.Sprintf("zones[%d].polygon", i),
				"zone %q lies partly off the table (%s); every vertex must be within 0..width, 0..depth", z.ID, p.tableText())
		}
	}
}

func (p *parser) threeD() bool { return p.sc.Has(starship.OptThreeD) }

// flatLevel refuses a level other than 1 without the three-dimensional rule.
func (p *parser) flatLevel(level int, n *yaml.Node, path, what string) {
	if level != MinLevel && !p.threeD() {
		p.ps.Add(n, path, "%s is at level %d, but levels are played only with the three-dimensional rule (Three-dimensional space); add three_d to options or use level 1", what, level)
	}
}

func (p *parser) checkObstacles() {
	for i, o := range p.sc.Obstacles {
		f := p.n.obstacles[i]
		path := fmt.Sprintf("obstacles[%d]", i)
		switch referee.ObstacleKind(o.Kind) {
		case referee.Planetoid:
			if !p.onTable(physics.V(o.X, o.Y)) {
				p.ps.Add(at(f, "x", nil), path, "the planetoid %q has its centre (%g, %g) off the table (%s)", o.ID, o.X, o.Y, p.tableText())
			}
		case referee.AsteroidField:
			if len(o.Polygon) > 0 && !p.onTable(polygon(o.Polygon)...) {
				p.ps.Add(f["polygon"], path+".polygon", "the asteroid field %q lies partly off the table (%s); every vertex must be within 0..width, 0..depth", o.ID, p.tableText())
			}
		}
		p.flatLevel(o.Level, f["level"], path+".level", fmt.Sprintf("the obstacle %q", o.ID))
	}
}

// checkShip checks one ship on its own: class, pilot, talents, level,
// fuel, entry; it sets the base size and the start of ships with a pose or
// an entry.
func (p *parser) checkShip(i int) {
	sh := &p.sc.Ships[i]
	sn := p.n.ships[i]
	path := fmt.Sprintf("ships[%d]", i)
	if _, known := p.comp.Class(sh.Class); sh.Class != "" && !known {
		p.ps.Add(sn.f["class"], path+".class", "unknown class %q; allowed: %s", sh.Class, strings.Join(p.comp.ClassIDs(), ", "))
	}
	sh.AcrossFlats = p.comp.BaseAcrossFlats(sh.Class)
	p.checkPilot(i)
	p.flatLevel(sh.Level, sn.f["level"], path+".level", fmt.Sprintf("the ship %q", sh.ID))
	if n := sn.f["fuel"]; n != nil && !p.sc.Has(starship.OptFuel) {
		p.ps.Add(n, path+".fuel", "fuel counts only with the fuel rule (Fuel); add fuel to options or leave fuel out")
	}
	switch {
	case sh.Pose != nil:
		sh.Start = *sh.Pose
		p.placed[i] = !p.badPose[path+".pose"]
	case sh.Enters != nil:
		p.placed[i] = sh.Enters.FTL != nil && !p.badPose[path+".enters.ftl"] || sh.Enters.Edge != ""
		e := sh.Enters
		// Entering after the turn limit, by FTL under the Quick Start
		// Rules or with a class without a drive: the engine's setup check
		// (checkSetup).
		if e.FTL != nil {
			sh.Start = Pose{X: e.FTL.X, Y: e.FTL.Y, Heading: e.FTL.Heading}
		} else if e.Edge != "" {
			sh.Start = entryPose(e.Edge, e.At, sh.AcrossFlats, p.sc.Width, p.sc.Depth)
		}
	}
}

// items returns the item nodes of a list of names, by position.
func items(n *yaml.Node) []*yaml.Node {
	if n = deref(n); n == nil || n.Kind != yaml.SequenceNode {
		return nil
	}
	return n.Content
}

// rulesAllow reports whether the rules a talent or flaw card requires are
// in force (Talent or flaw card: rules required), and which are missing.
func (p *parser) rulesAllow(required []string) []string {
	var missing []string
	for _, r := range required {
		ok := false
		switch r {
		case string(starship.Quick), string(starship.Complete):
			ok = string(p.sc.Rules) == r
		case "asteroids", "planetoids":
			kind := referee.AsteroidField
			if r == "planetoids" {
				kind = referee.Planetoid
			}
			for _, o := range p.sc.Obstacles {
				ok = ok || referee.ObstacleKind(o.Kind) == kind
			}
		default:
			ok = p.sc.Has(starship.Option(r))
		}
		if !ok {
			missing = append(missing, r)
		}
	}
	return missing
}

// checkPilot checks a ship's pilot token, talents and flaws (Pilots; Pilot
// tokens; Pilot talents and flaws; Limitations of nuggets and rookies).
func (p *parser) checkPilot(i int) {
	sh := &p.sc.Ships[i]
	f := p.n.ships[i].f
	path := fmt.Sprintf("ships[%d]", i)
	// Pilots, talents and flaws without the pilots option: the engine's
	// setup check (checkSetup).
	if card, isCard := p.comp.PilotCard(string(sh.Pilot)); isCard {
		p.checkPilotCard(i, card)
	}
	// How many talents and flaws, and which, the pilot may take is the
	// engine's setup check (checkSetup).
	p.checkCards(sh.Talents, items(f["talents"]), path+".talents", false)
	p.checkCards(sh.Flaws, items(f["flaws"]), path+".flaws", true)
}

// checkCards checks a list of talent or flaw names: known, of the right
// kind, given once, open to the pilot and allowed by the rules in force.
func (p *parser) checkCards(list []string, nodes []*yaml.Node, path string, flaws bool) {
	kind, other, otherField := "talent", "flaw", "flaws"
	allowed := p.comp.TalentIDs()
	if flaws {
		kind, other, otherField = "flaw", "talent", "talents"
		allowed = p.comp.FlawIDs()
	}
	seen := map[string]bool{}
	for k, id := range list {
		n := (*yaml.Node)(nil)
		if k < len(nodes) {
			n = nodes[k]
		}
		ipath := fmt.Sprintf("%s[%d]", path, k)
		if seen[id] {
			p.ps.Add(n, ipath, "%q is given twice", id)
			continue
		}
		seen[id] = true
		spec, ok := p.comp.Talent(id)
		switch {
		case !ok:
			p.ps.Add(n, ipath, "unknown %s %q; allowed: %s", kind, id, strings.Join(allowed, ", "))
			continue
		case !slices.Contains(allowed, id):
			p.ps.Add(n, ipath, "%q is a %s, not a %s; list it under %s", id, other, kind, otherField)
			continue
		}
		if missing := p.rulesAllow(spec.Rules); len(missing) > 0 {
			p.ps.Add(n, ipath, "%q requires %s, not in force in this scenario (Talent or flaw card: rules required)", id, strings.Join(missing, ", "))
		}
	}
}

// zoneIndex returns the index of a zone by id, or −1.
func (p *parser) zoneIndex(id string) int {
	for i, z := range p.sc.Zones {
		if z.ID == id {
			return i
		}
	}
	return -1
}

func (p *parser) zoneIDs() string {
	ids := make([]string, 0, len(p.sc.Zones))
	for _, z := range p.sc.Zones {
		ids = append(ids, z.ID)
	}
	if len(ids) == 0 {
		return "(the file has no zones)"
	}
	return strings.Join(ids, ", ")
}

// placeInZones gives each ship deployed in a zone its default spot: the
// zone's ships, in file order, spread evenly along the longer side of the
// zone's bounding box, on the line through its centroid. The players place
// them as they like inside the zone; the engine uses these spots.
func (p *parser) placeInZones() {
	byZone := map[int][]int{}
	var order []int
	for i, sh := range p.sc.Ships {
		if sh.Zone == "" {
			continue
		}
		zi := p.zoneIndex(sh.Zone)
		path := fmt.Sprintf("ships[%d].zone", i)
		if zi < 0 {
			p.ps.Add(p.n.ships[i].f["zone"], path, "unknown zone %q; allowed: %s", sh.Zone, p.zoneIDs())
			continue
		}
		if _, ok := byZone[zi]; !ok {
			order = append(order, zi)
		}
		byZone[zi] = append(byZone[zi], i)
	}
	for _, zi := range order {
		z := p.sc.Zones[zi]
		ships := byZone[zi]
		poly := polygon(z.Polygon)
		if poly.Validate() != nil {
			continue
		}
		spots := zoneSpots(poly, len(ships))
		sides := map[battle.Side]bool{}
		var bases []physics.Polygon
		fits := true
		for k, i := range ships {
			sh := &p.sc.Ships[i]
			sn := p.n.ships[i]
			path := fmt.Sprintf("ships[%d]", i)
			sides[sh.Side] = true
			heading := sh.Heading
			if heading == nil {
				heading = z.Heading
			}
			if heading == nil {
				p.ps.Add(sn.f["zone"], path+".heading", "missing; a ship deployed in a zone needs a heading, its own or the zone's (zones[%d].heading)", zi)
				continue
			}
			sh.Start = Pose{X: round(spots[k].X), Y: round(spots[k].Y), Heading: *heading}
			base := sh.Base()
			for _, v := range base {
				fits = fits && poly.Contains(v)
			}
			for _, o := range bases {
				fits = fits && !physics.ConvexInteriorsIntersect(base, o)
			}
			bases = append(bases, base)
			p.placed[i] = true
		}
		if !fits {
			first := ships[0]
			p.ps.Add(p.n.ships[first].f["zone"], fmt.Sprintf("ships[%d].zone", first),
				"zone %q has no room for its %d ship(s) side by side (the engine spreads them along the zone's longer side); make the zone larger or deploy fewer ships in it",
				z.ID, len(ships))
			for _, i := range ships {
				p.placed[i] = false
			}
		}
		if len(sides) > 1 {
			p.ps.Add(p.n.zones[zi]["id"], fmt.Sprintf("zones[%d]", zi), "overlapping deployments: ships of both sides deploy in zone %q; give each side its own zone", z.ID)
		}
	}
	// Zones of opposite sides must not overlap.
	side := map[int]battle.Side{}
	for _, zi := range order {
		side[zi] = p.sc.Ships[byZone[zi][0]].Side
	}
	for a := 0; a < len(order); a++ {
		for b := a + 1; b < len(order); b++ {
			za, zb := order[a], order[b]
			if side[za] == side[zb] {
				continue
			}
			pa, pb := polygon(p.sc.Zones[za].Polygon), polygon(p.sc.Zones[zb].Polygon)
			if pa.Validate() == nil && pb.Validate() == nil && interiorsOverlap(pa, pb) {
				hi := max(za, zb)
				p.ps.Add(p.n.zones[hi]["polygon"], fmt.Sprintf("zones[%d].polygon", hi),
					"overlapping deployments: the %s zone %q overlaps the %s zone %q", side[hi], p.sc.Zones[hi].ID, side[min(za, zb)], p.sc.Zones[min(za, zb)].ID)
			}
		}
	}
}

// zoneSpots returns n spots in a zone, spread evenly along the longer side
// of its bounding box through its centroid.
func zoneSpots(zone physics.Polygon, n int) []physics.Vec {
	c := zone.Centroid()
	b := zone.Bounds()
	w, h := b.Hi.X-b.Lo.X, b.Hi.Y-b.Lo.Y
	spots := make([]physics.Vec, n)
	for k := range spots {
		t := (float64(k) + 0.5) / float64(n)
		if w >= h {
			spots[k] = physics.V(b.Lo.X+t*w, c.Y)
		} else {
			spots[k] = physics.V(c.X, b.Lo.Y+t*h)
		}
	}
	return spots
}

// interiorsOverlap reports whether two simple polygons share interior
// points (touching along an edge does not count).
func interiorsOverlap(a, b physics.Polygon) bool {
	for _, v := range a {
		if b.InteriorContains(v) {
			return true
		}
	}
	for _, v := range b {
		if a.InteriorContains(v) {
			return true
		}
	}
	for i := range a {
		if b.SegmentCrossesInterior(a.Edge(i)) {
			return true
		}
	}
	if a.IsConvex() && b.IsConvex() {
		return physics.ConvexInteriorsIntersect(a, b)
	}
	return false
}

// shipNode returns the node to blame for a ship's place.
func (p *parser) shipNode(i int) *yaml.Node {
	f := p.n.ships[i].f
	for _, k := range []string{"pose", "zone", "enters"} {
		if f[k] != nil {
			return f[k]
		}
	}
	return p.n.ships[i].self
}

// checkSides makes sure both sides have a ship.
func (p *parser) checkSides() {
	has := map[battle.Side]bool{}
	for _, sh := range p.sc.Ships {
		if sh.Side == "" {
			return // a ship without a valid side is reported already
		}
		has[sh.Side] = true
	}
	for _, s := range battle.Sides {
		if !has[s] && p.n.top["ships"] != nil {
			p.ps.Add(p.n.top["ships"], "ships", "no %s ship; both sides need at least one", s)
		}
	}
}

// shipIndex returns the index of a ship by id, or −1.
func (p *parser) shipIndex(id string) int {
	for i, sh := range p.sc.Ships {
		if sh.ID == id {
			return i
		}
	}
	return -1
}

func (p *parser) shipIDs() string {
	ids := make([]string, 0, len(p.sc.Ships))
	for _, sh := range p.sc.Ships {
		ids = append(ids, sh.ID)
	}
	return strings.Join(ids, ", ")
}

// checkCondition checks one victory condition against the rest of the file.
func (p *parser) checkCondition(k int) {
	c := p.sc.Victory[k]
	f := p.n.victory[k]
	path := fmt.Sprintf("victory[%d]", k)
	if c.Ship != "" && p.shipIndex(c.Ship) < 0 {
		p.ps.Add(f["ship"], path+".ship", "unknown ship %q; allowed: %s", c.Ship, p.shipIDs())
	}
	if c.Zone != "" && p.zoneIndex(c.Zone) < 0 {
		p.ps.Add(f["zone"], path+".zone", "unknown zone %q; allowed: %s", c.Zone, p.zoneIDs())
	}
	// Survive and hold beyond the turn limit, a zone held with no end,
	// whose ship may leave, and leaving by FTL (the rules, the option, the
	// drive): the engine's setup check (checkSetup).
	switch c.Kind {
	case battle.Points:
		for _, v := range c.Values {
			if _, ok := p.comp.Class(v.Class); !ok {
				p.ps.Add(valueKey(f["values"], v.Class), yamlfile.Join(path+".values", v.Class), "unknown class %q; allowed: %s", v.Class, strings.Join(p.comp.ClassIDs(), ", "))
			}
		}
	}
}

// valueKey returns the key node of a class in a points table.
func valueKey(n *yaml.Node, class string) *yaml.Node {
	m := deref(n)
	if m == nil || m.Kind != yaml.MappingNode {
		return n
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == class {
			return m.Content[i]
		}
	}
	return n
}

// checkPilotCard checks a ship flown by a named pilot (Pilot cards): the
// card's affiliation is the ship's side, no other ship of the game has a
// card of the same name, and the talents and flaws are among the card's.
func (p *parser) checkPilotCard(i int, card assets.PilotCard) {
	sh := &p.sc.Ships[i]
	f := p.n.ships[i].f
	path := fmt.Sprintf("ships[%d]", i)
	if card.Affiliation != string(sh.Side) && sh.Side != "" {
		p.ps.Add(f["pilot"], path+".pilot", "%s is a %s pilot; only a player of that faction can use the pilot (Pilot cards)", card.Name, card.Affiliation)
	}
	for k := 0; k < i; k++ {
		if other := p.sc.Ships[k]; string(other.Pilot) == card.ID {
			p.ps.Add(f["pilot"], path+".pilot", "%s flies %q already; a game has at most one card of a name (Pilot cards)", other.ID, card.Name)
			break
		}
	}
	// The talents and flaws on the card are the engine's setup check
	// (checkSetup).
}
