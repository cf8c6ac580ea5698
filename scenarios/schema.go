package scenarios

import _ "embed"

// SchemaJSON is the JSON Schema of scenario files (draft 2020-12). Editors
// check files as they are typed with it: a YAML file can name it in a
// first-line comment, "# yaml-language-server: $schema=PATH".
//
//go:embed scenario.schema.json
var SchemaJSON []byte
