# Scaffolded by bqgen from the BabelQueue conformance suite; this file is yours.
# CONFORMANCE_VERSION: 1.7.0 (the suite revision it was scaffolded from)
# bqgen writes it only when it is absent and never overwrites it: edit it freely.
"""The asb transport of the babelqueue SDK as the subject of its conformance tests.

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

from conformance_asb_support import (
    ASBMessage,
    NotProvided,
    OperationFailed,
    Subject,
    SubjectDefaults,
)

RECONCILE_URN = "urn:bqgen:conformance:reconcile"
"""The URN of the envelopes built to carry a body count into a reconciler."""

OPERATIONS = [
    "capabilities",
    "asb_message",
    "asb_reconcile",
    "asb_schema_version_gate",
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


def _amqp_value(value: Any, amqp_type: Optional[str]) -> Any:
    """An application property's value as azure-servicebus hands a received one on.

    A string arrives as UTF-8 bytes; an AMQP int or long as an int (Python has
    one integer type for both widths) and a double as a float.
    """
    if isinstance(value, str):
        return value.encode("utf-8")
    if amqp_type in ("int", "long"):
        return int(value)
    if amqp_type == "double":
        return float(value)
    raise OperationFailed(f"a number needs the AMQP type int, long or double, not {amqp_type!r}")


class _AsbMessage:
    """A received ServiceBusMessage as AsbTransport reads it: str() is the body."""

    def __init__(self, body: str, application_properties: dict[bytes, Any]) -> None:
        self.body = body
        self.application_properties = application_properties or None
        self.delivery_count = 1
        self.message_id = "conformance-1"

    def __str__(self) -> str:
        return self.body


class _AsbClient:
    """The ServiceBusClient, and the queue receiver it opens, over one message in memory.

    The message is received once, its delivery_count 1 (a first delivery) and
    its application properties keyed by bytes, as the client receives them.
    """

    def __init__(self, body: str, application_properties: dict[bytes, Any]) -> None:
        self.message = _AsbMessage(body, application_properties)
        self.delivered = False

    def get_queue_receiver(self, queue_name: str, **options: Any) -> "_AsbClient":
        return self

    def receive_messages(self, max_message_count: Any = 1, max_wait_time: Any = None) -> list[Any]:
        if self.delivered:
            return []
        self.delivered = True
        return [self.message]

    def complete_message(self, message: Any) -> None:
        pass

    def abandon_message(self, message: Any) -> None:
        pass

    def dead_letter_message(self, message: Any, **details: Any) -> None:
        pass


class SdkSubject(SubjectDefaults):
    """The Subject implemented by the babelqueue SDK's asb transport.

    An operation without a mapping raises NotProvided, with the reason where the
    SDK lacks what it needs: write one to run its tests. An operation this class
    has no method for (another target's, or one a later bqgen adds) answers from
    SubjectDefaults, and its tests skip with the reason.
    """

    def capabilities(self) -> list[str]:
        return list(OPERATIONS)

    def asb_message(self, envelope: str) -> ASBMessage:
        projection = _transport("asb_transport", "AsbTransport", "_projection")._projection(envelope)
        return {
            "subject": projection["subject"],
            "correlation_id": projection["correlation_id"],
            "message_id": projection["message_id"],
            "content_type": projection["content_type"],
            "application_properties": dict(projection["application_properties"]),
        }

    def asb_reconcile(self, body_attempts: int, delivery_count: int) -> int:
        transport = _transport("asb_transport", "AsbTransport", "_reconcile")
        return _attempts_of(transport._reconcile(_body_with_attempts(body_attempts), delivery_count))

    def asb_schema_version_gate(
        self,
        envelope: str,
        property: Any,
        amqp_type: Optional[str],
    ) -> str:
        properties: dict[bytes, Any] = {}
        if property is not None:
            properties[b"bq-schema-version"] = _amqp_value(property, amqp_type)
        client = _AsbClient(envelope, properties)
        transport = _transport("asb_transport", "AsbTransport", "pop")("sb://", client=client)
        return _gate_outcome(transport, client, envelope)


def subject() -> Subject:
    """The subject the generated tests call."""
    return SdkSubject()
