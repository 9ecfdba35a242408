package rabbitmqtest

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"
)

// Debian's rabbitmq-server package. The scripts under /usr/lib run the
// broker as the calling user; /usr/sbin's wrappers would switch to the
// rabbitmq user and its HOME, and so its Erlang cookie, which rabbitmqctl
// then could not match with ours.
var (
	serverBin = "/usr/lib/rabbitmq/bin/rabbitmq-server"
	ctlBin    = "/usr/lib/rabbitmq/bin/rabbitmqctl"
	epmdBins  = []string{"/usr/bin/epmd", "/usr/lib/erlang/bin/epmd"}
)

// broker is one private rabbitmq-server and the epmd it registers with.
type broker struct {
	dir, node, addr string
	env             []string
	server, epmd    *process
}

// startBroker starts a broker and waits for it; on failure it returns nil
// and why, having cleaned up whatever it had started.
func startBroker(t testing.TB) (*broker, string) {
	if _, err := os.Stat(serverBin); err != nil {
		return nil, serverBin + " is not installed (Debian: apt-get install rabbitmq-server)"
	}
	epmdBin := ""
	for _, p := range epmdBins {
		if _, err := os.Stat(p); err == nil {
			epmdBin = p
			break
		}
	}
	if epmdBin == "" {
		return nil, "no epmd (Debian's erlang-base ships it)"
	}
	b, err := newBroker()
	if err != nil {
		return nil, err.Error()
	}
	t.Cleanup(func() { b.stop(t) })
	began := time.Now()
	if b.epmd, err = spawn(b.env, b.dir, "epmd.log", epmdBin, "-address", "127.0.0.1", "-port", b.envValue("ERL_EPMD_PORT")); err != nil {
		return nil, "cannot start epmd: " + err.Error()
	}
	if b.server, err = spawn(b.env, b.dir, "server.log", serverBin); err != nil {
		return nil, "cannot start rabbitmq-server: " + err.Error()
	}
	if why := b.waitReady(began); why != "" {
		return nil, why
	}
	t.Logf("rabbitmqtest: %s accepted a login on %s %.1f s after starting", b.node, b.addr, time.Since(began).Seconds())
	return b, ""
}

// newBroker lays out a broker's directories and config and picks its ports.
// Every path the broker would otherwise take from /etc or /var is pointed
// into the temporary directory, so an installed system broker's settings
// (plugins such as the management UI, which listens on every interface)
// do not leak in.
func newBroker() (*broker, error) {
	dir, err := os.MkdirTemp("", "bqgen-rabbitmq-")
	if err != nil {
		return nil, err
	}
	ports, err := freePorts(3)
	if err != nil {
		_ = os.RemoveAll(dir)
		return nil, err
	}
	b := &broker{dir: dir, node: fmt.Sprintf("bqgen-%d-%d@localhost", os.Getpid(), ports[0]),
		addr: "127.0.0.1:" + strconv.Itoa(ports[0])}
	files := map[string]string{
		"rabbitmq.conf": "listeners.tcp.default = " + b.addr + "\n" +
			"loopback_users = none\n" +
			// A full /tmp would otherwise block every publisher.
			"disk_free_limit.absolute = 1MB\n",
		"enabled_plugins":   "[].\n",
		"rabbitmq-env.conf": "",
	}
	for _, d := range []string{"home", "mnesia", "log"} {
		if err := os.Mkdir(filepath.Join(dir, d), 0o700); err != nil {
			_ = os.RemoveAll(dir)
			return nil, err
		}
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o600); err != nil {
			_ = os.RemoveAll(dir)
			return nil, err
		}
	}
	loopbackDist := "-kernel inet_dist_use_interface {127,0,0,1}"
	b.env = append(os.Environ(),
		"HOME="+filepath.Join(dir, "home"), // the Erlang cookie lives here
		"RABBITMQ_NODENAME="+b.node,
		"RABBITMQ_NODE_IP_ADDRESS=127.0.0.1",
		"RABBITMQ_NODE_PORT="+strconv.Itoa(ports[0]),
		"RABBITMQ_DIST_PORT="+strconv.Itoa(ports[1]),
		"ERL_EPMD_ADDRESS=127.0.0.1",
		"ERL_EPMD_PORT="+strconv.Itoa(ports[2]),
		"RABBITMQ_CONFIG_FILE="+filepath.Join(dir, "rabbitmq.conf"),
		"RABBITMQ_ADVANCED_CONFIG_FILE="+filepath.Join(dir, "advanced.config"),
		"RABBITMQ_CONF_ENV_FILE="+filepath.Join(dir, "rabbitmq-env.conf"),
		"RABBITMQ_ENABLED_PLUGINS_FILE="+filepath.Join(dir, "enabled_plugins"),
		"RABBITMQ_MNESIA_BASE="+filepath.Join(dir, "mnesia"),
		"RABBITMQ_LOG_BASE="+filepath.Join(dir, "log"),
		"RABBITMQ_PID_FILE="+filepath.Join(dir, "rabbitmq.pid"),
		"RABBITMQ_SERVER_ADDITIONAL_ERL_ARGS="+loopbackDist,
		"RABBITMQ_CTL_ERL_ARGS="+loopbackDist,
	)
	return b, nil
}

// envValue is the value b.env gives key (the last one, as exec uses).
func (b *broker) envValue(key string) string {
	v := ""
	for _, kv := range b.env {
		if len(kv) > len(key) && kv[:len(key)+1] == key+"=" {
			v = kv[len(key)+1:]
		}
	}
	return v
}

// waitReady waits until the broker accepts a login, or says why not.
func (b *broker) waitReady(began time.Time) string {
	for time.Since(began) < StartTimeout {
		if b.server.exited() {
			return fmt.Sprintf("rabbitmq-server exited before listening: %v\n%s", b.server.waitErr(), b.logTail())
		}
		if ping(b.addr, 2*time.Second) == nil {
			return ""
		}
		time.Sleep(250 * time.Millisecond)
	}
	return fmt.Sprintf("rabbitmq-server did not accept a login on %s within %s\n%s", b.addr, StartTimeout, b.logTail())
}

// stop asks the node to stop (rabbitmqctl stop), kills what is left of the
// processes Start started, by their ids, and removes the directory.
func (b *broker) stop(t testing.TB) {
	if b.server != nil && !b.server.exited() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		ctl := exec.CommandContext(ctx, ctlBin, "-n", b.node, "stop")
		ctl.Env, ctl.Dir = b.env, b.dir
		ctl.WaitDelay = 5 * time.Second // should a child keep its output open
		out, err := ctl.CombinedOutput()
		cancel()
		if err != nil {
			t.Logf("rabbitmqtest: rabbitmqctl stop: %v\n%s", err, out)
		}
		b.server.end(15 * time.Second)
	}
	if b.epmd != nil {
		b.epmd.end(0)
	}
	if err := os.RemoveAll(b.dir); err != nil {
		t.Logf("rabbitmqtest: %v", err)
	}
}
