//go:build !js

package table

import "github.com/starshipbattles/bsg/table/ui"

// PageArgs returns no flags: only a browser page has an address to take
// them from.
func PageArgs() []string { return nil }

// pageLink does nothing outside a browser.
type pageLink struct{}

func (*pageLink) attach(*ui.App)  {}
func (*pageLink) poll(*ui.App)    {}
func (*pageLink) publish(*ui.App) {}

// earlyPlatform gives no platform outside a browser.
func earlyPlatform(*ui.App) {}
