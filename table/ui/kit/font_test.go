package kit

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/image/font"
)

// TestWrapBreaksAWordWiderThanTheLine: a seat's link has no space; on a
// phone it is cut into lines that fit rather than run off the screen, and
// nothing of it is lost.
func TestWrapBreaksAWordWiderThanTheLine(t *testing.T) {
	f := LoadFonts()
	link := "http://127.0.0.1:7878/?seat=c91056e3df70d4a18299770c287c2373"
	lines := f.Wrap("Send: "+link, 16, 150, true)
	assert.Greater(t, len(lines), 2)
	for _, ln := range lines {
		assert.LessOrEqual(t, f.Width(ln, 16, true), 150.0, "%q", ln)
	}
	assert.Equal(t, "Send:"+link, strings.ReplaceAll(strings.Join(lines, ""), " ", ""))
}

// TestFontsKeepWhatTheyMeasured: Width and Wrap, asked again, say what
// they said the first time, which is what measuring anew says; lines
// changed by a caller do not change what Wrap says next.
func TestFontsKeepWhatTheyMeasured(t *testing.T) {
	f := LoadFonts()
	texts := []string{"", "CAN FIRE: s10 is in s0's arc at 67.5 mm: short range (+1), 32.5 mm from medium.",
		"AVAWAy To. 12.5 mm", "ünïcødé ☆ ★ ½", "averyveryverylongwordthatmustbebrokenintopieces"}
	for _, s := range texts {
		for _, size := range []float64{11, 12.5, 19} {
			for _, bold := range []bool{false, true} {
				want := float64(font.MeasureString(f.Face(size, bold), s)) / 64
				require.Equal(t, want, f.Width(s, size, bold), "%q", s)
				require.Equal(t, want, f.Width(s, size, bold), "%q, again", s)
				lines := f.wrap(s, size, 120, bold)
				got := f.Wrap(s, size, 120, bold)
				require.Equal(t, lines, got, "%q", s)
				for i := range got {
					got[i] = "changed"
				}
				require.Equal(t, lines, f.Wrap(s, size, 120, bold), "%q, again", s)
			}
		}
	}
}
