//go:build !js && !freebsd && !(linux && !android) && !netbsd && !openbsd

package table

// newKeySource returns nil: here the special keys are polled from Ebiten.
func newKeySource() keySource { return nil }
