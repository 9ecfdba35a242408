"""A maintainer's test of an operation a later bqgen adds (probe_echo).

It calls the operation through the generated subject accessor, as the
generated tests do; the scaffold beside it predates the operation, so the
generated default answers and the test skips with the reason.
"""

import pathlib
import unittest

import conformance_support as support
from conformance_subject import subject


class ProbeConformanceTest(support.ConformanceTestCase):
    """Calls probe_echo, which no scaffold written before it maps."""

    suite_dir = pathlib.Path(__file__).parent / "conformance"
    make_subject = staticmethod(subject)

    def test_probe_echo(self):
        """probe_echo answers the text it was given."""
        self.assertEqual(self.call(self.subject.probe_echo, "ping"), "ping")


if __name__ == "__main__":
    unittest.main()
