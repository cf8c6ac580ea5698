package measure

import (
	"bytes"
	"encoding/json"
	"io"
	"iter"
	"math"
	"strconv"

	"github.com/starshipbattles/bsg/referee"
)

// WriteJSONSeq writes the JSON document of the rulings as they come (such
// as Referee.Rulings), byte for byte what NewDocument(r, all).WriteJSON
// writes, without holding them: memory stays bounded however big the
// table. Each pair is written by hand rather than through reflection.
func WriteJSONSeq(w io.Writer, r *referee.Referee, rulings iter.Seq[referee.Ruling]) error {
	doc := NewDocument(r, nil)
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("  ", "  ")
	if err := enc.Encode(doc.Ships); err != nil {
		return err
	}
	ships := bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
	head := append([]byte("{\n  \"ships\": "), CompactPoints(ships)...)
	head = append(head, ",\n  \"pairs\": ["...)
	if _, err := w.Write(head); err != nil {
		return err
	}
	p := pairWriter{ids: make([]string, len(r.Table().Ships))}
	for i, s := range r.Table().Ships {
		p.ids[i] = p.str(s.ID)
	}
	first := true
	for ru := range rulings {
		p.buf = p.buf[:0]
		if !first {
			p.buf = append(p.buf, ',')
		}
		first = false
		p.pair(ru)
		if _, err := w.Write(p.buf); err != nil {
			return err
		}
	}
	tail := "\n  ]\n}\n"
	if first {
		tail = "]\n}\n"
	}
	_, err := io.WriteString(w, tail)
	return err
}

// pairWriter appends one entry of "pairs" as the indented encoder with
// CompactPoints would write it.
type pairWriter struct {
	buf   []byte
	ids   []string          // each ship's id as a JSON string
	other map[string]string // other strings (obstacle ids, reasons, bands) as JSON
	reach []string          // scratch: the margins beyond reach of one pair
}

// str returns s as a JSON string, escaped as encoding/json escapes it
// without HTML escaping.
func (p *pairWriter) str(s string) string {
	if q, ok := p.other[s]; ok {
		return q
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // a string always encodes
	q := string(bytes.TrimSuffix(b.Bytes(), []byte("\n")))
	if p.other == nil {
		p.other = map[string]string{}
	}
	p.other[s] = q
	return q
}

func (p *pairWriter) num(v float64) {
	p.buf = appendNum(p.buf, v)
}

// appendNum appends v as Num writes it: rounded to three decimals, the
// shortest form. Below 1e9 in size that is the integer of thousandths
// written out by hand (at most twelve digits: the shortest decimal that
// reads back as the rounded float), much faster than formatting a float,
// which the largest numbers still get.
func appendNum(b []byte, v float64) []byte {
	if !(math.Abs(v) < 1e9) {
		return strconv.AppendFloat(b, round3(v), 'f', -1, 64)
	}
	n := int64(math.Round(v * 1000))
	if n == 0 {
		return append(b, '0')
	}
	if n < 0 {
		b = append(b, '-')
		n = -n
	}
	b = strconv.AppendInt(b, n/1000, 10)
	frac := n % 1000
	if frac == 0 {
		return b
	}
	digits := [3]byte{byte('0' + frac/100), byte('0' + frac/10%10), byte('0' + frac%10)}
	end := 3
	for digits[end-1] == '0' {
		end--
	}
	return append(append(b, '.'), digits[:end]...)
}

func (p *pairWriter) strings(name string, list []string) {
	p.buf = append(p.buf, ",\n      \""+name+"\": "...)
	if len(list) == 0 {
		p.buf = append(p.buf, "[]"...)
		return
	}
	p.buf = append(p.buf, '[')
	for i, s := range list {
		if i > 0 {
			p.buf = append(p.buf, ',')
		}
		p.buf = append(p.buf, "\n        "...)
		p.buf = append(p.buf, p.str(s)...)
	}
	p.buf = append(p.buf, "\n      ]"...)
}

func (p *pairWriter) pair(ru referee.Ruling) {
	b := append(p.buf, "\n    {\n      \"attacker\": "...)
	b = append(b, p.ids[ru.Attacker]...)
	b = append(b, ",\n      \"target\": "...)
	b = append(b, p.ids[ru.Target]...)
	b = append(b, ",\n      \"can_fire\": "...)
	b = strconv.AppendBool(b, ru.CanFire)
	b = append(b, ",\n      \"reason\": "...)
	b = append(b, p.str(string(ru.Reason))...)
	p.buf = b
	if ru.Measured {
		p.buf = append(p.buf, ",\n      \"range_mm\": "...)
		p.num(ru.Range)
		p.buf = append(p.buf, ",\n      \"band\": "...)
		p.buf = append(p.buf, p.str(string(ru.Band))...)
		p.buf = append(p.buf, ",\n      \"margin_mm\": "...)
		p.num(ru.Margin)
		p.buf = append(p.buf, ",\n      \"witness\": [\n        ["...)
		p.num(ru.Witness.A.X)
		p.buf = append(p.buf, ", "...)
		p.num(ru.Witness.A.Y)
		p.buf = append(p.buf, "],\n        ["...)
		p.num(ru.Witness.B.X)
		p.buf = append(p.buf, ", "...)
		p.num(ru.Witness.B.Y)
		p.buf = append(p.buf, "]\n      ]"...)
	} else {
		p.buf = append(p.buf, ",\n      \"range_mm\": null,\n      \"band\": null,\n      \"margin_mm\": null,\n      \"witness\": null"...)
	}
	p.strings("blocked_by", ru.BlockedBy)
	p.strings("cover", ru.Cover)
	p.buf = append(p.buf, ",\n      \"cover_modifier\": "...)
	p.buf = strconv.AppendInt(p.buf, int64(ru.CoverModifier), 10)
	p.buf = append(p.buf, ",\n      \"range_modifier\": "...)
	p.buf = strconv.AppendInt(p.buf, int64(ru.RangeModifier), 10)
	p.buf = append(p.buf, ",\n      \"tailing\": "...)
	p.buf = strconv.AppendBool(p.buf, ru.Tailing)
	p.buf = append(p.buf, ",\n      \"margins\": {"...)
	m := ru.Margins
	p.margin("range", m.Range, false)
	p.margin("arc", m.Arc, false)
	p.margin("los", m.LOS, false)
	p.margin("tailing", m.Tailing, false)
	p.buf = append(p.buf, "\n        \"beyond_reach\": "...)
	switch p.reach = beyondReach(m, p.reach[:0]); len(p.reach) {
	case 0:
		p.buf = append(p.buf, "[]"...)
	default:
		p.buf = append(p.buf, '[')
		for i, name := range p.reach {
			if i > 0 {
				p.buf = append(p.buf, ',')
			}
			p.buf = append(p.buf, "\n          \""+name+"\""...)
		}
		p.buf = append(p.buf, "\n        ]"...)
	}
	p.buf = append(p.buf, "\n      }\n    }"...)
}

// margin appends one member of "margins".
func (p *pairWriter) margin(name string, m referee.Margin, last bool) {
	p.buf = append(p.buf, "\n        \""+name+"\": "...)
	if !m.Known {
		p.buf = append(p.buf, "null"...)
	} else {
		p.buf = append(p.buf, "{\n          \"mm\": "...)
		p.num(m.MM)
		p.buf = append(p.buf, ",\n          \"move\": ["...)
		p.num(m.Move.X)
		p.buf = append(p.buf, ", "...)
		p.num(m.Move.Y)
		p.buf = append(p.buf, ']')
		if m.By != "" {
			p.buf = append(p.buf, ",\n          \"by\": "...)
			p.buf = append(p.buf, p.str(m.By)...)
		}
		p.buf = append(p.buf, "\n        }"...)
	}
	if !last {
		p.buf = append(p.buf, ',')
	}
}
