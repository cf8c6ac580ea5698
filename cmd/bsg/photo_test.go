package main

import (
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.yaml.in/yaml/v3"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/photo"
	"github.com/starshipbattles/bsg/photo/phototest"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/referee"
	"github.com/starshipbattles/bsg/tablefile"
)

func TestCalibrationPDF(t *testing.T) {
	dir := t.TempDir()
	for _, paper := range []string{"a4", "letter"} {
		out := filepath.Join(dir, paper+".pdf")
		code, _, stderr := runCLI(t, "", "calibration", "-pdf", out, "-paper", paper)
		require.Equal(t, 0, code, stderr)
		data, err := os.ReadFile(out)
		require.NoError(t, err)
		assert.True(t, strings.HasPrefix(string(data), "%PDF-"))
		if _, err := exec.LookPath("pdfinfo"); err == nil {
			info, err := exec.Command("pdfinfo", out).Output()
			require.NoError(t, err)
			want := map[string]string{"a4": "841.89 x 595.28 pts", "letter": "792 x 612 pts"}[paper]
			assert.Contains(t, string(info), want, "landscape %s", paper)
		}
	}
	code, _, _ := runCLI(t, "", "calibration", "-pdf", filepath.Join(dir, "x.pdf"), "-paper", "a3")
	assert.Equal(t, 2, code)
}

// renderedTable writes a rendered photo of a random table with the sheet
// on it, and a marks file that finds the sheet by itself and marks the
// ships' front corners with a little click noise.
func renderedTable(t *testing.T, seed uint64) (phototest.Trial, string, string) {
	return renderedTableOf(t, seed, phototest.ForeStripe)
}

// renderedTableOf is renderedTable with the bases marked as given.
func renderedTableOf(t *testing.T, seed uint64, bases phototest.BaseMarks) (phototest.Trial, string, string) {
	comp, err := assets.Load()
	require.NoError(t, err)
	rng := rand.New(rand.NewPCG(seed, 9))
	tr := phototest.RandomTrial(rng, comp, 1280, 960, 30, 0.005)
	tr.Bases = bases
	dir := t.TempDir()
	photoPath := filepath.Join(dir, "table.png")
	f, err := os.Create(photoPath)
	require.NoError(t, err)
	require.NoError(t, png.Encode(f, tr.Render(phototest.Look{BlurPx: 0.7, Noise: 3, Seed: seed})))
	require.NoError(t, f.Close())
	var b strings.Builder
	fmt.Fprintf(&b, "photo: {width: 1280, height: 960}\nclick_px: 1\nsheet:\n  paper: a4\n  at: [%.3f, %.3f]\n  angle: %.3f\n  marks: auto\nships:\n",
		tr.SheetAt.X, tr.SheetAt.Y, tr.SheetAngle)
	for _, s := range tr.Truth.Ships {
		hex := physics.Hexagon(s.Pose, s.AcrossFlats)
		l, _ := tr.Cam.Project(hex[1])
		r, _ := tr.Cam.Project(hex[0])
		l = l.Add(physics.V(rng.NormFloat64(), rng.NormFloat64()))
		r = r.Add(physics.V(rng.NormFloat64(), rng.NormFloat64()))
		fmt.Fprintf(&b, "  - {id: %s, class: %s, rotation: %d, front: [[%.2f, %.2f], [%.2f, %.2f]]}\n", s.ID, s.Class, s.Rotation, l.X, l.Y, r.X, r.Y)
	}
	marksPath := filepath.Join(dir, "marks.yaml")
	require.NoError(t, os.WriteFile(marksPath, []byte(b.String()), 0o644))
	return tr, photoPath, marksPath
}

// TestPhotoCommand: from a rendered photo with the sheet in view and two
// ships marked, bsg photo finds the sheet, writes the table file and rules
// with an interval that holds the true range.
func TestPhotoCommand(t *testing.T) {
	tr, photoPath, marksPath := renderedTable(t, 21)
	tablePath := filepath.Join(t.TempDir(), "table.yaml")
	code, stdout, stderr := runCLI(t, "", "photo", "-marks", marksPath, "-json", "-table", tablePath, photoPath)
	require.Equal(t, 0, code, stderr)
	var doc struct {
		Calibration struct {
			Edges string `json:"edges"`
			Marks []struct {
				Name       string  `json:"name"`
				ResidualMM float64 `json:"residual_mm"`
			} `json:"marks"`
		} `json:"calibration"`
		Poses []struct {
			ID string  `json:"id"`
			X  float64 `json:"x"`
			Y  float64 `json:"y"`
			PM float64 `json:"pm_mm"`
		} `json:"poses"`
		Rulings []struct {
			Attacker string   `json:"attacker"`
			Target   string   `json:"target"`
			RangeMM  *float64 `json:"range_mm"`
			PM       *float64 `json:"pm_mm"`
			Verdict  string   `json:"verdict"`
		} `json:"rulings"`
	}
	require.NoError(t, json.Unmarshal([]byte(stdout), &doc), stdout)
	// the edges are looked for by default: the sheet's place given, the
	// play area's edges are found where it puts them and fitted too
	assert.Equal(t, "table", doc.Calibration.Edges)
	require.Greater(t, len(doc.Calibration.Marks), 4)
	for i, m := range doc.Calibration.Marks[:4] {
		assert.Equal(t, "sheet "+[]string{"lower-left", "lower-right", "upper-right", "upper-left"}[i], m.Name)
	}
	require.Len(t, doc.Rulings, 2)
	truth := referee.New(tr.Truth).Rule(0, 1)
	ru := doc.Rulings[0]
	require.NotNil(t, ru.RangeMM, ru.Verdict)
	t.Logf("true range %.2f mm; photo: %.2f ± %.2f mm: %s", truth.Range, *ru.RangeMM, *ru.PM, ru.Verdict)
	assert.InDelta(t, truth.Range, *ru.RangeMM, *ru.PM+0.01)
	for i, p := range doc.Poses {
		assert.InDelta(t, tr.Truth.Ships[i].Pose.Pos.X, p.X, 3*p.PM, p.ID)
		assert.InDelta(t, tr.Truth.Ships[i].Pose.Pos.Y, p.Y, 3*p.PM, p.ID)
	}
	// the table file is one bsg measure reads
	data, err := os.ReadFile(tablePath)
	require.NoError(t, err)
	comp, _ := assets.Load()
	_, err = tablefile.Parse(tablePath, data, comp)
	require.NoError(t, err, string(data))
	// and the text says the same
	code, stdout, stderr = runCLI(t, "", "photo", "-marks", marksPath, photoPath)
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, "sheet lower-left")
	assert.Contains(t, stdout, ru.Verdict)
	assert.Contains(t, stdout, "    margins: arc ", "each verdict's margins with their intervals")
	// -snap fits each ship's base to the photo before ruling
	code, stdout, stderr = runCLI(t, "", "photo", "-snap", "-marks", marksPath, photoPath)
	require.Equal(t, 0, code, stderr)
	for _, s := range tr.Truth.Ships {
		assert.Contains(t, stdout, "Snapped "+s.ID+" to its base's edges", stdout)
	}
	// the default measures the lens from the play area's edges, and says so
	assert.Contains(t, stdout, "points of the play area's edges found on the photo (plumb line)")
	assert.Contains(t, stdout, "lens K1 ")
	assert.Contains(t, stdout, "Straight edges: "+photo.EdgesTable.String()+".")
	// edges: none in the file, or -edges=false, is the sheet's four marks
	// alone
	data, err = os.ReadFile(marksPath)
	require.NoError(t, err)
	none := filepath.Join(t.TempDir(), "none.yaml")
	require.NoError(t, os.WriteFile(none, append(data, "edges: none\n"...), 0o644))
	code, stdout, stderr = runCLI(t, "", "photo", "-marks", none, photoPath)
	require.Equal(t, 0, code, stderr)
	assert.NotContains(t, stdout, "plumb line")
	assert.Contains(t, stdout, "Calibration: 4 marks, no lens term fitted")
	assert.Contains(t, stdout, "Straight edges: "+photo.EdgesNotAsked.String()+".")
	code, got, stderr := runCLI(t, "", "photo", "-edges=false", "-marks", marksPath, photoPath)
	require.Equal(t, 0, code, stderr)
	assert.Equal(t, stdout, got, "-edges=false is edges: none")
	code, got, stderr = runCLI(t, "", "photo", "-edges", "-marks", none, photoPath)
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, got, "Straight edges: "+photo.EdgesTable.String()+".", "-edges overrides edges: none")
}

func TestPhotoMarksErrors(t *testing.T) {
	_, photoPath, _ := renderedTable(t, 5)
	bad := filepath.Join(t.TempDir(), "bad.yaml")
	require.NoError(t, os.WriteFile(bad, []byte(`photo: {width: 1000, height: 960}
sheet: {paper: a5, marks: [[1, 2], [3, 4]]}
ships:
  - {id: a, class: viper-mk2, front: [[10, 10], [2000, 10]], colour: red}
  - {id: a, class: basestar, front: [[10, 10], [20, 10]]}
obstacles:
  - {id: rock, kind: planetoid, edge: [[1, 1], [2, 2]]}
`), 0o644))
	code, _, stderr := runCLI(t, "", "photo", "-marks", bad, photoPath)
	assert.Equal(t, 1, code)
	for _, want := range []string{
		"bad.yaml:1: photo.width: 1000, but the photo is 1280 × 960 pixels",
		"bad.yaml:2: sheet.paper: \"a5\" is not allowed; allowed: a4, letter",
		"bad.yaml:2: sheet.marks: 2 points; allowed: exactly 4",
		"bad.yaml:4: ships[0].colour: unknown field",
		"bad.yaml:4: ships[0].front[1]: [2000, 10] is off the photo",
		"bad.yaml:5: ships[1].class: unknown class \"basestar\"",
		"bad.yaml:7: obstacles[0].edge: 2 points; allowed: exactly 3",
	} {
		assert.Contains(t, stderr, want)
	}
	code, _, stderr = runCLI(t, "", "photo", "-marks", bad)
	assert.Equal(t, 2, code, stderr)
	notPhoto := filepath.Join(t.TempDir(), "x.png")
	require.NoError(t, os.WriteFile(notPhoto, []byte("not a photo"), 0o644))
	code, _, stderr = runCLI(t, "", "photo", "-marks", bad, notPhoto)
	assert.Equal(t, 1, code)
	assert.Contains(t, stderr, "not a JPEG or PNG photo")
}

// TestPhotoMarksFileTooLarge: bsg photo refuses a marks file beyond the
// marks files' bound (1 MiB, internal/limits), by its size and naming the
// bound, not the 4 MiB of other inputs.
func TestPhotoMarksFileTooLarge(t *testing.T) {
	big := filepath.Join(t.TempDir(), "big.yaml")
	require.NoError(t, os.WriteFile(big, []byte(strings.Repeat("#", 5<<20)), 0o644))
	photoPath := filepath.Join(t.TempDir(), "p.png")
	require.NoError(t, png.Encode(mustCreate(t, photoPath), image.NewGray(image.Rect(0, 0, 64, 48))))
	code, _, stderr := runCLI(t, "", "photo", "-marks", big, photoPath)
	assert.Equal(t, 1, code)
	assert.Contains(t, stderr, big+": too large (5.0 MB; at most 1 MB)")
	code, _, stderr = runCLI(t, strings.Repeat("#", 2<<20), "photo", "-marks", "-", photoPath)
	assert.Equal(t, 1, code)
	assert.Contains(t, stderr, "<stdin>: too large (more than 1 MB)")
}

func mustCreate(t *testing.T, name string) *os.File {
	f, err := os.Create(name)
	require.NoError(t, err)
	t.Cleanup(func() { f.Close() })
	return f
}

// TestPhotoFindPlaceAndEdges (issue #28): -find proposes the bases the
// photo shows that the marks lack, as marks-file ships; -place gives the
// sheet's place the marks file leaves out (the same rulings as a file
// that gives it); -edges measures the lens from the photo's straight
// edges without either.
func TestPhotoFindPlaceAndEdges(t *testing.T) {
	tr, photoPath, marksPath := renderedTable(t, 21)
	data, err := os.ReadFile(marksPath)
	require.NoError(t, err)
	// no ships marked: both are proposed, near their true front corners
	noShips := filepath.Join(t.TempDir(), "none.yaml")
	require.NoError(t, os.WriteFile(noShips, []byte(strings.Split(string(data), "ships:")[0]), 0o644))
	code, stdout, stderr := runCLI(t, "", "photo", "-find", "all", "-marks", noShips, photoPath)
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, "# 2 bases found on the photo", stdout)
	var doc struct {
		Ships []struct {
			ID    string       `yaml:"id"`
			Class string       `yaml:"class"`
			Front [][2]float64 `yaml:"front"`
		} `yaml:"ships"`
	}
	require.NoError(t, yaml.Unmarshal([]byte(stdout), &doc), "the proposals are a marks file's ships")
	require.Len(t, doc.Ships, 2)
	// named as every mode names a new ship (the class's call and a number)
	comp, err := assets.Load()
	require.NoError(t, err)
	named := map[string]bool{}
	for _, p := range doc.Ships {
		want := comp.NewShipID(p.Class, func(id string) bool { return named[id] })
		assert.Equal(t, want, p.ID)
		assert.NotEqual(t, p.Class, strings.TrimRight(p.ID, "-0123456789"), "a call, not the class id: %s", p.ID)
		named[p.ID] = true
	}
	for _, s := range tr.Truth.Ships {
		hex := physics.Hexagon(s.Pose, s.AcrossFlats)
		l, _ := tr.Cam.Project(hex[1])
		r, _ := tr.Cam.Project(hex[0])
		best := 1e9
		for _, p := range doc.Ships {
			best = min(best, physics.V(p.Front[0][0], p.Front[0][1]).Dist(l)+physics.V(p.Front[1][0], p.Front[1][1]).Dist(r))
		}
		assert.Less(t, best, 3.0, "a proposal at %s's front corners (pixels off)", s.ID)
	}
	// the marked ships are not proposed again
	code, stdout, stderr = runCLI(t, "", "photo", "-find", "viper-mk2,cylon-raider", "-marks", marksPath, photoPath)
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, "# 0 bases found on the photo besides the 2 objects marked")
	code, _, stderr = runCLI(t, "", "photo", "-find", "basestar", "-marks", marksPath, photoPath)
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, `unknown class "basestar"`)
	// -place: the sheet's place typed instead of in the file
	unplaced := strings.Replace(string(data), fmt.Sprintf("  at: [%.3f, %.3f]\n  angle: %.3f\n", tr.SheetAt.X, tr.SheetAt.Y, tr.SheetAngle), "", 1)
	require.NotEqual(t, string(data), unplaced)
	up := filepath.Join(t.TempDir(), "unplaced.yaml")
	require.NoError(t, os.WriteFile(up, []byte(unplaced), 0o644))
	code, want, stderr := runCLI(t, "", "photo", "-marks", marksPath, photoPath)
	require.Equal(t, 0, code, stderr)
	code, got, stderr := runCLI(t, "", "photo", "-place", fmt.Sprintf("table 900x900 at %.3f,%.3f angle %.3f", tr.SheetAt.X, tr.SheetAt.Y, tr.SheetAngle), "-marks", up, photoPath)
	require.Equal(t, 0, code, stderr)
	assert.Equal(t, want, got)
	code, _, stderr = runCLI(t, "", "photo", "-place", "at 2000,10", "-marks", up, photoPath)
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "off the 900 × 900 mm table")
	// -edges with neither: the play area's sides as a rectangle of
	// unknown size and place
	code, stdout, stderr = runCLI(t, "", "photo", "-edges", "-marks", up, photoPath)
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, "points of the play area's sides found on the photo, fitted as a rectangle of unknown size and place")
	assert.Contains(t, stdout, "lens K1 ")
	assert.Contains(t, stdout, "Straight edges: "+photo.EdgesRectangle.String()+".")
	code, got, stderr = runCLI(t, "", "photo", "-marks", up, photoPath)
	require.Equal(t, 0, code, stderr)
	assert.Equal(t, stdout, got, "-edges is the default")
}

// TestPhotoFindFrontOrRear (issue #28: bases found by themselves): on
// bases whose front and rear flats carry lines alike (the game's raised
// lines), -find says each base's front may be the other end, and gives
// that other end's corners: one of the two is the ship's front.
func TestPhotoFindFrontOrRear(t *testing.T) {
	tr, photoPath, marksPath := renderedTableOf(t, 21, phototest.RaisedLines)
	data, err := os.ReadFile(marksPath)
	require.NoError(t, err)
	noShips := filepath.Join(t.TempDir(), "none.yaml")
	require.NoError(t, os.WriteFile(noShips, []byte(strings.Split(string(data), "ships:")[0]), 0o644))
	code, stdout, stderr := runCLI(t, "", "photo", "-find", "all", "-marks", noShips, photoPath)
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, "# 2 bases found on the photo", stdout)
	assert.Equal(t, 2, strings.Count(stdout, "FRONT OR REAR: its front and rear lines look alike"), stdout)
	assert.NotContains(t, stdout, "front told by its fore mark")
	var fronts [][2]physics.Vec
	for _, line := range strings.Split(stdout, "\n") {
		var a, b, c, d float64
		if _, err := fmt.Sscanf(strings.TrimSpace(line), "# if its front is the other end: front: [[%g, %g], [%g, %g]]", &a, &b, &c, &d); err == nil {
			fronts = append(fronts, [2]physics.Vec{physics.V(a, b), physics.V(c, d)})
		}
	}
	var doc struct {
		Ships []struct {
			Front [][2]float64 `yaml:"front"`
		} `yaml:"ships"`
	}
	require.NoError(t, yaml.Unmarshal([]byte(stdout), &doc))
	for _, p := range doc.Ships {
		fronts = append(fronts, [2]physics.Vec{physics.V(p.Front[0][0], p.Front[0][1]), physics.V(p.Front[1][0], p.Front[1][1])})
	}
	require.Len(t, fronts, 4, "each base's corners, and the other end's")
	for _, s := range tr.Truth.Ships {
		hex := physics.Hexagon(s.Pose, s.AcrossFlats)
		l, _ := tr.Cam.Project(hex[1])
		r, _ := tr.Cam.Project(hex[0])
		best := 1e9
		for _, f := range fronts {
			best = min(best, f[0].Dist(l)+f[1].Dist(r))
		}
		assert.Less(t, best, 3.0, "%s's front corners among the proposals (pixels off)", s.ID)
	}
}
