# Scaffolded by bqgen from the BabelQueue conformance suite; this file is yours.
# CONFORMANCE_VERSION: 1.7.0 (the suite revision it was scaffolded from)
# bqgen writes it only when it is absent and never overwrites it: edit it freely.
"""The redis transport of the babelqueue SDK as the subject of its conformance tests.

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

from conformance_redis_support import (
    NotProvided,
    OperationFailed,
    RedisProduced,
    RedisRoundtrip,
    Subject,
    SubjectDefaults,
)

RECONCILE_URN = "urn:bqgen:conformance:reconcile"
"""The URN of the envelopes built to carry a body count into a reconciler."""

OPERATIONS = [
    "capabilities",
    "redis_roundtrip",
    "redis_produce",
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
    """The Subject implemented by the babelqueue SDK's redis transport.

    An operation without a mapping raises NotProvided, with the reason where the
    SDK lacks what it needs: write one to run its tests. An operation this class
    has no method for (another target's, or one a later bqgen adds) answers from
    SubjectDefaults, and its tests skip with the reason.
    """

    def capabilities(self) -> list[str]:
        return list(OPERATIONS)

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
