// Package referee rules on a table snapshot: overlap, levels, fire arc,
// line of sight, range and band with margins and witnesses, cover and
// tailing, exactly as the measurement format defines them
// (docs/MEASURE-FORMAT.md). The battle engine and `bsg measure`
// use the same code, so a ruling on screen is the ruling in the game.
package referee
