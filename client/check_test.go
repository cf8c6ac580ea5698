package client_test

import (
	"context"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/client"
	"github.com/starshipbattles/bsg/server"
	"github.com/starshipbattles/bsg/starship"
	"github.com/starshipbattles/bsg/wire"
)

// TestAPlanTheEngineCannotReadIsNeverCommitted: Seal checks the plans
// before it commits (a commitment cannot be made again): a plan with no
// cards, a missing ship, a ship planned twice are refused, and the server
// has no commitment from the seat.
func TestAPlanTheEngineCannotReadIsNeverCommitted(t *testing.T) {
	s, err := server.New(server.Options{Data: t.TempDir()})
	require.NoError(t, err)
	hs := httptest.NewServer(s.Handler())
	defer func() { hs.Close(); s.Close() }()
	cr, err := client.Host(hs.URL, server.CreateRequest{Scenario: "jump-point"})
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cyl := client.Dial(ctx, hs.URL, cr.Cylon)
	defer cyl.Close()
	col := client.Dial(ctx, hs.URL, cr.Colonial)
	defer col.Close()
	col.SetComponents(assets.Default())
	st, err := col.Wait(ctx, func(s *wire.State) bool { return s.Ready && s.Sealed })
	require.NoError(t, err)
	require.Len(t, st.Owe, 3)

	good := func(id string) battle.Command {
		for _, sv := range st.View.Ships {
			if sv.ID == id {
				return battle.Command{Type: battle.CmdPlan, Ship: id, Plan: &starship.Plan{Cards: []string{"straight"}, Speed: sv.State.Speed, Rotate: sv.Rotation}}
			}
		}
		panic(id)
	}
	noCards := battle.Command{Type: battle.CmdPlan, Ship: st.Owe[0], Plan: &starship.Plan{Speed: "medium"}}
	for name, cmds := range map[string][]battle.Command{
		"no cards":      {noCards, good(st.Owe[1]), good(st.Owe[2])},
		"a ship left":   {good(st.Owe[0]), good(st.Owe[1])},
		"planned twice": {good(st.Owe[0]), good(st.Owe[1]), good(st.Owe[2]), good(st.Owe[2])},
		"another ship":  {good(st.Owe[0]), good(st.Owe[1]), good(st.Owe[2]), {Type: battle.CmdPlan, Ship: "hunter-1", Plan: &starship.Plan{Cards: []string{"straight"}, Speed: "low"}}},
	} {
		err := col.Seal(ctx, cmds)
		require.Error(t, err, name)
		assert.Contains(t, err.Error(), "seal: ", name)
	}
	now := col.State()
	assert.Empty(t, now.Committed, "nothing was committed")
	assert.Equal(t, st.Seq, now.Seq)
}
