package battle

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/starshipbattles/bsg/maneuvers"
)

// eventText returns fmt.Sprintf(format, args...), the text of an event,
// building the common texts without fmt: verbs %s of strings (string,
// Side, maneuvers.Speed), %d of ints and %%. Any other verb, flag or
// argument, or a count of arguments that does not fit, goes to
// fmt.Sprintf whole (TestEventTextIsSprintf).
func eventText(format string, args ...any) string {
	n := len(format)
	for _, a := range args {
		switch a := a.(type) {
		case string:
			n += len(a)
		case Side:
			n += len(a)
		case maneuvers.Speed:
			n += len(a)
		case int:
			n += 20
		default:
			return fmt.Sprintf(format, args...)
		}
	}
	var b strings.Builder
	b.Grow(n)
	k := 0
	for i := 0; i < len(format); i++ {
		c := format[i]
		if c != '%' {
			b.WriteByte(c)
			continue
		}
		if i+1 == len(format) {
			return fmt.Sprintf(format, args...)
		}
		i++
		if format[i] == '%' {
			b.WriteByte('%')
			continue
		}
		if k == len(args) {
			return fmt.Sprintf(format, args...)
		}
		switch a := args[k].(type) {
		case string:
			if format[i] != 's' {
				return fmt.Sprintf(format, args...)
			}
			b.WriteString(a)
		case Side:
			if format[i] != 's' {
				return fmt.Sprintf(format, args...)
			}
			b.WriteString(string(a))
		case maneuvers.Speed:
			if format[i] != 's' {
				return fmt.Sprintf(format, args...)
			}
			b.WriteString(string(a))
		case int:
			if format[i] != 'd' {
				return fmt.Sprintf(format, args...)
			}
			var digits [20]byte
			b.Write(strconv.AppendInt(digits[:0], int64(a), 10))
		}
		k++
	}
	if k != len(args) {
		return fmt.Sprintf(format, args...)
	}
	return b.String()
}
