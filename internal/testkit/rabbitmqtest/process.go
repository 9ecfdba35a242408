package rabbitmqtest

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"time"
)

// process is a child started by spawn, in a process group of its own so
// that ending it also ends what it started (rabbitmq-server is a shell
// script that runs the Erlang VM, which runs helpers of its own).
type process struct {
	cmd  *exec.Cmd
	done chan struct{}
	err  error // cmd.Wait's result, once done is closed
}

// spawn starts bin with its output in dir/logName; the output goes to a
// file, not a pipe, so that a grandchild holding it open cannot keep a
// test binary waiting.
func spawn(env []string, dir, logName, bin string, args ...string) (*process, error) {
	log, err := os.Create(filepath.Join(dir, logName))
	if err != nil {
		return nil, err
	}
	defer log.Close()
	cmd := exec.Command(bin, args...)
	cmd.Env, cmd.Dir, cmd.Stdout, cmd.Stderr = env, dir, log, log
	ownProcessGroup(cmd)
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	p := &process{cmd: cmd, done: make(chan struct{})}
	go func() {
		p.err = cmd.Wait()
		close(p.done)
	}()
	return p, nil
}

func (p *process) exited() bool {
	select {
	case <-p.done:
		return true
	default:
		return false
	}
}

// waitErr is how the process ended (call after exited is true).
func (p *process) waitErr() error {
	<-p.done
	return p.err
}

// end waits up to grace for the process to exit by itself, then kills its
// process group, by the id spawn gave it, and waits for it.
func (p *process) end(grace time.Duration) {
	select {
	case <-p.done:
	case <-time.After(grace):
	}
	killProcessGroup(p.cmd) // also reaps helpers left behind by a clean exit
	select {
	case <-p.done:
	case <-time.After(10 * time.Second):
	}
}

// freePorts finds n distinct free TCP ports on 127.0.0.1, holding each
// until all are found. Another process may take one before the broker
// binds it; the broker then fails to start and the test is skipped.
func freePorts(n int) ([]int, error) {
	var ports []int
	for range n {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return nil, fmt.Errorf("no free port on 127.0.0.1: %w", err)
		}
		defer l.Close()
		ports = append(ports, l.Addr().(*net.TCPAddr).Port)
	}
	return ports, nil
}

// logTail is the end of the broker's own logs, for a skip or failure
// message that says why it did not start.
func (b *broker) logTail() string {
	var out string
	logs, _ := filepath.Glob(filepath.Join(b.dir, "log", "*.log"))
	for _, name := range append([]string{filepath.Join(b.dir, "server.log")}, logs...) {
		text, err := os.ReadFile(name)
		if err != nil || len(text) == 0 {
			continue
		}
		if len(text) > 2000 {
			text = text[len(text)-2000:]
		}
		out += fmt.Sprintf("--- %s (end):\n%s\n", filepath.Base(name), text)
	}
	return out
}
