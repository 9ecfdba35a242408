package verify

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"slices"
	"strings"
	"testing"
)

// TestOracleLinkListensUnlessAskedNot checks a run's oracle environment:
// by default the address and token of a listener that serves the fault a
// connection names, and, with a process per run asked for, empty ones, so a
// run starts a server of its own even where the caller's environment names
// a listener.
func TestOracleLinkListensUnlessAskedNot(t *testing.T) {
	t.Parallel()
	cold := openOracleLink(Config{OracleBin: "/bin/bqgen", ProcessPerRun: true}, io.Discard)
	defer cold.close()
	want := []string{EnvOracleBin + "=/bin/bqgen", EnvOracleFault + "=f", EnvOracleAddr + "=", EnvOracleToken + "="}
	if got := cold.env("f"); !slices.Equal(got, want) || cold.processes != "asked for" {
		t.Errorf("process per run: env %q, processes %q; want %q, \"asked for\"", got, cold.processes, want)
	}

	warm := openOracleLink(Config{OracleBin: "/bin/bqgen"}, io.Discard)
	defer warm.close()
	if warm.processes != "" || warm.listener == nil {
		t.Fatalf("default: processes %q, listener %v; want a listener", warm.processes, warm.listener)
	}
	env := map[string]string{}
	for _, kv := range warm.env("echo-subject") {
		name, value, _ := strings.Cut(kv, "=")
		env[name] = value
	}
	if env[EnvOracleAddr] == "" || env[EnvOracleToken] == "" || env[EnvOracleFault] != "echo-subject" {
		t.Fatalf("default: env %q; want the listener's address and token, and the fault", env)
	}
	conn, err := net.Dial("tcp", env[EnvOracleAddr])
	if err != nil {
		t.Fatalf("dial the listener: %v", err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "{\"token\":%q,\"fault\":%q}\n{\"id\":1,\"op\":\"sqs_reconcile\",\"args\":{\"body_attempts\":3,\"approximate_receive_count\":\"9\"}}\n",
		env[EnvOracleToken], env[EnvOracleFault])
	answer, err := bufio.NewReader(conn).ReadString('\n')
	// The echo subject answers the zero constant where the oracle reconciles.
	if err != nil || !strings.Contains(answer, `"ok":true`) || !strings.Contains(answer, `"attempts":0`) {
		t.Errorf("answer %q, %v; want the echo subject's", answer, err)
	}
}
