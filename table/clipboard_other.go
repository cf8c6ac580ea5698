//go:build !js && !freebsd && !(linux && !android) && !netbsd && !openbsd

package table

import (
	"os/exec"
	"runtime"
	"strings"
)

// newClipboard copies through the system's own command where there is
// one (pbcopy on macOS, clip on Windows); nil elsewhere (the screen then
// offers no copy).
func newClipboard() func(string) error {
	var name string
	switch runtime.GOOS {
	case "darwin":
		name = "pbcopy"
	case "windows":
		name = "clip"
	default:
		return nil
	}
	path, err := exec.LookPath(name)
	if err != nil {
		return nil
	}
	return func(text string) error {
		cmd := exec.Command(path)
		cmd.Stdin = strings.NewReader(text)
		return cmd.Run()
	}
}
