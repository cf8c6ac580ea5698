package referee

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// pairTable puts an attacker and a target 220 mm apart with n blockers (up
// to 10) in and around the line of fire, leaving a gap to fire through.
func pairTable(n int) Table {
	t := Table{Limits: limits, Ships: []Ship{ship("a", 0, 0, 90, 0), ship("t", 0, 220, 90, 0)}}
	type spot struct{ x, y, r float64 } // r = 0: a ship's base
	spots := []spot{{-31, 90, 0}, {0, 50, 2}, {31, 90, 0}, {-20, 170, 3}, {-45, 150, 0},
		{20, 170, 3}, {45, 150, 0}, {-5, 120, 1.5}, {-48, 205, 0}, {28, 40, 4}}
	for i, sp := range spots[:n] {
		if sp.r == 0 {
			t.Ships = append(t.Ships, ship(fmt.Sprintf("b%d", i), sp.x, sp.y, 30*float64(i), 0))
		} else {
			t.Obstacles = append(t.Obstacles, planetoid(fmt.Sprintf("p%d", i), sp.x, sp.y, sp.r))
		}
	}
	return t
}

func BenchmarkRulePair(b *testing.B) {
	for _, n := range []int{0, 3, 10} {
		ref := New(pairTable(n))
		b.Run(fmt.Sprintf("blockers=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				ref.Rule(0, 1)
			}
		})
	}
}

// bigTable is 100 ships, 10 planetoids and 5 asteroid fields on a 900 mm
// table.
func bigTable() Table {
	rng := rand.New(rand.NewPCG(7, 8))
	t := Table{Width: 900, Depth: 900, Limits: limits}
	for i := 0; i < 100; i++ {
		t.Ships = append(t.Ships, ship(fmt.Sprintf("s%d", i), 30+rng.Float64()*840, 30+rng.Float64()*840, rng.Float64()*360, rng.IntN(12)-5))
	}
	for i := 0; i < 10; i++ {
		t.Obstacles = append(t.Obstacles, planetoid(fmt.Sprintf("p%d", i), rng.Float64()*900, rng.Float64()*900, 20+rng.Float64()*40))
	}
	for i := 0; i < 5; i++ {
		x, y := rng.Float64()*700, rng.Float64()*700
		t.Obstacles = append(t.Obstacles, field(fmt.Sprintf("f%d", i), Dense, x, y, x+200, y+10, x+180, y+120, x+10, y+100))
	}
	return t
}

func BenchmarkRuleAll100Ships(b *testing.B) {
	t := bigTable()
	b.ReportAllocs()
	for b.Loop() {
		rulings := New(t).RuleAll()
		if len(rulings) != 9900 {
			b.Fatalf("%d rulings", len(rulings))
		}
	}
}

func TestPairTableHasTheBlockersInTheWay(t *testing.T) {
	for _, n := range []int{3, 10} {
		tab := pairTable(n)
		r := New(tab).Rule(0, 1)
		if !r.Measured {
			t.Fatalf("%d blockers hide the target", n)
		}
		// Every blocker lies within the sight triangle's bounds, so the
		// benchmark exercises each of them.
		region := New(tab).Arc(0).Clip(New(tab).Base(1)).Bounds().Extend(tab.Ships[0].Pose.Pos)
		for _, s := range tab.Ships[2:] {
			if !region.Intersects(s.Base().Bounds()) {
				t.Errorf("blocker %s is outside the line of fire", s.ID)
			}
		}
		for _, o := range tab.Obstacles {
			if !region.Intersects(o.Circle.Bounds()) {
				t.Errorf("blocker %s is outside the line of fire", o.ID)
			}
		}
	}
}
