package main

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/client"
	"github.com/starshipbattles/bsg/maneuvers"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/scenarios"
	"github.com/starshipbattles/bsg/server"
	"github.com/starshipbattles/bsg/starship"
	"github.com/starshipbattles/bsg/wire"
)

// bsg companion -server creates a companion game there and prints its
// seat links; -join prints where a seat's game stands.
func TestCompanionOnAServer(t *testing.T) {
	s, err := server.New(server.Options{Data: t.TempDir()})
	require.NoError(t, err)
	hs := httptest.NewServer(s.Handler())
	t.Cleanup(func() { hs.Close(); s.Close() })
	code, out, errOut := runCLI(t, "", "companion", "-server", hs.URL, "-scenario", "jump-point", "-json")
	require.Equal(t, 0, code, errOut)
	var cr server.CreateResponse
	require.NoError(t, json.Unmarshal([]byte(out), &cr))
	require.NotEmpty(t, cr.Links["colonial"])
	require.NotEmpty(t, cr.Links["cylon"])

	code, out, errOut = runCLI(t, "", "companion", "-join", cr.Links["colonial"])
	require.Equal(t, 0, code, errOut)
	assert.True(t, strings.HasPrefix(out, "companion game "+cr.Game+", seat colonial: turn 1, step 1, planning\n"), out)
	assert.Contains(t, out, "you owe: raptor, escort-1, escort-2")

	code, _, errOut = runCLI(t, "", "companion", "-server", hs.URL, "-scenario", "no-such-scenario")
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "no-such-scenario")
}

// bsg companion without -server runs the server itself, prints the seat
// links, and serves the game until it is stopped.
func TestCompanionServesItsOwnGame(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	run, stop := context.WithCancel(ctx)
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- companion(run, []string{"-addr", "127.0.0.1:0", "-data", t.TempDir(), "-web", "", "-scenario", "furball"}, strings.NewReader(""), pw, io.Discard)
		pw.Close()
	}()
	links := map[string]string{}
	sc := bufio.NewScanner(pr)
	for sc.Scan() && len(links) < 3 {
		for _, seat := range []string{"colonial", "cylon", "spectator"} {
			if rest, ok := strings.CutPrefix(sc.Text(), seat+":"); ok {
				links[seat] = strings.TrimSpace(rest)
			}
		}
	}
	require.Len(t, links, 3)
	go func() { _, _ = io.Copy(io.Discard, pr) }()
	j, err := client.ParseLink(links["cylon"], "")
	require.NoError(t, err)
	c := client.Dial(ctx, j.Server, j.Token)
	defer c.Close()
	st, err := c.Wait(ctx, func(*wire.State) bool { return true })
	require.NoError(t, err)
	assert.True(t, st.Companion)
	assert.Equal(t, battle.Cylon, st.Seat)
	stop()
	require.NoError(t, <-done)
}

// The seat's text names an illegal plan's rules and what to do at the
// table, from the engine's one legality answer.
func TestCompanionTextSaysWhatToDoAtTheTable(t *testing.T) {
	comp := assets.Default()
	sc, err := scenarios.Load("jump-point", comp)
	require.NoError(t, err)
	b, err := battle.New(sc.Setup(), comp, 1)
	require.NoError(t, err)
	plan := starship.Plan{Cards: []string{"hard-turn-left"}, Speed: maneuvers.Medium}
	o, err := b.Preview(battle.Colonial, "raptor", plan)
	require.NoError(t, err)
	st := &wire.State{Game: "g", Seat: battle.Cylon, Companion: true, View: b.View(battle.Cylon),
		Need: &wire.Need{What: battle.DrawCounter, Of: 40, For: "raptor's illegal move", Ship: "raptor", Side: battle.Colonial, Cup: "damage"},
		Moves: []wire.TableMove{{Turn: 1, Ship: "raptor", Side: battle.Colonial, Planned: plan, Executed: o.Executed, Legal: o.Legal,
			Violations: o.Violations, DamageDraws: o.DamageDraws, Steps: []physics.Pose{o.Final().Pose}}}}
	got := companionText(st)
	t.Log(got)
	assert.Contains(t, got, "a counter from the damage cup for raptor's illegal move: the Colonial player draws it from the table's cup and types it in, or draws one from the app's secret cup")
	assert.Contains(t, got, "raptor (colonial): hard-turn-left at medium; illegal: no-arrow-for-speed (")
	assert.Contains(t, got, "at the table: draw 1 damage counter and fly straight at medium instead")
}

// Movement (the table companion): both players say the table is aligned;
// the seat's text says who has.
func TestCompanionTextSaysWhoHasSaidTheTableIsAligned(t *testing.T) {
	comp := assets.Default()
	sc, err := scenarios.Load("jump-point", comp)
	require.NoError(t, err)
	b, err := battle.New(sc.Setup(), comp, 1)
	require.NoError(t, err)
	st := &wire.State{Game: "g", Seat: battle.Cylon, Companion: true, View: b.View(battle.Cylon), Aligned: []battle.Side{battle.Colonial}}
	st.View.Phase, st.View.Step = battle.Aligning, 1
	got := companionText(st)
	assert.Contains(t, got, "then say the table is aligned (both players say it)")
	assert.Contains(t, got, "the Colonial player has said the table is aligned")
}

// The players choose the rules and the pilots of a companion game on the
// command line (issue 27, setup: "the rules and options, the pilots"):
// the server creates the game with the chosen setup, judged by the one
// setup check; a refused choice creates nothing and names its field and
// the rule's section.
func TestCompanionSetupChoices(t *testing.T) {
	s, err := server.New(server.Options{Data: t.TempDir()})
	require.NoError(t, err)
	hs := httptest.NewServer(s.Handler())
	t.Cleanup(func() { hs.Close(); s.Close() })
	code, out, errOut := runCLI(t, "", "companion", "-server", hs.URL, "-scenario", "jump-point", "-json",
		"-options", "ftl,fuel,pilots,aiming", "-pilot", "escort-1=ace", "-talents", "escort-1=marksman,eagle-eye", "-pilot", "hunter-1=rookie", "-talents", "hunter-1=")
	require.Equal(t, 0, code, errOut)
	var cr server.CreateResponse
	require.NoError(t, json.Unmarshal([]byte(out), &cr))
	setup, err := client.Scenario(hs.URL, cr.Game)
	require.NoError(t, err)
	assert.True(t, setup.Rules.Has(starship.OptAiming))
	assert.True(t, setup.Companion)
	for _, sh := range setup.Ships {
		switch sh.ID {
		case "escort-1":
			assert.Equal(t, starship.Ace, sh.Pilot)
			assert.Equal(t, []string{"marksman", "eagle-eye"}, sh.Talents)
		case "hunter-1":
			assert.Equal(t, starship.Rookie, sh.Pilot)
			assert.Empty(t, sh.Talents)
		}
	}

	for _, tc := range []struct {
		args  []string
		words string
	}{
		{[]string{"-rules", "quick"}, "Faster-than-light movement"},
		{[]string{"-pilot", "escort-1=scar"}, "ships[escort-1].pilot: Scar is a cylon pilot"},
		{[]string{"-pilot", "basestar=ace"}, `unknown ship "basestar"`},
		{[]string{"-talents", "escort-1=telepathy"}, `ships[escort-1].talents[0]: unknown talent "telepathy"`},
	} {
		code, _, errOut := runCLI(t, "", append([]string{"companion", "-server", hs.URL, "-scenario", "jump-point"}, tc.args...)...)
		assert.Equal(t, 1, code, tc.args)
		assert.Contains(t, errOut, tc.words, tc.args)
	}
	code, _, errOut = runCLI(t, "", "companion", "-server", hs.URL, "-pilot", "escort-1")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "want SHIP=VALUE")
}

// The setup sheet is printed with the same choices as the game.
func TestScenarioSheetWithChoices(t *testing.T) {
	dir := t.TempDir()
	code, _, errOut := runCLI(t, "", "scenario", "sheet", "jump-point", "-png", dir+"/a.png", "-pilot", "escort-1=ace", "-talents", "escort-1=marksman")
	require.Equal(t, 0, code, errOut)
	code, _, errOut = runCLI(t, "", "scenario", "sheet", "escort", "-png", dir+"/b.png", "-pilot", "escort-1=ace")
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "ships[escort-1]")
}
