package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"
)

// Host asks a server (base URL) to create a game and returns its seats.
func Host(base string, req CreateRequest) (CreateResponse, error) {
	var cr CreateResponse
	body, _ := json.Marshal(req)
	hc := &http.Client{Timeout: 30 * time.Second}
	resp, err := hc.Post(strings.TrimSuffix(base, "/")+"/api/games", "application/json", bytes.NewReader(body))
	if err != nil {
		return cr, fmt.Errorf("host: %w", err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if resp.StatusCode != http.StatusOK {
		return cr, fmt.Errorf("host: the server refused: %s", strings.TrimSpace(string(data)))
	}
	if err := json.Unmarshal(data, &cr); err != nil {
		return cr, fmt.Errorf("host: the server's answer: %w", err)
	}
	return cr, nil
}
