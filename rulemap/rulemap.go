// Package rulemap is the map from the rulebook to the engine: every
// section of the rulebook (by its name), whether the engine implements it,
// takes a documented reading of it (a judgment call), or does not model it
// and why, the functions that implement it, and the tests that prove it.
// The functions are checked to exist and the tests are discovered from the
// test files by name (tests_gen.go, rewritten by
// `go test ./rulemap -update`), so the map cannot drift from the code.
// `bsg rules` prints it.
package rulemap

import (
	"slices"
	"strings"
)

// Status says how the engine treats a section.
type Status string

// The statuses.
const (
	// Implemented: the engine plays the section as written.
	Implemented Status = "implemented"
	// Judgment: the rulebook is silent or ambiguous somewhere in the
	// section; the engine implements it and Reading says how it reads it.
	Judgment Status = "judgment"
	// NotModelled: the section is about the physical table, the box or the
	// players, not the game's state; Reason says why it needs no code.
	NotModelled Status = "not-modelled"
)

// Rule is one section of the rulebook.
type Rule struct {
	// Section is the section's name as the rulebook prints it; Part is the
	// chapter it belongs to (Quick Start Rules, Complete Rules, Optional
	// rules, Optional features).
	Section string `json:"section"`
	Part    string `json:"part"`
	Status  Status `json:"status"`
	// Reading is the engine's reading where the rulebook is silent or
	// ambiguous (Judgment).
	Reading string `json:"reading,omitempty"`
	// Reason says why a section is not modelled (NotModelled).
	Reason string `json:"reason,omitempty"`
	// Code names the functions and types that implement the section, as
	// package.Name or package.Type.Method.
	Code []string `json:"code,omitempty"`
	// Keys are the fragments of test names that prove the section: every
	// test of the module whose name contains one is listed in Tests.
	Keys []string `json:"-"`
	// Tests are the tests found for Keys, as package.TestName.
	Tests []string `json:"tests,omitempty"`
}

// Map returns every section of the rulebook, in the rulebook's order, with
// its tests.
func Map() []Rule {
	out := make([]Rule, len(registry))
	for i, r := range registry {
		r.Code = slices.Clone(r.Code)
		r.Keys = slices.Clone(r.Keys)
		r.Tests = TestsFor(r.Keys, generatedTests)
		out[i] = r
	}
	return out
}

// TestsFor returns the tests among all (package.TestName) whose names
// contain one of the keys, sorted.
func TestsFor(keys, all []string) []string {
	var out []string
	for _, t := range all {
		name := t[strings.LastIndex(t, ".")+1:]
		for _, k := range keys {
			if strings.Contains(name, k) {
				out = append(out, t)
				break
			}
		}
	}
	slices.Sort(out)
	return out
}
