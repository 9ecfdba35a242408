//go:build unix

package app

import (
	"bufio"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/babelqueue/bqgen/internal/testkit/prooftest"
	"github.com/babelqueue/bqgen/internal/testkit/tier"
)

// SIGINT and SIGTERM end bqgen with exit 130 wherever they arrive, as the
// README says; before the write phase the process used to die by the signal
// (exit 143 for SIGTERM). The runs here wait where the test can see them
// waiting: the oracle server for its next request, validate and generate
// opening a suite's manifest that is a named pipe.
func TestASignalExits130(t *testing.T) {
	t.Parallel()
	tier.Toolchain(t, "go build (the test signals a bqgen process)")
	bin := prooftest.OracleBin(t)
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGINT} {
		t.Run("oracle serve "+sig.String(), func(t *testing.T) {
			t.Parallel()
			signalServer(t, bin, sig)
		})
	}
	for _, cmd := range []string{"validate", "generate"} {
		t.Run(cmd+" reading the suite", func(t *testing.T) {
			t.Parallel()
			signalWhileReadingSuite(t, bin, cmd)
		})
	}
}

// signalServer signals an oracle server that has answered one request.
func signalServer(t *testing.T, bin string, sig syscall.Signal) {
	cmd := exec.Command(bin, "oracle", "serve")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	defer stdin.Close()
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	stdin.Write([]byte(`{"id":1,"op":"capabilities","args":{}}` + "\n"))
	if _, err := bufio.NewReader(stdout).ReadString('\n'); err != nil {
		t.Fatalf("no answer: %v", err)
	}
	cmd.Process.Signal(sig)
	expect130(t, cmd.Wait(), "")
}

// signalWhileReadingSuite signals cmd while it waits in opening the
// manifest of a suite, before anything is written.
func signalWhileReadingSuite(t *testing.T, bin, command string) {
	suite, out := copySuite(t), t.TempDir()
	manifest := filepath.Join(suite, "manifest.json")
	os.Remove(manifest)
	if err := syscall.Mkfifo(manifest, 0o644); err != nil {
		t.Fatal(err)
	}
	args := []string{"validate", "--suite", suite}
	if command == "generate" {
		args = []string{"generate", "--lang", "python", "--out", out, "--suite", suite}
	}
	cmd := exec.Command(bin, args...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	writer, err := openWhenRead(manifest, exited)
	if err != nil {
		t.Skipf("bqgen no longer waits on a named pipe in a suite (%v): %s", err, stderr.String())
	}
	defer writer.Close()
	cmd.Process.Signal(syscall.SIGTERM)
	expect130(t, <-exited, stderr.String())
	assertEmpty(t, out)
}

// openWhenRead opens the named pipe fifo for writing once a reader has
// opened it, or fails when the process ends first.
func openWhenRead(fifo string, exited chan error) (*os.File, error) {
	for {
		f, err := os.OpenFile(fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0)
		if err == nil {
			return f, nil
		}
		if !errors.Is(err, syscall.ENXIO) {
			return nil, err
		}
		select {
		case err := <-exited:
			return nil, errors.New("bqgen ended first: " + errString(err))
		case <-time.After(5 * time.Millisecond):
		}
	}
}

func errString(err error) string {
	if err == nil {
		return "exit 0"
	}
	return err.Error()
}

func expect130(t *testing.T, err error, stderr string) {
	t.Helper()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 130 {
		t.Errorf("ended with %s, want exit 130\n%s", errString(err), stderr)
	}
}
