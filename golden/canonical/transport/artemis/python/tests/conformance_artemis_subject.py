# Scaffolded by bqgen from the BabelQueue conformance suite; this file is yours.
# CONFORMANCE_VERSION: 1.7.0 (the suite revision it was scaffolded from)
# bqgen writes it only when it is absent and never overwrites it: edit it freely.
"""The artemis transport of the babelqueue SDK as the subject of its conformance tests.

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

from conformance_artemis_support import (
    ArtemisMessage,
    NotProvided,
    OperationFailed,
    Subject,
    SubjectDefaults,
)

RECONCILE_URN = "urn:bqgen:conformance:reconcile"
"""The URN of the envelopes built to carry a body count into a reconciler."""

OPERATIONS = [
    "capabilities",
    "artemis_message",
    "artemis_reconcile",
    "artemis_schema_version_gate",
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


class _AmqpMessage:
    """A received proton.Message: its body, application properties and delivery count."""

    def __init__(self, body: str, properties: dict[str, str]) -> None:
        self.body = body
        self.properties = properties or None
        self.delivery_count = 0
        self.annotations = None
        self.correlation_id = None


class _ArtemisConnection:
    """The proton BlockingConnection, and the receiver it creates, over one message in memory.

    The message is received once (a first delivery, delivery-count 0); then
    receive raises proton's Timeout, as it does when none arrives.
    """

    class Timeout(Exception):
        """What proton's blocking receiver raises when no message arrives within the timeout."""

    def __init__(self, body: str, properties: dict[str, str]) -> None:
        self.message = _AmqpMessage(body, properties)
        self.delivered = False

    def create_receiver(self, address: str, **options: Any) -> "_ArtemisConnection":
        return self

    def receive(self, timeout: Any = None) -> _AmqpMessage:
        if self.delivered:
            raise _ArtemisConnection.Timeout("Connection timed out")
        self.delivered = True
        return self.message

    def accept(self) -> None:
        pass

    def reject(self) -> None:
        pass

    def release(self, delivered: bool = True) -> None:
        pass

    def close(self) -> None:
        pass


class SdkSubject(SubjectDefaults):
    """The Subject implemented by the babelqueue SDK's artemis transport.

    An operation without a mapping raises NotProvided, with the reason where the
    SDK lacks what it needs: write one to run its tests. An operation this class
    has no method for (another target's, or one a later bqgen adds) answers from
    SubjectDefaults, and its tests skip with the reason.
    """

    def capabilities(self) -> list[str]:
        return list(OPERATIONS)

    def artemis_message(self, envelope: str) -> ArtemisMessage:
        transport = _transport(
            "artemis_transport", "ArtemisTransport", "_creation_seconds", "_jms_type", "_correlation_id", "_projection"
        )
        annotation = _transport("artemis_transport", "JMS_TYPE_ANNOTATION")
        seconds = transport._creation_seconds(envelope)
        return {
            "annotations": {annotation: transport._jms_type(envelope)},
            "correlation_id": transport._correlation_id(envelope),
            "creation_time": round(seconds * 1000) if seconds is not None else None,  # type: ignore[typeddict-item]
            "properties": dict(transport._projection(envelope)),
        }

    def artemis_reconcile(self, body_attempts: int, delivery_count: int) -> int:
        transport = _transport("artemis_transport", "ArtemisTransport", "_reconcile")
        return _attempts_of(transport._reconcile(_body_with_attempts(body_attempts), delivery_count))

    def artemis_schema_version_gate(self, envelope: str, property: Optional[str]) -> str:
        properties = {} if property is None else {"bq_schema_version": property}
        connection = _ArtemisConnection(envelope, properties)
        transport = _transport("artemis_transport", "ArtemisTransport", "pop")(
            "artemis://conformance:5672", connection=connection
        )
        return _gate_outcome(transport, connection, envelope)


def subject() -> Subject:
    """The subject the generated tests call."""
    return SdkSubject()
