"""A stand-in for the babelqueue SDK, for bqgen's test of the missing-feature rule.

Written from the SDK's documented API (signatures and minimal behaviour
only). BQGEN_STANDIN selects which APIs it has and how they behave:
"without" lacks the decode warnings hook, babelqueue.idempotency.wrap and
babelqueue.schema.validate_schema; "wrong" has them, but they misbehave;
"with" has them, and the warnings hook and idempotency helper behave.
"""

from .codec import EnvelopeCodec

__all__ = ["EnvelopeCodec"]
