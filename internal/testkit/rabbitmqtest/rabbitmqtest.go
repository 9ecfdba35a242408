// Package rabbitmqtest gives a test a RabbitMQ broker on loopback: the one
// named by BQGEN_RABBITMQ_ADDR when set (CI starts its own, see
// scripts/rabbitmq.sh), else a private Debian rabbitmq-server started for
// the test and stopped when it ends. Where neither can be had the test is
// skipped, saying why, unless BQGEN_REQUIRE_RABBITMQ is set: then it fails,
// so a CI run that meant to test against a broker cannot pass without one.
// It never installs anything. In the -short tier (in-process tests only)
// it starts no broker, and skips unless BQGEN_RABBITMQ_ADDR names one.
package rabbitmqtest

import (
	"os"
	"testing"
	"time"

	"github.com/babelqueue/bqgen/internal/amqp"
	"github.com/babelqueue/bqgen/internal/testkit/tier"
)

// Environment variables.
const (
	// EnvAddr names a running broker ("127.0.0.1:5672") that accepts
	// guest/guest; Start then uses it instead of starting one.
	EnvAddr = "BQGEN_RABBITMQ_ADDR"
	// EnvRequire, when set to anything but "" or "0", turns every skip of
	// Start into a failure.
	EnvRequire = "BQGEN_REQUIRE_RABBITMQ"
)

// StartTimeout is how long Start waits for a broker it started to accept
// an AMQP login. It usually takes 5-20 s; twice that is a broken start.
const StartTimeout = 60 * time.Second

// Start returns the address of a broker that accepts guest/guest on vhost
// "/", for the rest of the test. A broker it starts is its own: its own
// node name, ports, epmd, home and data directories, all on 127.0.0.1, so
// two test packages can each start one at the same time. It is stopped in
// t.Cleanup, whether the test passed or not.
func Start(t testing.TB) string {
	t.Helper()
	if addr := os.Getenv(EnvAddr); addr != "" {
		if err := ping(addr, 10*time.Second); err != nil {
			t.Fatalf("%s=%s, but no AMQP login there: %v", EnvAddr, addr, err)
		}
		return addr
	}
	// Starting a broker takes seconds of both cores: the full tier's.
	tier.FullOnly(t, "starts rabbitmq-server")
	b, reason := startBroker(t)
	if b == nil {
		skip(t, reason)
	}
	return b.addr
}

func skip(t testing.TB, reason string) {
	t.Helper()
	if v := os.Getenv(EnvRequire); v != "" && v != "0" {
		t.Fatalf("no RabbitMQ broker, and %s=%s: %s", EnvRequire, v, reason)
	}
	t.Skipf("no RabbitMQ broker (%s may name a running one): %s", EnvAddr, reason)
}

// ping logs in as guest and out again: a broker that listens but has not
// finished booting, or refuses guest, is not ready.
func ping(addr string, timeout time.Duration) error {
	c, err := amqp.Dial(addr, "guest", "guest", timeout)
	if err != nil {
		return err
	}
	return c.Close()
}
