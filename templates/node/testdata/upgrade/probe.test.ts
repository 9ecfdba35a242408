// A test an SDK could write by hand for an operation its scaffold predates:
// it reaches probe_echo (appended to the protocol by the upgrade test)
// through the generated accessor, and skips with the default's reason.

import { after, test } from "node:test";
import { withDefaults } from "./conformance-subject.gen.js";
import { openSubject } from "./conformance-binding.js";
import { whenProvided } from "./conformance-support.gen.js";

const subject = withDefaults(openSubject());
after(() => subject.close());

test("probe_echo through the generated default", (t) => whenProvided(t, async () => {
  const answer = await subject.probeEcho("ping");
  throw new Error(`probe_echo answered ${JSON.stringify(answer)}; a scaffold that predates it cannot`);
}));
