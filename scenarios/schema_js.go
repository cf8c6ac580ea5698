//go:build js

package scenarios

import (
	"go.yaml.in/yaml/v3"

	"github.com/starshipbattles/bsg/internal/yamlfile"
)

// schemaCheck is nil in the browser page: the JSON Schema's validator
// (and golang.org/x/text, which it needs for its messages) would add
// about a megabyte to the page's download, and the decoder reports every
// problem of the broken files the schema refuses on its own
// (TestDecoderAloneReportsWhatTheSchemaReports). The command line, the
// server and the desktop program check the schema (schema_check.go).
func schemaCheck() func(*yamlfile.Problems, *yaml.Node) { return nil }
