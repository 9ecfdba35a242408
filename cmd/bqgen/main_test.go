package main

import "testing"

func TestServesTheOracle(t *testing.T) {
	for _, c := range []struct {
		args []string
		want bool
	}{
		{[]string{"bqgen", "oracle", "serve"}, true},
		{[]string{"/x/bqgen", "oracle", "serve", "--fault", "f"}, true},
		{[]string{"bqgen", "oracle"}, false},
		{[]string{"bqgen", "verify", "--lang", "all"}, false},
		{[]string{"bqgen", "serve", "oracle"}, false},
		{[]string{"bqgen"}, false},
	} {
		if got := servesTheOracle(c.args); got != c.want {
			t.Errorf("servesTheOracle(%q) = %v, want %v", c.args, got, c.want)
		}
	}
}
