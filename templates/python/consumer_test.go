package python

import (
	"encoding/hex"
	"encoding/json"
	"path"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/protocol"
)

// The schema-version gates are mapped onto the transports' consumers:
// each delivers the envelope with the property through the broker's client
// (an in-memory stand-in) to the transport's pop and BabelQueue.consume, and
// answers "decode" exactly when the handler ran with the decoded message.

// gateOps are the gate operations by block, with the transport class whose
// consumer each drives and the in-memory client it receives from.
var gateOps = []struct {
	op            protocol.Operation
	class, client string
}{
	{protocol.SQSSchemaVersionGate, "SqsTransport", "_SqsClient"},
	{protocol.ASBSchemaVersionGate, "AsbTransport", "_AsbClient"},
	{protocol.PulsarSchemaVersionGate, "PulsarTransport", "_PulsarClient"},
	{protocol.KafkaSchemaVersionGate, "KafkaTransport", "_KafkaConsumer"},
	{protocol.ArtemisSchemaVersionGate, "ArtemisTransport", "_ArtemisConnection"},
}

// TestGatesMapOntoConsumers: in the core scaffold and in each broker's
// transport scaffold, every gate is mapped (listed among OPERATIONS, no
// NotProvided) onto its own transport's consumer through _gate_outcome,
// with that broker's in-memory client and no other broker's; a transport
// target without a gate (redis, rabbitmq) has no consumer machinery.
func TestGatesMapOntoConsumers(t *testing.T) {
	core := scaffoldOf(t, nil)
	for _, g := range gateOps {
		block := g.op.Transport
		for target, scaffold := range map[string]string{"core": core, block: scaffoldOf(t, []string{block})} {
			body := methodBody(t, scaffold, g.op.Name)
			for _, want := range []string{
				`_transport("` + block + `_transport", "` + g.class + `", "pop")(`,
				"return _gate_outcome(transport, ",
			} {
				if !strings.Contains(body, want) {
					t.Errorf("%s scaffold: %s lacks %s:\n%s", target, g.op.Name, want, body)
				}
			}
			if strings.Contains(body, "NotProvided") {
				t.Errorf("%s scaffold: %s is not provided:\n%s", target, g.op.Name, body)
			}
			if !strings.Contains(scaffold, "\n    "+pyString(g.op.Name)+",\n") {
				t.Errorf("%s scaffold: %s is not listed among OPERATIONS", target, g.op.Name)
			}
			if strings.Count(scaffold, "\ndef _gate_outcome(") != 1 || !strings.Contains(scaffold, "\nclass "+g.client+":") {
				t.Errorf("%s scaffold: not one _gate_outcome, or no %s", target, g.client)
			}
		}
		for _, other := range gateOps {
			if other.op.Transport != block && strings.Contains(scaffoldOf(t, []string{block}), "class "+other.client+":") {
				t.Errorf("the %s scaffold holds the %s client", block, other.op.Transport)
			}
		}
	}
	for _, block := range []string{model.BlockRedis, model.BlockRabbitMQ} {
		if scaffold := scaffoldOf(t, []string{block}); strings.Contains(scaffold, "_gate_outcome") {
			t.Errorf("the %s scaffold, which has no gate, holds _gate_outcome", block)
		}
	}
}

// scaffoldOf is the scaffold of the canonical suite's blocks (nil: all).
func scaffoldOf(t *testing.T, blocks []string) string {
	t.Helper()
	s, err := canonicalSuite(t).Select(blocks)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range generate(t, s, backend.BindSDK) {
		if f.Kind == backend.Scaffold {
			return string(f.Content)
		}
	}
	t.Fatalf("blocks %v: no scaffold", blocks)
	return ""
}

// TestGatesRunTheConsumer runs the generated gate tests, through the
// scaffold, against a stand-in babelqueue package whose transports consume
// from the clients the scaffold gives them, once with a gate and once
// without: with one, every case passes; without, every decode case passes
// and every reject case fails saying it got "decode". Core and transport
// targets alike; nothing skips.
func TestGatesRunTheConsumer(t *testing.T) {
	python3(t)
	s := canonicalSuite(t)
	targets := map[string][]string{"core": nil}
	for _, g := range gateOps {
		targets[g.op.Transport] = []string{g.op.Transport}
	}
	for target, blocks := range targets {
		t.Run(target, func(t *testing.T) {
			selected, err := s.Select(blocks)
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			files := generate(t, selected, backend.BindSDK)
			writeFiles(t, dir, files)
			testDir := dir
			for _, f := range files {
				if f.Kind == backend.Scaffold {
					testDir = path.Join(dir, path.Dir(f.Path))
				}
			}
			writeFiles(t, testDir, standInSDK)
			for _, gated := range []bool{true, false} {
				program := canonPython + strings.Replace(standInRun, "sys.argv[1]", pyString(map[bool]string{true: "gated"}[gated]), 1)
				results := map[string]standInResult{} // by module and docstring canon
				for _, line := range strings.Split(strings.TrimSpace(runPython(t, testDir, program)), "\n") {
					var r standInResult
					if err := json.Unmarshal([]byte(line), &r); err != nil {
						t.Fatalf("%v: %s", err, line)
					}
					results[r.Module+" "+r.Doc] = r
				}
				checkStandInResults(t, selected, gated, results)
			}
		})
	}
}

// standInResult is one generated test's outcome against the stand-in SDK.
type standInResult struct {
	Module, Doc, Message string
	Passed, Skipped      bool
}

// checkStandInResults checks the outcome of every gate case of s: with a
// gate, it passes; without, a decode case passes and a reject case fails
// for the decode it got; none skips.
func checkStandInResults(t *testing.T, s *model.Suite, gated bool, results map[string]standInResult) {
	t.Helper()
	for _, g := range gateOps {
		gate := s.Gate(g.op.Transport)
		if gate == nil {
			continue
		}
		for _, c := range gate.Cases {
			r, ok := results[TestModule(g.op.Transport)+" str:"+hex.EncodeToString([]byte(c.Name))]
			switch {
			case !ok:
				t.Errorf("%s %q: no test", g.op.Transport, c.Name)
			case r.Skipped:
				t.Errorf("%s %q skips: %s", g.op.Transport, c.Name, r.Message)
			case gated || c.Expect == model.GateDecode:
				if !r.Passed {
					t.Errorf("%s %q (gate: %v) fails: %s", g.op.Transport, c.Name, gated, r.Message)
				}
			case r.Passed:
				t.Errorf("%s %q passes though the consumer has no gate", g.op.Transport, c.Name)
			case !strings.Contains(r.Message, "expected 'reject', got 'decode'"):
				t.Errorf("%s %q fails, but not for the missing gate: %s", g.op.Transport, c.Name, r.Message)
			}
		}
	}
}

// standInRun runs every test of the broker modules present with the stand-in
// SDK's gate on or off, and prints one JSON line per test: its module,
// docstring canon, whether it passed or skipped, and its failure or skip.
const standInRun = `
import glob, json, sys, unittest
import babelqueue._gate
babelqueue._gate.GATED = sys.argv[1] == "gated"
for path in sorted(glob.glob("test_conformance_*.py")):
    name = path[:-3]
    if name.split("_")[-1] not in ("sqs", "asb", "pulsar", "kafka", "artemis"):
        continue
    module = __import__(name)
    cls = [c for c in vars(module).values() if isinstance(c, type) and issubclass(c, unittest.TestCase)
           and c.__module__ == name][0]
    for method in [n for n in cls.__dict__ if n.startswith("test_")]:
        result = unittest.TestResult()
        cls(method).run(result)
        problems = result.failures + result.errors
        message = problems[0][1] if problems else (result.skipped[0][1] if result.skipped else "")
        print(json.dumps({"module": name, "doc": canon(getattr(cls, method).__doc__), "passed": not problems,
                          "skipped": bool(result.skipped), "message": message}))
`

// standInSDK is a babelqueue package as small as the scaffold's gates need:
// the codec, a runtime whose consume pops through the transport and runs
// the URN's handler with the decoded message, and the five transports, each
// consuming from its client through the calls the real one makes. With
// _gate.GATED, each reads the schema-version property as it receives and
// drops a message the contract rejects (blank or absent decodes; otherwise
// exactly "1", or the integer 1).
var standInSDK = []backend.File{
	{Path: "babelqueue/__init__.py", Content: []byte(`import json


class EnvelopeCodec:
    @staticmethod
    def decode(raw):
        try:
            value = json.loads(raw)
        except ValueError:
            return {}
        return value if isinstance(value, dict) else {}

    @staticmethod
    def encode(envelope):
        return json.dumps(envelope, ensure_ascii=False, separators=(",", ":"))

    @staticmethod
    def urn(envelope):
        return str(envelope.get("job") or envelope.get("urn") or "")

    @staticmethod
    def accepts(envelope):
        return bool(envelope)

    @staticmethod
    def make(urn, data, *, queue="default", trace_id=None):
        meta = {"id": "m", "queue": queue, "lang": "python", "schema_version": 1, "created_at": 0}
        return {"job": urn, "trace_id": trace_id or "t", "data": dict(data), "meta": meta, "attempts": 0}


class BabelQueue:
    def __init__(self, broker_url="memory://", *, transport=None, queue="default", max_attempts=3):
        self.transport, self.queue, self.handlers = transport, queue, {}

    def register(self, urn, fn):
        self.handlers[urn] = fn

    def consume(self, queue=None, *, max_messages=None, timeout=1.0):
        processed = 0
        while max_messages is None or processed < max_messages:
            received = self.transport.pop(queue or self.queue, timeout=timeout)
            if received is None:
                break
            envelope = EnvelopeCodec.decode(received.body)
            handler = self.handlers.get(EnvelopeCodec.urn(envelope))
            if handler is not None:
                handler(dict(envelope.get("data") or {}), dict(envelope.get("meta") or {}), dict(envelope))
            self.transport.ack(received)
            processed += 1
        return processed
`)},
	{Path: "babelqueue/_gate.py", Content: []byte(`GATED = False


def passes(value):
    if not GATED or value is None:
        return True
    if isinstance(value, bytes):
        value = value.decode("utf-8")
    if isinstance(value, bool) or isinstance(value, float):
        return False
    if isinstance(value, int):
        return value == 1
    return value.strip(" \t\n\v\f\r") == "" or value == "1"


class Received:
    def __init__(self, body, queue, handle=None):
        self.body, self.queue, self.handle = body, queue, handle
`)},
	{Path: "babelqueue/sqs_transport.py", Content: []byte(`from ._gate import Received, passes


class SqsTransport:
    def __init__(self, url="sqs://", *, client=None):
        self.client = client

    def pop(self, queue, timeout=1.0):
        url = self.client.get_queue_url(QueueName=queue)["QueueUrl"]
        response = self.client.receive_message(QueueUrl=url, MaxNumberOfMessages=1, WaitTimeSeconds=0,
                                               MessageAttributeNames=["All"], AttributeNames=["ApproximateReceiveCount"])
        messages = response.get("Messages") or []
        if not messages:
            return None
        message = messages[0]
        attribute = (message.get("MessageAttributes") or {}).get("bq-schema-version")
        if not passes(None if attribute is None else attribute["StringValue"]):
            self.client.delete_message(QueueUrl=url, ReceiptHandle=message["ReceiptHandle"])
            return None
        return Received(message["Body"], queue, message["ReceiptHandle"])

    def ack(self, message):
        pass
`)},
	{Path: "babelqueue/asb_transport.py", Content: []byte(`from ._gate import Received, passes


class AsbTransport:
    def __init__(self, url="sb://", *, client=None):
        self.client = client

    def pop(self, queue, timeout=1.0):
        receiver = self.client.get_queue_receiver(queue)
        messages = receiver.receive_messages(max_message_count=1, max_wait_time=None)
        if not messages:
            return None
        message = messages[0]
        if not passes((message.application_properties or {}).get(b"bq-schema-version")):
            receiver.dead_letter_message(message, reason="schema_version")
            return None
        return Received(str(message), queue, message)

    def ack(self, message):
        self.client.get_queue_receiver(message.queue).complete_message(message.handle)
`)},
	{Path: "babelqueue/pulsar_transport.py", Content: []byte(`from ._gate import Received, passes


class PulsarTransport:
    def __init__(self, url="pulsar://localhost:6650", *, client=None):
        self.client = client

    def pop(self, queue, timeout=1.0):
        consumer = self.client.subscribe(queue, "babelqueue")
        try:
            message = consumer.receive(timeout_millis=1000)
        except Exception as exc:
            if type(exc).__name__ == "Timeout":
                return None
            raise
        if not passes(message.properties().get("bq-schema-version")):
            consumer.acknowledge(message)
            return None
        return Received(message.data().decode("utf-8"), queue, message)

    def ack(self, message):
        pass
`)},
	{Path: "babelqueue/kafka_transport.py", Content: []byte(`from ._gate import Received, passes


class KafkaTransport:
    def __init__(self, url="kafka://localhost:9092", *, consumer_factory=None):
        self.factory = consumer_factory

    def pop(self, queue, timeout=1.0):
        consumer = self.factory(queue)
        record = consumer.poll(timeout or 1.0)
        if record is None or record.error() is not None:
            return None
        version = dict(record.headers() or []).get("bq-schema-version")
        if not passes(version):
            consumer.commit(message=record, asynchronous=False)
            return None
        return Received(record.value().decode("utf-8"), queue, record)

    def ack(self, message):
        pass
`)},
	{Path: "babelqueue/artemis_transport.py", Content: []byte(`from ._gate import Received, passes


class ArtemisTransport:
    def __init__(self, url="artemis://localhost:5672", *, connection=None):
        self.connection = connection

    def pop(self, queue, timeout=1.0):
        receiver = self.connection.create_receiver(queue, credit=1)
        try:
            message = receiver.receive(timeout=1.0)
        except Exception as exc:
            if type(exc).__name__ == "Timeout":
                return None
            raise
        if not passes((message.properties or {}).get("bq_schema_version")):
            receiver.reject()
            return None
        return Received(message.body, queue, receiver)

    def ack(self, message):
        message.handle.accept()
`)},
}

// TestGateOutcomeIsTheHandlerOnly: the suite says decode or reject, not how
// a rejected message is settled, so a gate's outcome is whether the handler
// ran with the decoded message, and nothing about acknowledging it.
func TestGateOutcomeIsTheHandlerOnly(t *testing.T) {
	for _, blocks := range [][]string{nil, {model.BlockSQS}, {model.BlockArtemis}} {
		_, body, ok := strings.Cut(scaffoldOf(t, blocks), "\ndef _gate_outcome(")
		if !ok {
			t.Fatalf("blocks %v: no _gate_outcome", blocks)
		}
		body, _, _ = strings.Cut(body, "\n\n\n")
		var returns []string
		for _, line := range strings.Split(body, "\n") {
			if strings.HasPrefix(strings.TrimSpace(line), "return ") {
				returns = append(returns, strings.TrimSpace(line))
			}
		}
		want := `return "decode" if handled == [decoded] else "reject"`
		if len(returns) != 1 || returns[0] != want {
			t.Errorf("blocks %v: _gate_outcome returns %q, want only %q", blocks, returns, want)
		}
		for _, settling := range []string{"ack", "settle", "complete", "dead_letter", "delete", "commit"} {
			if strings.Contains(strings.ToLower(body), settling) {
				t.Errorf("blocks %v: _gate_outcome mentions %q: a gate asserts only whether the handler ran", blocks, settling)
			}
		}
	}
}
