package backend

import (
	"reflect"
	"strings"
	"testing"
)

func TestIdentifiers(t *testing.T) {
	names := []string{"first-delivery", "First Delivery", "3rd", "", "café", "cafe", `a"b'c\d`, "😀"}
	got := Identifiers(names, nil, Snake)
	want := []string{"first_delivery", "first_delivery_2", "case_3rd", "case", "caf_u00e9", "cafe", "a_b_c_d", "case_2"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("snake: got %q, want %q", got, want)
	}
	got = Identifiers([]string{"first-delivery", "3rd"}, []string{"test"}, Pascal)
	if want := []string{"TestFirstDelivery", "Test3rd"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("pascal: got %q, want %q", got, want)
	}
	got = Identifiers([]string{"first-delivery"}, nil, Camel)
	if want := []string{"firstDelivery"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("camel: got %q, want %q", got, want)
	}
}

// Long names give identifiers no longer than MaxIdentifier, still unique,
// and the same on every run.
func TestIdentifiersCapLongNames(t *testing.T) {
	long := strings.Repeat("very long case name ", 40)
	names := []string{long + "one", long + "two", "short"}
	for _, style := range []Style{Snake, Camel, Pascal} {
		ids := Identifiers(names, []string{"test"}, style)
		if ids[0] == ids[1] {
			t.Errorf("%v: two long names share the identifier %s", style, ids[0])
		}
		for _, id := range ids[:2] {
			if len(id) > MaxIdentifier {
				t.Errorf("%v: %d characters: %s", style, len(id), id)
			}
		}
		if again := Identifiers(names, []string{"test"}, style); again[0] != ids[0] {
			t.Errorf("%v: not deterministic", style)
		}
	}
}

// A code point and a digit after it stay apart in every style: "U+0020 1"
// must not read as U+00201, nor a collision's count run into a digit.
func TestIdentifiersKeepCodePointsApartFromDigits(t *testing.T) {
	names := []string{"reject string U+0020 1", "reject string U+00201", "reject string U+0020 1!", "é 1"}
	for style, want := range map[Style][]string{
		Camel:  {"rejectStringU0020_1", "rejectStringU00201", "rejectStringU0020_1_2", "u00e9_1"},
		Pascal: {"RejectStringU0020_1", "RejectStringU00201", "RejectStringU0020_1_2", "U00e9_1"},
		Snake:  {"reject_string_u_0020_1", "reject_string_u_00201", "reject_string_u_0020_1_2", "u00e9_1"},
	} {
		if got := Identifiers(names, nil, style); !reflect.DeepEqual(got, want) {
			t.Errorf("style %v: got %q, want %q", style, got, want)
		}
	}
	if got := Identifiers([]string{"reject string U+0020 1"}, []string{"test"}, Pascal)[0]; got != "TestRejectStringU0020_1" {
		t.Errorf("with a prefix: %s", got)
	}
}
