package limits

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// An input larger than FileBytes is refused without reading more than
// one byte past the limit.
func TestReadRefusesLargeInput(t *testing.T) {
	data, err := Read("small", strings.NewReader("ok"))
	require.NoError(t, err)
	assert.Equal(t, "ok", string(data))
	r := &counting{r: bytes.NewReader(make([]byte, 50<<20))}
	_, err = Read("big.yaml", r)
	require.ErrorContains(t, err, "big.yaml: more than 4194304 bytes")
	assert.LessOrEqual(t, r.n, FileBytes+1+64<<10, "stopped reading at the limit")
	_, err = ReadFile("no/such/file")
	require.Error(t, err)
}

type counting struct {
	r interface{ Read([]byte) (int, error) }
	n int
}

func (c *counting) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

// A file over a caller's own limit is refused by its size, in MB, before
// it is read; one within it is read whole.
func TestReadFileUpToRefusesByTheSize(t *testing.T) {
	dir := t.TempDir()
	big := dir + "/big.jpg"
	require.NoError(t, os.WriteFile(big, nil, 0o644))
	require.NoError(t, os.Truncate(big, 70<<20+300<<10))
	_, err := ReadFileUpTo(big, 64<<20)
	require.EqualError(t, err, big+": too large (70.3 MB; at most 64 MB)")
	small := dir + "/small.jpg"
	require.NoError(t, os.WriteFile(small, []byte("abc"), 0o644))
	data, err := ReadFileUpTo(small, 64<<20)
	require.NoError(t, err)
	assert.Equal(t, "abc", string(data))
	assert.EqualError(t, TooLarge("t.yaml", 5<<20, FileBytes), "t.yaml: too large (5.0 MB; at most 4 MB)")
}
