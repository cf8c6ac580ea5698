package wire_test

import (
	"crypto/ed25519"
	"encoding/hex"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/policy"
	"github.com/starshipbattles/bsg/scenarios"
	"github.com/starshipbattles/bsg/wire"
)

var comp = assets.Default()

// played plays The Jump Point locally the way the server does: plans
// sealed and opened, each turn reseeded with its derived dice seed, and
// returns the signed record.
func played(t *testing.T) (wire.Record, ed25519.PrivateKey) {
	setup, ok := scenarios.Builtin("jump-point")
	require.True(t, ok)
	secret := make([]byte, wire.NonceSize)
	secret[0] = 7
	game := "g1"
	b, err := battle.New(setup, comp, wire.GameSeed(secret))
	require.NoError(t, err)
	rec := wire.Record{Format: wire.RecordFormat, Game: game, Scenario: "jump-point", Setup: setup,
		Secret: hex.EncodeToString(secret), SecretCommitment: wire.SecretCommitment(secret)}
	g := policy.NewGame(b, comp, 3)
	for guard := 0; b.Phase() != battle.Over; guard++ {
		require.Less(t, guard, 10000)
		if b.Phase() == battle.Revealing {
			turn := b.Turn()
			d := wire.TurnDice{Turn: turn, Contribution: wire.Contribution(secret, turn)}
			d.ContributionCommitment = wire.ContributionCommitment(d.Contribution)
			for _, s := range rec.Seals {
				if s.Turn == turn && s.Phase == battle.Planning {
					d.Nonces = append(d.Nonces, wire.Opened{Side: s.Side, Nonce: s.Nonce})
				}
			}
			d.Seed = wire.DiceSeed(game, turn, d.Contribution, d.Nonces)
			rec.Dice = append(rec.Dice, d)
			_, err := b.Apply(battle.Command{Type: battle.CmdReseed, Side: battle.Colonial, Seed: d.Seed})
			require.NoError(t, err)
			_, err = b.Apply(battle.Command{Type: battle.CmdReveal, Side: battle.Colonial})
			require.NoError(t, err)
			continue
		}
		for _, side := range battle.Sides {
			before := len(b.Journal())
			st := b.State()
			_, err := g.Act(side, policy.Greedy{})
			require.NoError(t, err)
			if st.Phase != battle.Planning {
				continue
			}
			var cmds []battle.Command
			for _, e := range b.Journal()[before:] {
				c := e.Command
				c.Side = ""
				cmds = append(cmds, c)
			}
			if len(cmds) == 0 {
				continue
			}
			nonce := wire.NewNonce()
			rec.Seals = append(rec.Seals, wire.Seal{Side: side, Turn: st.Turn, Step: st.Step, Phase: st.Phase,
				Commitment: wire.Commit(game, st.Turn, st.Step, st.Phase, 0, side, cmds, nonce), Nonce: nonce, Commands: cmds})
		}
	}
	rec.Journal, rec.Hash, rec.Result = b.Journal(), b.Hash(), b.Result()
	_, key, _ := ed25519.GenerateKey(nil)
	rec.Sign(key)
	return rec, key
}

// TestRecordVerifiesAndEveryTamperingIsCaught: a signed record verifies;
// changing any part of it (and signing again with another key, or not)
// is caught by the check that part fails.
func TestRecordVerifiesAndEveryTamperingIsCaught(t *testing.T) {
	rec, key := played(t)
	pub := hex.EncodeToString(key.Public().(ed25519.PublicKey))
	_, err := rec.Verify(comp, pub)
	require.NoError(t, err)

	_, other, _ := ed25519.GenerateKey(nil)
	resign := func(r wire.Record) wire.Record { r.Sign(key); return r }
	cases := []struct {
		name string
		r    wire.Record
		key  string
		want string
	}{
		{"another server's key", func() wire.Record { r := rec; r.Sign(other); return r }(), pub, "public_key"},
		{"unsigned change", func() wire.Record { r := rec; r.Hash = "0000"; return r }(), "", "signature"},
		{"another secret", resign(func() wire.Record { r := rec; r.Secret = hex.EncodeToString(make([]byte, 32)); return r }()), "", "secret"},
		{"a changed plan", resign(func() wire.Record {
			r := rec
			r.Seals = append([]wire.Seal(nil), rec.Seals...)
			s := r.Seals[2]
			s.Commands = append([]battle.Command(nil), s.Commands...)
			p := *s.Commands[0].Plan
			p.Rotate++
			s.Commands[0].Plan = &p
			r.Seals[2] = s
			return r
		}()), "", "seals[2]"},
		{"another nonce", resign(func() wire.Record {
			r := rec
			r.Seals = append([]wire.Seal(nil), rec.Seals...)
			r.Seals[0].Nonce = wire.NewNonce()
			return r
		}()), "", "seals[0]"},
		{"chosen dice", resign(func() wire.Record {
			r := rec
			r.Dice = append([]wire.TurnDice(nil), rec.Dice...)
			r.Dice[1].Seed++
			return r
		}()), "", "dice[1]"},
		{"another final hash", resign(func() wire.Record { r := rec; r.Hash = "0123456789abcdef"; return r }()), "", "hash"},
		{"a dropped journal entry", resign(func() wire.Record {
			r := rec
			r.Journal = append(append([]battle.Entry(nil), rec.Journal[:5]...), rec.Journal[6:]...)
			return r
		}()), "", "journal"},
		{"a forfeit added to a game the engine ended", resign(func() wire.Record {
			r := rec
			r.Abort = &wire.Abort{Forfeits: battle.Cylon, Turn: rec.Result.Turn, Reason: wire.AbortAbandoned}
			return r
		}()), "", "abort"},
	}
	for _, c := range cases {
		_, err := c.r.Verify(comp, c.key)
		if assert.Error(t, err, c.name) {
			assert.Contains(t, err.Error(), c.want, c.name)
		}
	}
}

// TestCommitBindsEverything: a commitment changes with the game, moment,
// side, commands and nonce.
func TestCommitBindsEverything(t *testing.T) {
	cmds := []battle.Command{{Type: battle.CmdPlan, Ship: "a"}}
	n := wire.NewNonce()
	base := wire.Commit("g", 1, 1, battle.Planning, 0, battle.Colonial, cmds, n)
	assert.Equal(t, base, wire.Commit("g", 1, 1, battle.Planning, 0, battle.Colonial, cmds, n))
	for _, other := range []string{
		wire.Commit("h", 1, 1, battle.Planning, 0, battle.Colonial, cmds, n),
		wire.Commit("g", 2, 1, battle.Planning, 0, battle.Colonial, cmds, n),
		wire.Commit("g", 1, 2, battle.Planning, 0, battle.Colonial, cmds, n),
		wire.Commit("g", 1, 1, battle.Declaring, 0, battle.Colonial, cmds, n),
		wire.Commit("g", 1, 1, battle.Planning, 1, battle.Colonial, cmds, n),
		wire.Commit("g", 1, 1, battle.Planning, 0, battle.Cylon, cmds, n),
		wire.Commit("g", 1, 1, battle.Planning, 0, battle.Colonial, []battle.Command{{Type: battle.CmdPlan, Ship: "b"}}, n),
		wire.Commit("g", 1, 1, battle.Planning, 0, battle.Colonial, cmds, wire.NewNonce()),
	} {
		assert.NotEqual(t, base, other)
	}
	assert.NotEqual(t, wire.NewNonce(), wire.NewNonce())
	assert.NotEqual(t, wire.DiceSeed("g", 1, "c", nil), wire.DiceSeed("g", 1, "c", []wire.Opened{{Side: battle.Colonial, Nonce: n}}))
}
