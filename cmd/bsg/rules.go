package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/starshipbattles/bsg/rulemap"
)

// rulesDoc is the JSON answer of bsg rules.
type rulesDoc struct {
	Counts map[rulemap.Status]int `json:"counts"`
	Rules  []rulemap.Rule         `json:"rules"`
}

func runRules(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("rules", "rules [-json] [-section TEXT]\n\nEvery section of the rulebook: whether the engine implements it, takes a documented\nreading of it (a judgment call) or does not model it, where in the code, and the tests\nthat prove it. Generated from the code and the tests (package rulemap)", stderr)
	asJSON := fs.Bool("json", false, "print JSON instead of text")
	only := fs.String("section", "", "only the sections whose name contains TEXT (any case)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 0 {
		return usagef("takes no arguments, got %q", fs.Args())
	}
	var rules []rulemap.Rule
	for _, r := range rulemap.Map() {
		if strings.Contains(strings.ToLower(r.Section), strings.ToLower(*only)) {
			rules = append(rules, r)
		}
	}
	if len(rules) == 0 {
		return fmt.Errorf("no section of the rulebook matches %q", *only)
	}
	counts := map[rulemap.Status]int{}
	for _, r := range rules {
		counts[r.Status]++
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(rulesDoc{Counts: counts, Rules: rules})
	}
	part := ""
	for _, r := range rules {
		if r.Part != part {
			part = r.Part
			fmt.Fprintf(stdout, "%s\n%s\n", part, strings.Repeat("=", len(part)))
		}
		fmt.Fprintf(stdout, "%s: %s\n", r.Section, r.Status)
		if r.Reading != "" {
			fmt.Fprintf(stdout, "  reading: %s\n", r.Reading)
		}
		if r.Reason != "" {
			fmt.Fprintf(stdout, "  not modelled: %s\n", r.Reason)
		}
		if len(r.Code) > 0 {
			fmt.Fprintf(stdout, "  code:    %s\n", strings.Join(r.Code, ", "))
		}
		if len(r.Tests) > 0 {
			fmt.Fprintf(stdout, "  tests:   %s\n", strings.Join(r.Tests, ", "))
		}
	}
	noun := "sections"
	if len(rules) == 1 {
		noun = "section"
	}
	fmt.Fprintf(stdout, "\n%d %s: %d implemented, %d judgment calls (reading stated), %d not modelled (reason stated), 0 missing.\n",
		len(rules), noun, counts[rulemap.Implemented], counts[rulemap.Judgment], counts[rulemap.NotModelled])
	return nil
}
