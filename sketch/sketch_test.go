package sketch

import (
	"bytes"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/golang/geo/s1"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/image/font"

	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/referee"
)

var (
	update  = flag.Bool("update", false, "rewrite the golden files in testdata")
	pngFile = flag.String("png", "", "also write the example table's PNG to this `file`, to look at")
)

var testLimits = referee.Limits{FireArcHalfWidth: 30, ShortRange: 100, MediumRange: 200, LongRange: 240,
	TailingDistance: 150, LevelHeight: 100, DialNotch: 30}

func ship(id string, x, y, heading float64, rotation int) referee.Ship {
	return referee.Ship{
		ID: id, Class: "test", Level: 1, AcrossFlats: 45, Rotation: rotation,
		Pose: physics.Pose{Pos: physics.V(x, y), Heading: physics.Deg(heading)},
	}
}

// exampleTable has two Vipers and two Raiders around a planetoid and a
// sparse asteroid field: a short-range exchange, a long shot through the
// field (cover), a long shot past the planetoid and one blocked by it.
func exampleTable() referee.Table {
	return referee.Table{
		Width: 560, Depth: 400,
		Ships: []referee.Ship{
			ship("viper-1", 150, 110, 90, 0),
			ship("raider-1", 170, 215, 260, 0),
			ship("viper-2", 380, 100, 60, -1),
			ship("raider-2", 380, 330, 225, 0),
		},
		Obstacles: []referee.Obstacle{
			{ID: "rock", Kind: referee.Planetoid, Circle: physics.Circle{C: physics.V(240, 200), R: 35}, Level: 1},
			{ID: "belt", Kind: referee.AsteroidField, Density: referee.Sparse, Level: 1,
				Polygon: physics.Polygon{physics.V(320, 170), physics.V(420, 160), physics.V(410, 230), physics.V(330, 225)}},
		},
		Limits: testLimits,
	}
}

// The indices of exampleTable's ships.
const (
	viper1 = iota
	raider1
	viper2
	raider2
)

func example(t *testing.T) (*referee.Referee, []referee.Ruling) {
	t.Helper()
	r := referee.New(exampleTable(), referee.WithMargins())
	rulings := r.RuleAll()
	// The picture tests below rely on these rulings.
	byPair := map[[2]int]referee.Ruling{}
	for _, ru := range rulings {
		byPair[[2]int{ru.Attacker, ru.Target}] = ru
	}
	require.Equal(t, referee.Short, byPair[[2]int{viper1, raider1}].Band)
	require.Equal(t, referee.Long, byPair[[2]int{viper2, raider2}].Band)
	require.Equal(t, []string{"belt"}, byPair[[2]int{viper2, raider2}].Cover)
	require.Equal(t, referee.Blocked, byPair[[2]int{raider2, viper1}].Reason)
	require.Equal(t, []string{"rock"}, byPair[[2]int{raider2, viper1}].BlockedBy)
	return r, rulings
}

func find(rulings []referee.Ruling, a, t int) referee.Ruling {
	for _, ru := range rulings {
		if ru.Attacker == a && ru.Target == t {
			return ru
		}
	}
	panic("no such ruling")
}

func svgOf(t *testing.T, r *referee.Referee, rulings []referee.Ruling, opt Options) string {
	t.Helper()
	var b bytes.Buffer
	require.NoError(t, WriteSVG(&b, r, rulings, opt))
	return b.String()
}

func TestSVGGolden(t *testing.T) {
	r, rulings := example(t)
	for _, tc := range []struct {
		name string
		opt  Options
	}{
		{"table", Options{Title: "Example table"}},
		{"pair", Options{Title: "Example table", Pair: &[2]int{raider2, viper1}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := svgOf(t, r, rulings, tc.opt)
			golden := filepath.Join("testdata", tc.name+".svg")
			if *update {
				require.NoError(t, os.WriteFile(golden, []byte(got), 0o644))
			}
			want, err := os.ReadFile(golden)
			require.NoError(t, err, "run `go test ./sketch -update` to create it")
			if got != string(want) {
				w, g := strings.Split(string(want), "\n"), strings.Split(got, "\n")
				i := 0
				for i < len(w) && i < len(g) && w[i] == g[i] {
					i++
				}
				line := func(ls []string) string {
					if i < len(ls) {
						return ls[i]
					}
					return "(end of file)"
				}
				t.Errorf("%s differs from line %d on:\nwant %s\ngot  %s\nLook at the picture, then run `go test ./sketch -update`.",
					golden, i+1, line(w), line(g))
			}
		})
	}
}

func TestOutputIsDeterministic(t *testing.T) {
	r, rulings := example(t)
	opt := Options{PixelsPerMM: 1.5, Title: "again"}
	assert.Equal(t, svgOf(t, r, rulings, opt), svgOf(t, r, rulings, opt))
	var p1, p2 bytes.Buffer
	require.NoError(t, WritePNG(&p1, r, rulings, opt))
	require.NoError(t, WritePNG(&p2, r, rulings, opt))
	assert.True(t, bytes.Equal(p1.Bytes(), p2.Bytes()))
}

// polylines returns the SVG polylines with the given stroke colour and width.
func polylines(svg string, c color.NRGBA, width float64) []string {
	re := regexp.MustCompile(fmt.Sprintf(`<polyline points="([^"]*)" fill="none" stroke="#%02x%02x%02x" stroke-width="%s"`,
		c.R, c.G, c.B, regexp.QuoteMeta(fix(width))))
	var out []string
	for _, m := range re.FindAllStringSubmatch(svg, -1) {
		out = append(out, m[1])
	}
	return out
}

// svgPoints formats table points as WriteSVG writes them.
func svgPoints(r *referee.Referee, rulings []referee.Ruling, opt Options, pts ...physics.Vec) string {
	page, _ := Frame(r, rulings, opt)
	c := &svgCanvas{page: page}
	return c.points(pts)
}

func TestSVGHasOneWitnessRulerPerMeasuredRuling(t *testing.T) {
	r, rulings := example(t)
	opt := Options{}
	svg := svgOf(t, r, rulings, opt)
	measured := 0
	for _, ru := range rulings {
		if !ru.Measured {
			continue
		}
		measured++
		want := svgPoints(r, rulings, opt, ru.Witness.A, ru.Witness.B)
		assert.Equal(t, 1, strings.Count(svg, `<polyline points="`+want+`"`), "%s→%s", ru.AttackerID, ru.TargetID)
		assert.Contains(t, polylines(svg, BandColor(ru.Band), 2), want)
		assert.Contains(t, svg, fmt.Sprintf(">%.1f mm %s</text>", ru.Range, ru.Band))
		assert.Contains(t, svg, fmt.Sprintf(">(%.1f from %s)</text>", ru.Margin, ru.MarginTo))
	}
	require.Equal(t, 4, measured)
	rulers := 0
	for _, b := range []referee.Band{referee.Short, referee.Medium, referee.Long, referee.Out} {
		rulers += len(polylines(svg, BandColor(b), 2))
	}
	assert.Equal(t, measured+4, rulers, "one ruler per measured ruling, and four in the legend")

	blocked := svgPoints(r, rulings, opt, r.Table().Ships[raider2].Pose.Pos, find(rulings, raider2, viper1).NearestInArc)
	assert.Contains(t, svg, `<polyline points="`+blocked+`" fill="none" stroke="#d55e00" stroke-width="1.40" stroke-linejoin="round" stroke-linecap="round" stroke-dasharray="5.00 3.00"/>`)
	assert.Contains(t, svg, ">blocked by rock</text>")
	assert.Regexp(t, `<circle cx="[^"]*" cy="[^"]*" r="35.00" fill="none" stroke="#d55e00" stroke-width="2.60"`, svg, "the blocker outlined")
	assert.Contains(t, svg, `stroke="#f0e442" stroke-opacity="0.902" stroke-width="7.00"`, "the cover field highlighted")
	assert.Contains(t, svg, ">cover −2</text>")
}

func TestSVGArcsAreTrueArcs(t *testing.T) {
	r, rulings := example(t)
	svg := svgOf(t, r, rulings, Options{})
	// Four fire arcs (and one in the legend) as wedges, three range rings per attacker.
	assert.Len(t, regexp.MustCompile(`<path d="M [-0-9.]+ [-0-9.]+ L [-0-9.]+ [-0-9.]+ A 240.00 240.00 0 0 0 [-0-9.]+ [-0-9.]+ Z"`).FindAllString(svg, -1), 4)
	for _, rad := range []string{"100.00", "200.00", "240.00"} {
		re := regexp.MustCompile(`<path d="M [-0-9.]+ [-0-9.]+ A ` + rad + ` ` + rad + ` 0 0 0 [-0-9.]+ [-0-9.]+"`)
		assert.Len(t, re.FindAllString(svg, -1), 4, "ring at %s: every ship attacks in a ruling drawn", rad)
	}
	assert.Contains(t, svg, `clip-path="url(#view)"`)
}

func TestSVGYIsUp(t *testing.T) {
	r, rulings := example(t)
	page, _ := Frame(r, rulings, Options{})
	svg := svgOf(t, r, rulings, Options{})
	// viper-1's stand dot at (150, 110) is 110 mm above the table's lower edge.
	want := fmt.Sprintf(`<circle cx="%s" cy="%s" r="1.60"`, fix(150-page.Lo.X), fix(page.Hi.Y-110))
	assert.Contains(t, svg, want)
}

func TestPairPicture(t *testing.T) {
	r, rulings := example(t)
	svg := svgOf(t, r, rulings, Options{Pair: &[2]int{raider2, viper1}})
	assert.Contains(t, svg, ">raider-2 → viper-1: cannot fire: the line is blocked by rock</text>")
	for _, b := range []referee.Band{referee.Short, referee.Medium, referee.Long, referee.Out} {
		assert.Len(t, polylines(svg, BandColor(b), 2), 1, "no witness ruler, only the legend's")
	}
	assert.Len(t, polylines(svg, colorBlocked, 1.4), 2, "the blocked line and the legend's")
	// Every ship and obstacle is still drawn.
	for _, id := range []string{"viper-1", "raider-1", "viper-2", "raider-2", "rock", "belt (sparse)"} {
		assert.Contains(t, svg, ">"+id+"</text>")
	}

	one := svgOf(t, r, []referee.Ruling{r.Rule(viper2, raider2)}, Options{})
	assert.Contains(t, one, ">viper-2 → raider-2: can fire at 205.0 mm long (5.0 from medium), cover −2 (belt)</text>",
		"a single ruling is a pair picture")
}

// bigTable has two rows of ten ships facing each other across the table.
func bigTable() referee.Table {
	t := referee.Table{Width: 900, Depth: 600, Limits: testLimits}
	for i := 0; i < 10; i++ {
		x := 60 + 80*float64(i)
		t.Ships = append(t.Ships, ship(fmt.Sprintf("v%d", i), x, 150, 90, 0))
		t.Ships = append(t.Ships, ship(fmt.Sprintf("r%d", i), x+20, 370, 270, 0))
	}
	return t
}

func TestBigTableDrawsOnlyRulingsThatCanFire(t *testing.T) {
	r := referee.New(bigTable())
	rulings := r.RuleAll()
	canFire, measured := 0, 0
	for _, ru := range rulings {
		if ru.CanFire {
			canFire++
		}
		if ru.Measured {
			measured++
		}
	}
	require.Greater(t, canFire, 0)
	require.Greater(t, measured, canFire, "the table must have measured rulings that cannot fire")
	svg := svgOf(t, r, rulings, Options{})
	rulers := 0
	for _, b := range []referee.Band{referee.Short, referee.Medium, referee.Long, referee.Out} {
		rulers += len(polylines(svg, BandColor(b), 2))
	}
	assert.Equal(t, canFire+4, rulers)
	assert.Contains(t, svg, fmt.Sprintf("only the %d rulings that can fire are drawn", canFire))

	// Rulers too crowded for a label carry a number and go to the notes.
	labels := regexp.MustCompile(`>\([0-9.]+ from [a-z]+\)</text>`).FindAllString(svg, -1)
	notes := regexp.MustCompile(`>[rv][0-9] → [rv][0-9]: [0-9.]+ mm [a-z]+ \([0-9.]+ from [a-z]+\)</text>`).FindAllString(svg, -1)
	assert.NotEmpty(t, labels)
	assert.NotEmpty(t, notes)
	assert.Equal(t, canFire, len(labels)+len(notes))
	assert.Contains(t, svg, ">Numbered rulers (no room for their labels on the table):</text>")
	assert.Contains(t, svg, fmt.Sprintf(` font-weight="bold" fill="#1a1a1a">%d</text>`, len(notes)))
}

func TestUnusualTables(t *testing.T) {
	threeD := exampleTable()
	threeD.ThreeD = true
	threeD.Ships[raider1].Level = 2
	threeD.Obstacles[1].Density = referee.Dense
	noPlayArea := exampleTable()
	noPlayArea.Width, noPlayArea.Depth = 0, 0
	huge := referee.Table{Width: 1e5, Depth: 1e5, Limits: testLimits}
	for name, tc := range map[string]struct {
		table referee.Table
		want  []string
	}{
		"empty":        {referee.Table{Width: 900, Depth: 900, Limits: testLimits}, []string{">0 of 0 rulings drawn"}},
		"three-d":      {threeD, []string{">raider-1 L2</text>", ">belt (dense) L1</text>", ">1 level apart</text>"}},
		"no play area": {noPlayArea, []string{">viper-1</text>"}},
		"huge":         {huge, []string{"grid 10000 mm</text>"}},
	} {
		t.Run(name, func(t *testing.T) {
			r := referee.New(tc.table)
			rulings := r.RuleAll()
			svg := svgOf(t, r, rulings, Options{})
			for _, w := range tc.want {
				assert.Contains(t, svg, w)
			}
			if name != "huge" {
				decodePNG(t, r, rulings, Options{})
			}
		})
	}
}

func TestBadOptions(t *testing.T) {
	r, rulings := example(t)
	var b bytes.Buffer
	for _, opt := range []Options{
		{PixelsPerMM: -1},
		{PixelsPerMM: math.Inf(1)},
		{PixelsPerMM: math.NaN()},
		{Pair: &[2]int{0, 4}},
		{Pair: &[2]int{1, 1}},
		{PixelsPerMM: 1e4},
	} {
		assert.Error(t, WritePNG(&b, r, rulings, opt), "%+v", opt)
		if opt.PixelsPerMM != 1e4 {
			assert.Error(t, WriteSVG(&b, r, rulings, opt), "%+v", opt)
		}
	}
}

func decodePNG(t *testing.T, r *referee.Referee, rulings []referee.Ruling, opt Options) image.Image {
	t.Helper()
	var b bytes.Buffer
	require.NoError(t, WritePNG(&b, r, rulings, opt))
	img, err := png.Decode(&b)
	require.NoError(t, err)
	return img
}

func TestPNG(t *testing.T) {
	r, rulings := example(t)
	const ppm = 3
	opt := Options{PixelsPerMM: ppm, Title: "Example table"}
	img := decodePNG(t, r, rulings, opt)
	page, view := Frame(r, rulings, opt)
	if *pngFile != "" {
		var b bytes.Buffer
		require.NoError(t, WritePNG(&b, r, rulings, Options{PixelsPerMM: 2, Title: opt.Title}))
		require.NoError(t, os.WriteFile(*pngFile, b.Bytes(), 0o644))
	}
	// 560 × 400 mm of play area, 36 mm around it, the title above and the legend below.
	require.Equal(t, physics.V(-36, -36), view.Lo)
	require.Equal(t, physics.V(596, 436), view.Hi)
	assert.Equal(t, image.Pt(int(math.Ceil((page.Hi.X-page.Lo.X)*ppm)), int(math.Ceil((page.Hi.Y-page.Lo.Y)*ppm))), img.Bounds().Size())
	assert.Equal(t, 632*ppm, img.Bounds().Dx())

	at := func(p physics.Vec) color.NRGBA {
		x := int(math.Floor((p.X - page.Lo.X) * ppm))
		y := int(math.Floor((page.Hi.Y - p.Y) * ppm))
		return color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA)
	}
	near := func(want, got color.NRGBA, what string) {
		t.Helper()
		for _, d := range []int{int(want.R) - int(got.R), int(want.G) - int(got.G), int(want.B) - int(got.B)} {
			if d < -6 || d > 6 {
				t.Errorf("%s: got %v, want %v", what, got, want)
				return
			}
		}
	}
	for _, ru := range rulings {
		if ru.Measured {
			near(BandColor(ru.Band), at(ru.Witness.Midpoint()), ru.AttackerID+"→"+ru.TargetID+" ruler")
		}
	}
	rock := exampleTable().Obstacles[0].Circle
	toBlocked := find(rulings, raider2, viper1).NearestInArc.Sub(rock.C).Unit()
	aside := toBlocked.Perp()
	near(colorPlanetoid, at(rock.C.Add(aside.Mul(0.75*rock.R))), "inside the planetoid")
	near(colorBlocked, at(rock.C.Sub(aside.Mul(rock.R))), "the blocker's outline")
	near(colorPlayArea, at(physics.V(520, 40)), "empty play area, lower right")
	near(colorInk, at(physics.V(150, 110)), "viper-1's stand, 110 mm up the table")
	front := r.Base(viper2).Edge(int(physics.FrontFlat)).Midpoint()
	near(colorInk, at(front), "viper-2's front flat")
	near(colorBackground, at(physics.V(view.Hi.X-2, view.Lo.Y+2)), "off the table")
	near(colorBackground, at(page.Hi.Sub(physics.V(1, 1))), "the page's corner")
}

// recorder is a Canvas that counts what is drawn on it.
type recorder struct{ calls map[string]int }

func (r *recorder) Polygon([]physics.Vec, Style)                        { r.calls["polygon"]++ }
func (r *recorder) Polyline([]physics.Vec, Style)                       { r.calls["polyline"]++ }
func (r *recorder) Circle(physics.Vec, float64, Style)                  { r.calls["circle"]++ }
func (r *recorder) Arc(physics.Vec, float64, s1.Angle, s1.Angle, Style) { r.calls["arc"]++ }
func (r *recorder) Wedge(physics.Vec, float64, s1.Angle, s1.Angle, Style) {
	r.calls["wedge"]++
}
func (r *recorder) Text(physics.Vec, string, TextStyle) { r.calls["text"]++ }

func TestDrawOnAnyCanvas(t *testing.T) {
	r, rulings := example(t)
	rec := &recorder{calls: map[string]int{}}
	Draw(rec, r, rulings, Options{Pair: &[2]int{viper2, raider2}})
	assert.Equal(t, 4+1, rec.calls["wedge"], "every ship's fire arc, and the legend's")
	assert.Equal(t, 3, rec.calls["arc"], "the attacker's range rings")
}

// TestTextWidthCacheChangesNothing: widths from the advance and kern
// caches, and from the cache of whole strings' widths, equal
// font.MeasureString's, asked twice (cold, then cached).
func TestTextWidthCacheChangesNothing(t *testing.T) {
	f, err := loadFonts()
	require.NoError(t, err)
	for _, s := range []string{"", "viper-1 → raider-2", "AVAWAy To. 12.5 mm", "blocked by rock, s12", "ünïcødé ☆ ★ ½", "WAVE", "LTA"} {
		for k := range 2 {
			for range 2 {
				f.mu.Lock()
				got := f.measureString(k, s)
				want := font.MeasureString(f.measure[k], s)
				f.mu.Unlock()
				require.Equal(t, want, got, "%q face %d", s, k)
				require.Equal(t, float64(want)/64/measureSize*12, textWidth(s, TextStyle{Size: 12, Bold: k == 1}), "%q face %d", s, k)
			}
		}
	}
}

// texts is a Canvas that keeps the text drawn on it, where it went.
type texts struct {
	recorder
	at map[string]physics.Vec
}

func (c *texts) Text(at physics.Vec, s string, _ TextStyle) { c.at[s] = at }

// TestOutOfArcPairPictureSaysByHowMuch: the pair picture of a target out
// of the arc (Line of sight) labels the pair with how far out it is,
// beside the line from stand to stand, and says nothing is blocking: no
// "blocked by" label, and no label pulled to the table's origin (the
// blocked line it once went beside, to a nearest in-arc point that an
// out-of-arc target has not).
func TestOutOfArcPairPictureSaysByHowMuch(t *testing.T) {
	r, rulings := example(t)
	var ru referee.Ruling
	for _, x := range rulings {
		if x.Reason == referee.OutOfArc {
			ru = x
			break
		}
	}
	require.Equal(t, referee.OutOfArc, ru.Reason)
	require.True(t, ru.Margins.Arc.Known)
	c := &texts{recorder{calls: map[string]int{}}, map[string]physics.Vec{}}
	Draw(c, r, rulings, Options{Pair: &[2]int{ru.Attacker, ru.Target}})
	for s := range c.at {
		assert.NotContains(t, s, "blocked by", "nothing blocks an out-of-arc pair")
	}
	want := fmt.Sprintf("%.1f mm out of arc", ru.Margins.Arc.MM)
	at, ok := c.at[want]
	require.True(t, ok, "the label says how far out of the arc: %q", want)
	stands := physics.Seg(r.Table().Ships[ru.Attacker].Pose.Pos, r.Table().Ships[ru.Target].Pose.Pos)
	assert.Less(t, stands.DistanceToPoint(at), 40.0, "the label %v goes beside the line from stand to stand %v", at, stands)
	assert.Contains(t, c.at, fmt.Sprintf("%s → %s: cannot fire: %.1f mm outside the fire arc", ru.AttackerID, ru.TargetID, ru.Margins.Arc.MM))
}
