package limits

import (
	"bytes"
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
