package photo_test

import (
	"bytes"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/photo"
	"github.com/starshipbattles/bsg/photo/sheetpdf"
)

// TestPrintedSheetIsFound rasterizes the sheet's PDF (pdftoppm, from
// poppler-utils: make deps) at 200 dpi as a scan seen straight from above and checks
// that the detector finds the four marks where the PDF put them, in
// order: the PDF and the detector agree on the design.
func TestPrintedSheetIsFound(t *testing.T) {
	_, err := exec.LookPath("pdftoppm")
	require.NoError(t, err, "pdftoppm is needed (poppler-utils; make deps installs it)")
	const dpi = 200.0
	for _, paper := range photo.Papers {
		sheet, _ := photo.SheetFor(paper)
		var buf bytes.Buffer
		require.NoError(t, sheetpdf.Write(&buf, sheet))
		dir := t.TempDir()
		pdf := filepath.Join(dir, "sheet.pdf")
		require.NoError(t, os.WriteFile(pdf, buf.Bytes(), 0o644))
		out, err := exec.Command("pdftoppm", "-r", "200", "-gray", "-png", "-singlefile", pdf, filepath.Join(dir, "sheet")).CombinedOutput()
		require.NoError(t, err, string(out))
		f, err := os.Open(filepath.Join(dir, "sheet.png"))
		require.NoError(t, err)
		img, err := png.Decode(f)
		f.Close()
		require.NoError(t, err)
		b := img.Bounds()
		assert.InDelta(t, sheet.W*dpi/25.4, float64(b.Dx()), 1.5, "%s is landscape at true size", paper)
		det, err := photo.DetectSheet(img, sheet)
		require.NoError(t, err, paper)
		for k, m := range sheet.Marks() {
			want := [2]float64{(sheet.W/2+m.X)*dpi/25.4 - 0.5, (sheet.H/2-m.Y)*dpi/25.4 - 0.5}
			// the rasterizer puts the squares' edges on whole pixels: up to
			// half a pixel, 0.064 mm at 200 dpi
			mm := 25.4 / dpi
			assert.InDelta(t, want[0]*mm, det.Pixels[k].X*mm, 0.1, "%s mark %s (mm)", paper, photo.MarkNames[k])
			assert.InDelta(t, want[1]*mm, det.Pixels[k].Y*mm, 0.1, "%s mark %s (mm)", paper, photo.MarkNames[k])
		}
	}
}
