package battletest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/starshipbattles/bsg/battle"
)

// Leaks lists every secret of side's opponent that the observation obs
// reveals before the rules do, judged against the whole state st (secrets
// included) and the battle's seed. It checks the observation's structure
// (the opponent's ships' plans, counters, damage, fuel, control panels and
// next cards; the declarations still hidden in hand; secret events) and
// then its bytes as sent (the seed; every secret event of the opponent; a
// declaration still hidden), so a network test can pass any message a server
// sends a player as raw. An empty result means nothing leaked.
func Leaks(st battle.State, seed uint64, side battle.Side, obs battle.Observation, raw []byte) []string {
	var out []string
	add := func(format string, args ...any) { out = append(out, fmt.Sprintf(format, args...)) }
	tails := map[string]bool{} // enemy ships one of side's ships tails
	for _, s := range st.Ships {
		if s.Side == side && s.Tailing != "" {
			tails[s.Tailing] = true
		}
	}
	byID := map[string]battle.ShipState{}
	for _, s := range st.Ships {
		byID[s.ID] = s
	}
	for _, v := range obs.View.Ships {
		s, ok := byID[v.ID]
		if !ok || s.Side == side {
			continue
		}
		if v.Own {
			add("%s: an enemy ship is shown as own", v.ID)
		}
		if !s.Revealed && (v.Plan != nil || v.Outcome != nil || v.Marker != nil) {
			add("%s: the plan is shown before the reveal", v.ID)
		}
		if v.Shown != "" && (!tails[v.ID] || s.Plan == nil || v.Shown != s.Plan.Cards[0]) {
			add("%s: a card is shown to a side not tailing it (Tailing)", v.ID)
		}
		if v.Counters != nil || v.Damage != nil || v.Special != nil || v.Fuel != nil || v.State != nil {
			add("%s: counters, damage, fuel or the control panel of an enemy ship are shown", v.ID)
		}
		if v.NextCards != nil || v.MustPreplan {
			add("%s: a severely wounded pilot's next cards are shown to the enemy", v.ID)
		}
		if v.KE != nil && *v.KE != s.Ship.KE {
			add("%s: a kinetic energy that is not the ship's is shown", v.ID)
		}
	}
	hidden := st.Hidden != "" && st.Hidden != side
	if hidden && len(obs.View.SeenShots) > 0 {
		add("the opponent's declaration is shown while it lies hidden in hand (Attack declaration)")
	}
	var secrets [][]byte
	for _, e := range append(append([]battle.Event(nil), obs.View.Events...), obs.Events...) {
		if !e.VisibleTo(side) {
			add("a secret event of %s: %q", e.Side, e.Text)
		}
	}
	public := map[string]bool{}
	for _, e := range st.Events {
		if !e.Secret {
			public[e.Text] = true
		}
	}
	for _, e := range st.Events {
		// A secret the same words of which were once announced (the same
		// declaration in an earlier step) cannot be told apart.
		if e.Secret && e.Side != side && !public[e.Text] {
			secrets = append(secrets, mustJSONText(e.Text))
		}
	}
	if raw == nil {
		raw, _ = json.Marshal(obs)
	}
	for _, sec := range secrets {
		if bytes.Contains(raw, sec) {
			add("the message carries the opponent's secret %q", sec)
		}
	}
	for _, s := range []string{strconv.FormatUint(seed, 10), strconv.FormatUint(seed, 16)} {
		if len(s) >= 6 && bytes.Contains(raw, []byte(s)) {
			add("the message carries the battle's seed")
		}
	}
	return out
}

// mustJSONText returns s as it appears inside a JSON string.
func mustJSONText(s string) []byte {
	b, _ := json.Marshal(s)
	return b[1 : len(b)-1]
}
