package parallel

import (
	"errors"
	"fmt"
	"testing"
)

// Each visits every index once and reports the lowest failing index's error.
func TestEach(t *testing.T) {
	seen := make([]int, 100)
	err := Each(len(seen), func(i int) error {
		seen[i]++
		if i == 70 || i == 30 {
			return fmt.Errorf("failed %d", i)
		}
		return nil
	})
	for i, n := range seen {
		if n != 1 {
			t.Fatalf("index %d visited %d times", i, n)
		}
	}
	if err == nil || err.Error() != "failed 30" {
		t.Errorf("error %v, want the lowest index's", err)
	}
	if err := Each(0, func(int) error { return errors.New("called") }); err != nil {
		t.Errorf("no indexes: %v", err)
	}
}
