package backend

import (
	"reflect"
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
