// Package kit is the table view's drawing toolkit, below the screens of
// package ui: draw lists of shapes and text (List, Op) with label
// placement and clipping, their tessellation into triangles (Mesh), the
// fonts that measure and wrap text, input events (Event) and touch
// gestures made from fingers (Gestures), and the camera that maps the
// table's millimetres to screen pixels (Camera), and the controls a screen
// draws and a press reaches (Controls: buttons, text fields, labels,
// rows of buttons; Scroll: a panel whose content scrolls).
//
// It knows nothing of battles, screens or Ebiten: it imports no package
// of the view above it, so a screen can be written and tested against it
// alone, and the Ebiten adapter (package table) only paints its lists.
package kit
