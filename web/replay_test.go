package web_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/policy"
	"github.com/starshipbattles/bsg/scenarios"
	"github.com/starshipbattles/bsg/table/ui"
)

// Determinism: a journal saved here (amd64) and replayed in the browser
// (wasm) ends in the same state hash. The journal is uploaded through the
// page's file input, as a player's would be, and stepped through by touch
// on a phone.
func TestReplayUnderWasmGivesTheAmd64Hash(t *testing.T) {
	t.Parallel()
	comp := assets.Default()
	sc, err := scenarios.Load("furball", comp)
	require.NoError(t, err)
	b, err := battle.New(sc.Setup(), comp, 20261123)
	require.NoError(t, err)
	greedy, err := policy.ByName("greedy")
	require.NoError(t, err)
	random, err := policy.ByName("random")
	require.NoError(t, err)
	require.NoError(t, policy.Play(b, comp, map[battle.Side]policy.Policy{battle.Colonial: greedy, battle.Cylon: random}, 7))
	data, err := b.Save()
	require.NoError(t, err)
	file := filepath.Join(t.TempDir(), "furball-game.json")
	require.NoError(t, os.WriteFile(file, data, 0o644))
	want := b.Hash()
	t.Logf("%d journal entries, %d turns, amd64 hash %s", len(b.Journal()), b.Turn(), want)

	// on a phone held upright, by touch
	ctx := browse(t, page(t), screen{W: 390, H: 844, DPR: 2, Touch: true})
	tapButton(t, ctx, "Replay a saved game")
	waitFor(t, ctx, pageWait, "the file picker", func(st ui.PageState) bool { return st.Status != "" })
	require.NoError(t, chromedp.Run(ctx, chromedp.SetUploadFiles("#upload", []string{file}, chromedp.ByID)))
	waitFor(t, ctx, pageWait, "the replay", func(st ui.PageState) bool { return st.Screen == "replay" })
	tapButton(t, ctx, "cmd >")
	waitFor(t, ctx, pageWait, "one command on", func(st ui.PageState) bool { return st.Hash != "" })
	require.Empty(t, overlap(state(t, ctx)))
	screenshot(t, ctx, "replay-phone")
	tapButton(t, ctx, ">|")
	st := waitFor(t, ctx, pageWait, "the end of the replay", func(st ui.PageState) bool { return st.AtEnd })
	screenshot(t, ctx, "replay-end")
	require.Equal(t, want, st.Hash, "the wasm replay's state hash")
}
