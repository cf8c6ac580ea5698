package main

import (
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/client"
	"github.com/starshipbattles/bsg/server"
	"github.com/starshipbattles/bsg/wire"
)

// TestRecordsAreVerifiedAgainstThePinnedKey: the seat link pins the
// server's key; bsg bot refuses a record signed with another key than the
// link's, and bsg replay refuses a signed record unless it is given the
// key (or a link pinning it), so a record re-signed with any key is no
// longer accepted.
func TestRecordsAreVerifiedAgainstThePinnedKey(t *testing.T) {
	s, err := server.New(server.Options{Data: t.TempDir()})
	require.NoError(t, err)
	hs := httptest.NewServer(s.Handler())
	t.Cleanup(func() { hs.Close(); s.Close() })
	cr, err := client.Host(hs.URL, server.CreateRequest{Scenario: "jump-point"})
	require.NoError(t, err)
	require.Contains(t, cr.Links["colonial"], "&key="+s.PublicKey())

	// The Cylon link is doctored to pin another key: its bot must refuse
	// the genuine record.
	_, other, _ := ed25519.GenerateKey(nil)
	otherHex := hexKey(other)
	badLink := strings.Replace(cr.Links["cylon"], s.PublicKey(), otherHex, 1)
	file := filepath.Join(t.TempDir(), "record.json")
	var wg sync.WaitGroup
	var cylCode int
	var cylErr string
	wg.Add(1)
	go func() {
		defer wg.Done()
		cylCode, _, cylErr = runCLI(t, "", "bot", "-seat", badLink, "-seed", "2")
	}()
	code, out, errOut := runCLI(t, "", "bot", "-seat", cr.Links["colonial"], "-seed", "1", "-record", file)
	wg.Wait()
	require.Equal(t, 0, code, "%s%s", out, errOut)
	assert.Contains(t, out, "record verified: signed by "+s.PublicKey())
	assert.NotEqual(t, 0, cylCode)
	assert.Contains(t, cylErr, "expected the server's key "+otherHex)

	// The genuine record, re-signed with another key.
	data, err := os.ReadFile(file)
	require.NoError(t, err)
	var rec wire.Record
	require.NoError(t, json.Unmarshal(data, &rec))
	rec.Sign(other)
	forged, _ := json.Marshal(rec)
	forgedFile := filepath.Join(t.TempDir(), "forged.json")
	require.NoError(t, os.WriteFile(forgedFile, forged, 0o644))

	code, _, errOut = runCLI(t, "", "replay", forgedFile)
	assert.NotEqual(t, 0, code, "a signed record without the server's key")
	assert.Contains(t, errOut, "give the server's key")
	code, _, errOut = runCLI(t, "", "replay", "-seat", cr.Links["cylon"], forgedFile)
	assert.NotEqual(t, 0, code, "a forged record against the link's key")
	assert.Contains(t, errOut, "expected the server's key "+s.PublicKey())
	code, out, errOut = runCLI(t, "", "replay", "-seat", cr.Links["cylon"], file)
	assert.Equal(t, 0, code, "%s", errOut)
	assert.Contains(t, out, "signature ok")
	code, _, _ = runCLI(t, "", "replay", "-any-key", forgedFile)
	assert.Equal(t, 0, code, "-any-key accepts any signer, as asked")
}

func hexKey(k ed25519.PrivateKey) string { return hex.EncodeToString(k.Public().(ed25519.PublicKey)) }

// TestBotShowsTheClock: bsg host -clock live creates a game with a clock
// measured by the server, and bsg bot shows each side's time left at
// every turn.
func TestBotShowsTheClock(t *testing.T) {
	s, err := server.New(server.Options{Data: t.TempDir()})
	require.NoError(t, err)
	hs := httptest.NewServer(s.Handler())
	t.Cleanup(func() { hs.Close(); s.Close() })
	code, out, errOut := runCLI(t, "", "host", "-server", hs.URL, "-clock", "live", "-clock-seconds", "600", "-json")
	require.Equal(t, 0, code, errOut)
	var cr server.CreateResponse
	require.NoError(t, json.Unmarshal([]byte(out), &cr))
	done := make(chan struct{})
	go func() {
		defer close(done)
		runCLI(t, "", "bot", "-seat", cr.Links["cylon"], "-seed", "2")
	}()
	code, out, errOut = runCLI(t, "", "bot", "-seat", cr.Links["colonial"], "-seed", "1")
	<-done
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "turn 1: time left colonial ")
	assert.Contains(t, out, "(live clock, 600 s a turn)")
	assert.Contains(t, out, "turn 2: time left colonial ")
}
