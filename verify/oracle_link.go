package verify

import (
	"fmt"
	"io"

	"github.com/babelqueue/bqgen/oracle"
)

// oracleLink is how a verification's runs reach the oracle: each run's
// tests start `bin oracle serve` of their own, or, where addr is set,
// connect to the oracle this process serves (oracle.Listener). Starting a
// server is a process start per run, and its first requests fault in its
// code: over a hundred and fifty runs, seconds in every language.
type oracleLink struct {
	bin, addr, token string
	listener         *oracle.Listener
	// processes is why each run starts a server of its own: "asked for"
	// (Config.ProcessPerRun) or the listener's error; "" when listening.
	processes string
}

// openOracleLink listens for the runs, unless cfg asks for a process per
// run; a listener that cannot start is said on log and the runs start
// servers of their own.
func openOracleLink(cfg Config, log io.Writer) *oracleLink {
	link := &oracleLink{bin: cfg.OracleBin}
	if cfg.ProcessPerRun {
		link.processes = "asked for"
		return link
	}
	l, err := oracle.Listen()
	if err != nil {
		link.processes = err.Error()
		fmt.Fprintf(log, "verify: %v; each run starts an oracle server of its own instead\n", err)
		return link
	}
	link.listener, link.addr, link.token = l, l.Addr(), l.Token()
	return link
}

// env is a run's environment for the oracle with fault ("" for the correct
// one). Every variable is set, empty where unused, so none is inherited.
func (l *oracleLink) env(fault string) []string { return l.envWithToken(fault, l.token) }

// envWithToken is env with token in the hello: a recording's (oracle.Recording).
func (l *oracleLink) envWithToken(fault, token string) []string {
	return []string{EnvOracleBin + "=" + l.bin, EnvOracleFault + "=" + fault,
		EnvOracleAddr + "=" + l.addr, EnvOracleToken + "=" + token}
}

// close stops the listener, if any, once the runs are over.
func (l *oracleLink) close() {
	if l.listener != nil {
		l.listener.Close()
	}
}
