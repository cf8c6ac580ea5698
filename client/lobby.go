package client

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/starshipbattles/bsg/internal/limits"
	"github.com/starshipbattles/bsg/wire"
)

// Host asks the server at base (its URL) to create a game, the lobby of
// wire/PROTOCOL.md, and returns the game's seats and links. The server's
// refusal comes back as the error.
func Host(base string, req wire.CreateRequest) (wire.CreateResponse, error) {
	var cr wire.CreateResponse
	body, _ := json.Marshal(req)
	hc := &http.Client{Timeout: 30 * time.Second}
	resp, err := hc.Post(strings.TrimSuffix(base, "/")+"/api/games", "application/json", bytes.NewReader(body))
	if err != nil {
		return cr, fmt.Errorf("host: %w", err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(io.LimitReader(resp.Body, limits.AnswerBytes))
	if resp.StatusCode != http.StatusOK {
		return cr, fmt.Errorf("host: the server refused: %s", strings.TrimSpace(string(data)))
	}
	if err := json.Unmarshal(data, &cr); err != nil {
		return cr, fmt.Errorf("host: the server's answer: %w", err)
	}
	return cr, nil
}
