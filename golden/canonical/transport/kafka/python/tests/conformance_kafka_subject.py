# Scaffolded by bqgen from the BabelQueue conformance suite; this file is yours.
# CONFORMANCE_VERSION: 1.7.0 (the suite revision it was scaffolded from)
# bqgen writes it only when it is absent and never overwrites it: edit it freely.
"""The kafka transport of the babelqueue SDK as the subject of its conformance tests.

Each method maps one operation of bqgen's subject protocol onto the
transport's class in the core package (babelqueue.<name>_transport): its
projection and reconciliation are static methods, and a schema-version gate
runs its consumer (pop under BabelQueue.consume) over an in-memory stand-in
for the broker's client, so none needs a broker or a client library. The
operations of other blocks belong to other targets: SdkSubject leaves them
to SubjectDefaults, which raises NotProvided saying so. One the transport
cannot provide (found by feature: a class or method the installed
babelqueue lacks) raises NotProvided too, and the tests that need it skip
with the reason.
"""

import importlib
from typing import Any, Optional

from babelqueue import EnvelopeCodec

from conformance_kafka_support import (
    NotProvided,
    OperationFailed,
    Subject,
    SubjectDefaults,
)

RECONCILE_URN = "urn:bqgen:conformance:reconcile"
"""The URN of the envelopes built to carry a body count into a reconciler."""

OPERATIONS = [
    "capabilities",
    "kafka_headers",
    "kafka_reconcile",
    "kafka_schema_version_gate",
]
"""The operations this scaffold maps onto the SDK, in protocol order."""


def _body_with_attempts(attempts: int) -> str:
    """A valid envelope whose attempts is the given body count."""
    envelope = EnvelopeCodec.make(RECONCILE_URN, {}, queue="conformance")
    envelope["attempts"] = attempts
    return EnvelopeCodec.encode(envelope)


def _attempts_of(body: str) -> int:
    """The attempts of a reconciled body."""
    attempts = EnvelopeCodec.decode(body).get("attempts")
    if not isinstance(attempts, int) or isinstance(attempts, bool):
        raise OperationFailed(f"the reconciled body has no integer attempts: {body!r}")
    return attempts


def _sdk(module: str, name: str, *members: str) -> Any:
    """What module names name, with the members the mapping calls on it.

    Found by feature, never by version: an API the installed babelqueue lacks
    raises NotProvided naming it, so its tests skip with that reason.
    """
    try:
        imported = importlib.import_module(module)
    except ModuleNotFoundError as exc:
        if exc.name != module:
            raise NotProvided(f"{module} cannot be imported: {exc}") from exc
        raise NotProvided(f"this babelqueue has no {module}") from exc
    except ImportError as exc:
        raise NotProvided(f"{module} cannot be imported: {exc}") from exc
    if not hasattr(imported, name):
        raise NotProvided(f"this babelqueue has no {module}.{name}")
    found = getattr(imported, name)
    for member in members:
        if not hasattr(found, member):
            raise NotProvided(f"this babelqueue has no {module}.{name}.{member}")
    return found


def _transport(module: str, name: str, *members: str) -> Any:
    """A transport's class (or constant) in babelqueue.<module>, as _sdk finds it."""
    return _sdk("babelqueue." + module, name, *members)


CONSUMER_QUEUE = "conformance"
"""The queue the consumers of the schema-version gates receive from."""


def _gate_outcome(transport: Any, client: Any, envelope: str) -> str:
    """The outcome of consuming the one message client holds, through transport.

    BabelQueue.consume pops the message through the transport (which receives
    it from the client) and dispatches it: "decode" when the envelope's
    handler ran with the decoded message, "reject" when it did not. A
    schema-version gate reads the property on receipt and hands a rejected
    message to no handler.
    """
    from babelqueue import BabelQueue

    decoded = EnvelopeCodec.decode(envelope)
    urn = EnvelopeCodec.urn(decoded)
    if not urn:
        raise OperationFailed("the envelope names no URN to register a handler for")
    handled: list[Any] = []

    def handler(data: Any, meta: Any, message: Any) -> None:
        handled.append(message)

    app = BabelQueue(transport=transport, queue=CONSUMER_QUEUE, max_attempts=1)
    app.register(urn, handler)
    app.consume(max_messages=1, timeout=0)
    if not client.delivered:
        name = type(transport).__name__
        raise OperationFailed(f"{name}.pop never received the message from its client")
    return "decode" if handled == [decoded] else "reject"


class _KafkaRecord:
    """A polled confluent_kafka.Message: its value bytes and headers (None when it has none)."""

    def __init__(self, body: str, headers: list[tuple[str, bytes]]) -> None:
        self._body, self._headers = body, headers

    def value(self) -> bytes:
        return self._body.encode("utf-8")

    def headers(self) -> Optional[list[tuple[str, bytes]]]:
        return list(self._headers) or None

    def error(self) -> None:
        return None

    def key(self) -> None:
        return None

    def topic(self) -> str:
        return "conformance"

    def partition(self) -> int:
        return 0

    def offset(self) -> int:
        return 0


class _KafkaConsumer:
    """The confluent_kafka.Consumer KafkaTransport polls, over one record in memory.

    The record is polled once; then poll returns None, as when none arrives.
    """

    def __init__(self, body: str, headers: list[tuple[str, bytes]]) -> None:
        self.record = _KafkaRecord(body, headers)
        self.delivered = False

    def poll(self, timeout: Any = None) -> Optional[_KafkaRecord]:
        if self.delivered:
            return None
        self.delivered = True
        return self.record

    def commit(self, message: Any = None, asynchronous: bool = True) -> None:
        pass

    def close(self) -> None:
        pass


class SdkSubject(SubjectDefaults):
    """The Subject implemented by the babelqueue SDK's kafka transport.

    An operation without a mapping raises NotProvided, with the reason where the
    SDK lacks what it needs: write one to run its tests. An operation this class
    has no method for (another target's, or one a later bqgen adds) answers from
    SubjectDefaults, and its tests skip with the reason.
    """

    def capabilities(self) -> list[str]:
        return list(OPERATIONS)

    def kafka_headers(self, envelope: str) -> dict[str, str]:
        headers = _transport("kafka_transport", "KafkaTransport", "_projection")._projection(envelope)
        return {name: value.decode("utf-8") if isinstance(value, bytes) else value for name, value in headers}

    def kafka_reconcile(self, body_attempts: int, header_attempts: Optional[str]) -> int:
        transport = _transport("kafka_transport", "KafkaTransport", "_reconcile")
        headers: list[tuple[str, bytes]] = []
        if header_attempts is not None:
            headers.append(("bq-attempts", header_attempts.encode("utf-8")))
        return _attempts_of(transport._reconcile(_body_with_attempts(body_attempts), headers))

    def kafka_schema_version_gate(self, envelope: str, property: Optional[str]) -> str:
        headers = [] if property is None else [("bq-schema-version", property.encode("utf-8"))]
        consumer = _KafkaConsumer(envelope, headers)
        transport = _transport("kafka_transport", "KafkaTransport", "pop")(
            "kafka://conformance:9092", consumer_factory=lambda topic: consumer
        )
        return _gate_outcome(transport, consumer, envelope)


def subject() -> Subject:
    """The subject the generated tests call."""
    return SdkSubject()
