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
		switch {
		case !e.VisibleTo(side):
			add("a secret event of %s: %q", e.Side, e.Text())
		case !e.Secret:
			if why := publicLeak(e); why != "" {
				add("a public event carries %s: %q", why, e.Text())
			}
		}
	}
	public := map[string]bool{}
	for _, e := range st.Events {
		if !e.Secret {
			for _, p := range secretParts(e) {
				public[string(p)] = true
			}
		}
	}
	for _, e := range st.Events {
		// A secret the same fields of which were once announced (the same
		// declaration in an earlier step) cannot be told apart.
		if e.Secret && e.Side != side {
			for _, p := range secretParts(e) {
				if !public[string(p)] {
					secrets = append(secrets, p)
				}
			}
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

// publicLeak says which secret a public event seen by side carries, ""
// when none: counter values, or a kind only its owner may read. (A
// declaration still hidden in hand is a secret event of its own: the
// bytes check finds it.)
func publicLeak(e battle.Event) string {
	switch {
	case e.Counters != nil:
		return "counter values"
	case e.Kind == battle.EvCounters || e.Kind == battle.EvCollisionKept || e.Kind == battle.EvFirstCard:
		return "a kind only one side may read"
	}
	return ""
}

// secretParts returns a secret event as it would appear in JSON: the
// whole event, and its sentence.
func secretParts(e battle.Event) [][]byte {
	whole, _ := json.Marshal(e)
	text, _ := json.Marshal(e.Text())
	return [][]byte{whole, text[1 : len(text)-1]}
}
