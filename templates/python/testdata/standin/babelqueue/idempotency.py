from typing import Any, Callable, Set

from ._variant import VARIANT


class InMemoryStore:
    def __init__(self) -> None:
        self._seen: Set[str] = set()

    def seen(self, message_id: str) -> bool:
        return message_id in self._seen

    def remember(self, message_id: str) -> None:
        self._seen.add(message_id)

    def forget(self, message_id: str) -> None:
        self._seen.discard(message_id)


if VARIANT != "without":
    def wrap(store: Any, handler: Callable[..., Any]) -> Callable[..., Any]:
        """Runs a delivery once per meta.id; "wrong" never asks the store, so a redelivery runs again."""

        def wrapped(data: Any, meta: Any, *envelope: Any) -> Any:
            key = meta.get("id") if isinstance(meta, dict) else None
            if not (isinstance(key, str) and key):
                return handler(data, meta, *envelope)
            if VARIANT == "with" and store.seen(key):
                return None
            result = handler(data, meta, *envelope)
            store.remember(key)
            return result

        return wrapped
