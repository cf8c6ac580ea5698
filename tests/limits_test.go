package tests

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/internal/limits"
	"github.com/starshipbattles/bsg/movefile"
	"github.com/starshipbattles/bsg/photo"
	"github.com/starshipbattles/bsg/scenarios"
	"github.com/starshipbattles/bsg/tablefile"
)

// A YAML format under test: a file with a list, a text and a number the
// probes replace ({LIST} is a list of n items, {TEXT} a text, {NUM} a
// coordinate or length), and its reader.
type format struct {
	name     string
	template string
	list     func(n int) string
	fine     int    // items in a valid file's list
	text     string // a valid file's text; "" when any short text is
	bytes    int    // the format's largest file: limits.FileBytes unless smaller
	textMax  int    // the text's bound: limits.IDLength for an id, else limits.TextLength
	freeText bool   // the text may hold line breaks and tabs (a note)
	read     func(name string, data []byte) error
}

func vertexList(indent string) func(int) string {
	return func(n int) string {
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, "%s- [%d, %d]\n", indent, 100+i%50*7, 100+(i*i)%60*5)
		}
		return b.String()
	}
}

func yamlFormats(comp *assets.Components) []format {
	return []format{
		{
			name: "table",
			template: "ships:\n  - {id: \"{TEXT}\", class: viper-mk2, x: {NUM}, y: 0, heading: 0}\n" +
				"obstacles:\n  - id: f\n    kind: asteroid-field\n    density: sparse\n    polygon:\n{LIST}",
			list: vertexList("      "), fine: 3, textMax: limits.IDLength,
			read: func(name string, data []byte) error { _, err := tablefile.Parse(name, data, comp); return err },
		},
		{
			name:     "move",
			template: "ship: {class: \"{TEXT}\", x: {NUM}, y: 0, heading: 0}\nplan:\n  speed: low\n  cards:\n{LIST}",
			list:     func(n int) string { return strings.Repeat("    - straight\n", n) },
			fine:     1, text: "viper-mk2",
			read: func(name string, data []byte) error { _, err := movefile.Parse(name, data, comp); return err },
		},
		{
			name: "scenario",
			template: "name: \"{TEXT}\"\nrules: quick\nships:\n" +
				"  - {id: a, side: colonial, class: viper-mk2, pose: {x: {NUM}, y: 100, heading: 0}}\n" +
				"  - {id: b, side: cylon, class: cylon-raider, pose: {x: 300, y: 300, heading: 0}}\n" +
				"obstacles:\n  - id: f\n    kind: asteroid-field\n    density: sparse\n    polygon:\n{LIST}",
			list: vertexList("      "), fine: 3,
			read: func(name string, data []byte) error { _, err := scenarios.Parse(name, data, comp); return err },
		},
		{
			name:     "components",
			template: "geometry:\n  short_range: {value: {NUM}, note: \"{TEXT}\"}\n{LIST}",
			list: func(n int) string {
				if n == 0 {
					return ""
				}
				return "  ftl_sides:\n" + strings.Repeat("    - {side: front, rolls: [2]}\n", n)
			},
			freeText: true,
			read:     func(name string, data []byte) error { return assets.Default().Override(name, data) },
		},
		{
			name: "photo marks",
			template: "table: {width: {NUM}, depth: 800}\nsheet: {paper: a4, marks: auto}\nships:\n" +
				"  - {id: \"{TEXT}\", class: viper-mk2, front: [[1, 1], [2, 2]]}\n" +
				"obstacles:\n  - id: f\n    kind: asteroid-field\n    density: sparse\n    outline:\n{LIST}",
			list: vertexList("      "), fine: 3, bytes: limits.MarksBytes, textMax: limits.IDLength,
			read: func(name string, data []byte) error {
				_, err := photo.ParseMarks(name, data, comp, 4000, 3000)
				return err
			},
		},
	}
}

// fill builds a file from the template: n items in the list, the text
// (the format's valid one when empty) and the number.
func (f format) fill(n int, text, num string) []byte {
	if text == "" {
		text = f.text
		if text == "" {
			text = "ok"
		}
	}
	s := strings.NewReplacer("{LIST}", f.list(n), "{TEXT}", text, "{NUM}", num).Replace(f.template)
	return []byte(s)
}

// Every YAML format holds the one set of limits of internal/limits, read
// by the same readers (internal/yamlfile), and says so in the same words:
// a list of more than limits.Items items, a text longer than
// limits.TextLength (an id longer than limits.IDLength) or holding a
// terminal escape (a name or an id a line break or a tab), a number beyond
// limits.Coordinate (or the format's own bound), more than
// limits.Vertices vertices, a file over limits.FileBytes (the smaller
// limits.MarksBytes for photo marks) or limits.YAMLNodes, and more than
// limits.Problems problems. A file just within the limits is read.
func TestEveryFormatHoldsTheSameLimits(t *testing.T) {
	comp := assets.Default()
	for _, f := range yamlFormats(comp) {
		t.Run(f.name, func(t *testing.T) {
			name := strings.ReplaceAll(f.name, " ", "-") + ".yaml"
			fine := f.fill(f.fine, "", "100")
			require.NoError(t, f.read(name, fine), "the baseline file is valid:\n%s", fine)
			if f.textMax == 0 {
				f.textMax = limits.TextLength
			}
			if f.text == "" {
				require.NoError(t, f.read(name, f.fill(f.fine, strings.Repeat("x", f.textMax), "100")), "a text at the limit is read")
			}

			refused := func(data []byte, wants ...string) {
				t.Helper()
				err := f.read(name, data)
				require.Error(t, err)
				msg := err.Error()
				assert.True(t, strings.HasPrefix(msg, name+":"), "names the file: %s", msg)
				for _, w := range wants {
					assert.Contains(t, msg, w)
				}
				assert.NotContains(t, msg, "\x1b", "no escape reaches a message raw")
			}
			atMost := func(n int) string { return fmt.Sprintf("allowed: at most %d", n) }
			if f.fine == 3 { // a polygon
				refused(f.fill(limits.Vertices+1, "", "100"), fmt.Sprintf("%d", limits.Vertices+1), fmt.Sprintf("allowed: 3 to %d", limits.Vertices))
			}
			refused(f.fill(limits.Items+1, "", "100"), fmt.Sprintf("%d items; %s", limits.Items+1, atMost(limits.Items)))
			refused(f.fill(f.fine, strings.Repeat("x", f.textMax+1), "100"),
				fmt.Sprintf("%d bytes; %s", f.textMax+1, atMost(f.textMax)))
			if f.freeText {
				require.NoError(t, f.read(name, f.fill(f.fine, `two\nlines\tand a tab`, "100")), "free text may hold line breaks")
			} else {
				refused(f.fill(f.fine, `a\tb`, "100"), `"a\tb" holds a control character`, "allowed: printable text on one line")
			}
			refused(f.fill(f.fine, `a\e]0;pwn\a`, "100"), `"a\x1b]0;pwn\a" holds a control character`)
			switch f.name {
			case "components":
				refused(f.fill(f.fine, "", "1e19"), "1e19 mm is out of range; allowed: more than 0, at most "+fmt.Sprint(limits.ComponentMM)+" mm")
			case "photo marks":
				refused(f.fill(f.fine, "", "1e19"), "1e19 mm is out of range; allowed: more than 0, at most "+fmt.Sprint(limits.TableMM)+" mm")
			default:
				refused(f.fill(f.fine, "", "1e19"), fmt.Sprintf("1e19 is out of range; allowed: %g to %g", -limits.Coordinate, limits.Coordinate))
			}
			if f.bytes == 0 {
				f.bytes = limits.FileBytes
			}
			refused(append(f.fill(f.fine, "", "100"), "\n# "+strings.Repeat("x", f.bytes)+"\n"...), atMost(f.bytes))
			refused(append(f.fill(f.fine, "", "100"), strings.Repeat("#:\n", limits.YAMLNodes)...), atMost(limits.YAMLNodes))
			var many strings.Builder
			many.Write(f.fill(f.fine, "", "100"))
			for i := range 2 * limits.Problems {
				fmt.Fprintf(&many, "unknown%d: 1\n", i)
			}
			refused([]byte(many.String()), "unknown field", fmt.Sprintf("and %d more problem(s) not listed", limits.Problems))
		})
	}
}

// A scenario the reader accepts is one the engine sets up: the reader
// holds ids to limits.IDLength and names to one printable line, as
// battle.Setup.Check does. Before, a 65-byte ship id or a tab in the
// name validated as "ok" and then the battle could not start.
func TestScenarioReaderHoldsTheEnginesLimits(t *testing.T) {
	comp := assets.Default()
	file := func(name, id string) []byte {
		return []byte(fmt.Sprintf("name: %q\nrules: quick\nships:\n"+
			"  - {id: %q, side: colonial, class: viper-mk2, pose: {x: 100, y: 100, heading: 0}}\n"+
			"  - {id: b, side: cylon, class: cylon-raider, pose: {x: 300, y: 300, heading: 0}}\n", name, id))
	}
	sc, err := scenarios.Parse("ok.yaml", file(strings.Repeat("n", limits.TextLength), strings.Repeat("a", limits.IDLength)), comp)
	require.NoError(t, err)
	_, err = battle.New(sc.Setup(), comp, 1)
	require.NoError(t, err, "the engine takes what the reader takes")
	_, err = scenarios.Parse("long-id.yaml", file("x", strings.Repeat("a", limits.IDLength+1)), comp)
	require.ErrorContains(t, err, fmt.Sprintf("long-id.yaml:4: ships[0].id: %d bytes; allowed: at most %d", limits.IDLength+1, limits.IDLength))
	_, err = scenarios.Parse("tab.yaml", file("a\tb", "a"), comp)
	require.ErrorContains(t, err, `tab.yaml:1: name: "a\tb" holds a control character`)
}
