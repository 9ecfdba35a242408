# Scaffolded by bqgen from the BabelQueue conformance suite; this file is yours.
# CONFORMANCE_VERSION: 1.7.0 (the suite revision it was scaffolded from)
# bqgen writes it only when it is absent and never overwrites it: edit it freely.
"""The babelqueue SDK as the subject of the generated conformance tests.

Each method maps one operation of bqgen's subject protocol onto the SDK's
public API. An operation the SDK cannot provide raises NotProvided, and the
tests that need it skip with the reason. What the SDK provides is found by
feature (the module, class or method is there), never by version number.
"""

import importlib
import logging
import sys
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any, Optional, Union

from babelqueue import EnvelopeCodec

from conformance_support import (
    ArtemisMessage,
    ASBMessage,
    DecodeResult,
    Delivery,
    MessageRead,
    NotProvided,
    OperationFailed,
    PayloadVerdict,
    RabbitMQPublishing,
    RedisProduced,
    RedisRoundtrip,
    Settlement,
    SQSAttribute,
    Subject,
    SubjectDefaults,
    View,
    WriteOutcome,
)

NO_WARNINGS_HOOK = (
    "this babelqueue has no decode warnings hook: the module of EnvelopeCodec has no logger"
    " (babelqueue.codec.logger, which EnvelopeCodec.decode warns on when it drops a forbidden key)"
)
"""Why decode reports its warnings as not provided on a babelqueue without the hook."""

RECONCILE_URN = "urn:bqgen:conformance:reconcile"
"""The URN of the envelopes built to carry a body count into a reconciler."""

OPERATIONS = [
    "capabilities",
    "decode",
    "reencode",
    "make",
    "sqs_attributes",
    "sqs_reconcile",
    "asb_message",
    "asb_reconcile",
    "pulsar_properties",
    "pulsar_reconcile",
    "kafka_headers",
    "kafka_reconcile",
    "artemis_message",
    "artemis_reconcile",
    "rabbitmq_publishing",
    "redis_roundtrip",
    "idempotency_key",
    "idempotency_replay",
    "validate_payload",
    "sqs_schema_version_gate",
    "asb_schema_version_gate",
    "pulsar_schema_version_gate",
    "kafka_schema_version_gate",
    "artemis_schema_version_gate",
    "new_message",
    "dead_letter",
    "idempotency_raised",
    "redis_produce",
]
"""The operations this scaffold maps onto the SDK, in protocol order."""


class _Collect(logging.Handler):
    """Keeps the messages of the log records it handles."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


def _codec_logger() -> Optional[logging.Logger]:
    """The logger EnvelopeCodec warns on, found by feature; None when this babelqueue has none."""
    logger = getattr(sys.modules.get(EnvelopeCodec.__module__), "logger", None)
    return logger if isinstance(logger, logging.Logger) else None


@contextmanager
def _codec_warnings() -> Iterator[Union[list[str], NotProvided]]:
    """The warnings the codec logs inside the block.

    A babelqueue without the hook yields NotProvided: "no warnings" would be a
    claim about an SDK that cannot say, so those tests skip instead.
    """
    logger = _codec_logger()
    if logger is None:
        yield NotProvided(NO_WARNINGS_HOOK)
        return
    handler = _Collect()
    previous = logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.WARNING)
    try:
        yield handler.messages
    finally:
        logger.removeHandler(handler)
        logger.setLevel(previous)


def _int_or_none(value: Any) -> Optional[int]:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _str_or_none(value: Any) -> Optional[str]:
    return value if isinstance(value, str) else None


def _view(envelope: Mapping[str, Any]) -> View:
    """The neutral view of a decoded envelope (a plain dict in this SDK)."""
    meta = envelope.get("meta")
    meta = meta if isinstance(meta, dict) else {}
    dead_letter = envelope.get("dead_letter")
    return {
        "urn": EnvelopeCodec.urn(envelope) or None,
        "data": envelope.get("data"),
        "attempts": _int_or_none(envelope.get("attempts")),
        "lang": _str_or_none(meta.get("lang")),
        "schema_version": _int_or_none(meta.get("schema_version")),
        "trace_id": _str_or_none(envelope.get("trace_id")),
        "id": _str_or_none(meta.get("id")),
        "created_at": _int_or_none(meta.get("created_at")),
        "queue": _str_or_none(meta.get("queue")),
        "dead_letter": dead_letter if isinstance(dead_letter, dict) else None,
    }


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


def _retried(envelope: str, urn: str, times: int) -> str:
    """The envelope as the runtime's retry path re-publishes it after times failed deliveries.

    A handler that raises makes BabelQueue.dispatch decode the message, add one
    to its attempts and publish it again, which is the SDK's only increment.
    """
    BabelQueue = _sdk("babelqueue", "BabelQueue", "register", "consume")
    InMemoryTransport = _sdk("babelqueue", "InMemoryTransport", "publish", "pop")

    def handler(*delivery: Any) -> None:
        raise RuntimeError("fails on purpose, so that the runtime retries the message")

    app = BabelQueue(transport=InMemoryTransport(), queue="conformance", max_attempts=sys.maxsize)
    app.register(urn, handler)
    app.transport.publish("conformance", envelope)
    for _ in range(times):
        if app.consume(max_messages=1, timeout=0) != 1:
            raise OperationFailed("BabelQueue.consume found no message to deliver")
    retried = app.transport.pop("conformance", timeout=0)
    if retried is None:
        raise OperationFailed("the runtime did not publish the failed message again")
    return str(retried.body)


def _replay(store: Any, deliveries: list[Delivery]) -> list[tuple[bool, bool]]:
    """Drive one handler, wrapped once by babelqueue.idempotency.wrap over store, through the deliveries.

    Per delivery: whether the handler ran, and whether the wrapped call raised.
    """
    wrap = _sdk("babelqueue.idempotency", "wrap")
    ran: list[bool] = []
    outcome = ["ok"]  # the current delivery's outcome, read by the handler

    def handler(*delivery: Any) -> None:
        ran[-1] = True
        if outcome[0] == "throw":
            raise RuntimeError("the handler fails on purpose (outcome throw)")

    wrapped = wrap(store, handler)
    results: list[tuple[bool, bool]] = []
    for delivery in deliveries:
        if delivery["forget_before"]:
            store.forget(delivery["meta_id"])
        ran.append(False)
        outcome[0] = delivery["outcome"]
        try:
            wrapped({}, {"id": delivery["meta_id"]})
            raised = False
        except Exception:  # noqa: BLE001 - any error that comes back out counts
            raised = True
        results.append((ran[-1], raised))
    return results


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


class _SqsClient:
    """The boto3 SQS calls SqsTransport makes to consume, over one message in memory.

    The message is received once, its ApproximateReceiveCount 1 (a first
    delivery) and its MessageAttributes those given, returned the way SQS
    returns them: only when asked for, and left out when there are none.
    """

    def __init__(self, body: str, attributes: dict[str, dict[str, str]]) -> None:
        self.message: dict[str, Any] = {
            "MessageId": "conformance-1",
            "ReceiptHandle": "conformance-receipt-1",
            "Body": body,
            "Attributes": {"ApproximateReceiveCount": "1"},
        }
        self.attributes = attributes
        self.delivered = False

    def get_queue_url(self, QueueName: str) -> dict[str, str]:
        return {"QueueUrl": "https://sqs.conformance.invalid/000000000000/" + QueueName}

    def receive_message(self, **params: Any) -> dict[str, Any]:
        if self.delivered:
            return {}
        self.delivered = True
        message = dict(self.message)
        names = params.get("MessageAttributeNames") or []
        wanted = {n: v for n, v in self.attributes.items() if "All" in names or n in names}
        if wanted:
            message["MessageAttributes"] = wanted
        return {"Messages": [message]}

    def delete_message(self, **params: Any) -> dict[str, Any]:
        return {}

    def send_message(self, **params: Any) -> dict[str, Any]:
        return {"MessageId": "conformance-2"}


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


class _RecordingPika:
    """Stands in for the pika module: BasicProperties returns its keywords."""

    @staticmethod
    def BasicProperties(**properties: Any) -> dict[str, Any]:
        return properties


class _ListClient:
    """The Redis list commands RedisTransport uses (and LLEN to watch them), in memory."""

    def __init__(self) -> None:
        self.lists: dict[str, list[Any]] = {}

    def rpush(self, key: str, *values: Any) -> int:
        self.lists.setdefault(key, []).extend(values)
        return len(self.lists[key])

    def llen(self, key: str) -> int:
        return len(self.lists.get(key) or [])

    def blmove(self, source: str, destination: str, timeout: Any, src: str = "LEFT", dest: str = "RIGHT") -> Any:
        items = self.lists.get(source) or []
        if not items:
            return None
        value = items.pop(0 if src == "LEFT" else -1)
        target = self.lists.setdefault(destination, [])
        target.insert(len(target) if dest == "RIGHT" else 0, value)
        return value


class SdkSubject(SubjectDefaults):
    """The Subject implemented by the babelqueue SDK.

    An operation without a mapping raises NotProvided, with the reason where the
    SDK lacks what it needs: write one to run its tests. An operation this class
    has no method for (one a later bqgen adds) answers from SubjectDefaults, and
    its tests skip with the reason.
    """

    def capabilities(self) -> list[str]:
        return list(OPERATIONS)

    def decode(self, envelope: str) -> DecodeResult:
        with _codec_warnings() as warnings:
            decoded = EnvelopeCodec.decode(envelope)
        accepted = bool(decoded) and EnvelopeCodec.accepts(decoded)
        return {
            "accepted": accepted,
            "reason": "" if accepted else "EnvelopeCodec.accepts rejected the envelope",
            "warnings": warnings if isinstance(warnings, NotProvided) else list(warnings),
            "view": _view(decoded) if decoded else None,
        }

    def reencode(self, envelope: str, attempts_increment: int) -> str:
        with _codec_warnings():
            decoded = EnvelopeCodec.decode(envelope)
            if not (decoded and EnvelopeCodec.accepts(decoded)):
                raise OperationFailed("EnvelopeCodec.accepts rejected the envelope")
            if attempts_increment == 0:
                return EnvelopeCodec.encode(decoded)
            return _retried(envelope, EnvelopeCodec.urn(decoded), attempts_increment)

    def make(self, urn: str, queue: str, data: dict[str, Any]) -> str:
        return EnvelopeCodec.encode(EnvelopeCodec.make(urn, data, queue=queue))

    def sqs_attributes(self, envelope: str) -> dict[str, SQSAttribute]:
        return dict(_transport("sqs_transport", "SqsTransport", "_attributes")._attributes(envelope))

    def sqs_reconcile(self, body_attempts: int, approximate_receive_count: Optional[str]) -> int:
        transport = _transport("sqs_transport", "SqsTransport", "_reconcile")
        return _attempts_of(transport._reconcile(_body_with_attempts(body_attempts), approximate_receive_count))

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

    def pulsar_properties(self, envelope: str) -> dict[str, str]:
        return dict(_transport("pulsar_transport", "PulsarTransport", "_projection")._projection(envelope))

    def pulsar_reconcile(self, body_attempts: int, redelivery_count: int) -> int:
        transport = _transport("pulsar_transport", "PulsarTransport", "_reconcile")
        return _attempts_of(transport._reconcile(_body_with_attempts(body_attempts), redelivery_count))

    def kafka_headers(self, envelope: str) -> dict[str, str]:
        headers = _transport("kafka_transport", "KafkaTransport", "_projection")._projection(envelope)
        return {name: value.decode("utf-8") if isinstance(value, bytes) else value for name, value in headers}

    def kafka_reconcile(self, body_attempts: int, header_attempts: Optional[str]) -> int:
        transport = _transport("kafka_transport", "KafkaTransport", "_reconcile")
        headers: list[tuple[str, bytes]] = []
        if header_attempts is not None:
            headers.append(("bq-attempts", header_attempts.encode("utf-8")))
        return _attempts_of(transport._reconcile(_body_with_attempts(body_attempts), headers))

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

    def rabbitmq_publishing(self, envelope: str) -> RabbitMQPublishing:
        pika_transport = _transport("pika_transport", "PikaTransport", "_properties")
        transport = pika_transport.__new__(pika_transport)  # no broker connection: only the projection runs
        transport._pika = _RecordingPika
        properties = transport._properties(envelope)
        names = ("type", "correlation_id", "message_id", "app_id", "content_type")
        return {
            "properties": {name: properties[name] for name in names if name in properties},
            "headers": dict(properties.get("headers") or {}),
        }

    def redis_roundtrip(self, envelope: str) -> RedisRoundtrip:
        client = _ListClient()
        transport = _transport("redis_transport", "RedisTransport", "publish", "pop")("redis://", client=client)
        transport.publish("conformance", envelope)
        queued_after_produce = client.llen("conformance")
        reserved = transport.pop("conformance", timeout=0)
        if reserved is None:
            raise OperationFailed("RedisTransport.pop reserved nothing from the queue publish wrote to")
        body = reserved.body
        return {
            "element": body.decode("utf-8") if isinstance(body, bytes) else str(body),
            "queued_after_produce": queued_after_produce,
            "queued_after_reserve": client.llen("conformance"),
        }

    def idempotency_key(self, envelope: str) -> str:
        InMemoryStore = _sdk("babelqueue.idempotency", "InMemoryStore", "remember")
        wrap = _sdk("babelqueue.idempotency", "wrap")

        remembered: list[str] = []

        class RecordingStore(InMemoryStore):  # type: ignore[misc, valid-type]
            def remember(self, message_id: str) -> None:
                remembered.append(message_id)
                super().remember(message_id)

        decoded = EnvelopeCodec.decode(envelope)
        wrap(RecordingStore(), lambda *delivery: None)(decoded.get("data"), decoded.get("meta"), decoded)
        if not remembered:
            raise OperationFailed("the helper remembered no key for the delivery")
        keys = sorted(set(remembered))
        if len(keys) > 1:
            raise OperationFailed(f"the helper remembered different keys for one delivery: {keys!r}")
        return keys[0]

    def idempotency_replay(self, deliveries: list[Delivery]) -> list[bool]:
        store = _sdk("babelqueue.idempotency", "InMemoryStore", "forget")()
        return [ran for ran, _ in _replay(store, deliveries)]

    def validate_payload(self, schema: dict[str, Any], data: Any) -> PayloadVerdict:
        validate_schema = _sdk("babelqueue.schema", "validate_schema")
        violation = validate_schema(schema, data)
        return {"valid": violation is None, "errors": [] if violation is None else [violation]}

    def sqs_schema_version_gate(self, envelope: str, property: Optional[str]) -> str:
        attributes: dict[str, dict[str, str]] = {}
        if property is not None:
            attributes["bq-schema-version"] = {"DataType": "String", "StringValue": property}
        client = _SqsClient(envelope, attributes)
        transport = _transport("sqs_transport", "SqsTransport", "pop")("sqs://", client=client)
        return _gate_outcome(transport, client, envelope)

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

    def pulsar_schema_version_gate(self, envelope: str, property: Optional[str]) -> str:
        properties = {} if property is None else {"bq-schema-version": property}
        client = _PulsarClient(envelope, properties)
        transport = _transport("pulsar_transport", "PulsarTransport", "pop")(
            "pulsar://conformance:6650", client=client
        )
        return _gate_outcome(transport, client, envelope)

    def kafka_schema_version_gate(self, envelope: str, property: Optional[str]) -> str:
        headers = [] if property is None else [("bq-schema-version", property.encode("utf-8"))]
        consumer = _KafkaConsumer(envelope, headers)
        transport = _transport("kafka_transport", "KafkaTransport", "pop")(
            "kafka://conformance:9092", consumer_factory=lambda topic: consumer
        )
        return _gate_outcome(transport, consumer, envelope)

    def artemis_schema_version_gate(self, envelope: str, property: Optional[str]) -> str:
        properties = {} if property is None else {"bq_schema_version": property}
        connection = _ArtemisConnection(envelope, properties)
        transport = _transport("artemis_transport", "ArtemisTransport", "pop")(
            "artemis://conformance:5672", connection=connection
        )
        return _gate_outcome(transport, connection, envelope)

    def settle(self, broker: str, dead_letter_queue: bool, calls: list[str]) -> Settlement:
        raise NotProvided(
            "babelqueue.transport: the babelqueue SDK has no settle-once message API; a "
            "ReceivedMessage carries only its body, queue and ack handle, Transport can only ack "
            "it (no requeue or reject, no dead-letter queue of the broker, no WithBody copy "
            "settling the original, no messages_settled counter), and the message-queue "
            "connectors' shared messaging layer is not part of the SDK"
        )

    def read_message(
        self,
        type: dict[str, Any],
        broker: str,
        source: str,
        position: str,
        message_id: str,
        metadata: dict[str, Any],
        body: str,
        action: Optional[str],
        dead_letter_queue: bool,
        raw_excerpt_length: Optional[int],
    ) -> MessageRead:
        raise NotProvided(
            "babelqueue.app: the babelqueue SDK has no RowErrorHandler; BabelQueue.dispatch "
            "decodes every body as an envelope with EnvelopeCodec and never deserializes it into "
            "a typed T, so there is no fail, skip or dead_letter action for a body that is not a "
            "valid T, no read error naming the source, position and an excerpt of "
            "RawExcerptLength code points, no MessageFailure for a dead-letter sink and no "
            "row_errors counter"
        )

    def write_messages(
        self,
        sink: str,
        action: str,
        batches: Any,
        refused: list[str],
    ) -> WriteOutcome:
        raise NotProvided(
            "babelqueue.transport: the babelqueue SDK has no sink; nothing writes batches of "
            "source messages with a FailedMessageAction (fail, requeue, dead_letter) and "
            "acknowledges them after a batch, a commit or a request: Transport.publish sends one "
            "body, reports no refusal and settles no source message"
        )

    def new_message(
        self,
        urn: str,
        queue: str,
        data: dict[str, Any],
        trace_id: Optional[str],
    ) -> str:
        return EnvelopeCodec.encode(EnvelopeCodec.make(urn, data, queue=queue, trace_id=trace_id))

    def dead_letter(
        self,
        envelope: str,
        reason: str,
        original_queue: str,
        error: Optional[str],
    ) -> str:
        annotate = _sdk("babelqueue.dead_letter", "annotate")
        decoded = EnvelopeCodec.decode(envelope)
        # The attempts made before dead-lettering are the envelope's own count.
        return EnvelopeCodec.encode(annotate(decoded, reason, original_queue, decoded["attempts"], error=error))

    def idempotency_raised(self, deliveries: list[Delivery]) -> list[bool]:
        store = _sdk("babelqueue.idempotency", "InMemoryStore", "forget")()
        return [raised for _, raised in _replay(store, deliveries)]

    def redis_produce(
        self,
        urn: str,
        queue: str,
        data: dict[str, Any],
        trace_id: str,
    ) -> RedisProduced:
        client = _ListClient()
        transport = _transport("redis_transport", "RedisTransport", "publish")("redis://", client=client)
        transport.publish(queue, EnvelopeCodec.encode(EnvelopeCodec.make(urn, data, queue=queue, trace_id=trace_id)))
        stored = client.lists.get(queue) or []
        if len(stored) != 1:
            raise OperationFailed(f"RedisTransport.publish left {len(stored)} elements on the list, expected 1")
        element = stored[0].decode("utf-8") if isinstance(stored[0], bytes) else str(stored[0])
        try:
            reencoded = EnvelopeCodec.encode(EnvelopeCodec.decode(element))
        except Exception:  # noqa: BLE001 - an element that does not decode has no encoding
            reencoded = ""
        return {"element": element, "reencoded": reencoded}


def subject() -> Subject:
    """The subject the generated tests call."""
    return SdkSubject()
