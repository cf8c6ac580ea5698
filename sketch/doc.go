// Package sketch draws the ruling picture: the play area to scale with the
// ships, their fire arcs and range rings, the obstacles, and for each
// ruling its witness ruler coloured by band with range and margin, or its
// blocked line with the blockers outlined. It is headless and shown to both
// players at a real table (`bsg measure -png FILE` or `-svg FILE`).
//
// Draw composes the picture once on a Canvas, a minimal vector surface in
// table millimetres with y up the table; WriteSVG and WritePNG are its two
// backends. The picture draws only what the referee ruled: the rulings are
// computed, exactly, in package referee.
//
// A whole-table picture of more than BigTable ships draws only the rulings
// that can fire, to stay readable; smaller tables show every ruling with a
// witness ruler or a blocked line. A ruler whose label would cover another
// label or a base carries a number instead, and its ruling is written out
// under that number below the legend. A pair picture (Options.Pair) draws
// one ordered pair's ruling and still every object on the table.
//
// DrawDeck, WriteDeckSVG and WriteDeckPNG draw a class's maneuver deck to
// scale on the same Canvas and backends (`bsg cards CLASS -png FILE`): a
// card outline of the component data's size per card, every arrow exactly
// from its path, with a header that states the scale and a 100 mm ruler.
package sketch
