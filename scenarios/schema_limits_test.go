package scenarios_test

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/internal/limits"
	"github.com/starshipbattles/bsg/scenarios"
)

// The bounds of the scenario schema are the limits every reader applies
// (internal/limits): each bound says which limit it is in a "$comment"
// ("limits: maximum=TurnLimit"), and it must equal that limit. A bound
// with no such comment must be a rule value (a level, the dial, kinetic
// energy, a point's two coordinates), so a limit cannot be written into
// the schema on its own.
func TestSchemaBoundsAreTheLimits(t *testing.T) {
	named := map[string]float64{
		"TurnLimit": limits.TurnLimit, "Fuel": limits.Fuel, "Points": limits.Points,
		"TableMM": limits.TableMM, "Items": limits.Items, "Vertices": limits.Vertices,
		"TextLength": limits.TextLength, "IDLength": limits.IDLength, "Coordinate": limits.Coordinate,
	}
	rule := map[string][]float64{"maximum": {4, 6}, "maxItems": {2}, "minimum": {-5, -1, 0, 1, 2}}
	var doc any
	require.NoError(t, json.Unmarshal(scenarios.SchemaJSON, &doc))
	checked := 0
	var walk func(v any, at string)
	walk = func(v any, at string) {
		switch v := v.(type) {
		case []any:
			for i, x := range v {
				walk(x, at+"/"+strconv.Itoa(i))
			}
		case map[string]any:
			annotated := map[string]bool{}
			if c, ok := v["$comment"].(string); ok && strings.HasPrefix(c, "limits:") {
				spec, _, _ := strings.Cut(strings.TrimPrefix(c, "limits:"), "(")
				for _, pair := range strings.Split(spec, ",") {
					kw, name, ok := strings.Cut(strings.TrimSpace(pair), "=")
					require.True(t, ok, "%s: %q", at, c)
					sign := 1.0
					if n, neg := strings.CutPrefix(name, "-"); neg {
						name, sign = n, -1
					}
					want, known := named[name]
					require.True(t, known, "%s: %s names no limit", at, name)
					assert.Equal(t, sign*want, v[kw], "%s: %s is limits.%s", at, kw, name)
					annotated[kw] = true
					checked++
				}
			}
			for kw, allowed := range rule {
				if x, ok := v[kw].(float64); ok && !annotated[kw] {
					assert.Contains(t, allowed, x, "%s: %s %g is neither a rule value nor a named limit", at, kw, x)
				}
			}
			for _, kw := range []string{"maxLength", "maxProperties", "exclusiveMaximum"} {
				if _, ok := v[kw]; ok && !annotated[kw] {
					t.Errorf("%s: %s without a named limit", at, kw)
				}
			}
			for k, x := range v {
				walk(x, at+"/"+k)
			}
		}
	}
	walk(doc, "")
	assert.GreaterOrEqual(t, checked, 15, "the schema's bounds are named")
}
