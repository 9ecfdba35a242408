package config

import (
	"reflect"
	"testing"
)

// The closest ids to a pattern that matches nothing are those it nearly
// spells, wildcards aside; ties keep the suite's order.
func TestClosestIDs(t *testing.T) {
	ids := []string{"asb/property_projection", "cases/order-created", "cases/urn-alias", "sqs/reject string U+00A0 1"}
	for pattern, want := range map[string][]string{
		"cses/*":                    {"cases/order-created", "cases/urn-alias"},
		"cases/order-crated":        {"cases/order-created", "cases/urn-alias"},
		"sqs/reject string U+00A01": {"sqs/reject string U+00A0 1", "asb/property_projection"},
	} {
		if got := closestIDs(pattern, ids, 2); !reflect.DeepEqual(got, want) {
			t.Errorf("closestIDs(%q) = %q, want %q", pattern, got, want)
		}
	}
	if got := editDistance("kitten", "sitting"); got != 3 {
		t.Errorf("editDistance(kitten, sitting) = %d, want 3", got)
	}
}
