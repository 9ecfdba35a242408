package buildinfo

import (
	"encoding/json"
	"errors"
	"io"
)

// ErrFormat is Write's error for a format it does not write.
var ErrFormat = errors.New("format: want text or json")

// Write writes info to w as text (Text), or as one indented JSON object.
func (info Info) Write(w io.Writer, format string) error {
	switch format {
	case "text":
		_, err := io.WriteString(w, info.Text())
		return err
	case "json":
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(info)
	}
	return ErrFormat
}
