package verify

import (
	"bufio"
	"bytes"
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
)

// WarmToolchain is a Toolchain whose runner can stay up between runs: one
// process per worker runs the same prepared tests again against the next
// oracle, so the runner starts (a JVM, an interpreter) once per worker
// instead of once per run. Each run is isolated from the ones before it:
// the runner loads the generated code afresh (a new class loader, module
// cache or worker thread), so no state a test leaves behind survives.
type WarmToolchain interface {
	Toolchain
	// StartWarm starts one warm runner in the prepared project dir. An
	// error means this machine cannot run it warm: verify then runs one
	// process per run (Toolchain.Run), and says so.
	StartWarm(ctx context.Context, dir string) (WarmRunner, error)
}

// WarmRunner runs the prepared tests once per Run, one run at a time.
type WarmRunner interface {
	// Run runs the tests once with env as the run's environment overrides
	// (the oracle's variables). A failing test is not an error; a runner
	// that broke is, and the runner is not used again.
	Run(ctx context.Context, env []string) (Result, error)
	// Close stops the runner.
	Close() error
}

// warmProcess is a runner process that speaks the warm protocol: verify
// writes one request line per run on its stdin, and the harness answers
// "exit N" on its stdout once the run is over (N is the exit status the
// runner's own process would have had). A request is space-separated
// fields, each a name, "=", and the value's UTF-8 in hex, so no value can
// break the line: "output" (the file the run's console output goes to),
// "results" (where its result files go, when the runner writes any) and
// one "env.NAME" per environment override.
type warmProcess struct {
	lang    string
	cmd     *exec.Cmd
	stdin   io.WriteCloser
	replies *bufio.Scanner
	stderr  *lockedBuffer
	done    chan struct{} // closed once the process has exited
}

// startWarmProcess starts cmd as a warm runner. Its stderr is kept (what
// the harness and the oracles it starts print outside any run's output)
// for the error when it breaks.
func startWarmProcess(lang string, cmd *exec.Cmd) (*warmProcess, error) {
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	p := &warmProcess{lang: lang, cmd: cmd, stdin: stdin, replies: bufio.NewScanner(stdout),
		stderr: &lockedBuffer{}, done: make(chan struct{})}
	cmd.Stderr = p.stderr
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("%s: start the warm runner: %w", lang, err)
	}
	go func() {
		cmd.Wait()
		close(p.done)
	}()
	return p, nil
}

// warmCloseWait is how long a runner has to end once its input closes.
const warmCloseWait = 5 * time.Second

// warmReply is the harness's answer to a request.
const warmReply = "exit "

// run sends one request and waits for its answer: the run's exit status.
// A context that ends first, or a process that dies or answers anything
// else, breaks the runner: it is stopped.
func (p *warmProcess) run(ctx context.Context, fields map[string]string) (int, error) {
	if _, err := io.WriteString(p.stdin, encodeWarmRequest(fields)); err != nil {
		return 0, p.broken(fmt.Errorf("send the run: %w", err))
	}
	type reply struct {
		line string
		ok   bool
	}
	replied := make(chan reply, 1)
	go func() {
		ok := p.replies.Scan()
		replied <- reply{p.replies.Text(), ok}
	}()
	select {
	case <-ctx.Done():
		return 0, p.broken(ctx.Err())
	case r := <-replied:
		if !r.ok {
			return 0, p.broken(errors.New("the runner exited"))
		}
		code, err := strconv.Atoi(strings.TrimPrefix(r.line, warmReply))
		if !strings.HasPrefix(r.line, warmReply) || err != nil {
			return 0, p.broken(fmt.Errorf("the runner answered %q", r.line))
		}
		return code, nil
	}
}

// broken stops the process and wraps err with what it printed.
func (p *warmProcess) broken(err error) error {
	p.Close()
	return fmt.Errorf("%s: warm runner: %w%s", p.lang, err, tailOf(p.stderr.String()))
}

// Close ends the runner: its input closes, which ends a harness between
// runs; one that does not end is killed.
func (p *warmProcess) Close() error {
	p.stdin.Close()
	select {
	case <-p.done:
	case <-time.After(warmCloseWait):
		p.cmd.Process.Kill()
		<-p.done
	}
	return nil
}

// encodeWarmRequest writes fields as one request line, in name order.
func encodeWarmRequest(fields map[string]string) string {
	names := make([]string, 0, len(fields))
	for name := range fields {
		names = append(names, name)
	}
	sort.Strings(names)
	parts := make([]string, len(names))
	for i, name := range names {
		parts[i] = name + "=" + hex.EncodeToString([]byte(fields[name]))
	}
	return strings.Join(parts, " ") + "\n"
}

// warmFields are the request fields of one run: its output file, the
// language's own fields (own: "results", where its result files go; node's
// "args") and its environment overrides.
func warmFields(output string, own map[string]string, env []string) map[string]string {
	fields := map[string]string{"output": output}
	for name, value := range own {
		fields[name] = value
	}
	for _, kv := range env {
		name, value, _ := strings.Cut(kv, "=")
		fields["env."+name] = value
	}
	return fields
}

// runWarm is a warm run of any language: it sends the request, then reads
// the run's console output back for parse, the language's own summary
// reader, and lists the result files the run wrote (matching resultGlob;
// none when empty).
func runWarm(ctx context.Context, p *warmProcess, dir string, env []string, own map[string]string, resultGlob string,
	parse func(out string, code int) (Result, error)) (Result, error) {
	output, err := newResultFile(dir, "bqgen-warm-output-*.txt")
	if err != nil {
		return Result{}, fmt.Errorf("%s: %w", p.lang, err)
	}
	defer os.Remove(output)
	code, err := p.run(ctx, warmFields(output, own, env))
	if err != nil {
		return Result{}, err
	}
	out, err := os.ReadFile(output)
	if err != nil {
		return Result{}, fmt.Errorf("%s: read the run's output: %w", p.lang, err)
	}
	res, err := parse(string(out), code)
	if resultGlob != "" {
		res.Files = writtenFiles(resultGlob)
	}
	return res, err
}

// lockedBuffer is a strings.Builder safe to write from the process's
// stderr copier while a run reads it.
type lockedBuffer struct {
	mu  sync.Mutex
	buf strings.Builder
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.buf.Len() > warmStderrKept {
		rest := b.buf.String()[b.buf.Len()-warmStderrKept/2:]
		b.buf.Reset()
		b.buf.WriteString(rest)
	}
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// warmStderrKept bounds what is kept of a warm runner's stderr: its
// tail, for the error when it breaks.
const warmStderrKept = 64 << 10

// tailOf is the end of a runner's stderr, as a suffix for an error.
func tailOf(stderr string) string {
	const keep = 4000
	if stderr == "" {
		return ""
	}
	if len(stderr) > keep {
		stderr = "..." + stderr[len(stderr)-keep:]
	}
	return "; its stderr ends:\n" + stderr
}

// alongside starts build, which prepares a warm runner's harness, beside
// the tests' own build, with a log of its own: the harness does not depend
// on the tests, and a build is mostly one compiler's start, which leaves a
// core idle. The function it returns waits for build and then writes its
// log to log, after the tests' build's.
func alongside(build func(log io.Writer)) func(log io.Writer) {
	var buf bytes.Buffer
	done := make(chan struct{})
	go func() {
		defer close(done)
		build(&buf)
	}()
	return func(log io.Writer) {
		<-done
		log.Write(buf.Bytes())
	}
}
