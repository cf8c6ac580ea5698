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
	assert.Equal(t, "f.yaml:1: c: missing; it is required\nf.yaml:3: b: given twice\nf.yaml:4: zz: unknown field; allowed: a, b, c", err.Error())
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
