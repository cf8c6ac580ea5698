package tests

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/maneuvers"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/starship"
)

var tailingRules = starship.Rules{Set: starship.Complete, Options: []starship.Option{starship.OptTailing}}

func planStill(t *testing.T, b *battle.Battle, side battle.Side, id string) error {
	t.Helper()
	p := starship.Plan{Cards: []string{"straight"}, Speed: maneuvers.Stop}
	for _, s := range b.State().Ships {
		if s.ID == id {
			p.Rotate = s.Ship.Rotation
		}
	}
	_, err := b.Apply(battle.Command{Type: battle.CmdPlan, Side: side, Ship: id, Plan: &p})
	return err
}

// Tailing, the first example: "Anthony (Colonial) tails Ben (Cylon), while
// Ben tails Cher (Colonial), and Cher tails Don (Cylon). Don plans his
// movement first and shows it to Cher. Then, Cher plans her movement and
// shows it to Ben, who plans his movement. Finally, Ben shows his movement
// to Anthony, who does his planning last." The four fly in a line, each
// 12 cm behind the next.
func TestExampleTailingChain(t *testing.T) {
	b := companion(t, tailingRules,
		spec("anthony", "viper-mk2", battle.Colonial, 450, 160, 90),
		spec("ben", "cylon-raider", battle.Cylon, 450, 280, 90),
		spec("cher", "viper-mk2", battle.Colonial, 450, 400, 90),
		spec("don", "cylon-raider", battle.Cylon, 450, 520, 90))
	begin(t, b)
	tails := map[string]string{}
	for _, s := range b.State().Ships {
		tails[s.ID] = s.Tailing
	}
	assert.Equal(t, map[string]string{"anthony": "ben", "ben": "cher", "cher": "don", "don": ""}, tails)

	order := []struct {
		side battle.Side
		id   string
	}{{battle.Colonial, "anthony"}, {battle.Cylon, "ben"}, {battle.Colonial, "cher"}}
	for _, o := range order {
		err := planStill(t, b, o.side, o.id)
		require.Error(t, err, "%s must wait", o.id)
		assert.Contains(t, err.Error(), "plans after")
	}
	require.NoError(t, planStill(t, b, battle.Cylon, "don"), "don plans first")
	shown := func(side battle.Side, id string) string {
		for _, s := range b.View(side).Ships {
			if s.ID == id {
				return s.Shown
			}
		}
		return ""
	}
	assert.Equal(t, "straight", shown(battle.Colonial, "don"), "don's first card is shown to cher's side")
	assert.Empty(t, shown(battle.Cylon, "don"), "a ship's own side sees its plan, not a shown card")
	require.Error(t, planStill(t, b, battle.Colonial, "anthony"), "anthony still waits for ben")
	require.NoError(t, planStill(t, b, battle.Colonial, "cher"))
	require.NoError(t, planStill(t, b, battle.Cylon, "ben"))
	require.NoError(t, planStill(t, b, battle.Colonial, "anthony"), "anthony plans last")
	assert.Equal(t, battle.Revealing, b.Phase())
	// Once cher's first card has been shown to ben, cher cannot take it back.
	_, err := b.Apply(battle.Command{Type: battle.CmdUndo, Side: battle.Colonial, Ship: "cher"})
	assert.Error(t, err)
}

// Tailing, the second example: "Anthony tails Ben, while Ben tails Cher,
// Cher tails Don, and Don tails Anthony. Ben is chosen randomly. Ben will
// plan first, then Cher, then Don, then Anthony." Four ships fly round a
// square, each 12 cm behind the next and turned 20° right of it.
func TestExampleTailingCircle(t *testing.T) {
	corner := func(k int) (physics.Vec, float64) {
		pts := []physics.Vec{physics.V(400, 400), physics.V(520, 400), physics.V(520, 520), physics.V(400, 520)}
		side := 90 * float64(k) // each flies along the square towards the next corner
		return pts[k], side - 20
	}
	mk := func(id, class string, side battle.Side, k int) battle.ShipSpec {
		p, h := corner(k)
		return spec(id, class, side, p.X, p.Y, h)
	}
	b := companion(t, tailingRules,
		mk("anthony", "viper-mk2", battle.Colonial, 0),
		mk("ben", "cylon-raider", battle.Cylon, 1),
		mk("cher", "viper-mk2", battle.Colonial, 2),
		mk("don", "cylon-raider", battle.Cylon, 3))
	// The circle is anthony → ben → cher → don → anthony; a random pick
	// among the four chooses who plans first: 1 is ben.
	begin(t, b, 1)
	var text string
	for _, e := range b.State().Events {
		text += e.Text() + "\n"
	}
	assert.Contains(t, text, "Tailing circle anthony → ben → cher → don: ben plans first.")
	require.NoError(t, planStill(t, b, battle.Cylon, "ben"), "ben plans first")
	require.Error(t, planStill(t, b, battle.Cylon, "don"), "don waits for cher")
	require.Error(t, planStill(t, b, battle.Colonial, "anthony"), "anthony plans last, after don")
	require.NoError(t, planStill(t, b, battle.Colonial, "cher"))
	require.NoError(t, planStill(t, b, battle.Cylon, "don"))
	require.NoError(t, planStill(t, b, battle.Colonial, "anthony"))
	assert.Equal(t, battle.Revealing, b.Phase())

}
