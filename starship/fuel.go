package starship

// DialNotches is how many notches the rotation dial has (Rotation).
const DialNotches = 12

// MinRotation and MaxRotation are the dial's settings (Rotation): notches
// to the left as -1 to -5, to the right as 1 to 6 (half a turn); 0 is the
// base's facing. Every setting of the twelve notches has one number.
const (
	MinRotation = 1 - DialNotches/2
	MaxRotation = DialNotches / 2
)

// TurnDial returns the dial setting one notch to the right (by 1) or left
// (by -1) of r, going round past half a turn (Rotation).
func TurnDial(r, by int) int {
	r += by
	switch {
	case r > MaxRotation:
		return r - DialNotches
	case r < MinRotation:
		return r + DialNotches
	}
	return r
}

// StepDial returns the dial setting by notches from r, stopping at the
// ends of the range MinRotation to MaxRotation rather than going round:
// how a planning panel's buttons turn it.
func StepDial(r, by int) int { return min(MaxRotation, max(MinRotation, r+by)) }

// NotchesTurned returns how far the dial turns from one setting to
// another, the short way round: 0 to 6.
func NotchesTurned(from, to int) int {
	d := ((to-from)%DialNotches + DialNotches) % DialNotches
	return min(d, DialNotches-d)
}

// RotationFuel returns the fuel spent turning the dial by notches (Fuel:
// Spending fuel): more than one notch costs one point, half a turn (six
// notches) two. A single notch is free: the rule charges only "more than
// one notch".
func RotationFuel(notches int) int {
	switch {
	case notches >= 6:
		return 2
	case notches > 1:
		return 1
	}
	return 0
}

// FuelSpent returns the fuel a turn costs (Fuel: Spending fuel): each card
// used costs its G-value; turning the dial costs RotationFuel (except when
// a change direction card turns it: then the card's cost applies); every
// point of kinetic energy gained or lost costs one; an FTL jump costs
// ftlCost more (Faster-than-light movement).
func FuelSpent(cardsG, notches int, changeDirection bool, keBefore, keAfter int, jumped bool, ftlCost int) int {
	spent := cardsG + abs(keAfter-keBefore)
	if !changeDirection {
		spent += RotationFuel(notches)
	}
	if jumped {
		spent += ftlCost
	}
	return spent
}
