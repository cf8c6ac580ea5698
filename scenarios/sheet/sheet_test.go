package sheet

import (
	"bytes"
	"image/png"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/golang/geo/s1"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/scenarios"
	"github.com/starshipbattles/bsg/sketch"
)

// recorder is a canvas that keeps what is drawn.
type recorder struct {
	texts    []string
	polygons [][]physics.Vec
	circles  int
	outside  []physics.Vec // points drawn off the page
}

func (r *recorder) check(pts ...physics.Vec) {
	for _, p := range pts {
		if p.X < 0 || p.Y < 0 || p.X > PageWidth || p.Y > PageHeight {
			r.outside = append(r.outside, p)
		}
	}
}

func (r *recorder) Polygon(pts []physics.Vec, s sketch.Style) {
	r.check(pts...)
	r.polygons = append(r.polygons, pts)
}
func (r *recorder) Polyline(pts []physics.Vec, s sketch.Style) { r.check(pts...) }
func (r *recorder) Circle(c physics.Vec, rad float64, s sketch.Style) {
	r.check(c)
	r.circles++
}
func (r *recorder) Arc(c physics.Vec, rad float64, from, to s1.Angle, s sketch.Style) {}
func (r *recorder) Wedge(c physics.Vec, rad float64, from, to s1.Angle, s sketch.Style) {
}
func (r *recorder) Text(at physics.Vec, text string, s sketch.TextStyle) {
	r.check(at)
	r.texts = append(r.texts, text)
}

// comp is the components the sheets are drawn with.
var comp = assets.Default()

func load(t *testing.T, name string) *scenarios.Scenario {
	t.Helper()
	sc, err := scenarios.Load(name, comp)
	require.NoError(t, err)
	return sc
}

// TestSheetShowsEverything checks that the sheet names every ship, zone
// and obstacle, gives every ship's coordinates, and stays on the page.
func TestSheetShowsEverything(t *testing.T) {
	for _, name := range scenarios.Names() {
		t.Run(name, func(t *testing.T) {
			sc := load(t, name)
			pages := Pages(sc, comp)
			require.Len(t, pages, 2)
			var diagram, table recorder
			pages[0](&diagram)
			pages[1](&table)
			assert.Empty(t, diagram.outside, "drawn off the page")
			assert.Empty(t, table.outside, "drawn off the page")
			all := strings.Join(table.texts, "\n")
			for _, sh := range sc.Ships {
				assert.Contains(t, strings.Join(diagram.texts, "\n"), sh.ID)
				assert.Contains(t, all, sh.ID)
				assert.Contains(t, all, num(sh.Start.X))
				assert.Contains(t, all, num(sh.Start.Y))
			}
			for _, z := range sc.Zones {
				assert.Contains(t, all, z.ID)
			}
			for _, o := range sc.Obstacles {
				assert.Contains(t, all, o.ID)
			}
			// Every base is drawn as a hexagon of its size at the scale (the
			// page's scale for the table: a deep table takes a smaller one).
			hexes := 0
			for _, n := range append(slices.Clone(niceScales), Scale(sc.Width, sc.Depth, PageWidth-2*margin-gutter, PageHeight)) {
				at := 0
				for _, p := range diagram.polygons {
					if len(p) == 6 && math.Abs(p[0].Dist(p[3])-2*sc.Ships[0].AcrossFlats/math.Sqrt(3)/n) < 1e-6 {
						at++
					}
				}
				hexes = max(hexes, at)
			}
			assert.Equal(t, len(sc.Ships), hexes)
		})
	}
}

func TestScale(t *testing.T) {
	assert.Equal(t, 5.0, Scale(900, 900, 181, 190))
	assert.Equal(t, 6.0, Scale(900, 900, 174, 190))
	assert.Equal(t, 10.0, Scale(1800, 900, 181, 190))
	assert.InDelta(t, 1000.0, Scale(181000, 10, 181, 190), 1e-9)
}

func TestPDFIsDeterministic(t *testing.T) {
	sc := load(t, "anchorage")
	var a, b bytes.Buffer
	require.NoError(t, WritePDF(&a, sc, comp))
	require.NoError(t, WritePDF(&b, sc, comp))
	assert.True(t, bytes.HasPrefix(a.Bytes(), []byte("%PDF-")))
	assert.Equal(t, a.Bytes(), b.Bytes())
	assert.Equal(t, 2, bytes.Count(a.Bytes(), []byte("/Type /Page\n"))+bytes.Count(a.Bytes(), []byte("/Type /Page ")), "two pages")
}

func TestPNG(t *testing.T) {
	sc := load(t, "furball")
	var a, b bytes.Buffer
	require.NoError(t, WritePNG(&a, sc, comp, 2))
	require.NoError(t, WritePNG(&b, sc, comp, 2))
	assert.Equal(t, a.Bytes(), b.Bytes())
	img, err := png.Decode(&a)
	require.NoError(t, err)
	assert.Equal(t, int(math.Ceil(PageWidth*2)), img.Bounds().Dx())
	assert.Equal(t, 2*int(math.Ceil(PageHeight*2)), img.Bounds().Dy())
	assert.Error(t, WritePNG(&a, sc, comp, 0))
	assert.Error(t, WritePNG(&a, sc, comp, math.Inf(1)))
}
