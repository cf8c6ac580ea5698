package physics

import "math"

// Rect is an axis-aligned rectangle from Lo to Hi (closed).
//
// It is not golang/geo's r2.Rect, though it means the same (a closed box;
// the empty box grows by Extend as r2's by AddPoint): its corners are this
// package's Vec, which every user computes with (the referee's grid and
// line-of-sight box test, the sketch's picture frames, the view's zoom to
// fit), while r2.Rect keeps two r1.Intervals and hands out r2.Points, so
// each of its ~160 uses would convert corners back and forth, some in the
// referee's broad phase, which the margins benchmark times. One-dimensional
// spans are r1.Interval (referee.Limits.Span, photo's 95% intervals).
type Rect struct{ Lo, Hi Vec }

// EmptyRect returns a rectangle that contains nothing and grows with Extend.
func EmptyRect() Rect {
	return Rect{Vec{math.Inf(1), math.Inf(1)}, Vec{math.Inf(-1), math.Inf(-1)}}
}

// Extend returns the smallest rectangle holding r and p.
func (r Rect) Extend(p Vec) Rect {
	return Rect{
		Vec{math.Min(r.Lo.X, p.X), math.Min(r.Lo.Y, p.Y)},
		Vec{math.Max(r.Hi.X, p.X), math.Max(r.Hi.Y, p.Y)},
	}
}

// Union returns the smallest rectangle holding r and o.
func (r Rect) Union(o Rect) Rect { return r.Extend(o.Lo).Extend(o.Hi) }

// Intersects reports whether the closed rectangles share a point.
func (r Rect) Intersects(o Rect) bool {
	return r.Lo.X <= o.Hi.X && o.Lo.X <= r.Hi.X && r.Lo.Y <= o.Hi.Y && o.Lo.Y <= r.Hi.Y
}

// Contains reports whether p lies in the closed rectangle.
func (r Rect) Contains(p Vec) bool {
	return r.Lo.X <= p.X && p.X <= r.Hi.X && r.Lo.Y <= p.Y && p.Y <= r.Hi.Y
}

// ContainsRect reports whether o lies inside the closed rectangle r.
func (r Rect) ContainsRect(o Rect) bool { return r.Contains(o.Lo) && r.Contains(o.Hi) }
