package yamlfile

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestMapReportsEveryProblem(t *testing.T) {
	ps := &Problems{File: "f.yaml"}
	root := Doc(ps, []byte("a: 1\nb: 2\nb: 3\nzz: 4\n"))
	require.NotNil(t, root)
	got := Map(ps, root, "", "a!", "b", "c!")
	assert.NotNil(t, got["a"])
	err := ps.Err()
	require.Error(t, err)
	assert.Equal(t, "f.yaml:1: c: missing; required\nf.yaml:3: b: given twice; first at line 2\nf.yaml:4: zz: unknown field; allowed: a, b, c", err.Error())
}

func TestScalars(t *testing.T) {
	ps := &Problems{File: "f.yaml"}
	root := Doc(ps, []byte("n: 1.5\ni: 0x10\nbig: 9\ns: ''\nb: yes\nx: .inf\nl: [1, 2]\n"))
	f := Map(ps, root, "", "n", "i", "big", "s", "b", "x", "l")
	v, ok := Float(ps, f["n"], "n")
	assert.True(t, ok)
	assert.Equal(t, 1.5, v)
	iv, ok := Int(ps, f["i"], "i", 0, 20)
	assert.True(t, ok)
	assert.Equal(t, 16, iv)
	_, ok = Int(ps, f["big"], "big", 0, 5)
	assert.False(t, ok)
	_, ok = String(ps, f["s"], "s")
	assert.False(t, ok, "empty strings are refused")
	_, ok = Bool(ps, f["b"], "b")
	assert.False(t, ok, "yes is not a YAML 1.2 boolean")
	_, ok = Float(ps, f["x"], "x")
	assert.False(t, ok, "infinity is not a finite number")
	assert.Len(t, Seq(ps, f["l"], "l"), 2)
	assert.Equal(t, 4, ps.Len(), "big, s, b and x")
	assert.Equal(t, f["n"], Peek(root, "n"))
	assert.Nil(t, Peek(root, "nothing"))
}

func TestDocProblems(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"", "f.yaml: the file is empty"},
		{"a: [\n", "f.yaml:"},
		{"a: 1\n---\nb: 2\n", "f.yaml:2: a second YAML document"},
	} {
		ps := &Problems{File: "f.yaml"}
		assert.Nil(t, Doc(ps, []byte(tt.in)))
		require.Error(t, ps.Err())
		assert.Contains(t, ps.Err().Error(), tt.want)
	}
}

// Every format's fields are read by these readers, so their messages have
// one form: "field: what was given; allowed: what is allowed", or "must be
// what is allowed; got what was given" for a value of the wrong kind.
func TestOneFormOfMessage(t *testing.T) {
	ps := &Problems{File: "f.yaml"}
	root := Doc(ps, []byte("len: -5\nturn: ninety\nroll: 13\nuses: x\nkind: quirk\n? [a]\n: 1\n\"k\\e]0;pwn\\a\": 2\nnote: \"a\\e[2J\"\nlist: {a: 1}\n"))
	require.NotNil(t, root)
	fs, ok := Fields(ps, root, 0, "", "a mapping", nil)
	require.True(t, ok)
	mm := Range{Min: 0, Max: 100, Open: true, Unit: "mm"}
	_, _ = Number(ps, Lookup(fs, "len").Val, "len", mm)
	_, _ = Number(ps, Lookup(fs, "turn").Val, "turn", Range{Min: -180, Max: 180, Unit: "deg"})
	_, _ = Whole(ps, Lookup(fs, "roll").Val, "roll", IntRange{Min: 2, Max: 12})
	_, _ = Whole(ps, Lookup(fs, "uses").Val, "uses", IntRange{Min: 0, Max: 9, Note: "0 for unlimited"})
	_, _ = OneOf(ps, Lookup(fs, "kind").Val, "kind", "talent", "flaw")
	_, _ = Text(ps, Lookup(fs, "note").Val, "note")
	_ = Items(ps, Lookup(fs, "list").Val, 0, "list", "rules")
	Require(ps, fs, 1, "", "id")
	Allow(ps, fs, "", []string{"len"})
	got := ps.Err().Error()
	for _, want := range []string{
		"f.yaml:1: len: -5 mm is out of range; allowed: more than 0, at most 100 mm",
		`f.yaml:2: turn: must be a number from -180 to 180 deg; got "ninety"`,
		"f.yaml:3: roll: 13 is out of range; allowed: 2 to 12",
		`f.yaml:4: uses: must be a whole number from 0 to 9, 0 for unlimited; got "x"`,
		`f.yaml:5: kind: "quirk" is not allowed; allowed: talent, flaw`,
		"f.yaml:6: a field name must be plain text; got a list",
		`f.yaml:8: "k\x1b]0;pwn\a": unknown field; allowed: len`,
		`f.yaml:9: note: "a\x1b[2J" holds a control character`,
		"f.yaml:10: list: must be a list of rules; got a mapping",
		"f.yaml:1: id: missing; required",
	} {
		assert.Contains(t, got, want)
	}
	assert.NotContains(t, got, "\x1b", "no escape reaches a message raw, not even in a field name")
}
