package assets

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPilotCardNamesAreUnique: Pilot cards — a game has at most one card of
// a name, so pilots.yaml may not give two cards one name; the second is
// refused at its line, naming the first.
func TestPilotCardNamesAreUnique(t *testing.T) {
	c, err := loadTalents(t, embeddedText(t, talentsFile))
	require.NoError(t, err)
	pilots := embeddedText(t, pilotsFile)
	edited := strings.Replace(pilots, `name: "Starbuck"`, `name: "Apollo"`, 1)
	require.NotEqual(t, pilots, edited)
	errs := loadPilotCards(c, []byte(edited))
	require.Len(t, errs, 1)
	assert.Equal(t, "pilots.yaml:"+lineNo(t, edited, `name: "Apollo"`+"\n    affiliation: colonial\n    rank: \"Lieutenant\"")+
		`: pilot_cards.starbuck.name: name "Apollo" given twice; first at line `+lineNo(t, pilots, `name: "Apollo"`)+
		"; a game has at most one card of a name (Pilot cards)", errs.Error())
}
