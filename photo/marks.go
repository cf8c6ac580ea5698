package photo

import (
	"fmt"
	"io"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/internal/limits"
	"github.com/starshipbattles/bsg/internal/yamlfile"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/referee"
	"github.com/starshipbattles/bsg/starship"
)

// Bounds on a marks file (FORMAT.md), from internal/limits: larger input
// is refused, not read.
const (
	MaxMarksBytes  = limits.MarksBytes
	MaxShips       = limits.MarksShips
	MaxObstacles   = limits.MarksObstacles
	MaxPoints      = limits.MarksPoints
	MaxOutline     = limits.MarksOutline
	DefaultClickPx = 1.5
	// DefaultMarkPx is the precision of a mark the detector found.
	DefaultMarkPx = 0.5
	MinLevel      = starship.MinLevel // Three-dimensional space
	MaxLevel      = starship.MaxLevel
)

// Placement says where the printed sheet lies on the table and where its
// marks show on the photo.
type Placement struct {
	Sheet Sheet
	At    physics.Vec // the table point under the sheet's centre
	Angle float64     // degrees from the table's x axis to the sheet's
	Auto  bool        // find the marks on the photo
	// Placed is whether the marks file gives the sheet's place (at or
	// angle): only then do the play area's edges lie where the
	// calibration puts them.
	Placed bool
	Pixels [4]physics.Vec
	MarkPx float64 // precision of the marks' pixels
}

// ToTable maps a point of the sheet's frame to the table.
func (p Placement) ToTable(v physics.Vec) physics.Vec {
	return p.At.Add(v.Rotate(physics.Deg(p.Angle)))
}

// Marks is a marks file (photo/FORMAT.md): the calibration and the
// objects, in photo pixels.
type Marks struct {
	Width, Height int // the photo's size
	ClickPx       float64
	Samples       int
	Seed          uint64
	Sheet         *Placement
	Points        []Mark // other calibration points
	// Edges: find the play area's straight edges on the photo and
	// measure the lens from them (plumb-line calibration): `edges: auto`,
	// the default of a marks file (ParseMarks); `edges: none` turns it
	// off. A calibration that finds no straight edges is the marks' own
	// fit (Calibration.Edges says which was used).
	Edges bool
	Scene Scene
	// NewID names a new ship of a class with the first id not taken
	// (assets.Components.NewShipID, set by ParseMarks: a proposed base is
	// named as every mode names a new ship); nil: the class id and a
	// number.
	NewID func(class string, taken func(id string) bool) string
}

// Calibration returns the calibration marks: the sheet's (with found, the
// detected pixels, when the file asks for automatic detection), then the
// other points.
func (mf *Marks) Calibration(found *[4]physics.Vec) []Mark {
	var ms []Mark
	if s := mf.Sheet; s != nil {
		px := s.Pixels
		if s.Auto && found != nil {
			px = *found
		}
		if !s.Auto || found != nil {
			for i, c := range s.Sheet.Marks() {
				ms = append(ms, Mark{Name: "sheet " + MarkNames[i], Pixel: px[i], Table: s.ToTable(c), SigmaPx: s.MarkPx})
			}
		}
	}
	return append(ms, mf.Points...)
}

// ReadMarksFile reads a marks file ("-" for r, standard input), refusing
// one larger than MaxMarksBytes (the marks files' own bound in
// internal/limits, not the 4 MiB of other inputs) by its size, before
// reading it.
func ReadMarksFile(name string, r io.Reader) ([]byte, string, error) {
	if name == "-" {
		data, err := limits.ReadUpTo("<stdin>", r, MaxMarksBytes)
		return data, "<stdin>", err
	}
	data, err := limits.ReadFileUpTo(name, MaxMarksBytes)
	return data, name, err
}

// ParseMarks reads a marks file for a photo of w × h pixels. filename is
// only used in messages. Every problem is reported with its line and
// field; pixels outside the photo are problems too.
func ParseMarks(filename string, data []byte, comp *assets.Components, w, h int) (*Marks, error) {
	ps := &yamlfile.Problems{File: filename}
	if len(data) > MaxMarksBytes {
		ps.Add(nil, "", "the file has %d bytes; allowed: at most %d", len(data), MaxMarksBytes)
		return nil, ps.Err()
	}
	g := comp.Geometry
	mf := &Marks{Width: w, Height: h, ClickPx: DefaultClickPx, Samples: DefaultSamples, Seed: 1, Edges: true, NewID: comp.NewShipID}
	mf.Scene.Table = referee.Table{Width: g.TableWidth.Value, Depth: g.TableDepth.Value, Limits: referee.LimitsFrom(g)}
	root := yamlfile.Doc(ps, data)
	if root == nil {
		return nil, ps.Err()
	}
	top := yamlfile.Map(ps, root, "", "photo", "click_px", "samples", "seed", "table", "three_d", "sheet", "points", "edges", "ships", "obstacles")
	if n := top["photo"]; n != nil {
		f := yamlfile.Map(ps, n, "photo", "width!", "height!")
		for _, k := range []struct {
			key  string
			have int
		}{{"width", w}, {"height", h}} {
			if f[k.key] == nil {
				continue
			}
			if v, ok := yamlfile.Int(ps, f[k.key], "photo."+k.key, 1, limits.PhotoSide); ok && v != k.have {
				ps.Add(f[k.key], "photo."+k.key, "%d, but the photo is %d × %d pixels", v, w, h)
			}
		}
	}
	if n := top["click_px"]; n != nil {
		if v, ok := yamlfile.Float(ps, n, "click_px"); ok {
			if v < 0.05 || v > 50 {
				ps.Add(n, "click_px", "%g is out of range; allowed: 0.05 to 50 pixels", v)
			} else {
				mf.ClickPx = v
			}
		}
	}
	if n := top["samples"]; n != nil {
		mf.Samples, _ = yamlfile.Int(ps, n, "samples", MinSamples, MaxSamples)
	}
	if n := top["seed"]; n != nil {
		s, _ := yamlfile.Int(ps, n, "seed", 0, 1<<53)
		mf.Seed = uint64(s)
	}
	if n := top["table"]; n != nil {
		f := yamlfile.Map(ps, n, "table", "width", "depth")
		for key, dst := range map[string]*float64{"width": &mf.Scene.Table.Width, "depth": &mf.Scene.Table.Depth} {
			if f[key] != nil {
				if v, ok := yamlfile.TableSide(ps, f[key], "table."+key); ok {
					*dst = v
				}
			}
		}
	}
	if n := top["edges"]; n != nil {
		if s, ok := yamlfile.OneOf(ps, n, "edges", "auto", "none"); ok {
			mf.Edges = s == "auto"
		}
	}
	if n := top["three_d"]; n != nil {
		mf.Scene.Table.ThreeD, _ = yamlfile.Bool(ps, n, "three_d")
	}
	px := pixelReader{ps: ps, w: w, h: h}
	if n := top["sheet"]; n != nil {
		mf.Sheet = parseSheet(ps, n, px, mf.Scene.Table, mf.ClickPx)
	}
	if n := top["points"]; n != nil {
		items := yamlfile.SeqOf(ps, n, "points", "points", MaxPoints)
		for i, pn := range items {
			path := fmt.Sprintf("points[%d]", i)
			f := yamlfile.Map(ps, pn, path, "name", "table!", "pixel!")
			m := Mark{Name: fmt.Sprintf("point %d", i+1), SigmaPx: mf.ClickPx}
			if f["name"] != nil {
				m.Name, _ = yamlfile.String(ps, f["name"], path+".name")
			}
			if f["table"] != nil {
				m.Table, _ = vec(ps, f["table"], path+".table")
			}
			if f["pixel"] != nil {
				m.Pixel, _ = px.read(f["pixel"], path+".pixel")
			}
			mf.Points = append(mf.Points, m)
		}
	}
	if mf.Sheet == nil && len(mf.Points) < 4 {
		ps.Add(root, "sheet", "missing; a calibration needs the sheet or at least 4 points (points has %d)", len(mf.Points))
	}
	ids := map[string]string{}
	claim := func(n *yaml.Node, field, id string) {
		if first, dup := ids[id]; dup {
			ps.Add(n, field, "duplicate id %q (first given at %s); ids must be unique", id, first)
			return
		}
		ids[id] = field
	}
	if n := top["ships"]; n != nil {
		items := yamlfile.SeqOf(ps, n, "ships", "ships", MaxShips)
		for i, sn := range items {
			path := fmt.Sprintf("ships[%d]", i)
			if o, ok := parseShipMarks(ps, sn, path, comp, px, mf.ClickPx); ok {
				claim(sn, path+".id", o.ID)
				mf.Scene.Objects = append(mf.Scene.Objects, o)
			}
		}
	}
	if n := top["obstacles"]; n != nil {
		items := yamlfile.SeqOf(ps, n, "obstacles", "obstacles", MaxObstacles)
		for i, on := range items {
			path := fmt.Sprintf("obstacles[%d]", i)
			if o, ok := parseObstacleMarks(ps, on, path, px, mf.ClickPx); ok {
				claim(on, path+".id", o.ID)
				mf.Scene.Objects = append(mf.Scene.Objects, o)
			}
		}
	}
	if err := ps.Err(); err != nil {
		return nil, err
	}
	return mf, nil
}

// pixelReader reads [u, v] pixels and checks they lie on the photo.
type pixelReader struct {
	ps   *yamlfile.Problems
	w, h int
}

func (r pixelReader) read(n *yaml.Node, path string) (physics.Vec, bool) {
	v, ok := vec(r.ps, n, path)
	if !ok {
		return v, false
	}
	if v.X < 0 || v.Y < 0 || v.X > float64(r.w) || v.Y > float64(r.h) {
		r.ps.Add(n, path, "[%g, %g] is off the photo; allowed: 0 ≤ u ≤ %d, 0 ≤ v ≤ %d (pixels from the top-left corner)", v.X, v.Y, r.w, r.h)
		return v, false
	}
	return v, true
}

func (r pixelReader) list(n *yaml.Node, path string, min, max int) ([]physics.Vec, bool) {
	items := yamlfile.Seq(r.ps, n, path)
	if items == nil {
		return nil, false
	}
	if len(items) < min || len(items) > max {
		if min == max {
			r.ps.Add(n, path, "%d points; allowed: exactly %d", len(items), min)
		} else {
			r.ps.Add(n, path, "%d points; allowed: %d to %d", len(items), min, max)
		}
		return nil, false
	}
	out := make([]physics.Vec, len(items))
	ok := true
	for i, it := range items {
		var good bool
		out[i], good = r.read(it, fmt.Sprintf("%s[%d]", path, i))
		ok = ok && good
	}
	return out, ok
}

func vec(ps *yamlfile.Problems, n *yaml.Node, path string) (physics.Vec, bool) {
	xy := yamlfile.Seq(ps, n, path)
	if xy == nil {
		return physics.Vec{}, false
	}
	if len(xy) != 2 {
		ps.Add(n, path, "a point is [x, y]; got %d numbers", len(xy))
		return physics.Vec{}, false
	}
	x, okx := yamlfile.Float(ps, xy[0], path+"[0]")
	y, oky := yamlfile.Float(ps, xy[1], path+"[1]")
	return physics.V(x, y), okx && oky
}

// parseSheet reads the sheet's placement. Marks given as pixels were
// clicked by hand: without their own mark_px they are as precise as the
// file's click_px (FORMAT.md), like every other click.
func parseSheet(ps *yamlfile.Problems, n *yaml.Node, px pixelReader, t referee.Table, click float64) *Placement {
	f := yamlfile.Map(ps, n, "sheet", "paper!", "at", "angle", "marks!", "mark_px")
	p := &Placement{At: physics.V(t.Width/2, t.Depth/2), MarkPx: DefaultMarkPx}
	if f["paper"] != nil {
		if s, ok := yamlfile.OneOf(ps, f["paper"], "sheet.paper", Papers...); ok {
			p.Sheet, _ = SheetFor(s)
		}
	}
	p.Placed = f["at"] != nil || f["angle"] != nil
	if f["at"] != nil {
		p.At, _ = vec(ps, f["at"], "sheet.at")
	}
	if f["angle"] != nil {
		p.Angle, _ = yamlfile.Float(ps, f["angle"], "sheet.angle")
	}
	if f["mark_px"] != nil {
		if v, ok := yamlfile.Float(ps, f["mark_px"], "sheet.mark_px"); ok {
			if v < 0.05 || v > 50 {
				ps.Add(f["mark_px"], "sheet.mark_px", "%g is out of range; allowed: 0.05 to 50 pixels", v)
			} else {
				p.MarkPx = v
			}
		}
	}
	if m := f["marks"]; m != nil {
		if m.Kind == yaml.ScalarNode {
			if s, ok := yamlfile.OneOf(ps, m, "sheet.marks", "auto"); ok && s == "auto" {
				p.Auto = true
			}
		} else if pts, ok := px.list(m, "sheet.marks", 4, 4); ok {
			copy(p.Pixels[:], pts)
			if f["mark_px"] == nil {
				p.MarkPx = click
			}
		}
	}
	return p
}

func parseShipMarks(ps *yamlfile.Problems, n *yaml.Node, path string, comp *assets.Components, px pixelReader, click float64) (Object, bool) {
	before := ps.Len()
	f := yamlfile.Map(ps, n, path, "id!", "class!", "front!", "rotation", "level", "base_mm", "front_px")
	o := Object{Kind: ShipKind, Level: MinLevel, SigmaPx: click}
	if f["id"] != nil {
		o.ID, _ = yamlfile.ID(ps, f["id"], path+".id")
	}
	if f["class"] != nil {
		if id, ok := yamlfile.String(ps, f["class"], path+".class"); ok {
			if _, known := comp.Class(id); known {
				o.Class, o.AcrossFlats = id, comp.BaseAcrossFlats(id)
			} else {
				ps.Add(f["class"], path+".class", "unknown class %q; allowed: %s", id, strings.Join(comp.ClassIDs(), ", "))
			}
		}
	}
	if f["front"] != nil {
		o.Points, _ = px.list(f["front"], path+".front", 2, 2)
	}
	if f["rotation"] != nil {
		o.Rotation, _ = yamlfile.Int(ps, f["rotation"], path+".rotation", starship.MinRotation, starship.MaxRotation)
	}
	if f["level"] != nil {
		o.Level, _ = yamlfile.Int(ps, f["level"], path+".level", MinLevel, MaxLevel)
	}
	if f["base_mm"] != nil {
		if v, ok := yamlfile.Positive(ps, f["base_mm"], path+".base_mm"); ok {
			o.AcrossFlats = v
		}
	}
	if n := f["front_px"]; n != nil {
		// the corners snapped to the base's edges: their own precision
		if v, ok := yamlfile.Float(ps, n, path+".front_px"); ok {
			if v < 0.05 || v > 50 {
				ps.Add(n, path+".front_px", "%g is out of range; allowed: 0.05 to 50 pixels", v)
			} else {
				o.SigmaPx = v
			}
		}
	}
	return o, ps.Len() == before
}

func parseObstacleMarks(ps *yamlfile.Problems, n *yaml.Node, path string, px pixelReader, click float64) (Object, bool) {
	before := ps.Len()
	kn := yamlfile.Peek(n, "kind")
	if kn == nil {
		yamlfile.Map(ps, n, path, "id!", "kind!", "edge", "outline", "density", "level")
		return Object{}, false
	}
	kind, ok := yamlfile.OneOf(ps, kn, path+".kind", string(PlanetoidKind), string(FieldKind))
	if !ok {
		return Object{}, false
	}
	o := Object{Kind: Kind(kind), Level: MinLevel, SigmaPx: click}
	var f map[string]*yaml.Node
	if o.Kind == PlanetoidKind {
		f = yamlfile.Map(ps, n, path, "id!", "kind!", "edge!", "level")
		if f["edge"] != nil {
			o.Points, _ = px.list(f["edge"], path+".edge", 3, 3)
		}
	} else {
		f = yamlfile.Map(ps, n, path, "id!", "kind!", "density!", "outline!", "level")
		if f["density"] != nil {
			d, _ := yamlfile.OneOf(ps, f["density"], path+".density", string(referee.Sparse), string(referee.Dense))
			o.Density = referee.Density(d)
		}
		if f["outline"] != nil {
			o.Points, _ = px.list(f["outline"], path+".outline", 3, MaxOutline)
		}
	}
	if f["id"] != nil {
		o.ID, _ = yamlfile.ID(ps, f["id"], path+".id")
	}
	if f["level"] != nil {
		o.Level, _ = yamlfile.Int(ps, f["level"], path+".level", MinLevel, MaxLevel)
	}
	return o, ps.Len() == before
}
