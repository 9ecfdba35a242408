package rabbitmqtest

import (
	"net"
	"os"
	"testing"
	"time"
)

// Start gives a broker that takes a login, on loopback; one Start started
// is gone, epmd and all, once its test's cleanups have run.
func TestStart(t *testing.T) {
	var addr string
	t.Run("start", func(t *testing.T) {
		addr = Start(t)
		host, _, err := net.SplitHostPort(addr)
		if err != nil || !net.ParseIP(host).IsLoopback() {
			t.Errorf("broker address %q is not on loopback (%v)", addr, err)
		}
		if err := ping(addr, 10*time.Second); err != nil {
			t.Fatal(err)
		}
	})
	if addr == "" || os.Getenv(EnvAddr) != "" {
		return // skipped, or not ours to stop
	}
	if c, err := net.DialTimeout("tcp", addr, time.Second); err == nil {
		c.Close()
		t.Errorf("the broker still listens on %s after its test ended", addr)
	}
}

// Without the broker's binary, Start skips, saying so; with EnvRequire it
// would fail instead (not run here: a failing subtest fails its parent).
func TestStartSkipsWithoutTheServer(t *testing.T) {
	t.Setenv(EnvAddr, "")
	t.Setenv(EnvRequire, "")
	saved := serverBin
	serverBin = "/nonexistent/rabbitmq-server"
	t.Cleanup(func() { serverBin = saved })
	var sub *testing.T
	ran := false
	t.Run("start", func(t *testing.T) {
		sub = t
		Start(t)
		ran = true
	})
	if ran || !sub.Skipped() {
		t.Fatal("Start did not skip without a server binary")
	}
}
