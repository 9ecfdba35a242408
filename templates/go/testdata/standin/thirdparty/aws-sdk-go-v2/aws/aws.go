// Package aws is a stand-in for the AWS SDK's pointer helpers.
package aws

// String returns a pointer to s.
func String(s string) *string { return &s }

// ToString returns *p, or "" for nil.
func ToString(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}
