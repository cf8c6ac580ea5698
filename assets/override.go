package assets

import "fmt"

// Override applies a user's own values from a YAML file of the same shape as
// the embedded data, but partial: geometry values by key, class values by
// class id under classes. A value is either the bare number (or true/false)
// or a mapping {value, unit, source, section, note}; its source defaults to
// measured and its section to filename. For example:
//
//	geometry:
//	  base_across_flats: {value: 44.5, note: "my bases"}
//	  short_range: 101
//	classes:
//	  viper-mk2: {base_across_flats: 44}
//
// Unknown fields, unknown class ids, unknown sources, other units, values out
// of range (lengths must be positive), value orders the rules depend on
// (short < medium < long range; drift short < drift long) and a card too
// short for the longest arrow of the maneuver decks are errors. The
// error lists every problem, one per line, as filename:line: field: message,
// and then c is left unchanged; on success filename is added to c.Sources.
// filename is used only in messages and provenance. Override never panics,
// not even on a nil c (it returns an error).
func (c *Components) Override(filename string, data []byte) error {
	if filename == "" {
		filename = "<override>"
	}
	if c == nil {
		return ErrorList{{File: filename, Msg: "no components to override (nil *Components)"}}
	}
	next := c.Clone()
	if next.pos == nil {
		next.pos = map[string]position{}
	}
	d := newDecoder(filename, true, next.pos)
	if root := d.parse(data); root != nil {
		for _, f := range d.root(root, []string{"geometry", "classes"}) {
			switch f.Key {
			case "geometry":
				d.geometry(f, &next.Geometry)
			case "classes":
				d.classPatch(f, next)
			}
		}
	}
	errs := append(d.problems(), crossCheck(next, filename)...)
	errs = append(errs, cardFit(next, filename)...)
	if len(errs) > 0 {
		return errs
	}
	next.Sources = append(next.Sources, filename)
	*c = *next
	return nil
}

// crossCheck tests the orders between geometry values that the rules rely
// on. A violation is reported at the value set in the file current if
// there is one, else at the larger value of the pair.
func crossCheck(c *Components, current string) ErrorList {
	g := &c.Geometry
	pairs := []struct {
		lo, hi       string
		loVal, hiVal Value
	}{
		{"short_range", "medium_range", g.ShortRange, g.MediumRange},
		{"medium_range", "long_range", g.MediumRange, g.LongRange},
		{"drift_short", "drift_long", g.DriftShort, g.DriftLong},
	}
	var errs ErrorList
	for _, p := range pairs {
		if p.loVal.Value < p.hiVal.Value {
			continue
		}
		lo, hi := "geometry."+p.lo, "geometry."+p.hi
		at, msg := c.pos[hi], fmt.Sprintf("must be greater than %s (%s mm); got %s mm", lo, fmtFloat(p.loVal.Value), fmtFloat(p.hiVal.Value))
		field := hi
		if c.pos[hi].file != current && c.pos[lo].file == current {
			at, field = c.pos[lo], lo
			msg = fmt.Sprintf("must be less than %s (%s mm); got %s mm", hi, fmtFloat(p.hiVal.Value), fmtFloat(p.loVal.Value))
		}
		if at.file == "" {
			at.file = current
		}
		errs = append(errs, FieldError{File: at.file, Line: at.line, Field: field, Msg: msg})
	}
	return errs
}

// cardFit checks that the longest arrow of the decks still fits the maneuver
// card (decks.yaml is checked arrow by arrow when it is loaded; an override
// can only change the card). The problem is reported at card_length.
func cardFit(c *Components, current string) ErrorList {
	longest, where, ok := longestArrow(c.Decks)
	got := c.Geometry.CardLength.Value
	if !ok || longest <= got {
		return nil
	}
	const field = "geometry.card_length"
	at := c.pos[field]
	if at.file == "" {
		at.file = current
	}
	return ErrorList{{File: at.file, Line: at.line, Field: field,
		Msg: fmt.Sprintf("must be at least %s mm, the length of the longest arrow (%s), so every arrow fits its card; got %s mm", fmtFloat(longest), where, fmtFloat(got))}}
}
