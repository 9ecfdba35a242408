from typing import Any, Optional

from ._variant import VARIANT

if VARIANT != "without":
    def validate_schema(schema: Any, value: Any, path: str = "") -> Optional[str]:
        """Has the API but behaves wrongly (in "wrong" and "with" alike): every value is valid."""
        return None
