package client

import (
	"encoding/json"
	"fmt"
	"net/url"
	"strings"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/internal/limits"
	"github.com/starshipbattles/bsg/internal/yamlfile"
	"github.com/starshipbattles/bsg/wire"
)

// statusOK is HTTP's 200.
const statusOK = 200

// Host asks the server at base (its URL) to create a game, the lobby of
// wire/PROTOCOL.md, and returns the game's seats and links. The server's
// refusal comes back as the error; when no server answers at base, the
// error is ErrUnreachable.
func Host(base string, req wire.CreateRequest) (wire.CreateResponse, error) {
	var cr wire.CreateResponse
	body, _ := json.Marshal(req)
	status, data, err := request(strings.TrimSuffix(base, "/")+"/api/games", body, limits.AnswerBytes)
	if err != nil {
		return cr, fmt.Errorf("host: %w", err)
	}
	if status != statusOK {
		return cr, fmt.Errorf("host: the server refused: %s", strings.TrimSpace(string(data)))
	}
	if err := json.Unmarshal(data, &cr); err != nil {
		return cr, fmt.Errorf("host: the server's answer: %w", err)
	}
	return cr, nil
}

// Scenario fetches a game's scenario from the server at base (GET
// /api/games/{id}/scenario) and checks it as the engine would
// (battle.Setup.Validate): a computer player needs it to know the
// victory conditions.
func Scenario(base, game string) (battle.Setup, error) {
	var setup battle.Setup
	status, data, err := request(strings.TrimSuffix(base, "/")+"/api/games/"+url.PathEscape(game)+"/scenario", nil, limits.FileBytes+1)
	if err != nil {
		return setup, fmt.Errorf("scenario: %w", err)
	}
	if status != statusOK {
		return setup, fmt.Errorf("scenario: the server refused: %s", strings.TrimSpace(string(data)))
	}
	if len(data) > limits.FileBytes {
		return setup, fmt.Errorf("scenario: the server's answer is more than %d bytes", limits.FileBytes)
	}
	if err := yamlfile.CheckJSON(data, limits.Items); err != nil {
		return setup, fmt.Errorf("scenario: the server's answer: %w", err)
	}
	if err := json.Unmarshal(data, &setup); err != nil {
		return setup, fmt.Errorf("scenario: the server's answer: %w", err)
	}
	if err := setup.Validate(); err != nil {
		return setup, fmt.Errorf("scenario: the server's scenario: %w", err)
	}
	return setup, nil
}

// ServerKey fetches the server's public key (GET /api/key, hex): what a
// record of its games must be signed with, when the seat link did not pin
// it.
func ServerKey(base string) (string, error) {
	status, data, err := request(strings.TrimSuffix(base, "/")+"/api/key", nil, limits.AnswerBytes)
	if err != nil {
		return "", fmt.Errorf("key: %w", err)
	}
	var key string
	if status != statusOK || json.Unmarshal(data, &key) != nil || len(key) != 64 || strings.Trim(key, "0123456789abcdef") != "" {
		return "", fmt.Errorf("key: the server gave no ed25519 public key (%d)", status)
	}
	return key, nil
}

// Mine fetches the games of the seats a player holds (GET /api/mine):
// where each stands and whether it is the seat's turn.
func Mine(base string, tokens []string) ([]wire.GameSummary, error) {
	var out []wire.GameSummary
	status, data, err := request(strings.TrimSuffix(base, "/")+"/api/mine?seats="+url.QueryEscape(strings.Join(tokens, ",")), nil, limits.AnswerBytes)
	if err != nil {
		return nil, fmt.Errorf("mine: %w", err)
	}
	if status != statusOK {
		return nil, fmt.Errorf("mine: the server refused: %s", strings.TrimSpace(string(data)))
	}
	if err := json.Unmarshal(data, &out); err != nil {
		return nil, fmt.Errorf("mine: the server's answer: %w", err)
	}
	return out, nil
}
