package battle

// Observation is everything one side may observe of a battle at a moment:
// its View, and the events of the last command that it may read. A table
// view shows a player nothing else, and a server sends a player nothing
// else (its own refused commands' errors aside).
type Observation struct {
	View   View    `json:"view"`
	Events []Event `json:"events,omitempty"`
}

// Observe returns side's observation after a command that caused events
// (the events Apply returned; secret ones of the other side are dropped).
func (b *Battle) Observe(side Side, events []Event) Observation {
	return Observation{View: b.View(side), Events: VisibleEvents(events, side)}
}

// VisibleEvents returns the events side may read, in order.
func VisibleEvents(events []Event, side Side) []Event {
	var out []Event
	for _, e := range events {
		if e.VisibleTo(side) {
			out = append(out, e)
		}
	}
	return out
}
