# Scaffolded by bqgen from the BabelQueue conformance suite; this file is yours.
# CONFORMANCE_VERSION: 1.7.0 (the suite revision it was scaffolded from)
# bqgen writes it only when it is absent and never overwrites it: edit it freely.
"""The rabbitmq transport of the babelqueue SDK as the subject of its conformance tests.

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

from conformance_rabbitmq_support import (
    NotProvided,
    OperationFailed,
    RabbitMQPublishing,
    Subject,
    SubjectDefaults,
)

RECONCILE_URN = "urn:bqgen:conformance:reconcile"
"""The URN of the envelopes built to carry a body count into a reconciler."""

OPERATIONS = [
    "capabilities",
    "rabbitmq_publishing",
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


class _RecordingPika:
    """Stands in for the pika module: BasicProperties returns its keywords."""

    @staticmethod
    def BasicProperties(**properties: Any) -> dict[str, Any]:
        return properties


class SdkSubject(SubjectDefaults):
    """The Subject implemented by the babelqueue SDK's rabbitmq transport.

    An operation without a mapping raises NotProvided, with the reason where the
    SDK lacks what it needs: write one to run its tests. An operation this class
    has no method for (another target's, or one a later bqgen adds) answers from
    SubjectDefaults, and its tests skip with the reason.
    """

    def capabilities(self) -> list[str]:
        return list(OPERATIONS)

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


def subject() -> Subject:
    """The subject the generated tests call."""
    return SdkSubject()
