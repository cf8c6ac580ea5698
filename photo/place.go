package photo

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/starshipbattles/bsg/internal/limits"
	"github.com/starshipbattles/bsg/physics"
)

// Placing is what a player types to place the table and the sheet when
// no marks file gives them (photo mode, bsg photo -place): the play
// area's size and the table point under the sheet's centre with the
// sheet's turn. A nil field leaves the marks as they are.
type Placing struct {
	Size  *physics.Vec // width, depth (mm)
	At    *physics.Vec // the table point under the sheet's centre (mm)
	Angle *float64     // degrees from the table's x axis to the sheet's
}

// ParsePlacing reads a placing typed as words and numbers, any of
// "table 900x900", "at 450,450" and "angle 30" in any order
// (for example "table 1200x900 at 300,200 angle 90").
func ParsePlacing(s string) (Placing, error) {
	var p Placing
	f := strings.Fields(strings.ToLower(s))
	if len(f) == 0 {
		return p, fmt.Errorf("nothing typed; give any of: table WIDTHxDEPTH, at X,Y, angle DEGREES (mm)")
	}
	if len(f)%2 != 0 {
		return p, fmt.Errorf("%q: each of table, at and angle takes one value (table 900x900 at 450,450 angle 0)", s)
	}
	for i := 0; i < len(f); i += 2 {
		key, val := f[i], f[i+1]
		switch key {
		case "table":
			v, err := pair(val, "x", "table")
			if err != nil {
				return p, err
			}
			if !(v.X > 0 && v.Y > 0 && v.X <= limits.TableMM && v.Y <= limits.TableMM) {
				return p, fmt.Errorf("table %s: each side must be more than 0 and at most %g mm", val, float64(limits.TableMM))
			}
			p.Size = &v
		case "at":
			v, err := pair(val, ",", "at")
			if err != nil {
				return p, err
			}
			p.At = &v
		case "angle":
			a, err := strconv.ParseFloat(val, 64)
			if err != nil || math.IsNaN(a) || math.IsInf(a, 0) {
				return p, fmt.Errorf("angle %s: not a number of degrees", val)
			}
			a = math.Mod(a, 360)
			p.Angle = &a
		default:
			return p, fmt.Errorf("%q: unknown; give any of: table WIDTHxDEPTH, at X,Y, angle DEGREES", key)
		}
	}
	return p, nil
}

func pair(s, sep, what string) (physics.Vec, error) {
	a, b, ok := strings.Cut(s, sep)
	x, err1 := strconv.ParseFloat(a, 64)
	y, err2 := strconv.ParseFloat(b, 64)
	if !ok || err1 != nil || err2 != nil || math.IsNaN(x+y) || math.IsInf(x+y, 0) {
		return physics.Vec{}, fmt.Errorf("%s %s: give two numbers of mm as %s", what, s, map[string]string{"x": "900x900", ",": "450,450"}[sep])
	}
	return physics.V(x, y), nil
}

// Place applies a placing to the marks: the table's size, and the
// sheet's place, which then counts as given (Placement.Placed: the play
// area's edges are looked for where the calibration puts them). The
// sheet must lie on the table.
func (mf *Marks) Place(p Placing) error {
	t := mf.Scene.Table
	if p.Size != nil {
		t.Width, t.Depth = p.Size.X, p.Size.Y
	}
	if (p.At != nil || p.Angle != nil) && mf.Sheet == nil {
		return fmt.Errorf("no sheet to place: the calibration has no sheet")
	}
	at := physics.V(t.Width/2, t.Depth/2)
	if mf.Sheet != nil && (mf.Sheet.Placed || p.At != nil) {
		at = mf.Sheet.At
		if p.At != nil {
			at = *p.At
		}
	}
	if at.X < 0 || at.Y < 0 || at.X > t.Width || at.Y > t.Depth {
		return fmt.Errorf("the sheet at %g,%g is off the %g × %g mm table", at.X, at.Y, t.Width, t.Depth)
	}
	mf.Scene.Table = t
	if mf.Sheet != nil {
		mf.Sheet.At = at
		if p.Angle != nil {
			mf.Sheet.Angle = *p.Angle
		}
		mf.Sheet.Placed = mf.Sheet.Placed || p.At != nil || p.Angle != nil
	}
	return nil
}

// PlacingText is the marks' table size and sheet place in ParsePlacing's
// words.
func (mf *Marks) PlacingText() string {
	t := mf.Scene.Table
	s := fmt.Sprintf("table %sx%s", num(t.Width), num(t.Depth))
	if mf.Sheet != nil {
		s += fmt.Sprintf(" at %s,%s angle %s", num(mf.Sheet.At.X), num(mf.Sheet.At.Y), num(mf.Sheet.Angle))
	}
	return s
}
