package ui

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
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
