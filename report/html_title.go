package report

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// DefaultHTMLTitle is the HTML report's title and heading when it is given
// none (bqgen report --title); a target's own page is titled after the
// target, then defaultTargetTitle.
const (
	DefaultHTMLTitle   = "BabelQueue conformance report"
	defaultTargetTitle = "BabelQueue conformance"
)

// MaxTitleBytes bounds a title: it is a page's heading, and comes from a
// command line or a CI file a pull request can edit.
const MaxTitleBytes = 200

// CheckTitle says why s cannot be the HTML report's title: empty, longer
// than MaxTitleBytes, not UTF-8, or holding a control character (a
// newline or an escape would not read as the heading shows it). Whatever
// passes is still text to html/template, which escapes it.
func CheckTitle(s string) error {
	switch {
	case strings.TrimSpace(s) == "":
		return errors.New("empty: give the words of the page's title")
	case len(s) > MaxTitleBytes:
		return fmt.Errorf("%d bytes, over the %d a title may have", len(s), MaxTitleBytes)
	case !utf8.ValidString(s):
		return errors.New("not UTF-8")
	}
	for _, r := range s {
		if unicode.IsControl(r) {
			return fmt.Errorf("holds the control character U+%04X", r)
		}
	}
	return nil
}

// htmlTitles are the index's heading and title (title, or the default)
// and what a target's page puts after the target's name in its title.
func htmlTitles(title string) (index, target string) {
	if title == "" {
		return DefaultHTMLTitle, defaultTargetTitle
	}
	return htmlName(title), htmlName(title)
}
