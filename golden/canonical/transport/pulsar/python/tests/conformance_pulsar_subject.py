# Scaffolded by bqgen from the BabelQueue conformance suite; this file is yours.
# CONFORMANCE_VERSION: 1.7.0 (the suite revision it was scaffolded from)
# bqgen writes it only when it is absent and never overwrites it: edit it freely.
"""The pulsar transport of the babelqueue SDK as the subject of its conformance tests.

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

from conformance_pulsar_support import (
    NotProvided,
    OperationFailed,
    Subject,
    SubjectDefaults,
)

RECONCILE_URN = "urn:bqgen:conformance:reconcile"
"""The URN of the envelopes built to carry a body count into a reconciler."""

OPERATIONS = [
    "capabilities",
    "pulsar_properties",
    "pulsar_reconcile",
    "pulsar_schema_version_gate",
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


class _PulsarMessage:
    """A received pulsar.Message: its payload bytes, properties and redelivery count."""

    def __init__(self, body: str, properties: dict[str, str]) -> None:
        self._body, self._properties = body, properties

    def data(self) -> bytes:
        return self._body.encode("utf-8")

    def value(self) -> bytes:
        return self.data()

    def properties(self) -> dict[str, str]:
        return dict(self._properties)

    def redelivery_count(self) -> int:
        return 0

    def message_id(self) -> str:
        return "conformance-1"


class _PulsarClient:
    """The pulsar.Client, and the consumer it subscribes, over one message in memory.

    The message is received once (a first delivery, redelivery count 0); then
    receive raises the client's Timeout, as pulsar does when none arrives.
    """

    class Timeout(Exception):
        """What the pulsar client raises when no message arrives within the timeout."""

    def __init__(self, body: str, properties: dict[str, str]) -> None:
        self.message = _PulsarMessage(body, properties)
        self.delivered = False

    def subscribe(self, topic: Any, subscription_name: str, **options: Any) -> "_PulsarClient":
        return self

    def receive(self, timeout_millis: Optional[int] = None) -> _PulsarMessage:
        if self.delivered:
            raise _PulsarClient.Timeout("Pulsar error: TimeOut")
        self.delivered = True
        return self.message

    def acknowledge(self, message: Any) -> None:
        pass

    def negative_acknowledge(self, message: Any) -> None:
        pass

    def close(self) -> None:
        pass


class SdkSubject(SubjectDefaults):
    """The Subject implemented by the babelqueue SDK's pulsar transport.

    An operation without a mapping raises NotProvided, with the reason where the
    SDK lacks what it needs: write one to run its tests. An operation this class
    has no method for (another target's, or one a later bqgen adds) answers from
    SubjectDefaults, and its tests skip with the reason.
    """

    def capabilities(self) -> list[str]:
        return list(OPERATIONS)

    def pulsar_properties(self, envelope: str) -> dict[str, str]:
        return dict(_transport("pulsar_transport", "PulsarTransport", "_projection")._projection(envelope))

    def pulsar_reconcile(self, body_attempts: int, redelivery_count: int) -> int:
        transport = _transport("pulsar_transport", "PulsarTransport", "_reconcile")
        return _attempts_of(transport._reconcile(_body_with_attempts(body_attempts), redelivery_count))

    def pulsar_schema_version_gate(self, envelope: str, property: Optional[str]) -> str:
        properties = {} if property is None else {"bq-schema-version": property}
        client = _PulsarClient(envelope, properties)
        transport = _transport("pulsar_transport", "PulsarTransport", "pop")(
            "pulsar://conformance:6650", client=client
        )
        return _gate_outcome(transport, client, envelope)


def subject() -> Subject:
    """The subject the generated tests call."""
    return SdkSubject()
