// Package ui is the table view without Ebiten: screens are state machines
// that take input events and produce draw lists (kit.List). The package
// table adapts them to Ebiten; tests drive them with injected events. The
// drawing toolkit the screens share (draw lists, tessellation, fonts,
// events, touch gestures, the camera, the controls and scrolling panels)
// is the package kit, below them.
//
// Everything a screen shows a player of a battle comes from that side's
// battle.View (or, between plans, from what both sides may see); rulings
// come from the referee, paths from the engine's placement.
//
// Where each screen is, top first (a file uses only its own layer and
// those below it; TestNoFileOfTheViewUsesOneAboveIt keeps it so; one
// screen uses only the exported names of another, as if it were a
// package: TestNoScreenReachesIntoAnother):
//
//   - title.go: the title screen, the menu that opens every other (NewApp).
//   - editor.go: the scenario editor.
//   - the game screen, one file a stage or part: game.go (the screen, its
//     stages and panel), plan.go and planwarn.go (planning), fire.go
//     (attacks and FTL markers), playback.go (the turn played back in the
//     rules' order), seatview.go (what the seat shows: waiting, sealed,
//     clock), netgame.go (joining and hosting), companion.go (a real
//     table's panel), gamepage.go (what the page is told), replay.go (a
//     saved game played back), autosave.go.
//   - measure.go and touch.go: measurement mode (settle a dispute).
//   - photo.go: photo mode (rulings from a photo of the table).
//   - what the screens share: board.go (the table, ships, obstacles,
//     rulers), anim.go (ships moving), scenario.go (the briefing, zones),
//     sketchcanvas.go (a ruling's picture).
//   - the shell: app.go (App: the current screen, help, prompts, status),
//     platform.go (files, the browser's storage, the page's state, the
//     window's split), mygames.go (the network games joined and whose
//     turn it is in each).
package ui
