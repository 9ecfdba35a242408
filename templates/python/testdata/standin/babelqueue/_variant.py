import os

VARIANT = os.environ.get("BQGEN_STANDIN", "with")
