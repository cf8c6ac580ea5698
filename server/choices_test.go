package server_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/client"
	"github.com/starshipbattles/bsg/server"
	"github.com/starshipbattles/bsg/starship"
)

// A game is created with the players' choices over its scenario (issue 27,
// setup: the rules and options, the pilots), judged by the one setup
// check; the game's record keeps the chosen setup, so that the game
// rebuilt from the store (a restart) plays it. Hostile choices are
// refused with a 400 naming the field, and create nothing.
func TestCreateWithChoices(t *testing.T) {
	opts := serverOpts()
	opts.Data = t.TempDir()
	opts.MaxGamesPerClient = 2
	s, hs := start(t, opts)
	post := func(req server.CreateRequest) (int, string) {
		t.Helper()
		body, err := json.Marshal(req)
		require.NoError(t, err)
		resp, err := http.Post(hs.URL+"/api/games", "application/json", bytes.NewReader(body))
		require.NoError(t, err)
		defer resp.Body.Close()
		data, err := io.ReadAll(resp.Body)
		require.NoError(t, err)
		return resp.StatusCode, string(data)
	}
	aiming := []starship.Option{starship.OptFTL, starship.OptFuel, starship.OptPilots, starship.OptAiming}
	marks := []string{"marksman"}
	code, text := post(server.CreateRequest{Scenario: "jump-point", Companion: true, Choices: &battle.Choices{
		Options: &aiming, Ships: []battle.ShipChoice{{Ship: "escort-2", Pilot: starship.Expert, Talents: &marks}}}})
	require.Equal(t, http.StatusOK, code, text)
	var cr server.CreateResponse
	require.NoError(t, json.Unmarshal([]byte(text), &cr))
	check := func(setup battle.Setup) {
		t.Helper()
		assert.True(t, setup.Rules.Has(starship.OptAiming))
		for _, sh := range setup.Ships {
			if sh.ID == "escort-2" {
				assert.Equal(t, starship.Expert, sh.Pilot)
				assert.Equal(t, marks, sh.Talents)
			}
		}
	}
	setup, err := client.Scenario(hs.URL, cr.Game)
	require.NoError(t, err)
	check(setup)

	// the same game from the store after a restart
	s.Close()
	hs.Close()
	_, hs2 := start(t, opts)
	setup, err = client.Scenario(hs2.URL, cr.Game)
	require.NoError(t, err)
	check(setup)
	hs = hs2

	many := make([]battle.ShipChoice, 10000)
	huge := make([]string, 5000)
	for i := range huge {
		huge[i] = strings.Repeat("x", 40)
	}
	bad := []starship.Option{"warp\x1b[2J"}
	for _, tc := range []struct {
		name  string
		c     battle.Choices
		words string
	}{
		{"unknown option", battle.Choices{Options: &bad}, "options[0]"},
		{"unknown rules", battle.Choices{Rules: "house"}, "rules"},
		{"unknown ship", battle.Choices{Ships: []battle.ShipChoice{{Ship: "basestar", Pilot: starship.Ace}}}, `unknown ship "basestar"`},
		{"a Colonial pilot card for a Cylon ship", battle.Choices{Ships: []battle.ShipChoice{{Ship: "hunter-1", Pilot: "apollo"}}}, "ships[hunter-1].pilot"},
		{"more choices than ships", battle.Choices{Ships: many}, "the scenario has 6 ships"},
		{"a huge list of talents", battle.Choices{Ships: []battle.ShipChoice{{Ship: "raptor", Talents: &huge}}}, "ships[raptor].talents"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, text := post(server.CreateRequest{Scenario: "jump-point", Companion: true, Choices: &tc.c})
			assert.Contains(t, []int{http.StatusBadRequest, http.StatusRequestEntityTooLarge}, code, text)
			if code == http.StatusBadRequest {
				assert.Contains(t, text, tc.words)
			}
			assert.NotContains(t, text, "\x1b")
		})
	}
	// nothing was created by the refusals: the client's second game is
	// allowed, a third is not
	code, text = post(server.CreateRequest{Scenario: "jump-point", Companion: true})
	require.Equal(t, http.StatusOK, code, text)
	code, text = post(server.CreateRequest{Scenario: "jump-point", Companion: true})
	assert.Equal(t, http.StatusTooManyRequests, code, text)
}
