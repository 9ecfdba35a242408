import json
import logging
import uuid
from typing import Any, Dict, List, Mapping

from ._variant import VARIANT

FORBIDDEN_KEYS = ((None, "timestamp"), ("meta", "max_retries"), ("meta", "attempts"), ("meta", "source"),
                  ("meta", "ts"))

if VARIANT != "without":
    # The warnings hook: decode warns here, naming the pointer of each key it drops.
    logger = logging.getLogger("babelqueue.codec")


def _strip(envelope: Dict[str, Any]) -> List[str]:
    pointers = []
    for parent, key in FORBIDDEN_KEYS:
        holder = envelope if parent is None else envelope.get(parent)
        if isinstance(holder, dict) and key in holder:
            del holder[key]
            pointers.append("/" + key if parent is None else "/" + parent + "/" + key)
    return pointers


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class EnvelopeCodec:
    @staticmethod
    def decode(raw: str) -> Dict[str, Any]:
        try:
            value = json.loads(raw)
        except ValueError:
            return {}
        if not isinstance(value, dict):
            return {}
        for pointer in _strip(value):
            if VARIANT == "with":
                logger.warning("dropped the forbidden key %s", pointer)
        return value

    @staticmethod
    def encode(envelope: Mapping[str, Any]) -> str:
        copy = json.loads(json.dumps(envelope))
        _strip(copy)
        return json.dumps(copy, ensure_ascii=False, separators=(",", ":"))

    @staticmethod
    def urn(envelope: Mapping[str, Any]) -> str:
        for key in ("job", "urn"):
            if isinstance(envelope.get(key), str) and envelope[key]:
                return str(envelope[key])
        return ""

    @staticmethod
    def accepts(envelope: Mapping[str, Any]) -> bool:
        meta = envelope.get("meta")
        trace_id = envelope.get("trace_id")
        return (EnvelopeCodec.urn(envelope) != "" and isinstance(meta, dict)
                and _is_int(meta.get("schema_version")) and meta.get("schema_version") == 1
                and isinstance(envelope.get("data"), dict)
                and _is_int(envelope.get("attempts")) and envelope["attempts"] >= 0
                and isinstance(trace_id, str) and trace_id.strip() != "")

    @staticmethod
    def make(urn: str, data: Mapping[str, Any], *, queue: str = "default", trace_id: Any = None) -> Dict[str, Any]:
        meta = {"id": str(uuid.uuid4()), "queue": queue, "lang": "python", "schema_version": 1, "created_at": 0}
        return {"job": urn, "trace_id": trace_id or str(uuid.uuid4()), "data": dict(data), "meta": meta,
                "attempts": 0}
