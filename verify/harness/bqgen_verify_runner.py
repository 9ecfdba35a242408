"""bqgen verify's warm Python runner (verify/harness).

One interpreter that runs the generated tests once per request, with the
runner verify would otherwise start a process for (unittest, or pytest).
Before each run every module loaded from the project is dropped from
sys.modules, so the run imports the generated code afresh and no
module-level state of a run before survives; after it, the functions the
run registered with atexit (the oracle's session) run, as they would at the
exit of a process of its own. See verify/warm.go for the protocol; a
request's "only" field, when there, names the run's test modules, one path
per line (every module otherwise).
"""

import atexit
import contextlib
import os
import sys

ENV = "env."


def parse(line):
    """A request: space-separated name=hex(UTF-8 value) fields."""
    fields = {}
    for field in line.split():
        name, _, value = field.partition("=")
        fields[name] = bytes.fromhex(value).decode("utf-8")
    return fields


def forget_project_modules(root):
    """Drops every module whose file is under root from sys.modules."""
    prefix = os.path.join(root, "")
    for name, module in list(sys.modules.items()):
        path = getattr(module, "__file__", None)
        if path and os.path.abspath(path).startswith(prefix):
            del sys.modules[name]


def run_unittest(test_dir, pattern, only, out):
    import unittest

    if only is None:
        program = unittest.main(module=None, exit=False,
                                argv=["python -m unittest", "discover", "-s", test_dir, "-p", pattern],
                                testRunner=unittest.TextTestRunner(stream=out))
        result = program.result
    else:
        # The run's modules, each discovered by its own file name: only
        # those are imported.
        loader = unittest.TestLoader()
        suite = unittest.TestSuite(loader.discover(test_dir, pattern=os.path.basename(path)) for path in only)
        result = unittest.TextTestRunner(stream=out).run(suite)
    if result.testsRun == 0:
        return 5
    return 0 if result.wasSuccessful() else 1


def run_pytest(argv, only, results):
    import pytest

    if only is not None:
        argv = argv[:-1] + only  # the run's modules instead of the test directory
    if results:
        argv = argv + ["--junitxml", results]
    return int(pytest.main(argv))


def run(request, root, runner, args):
    saved_env, saved_path = dict(os.environ), list(sys.path)
    forget_project_modules(root)
    for name, value in request.items():
        if name.startswith(ENV):
            os.environ[name[len(ENV):]] = value
    try:
        with open(request["output"], "w", encoding="utf-8") as out, \
                contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
            only = request["only"].split("\n") if "only" in request else None
            if runner == "pytest":
                return run_pytest(args, only, request.get("results"))
            return run_unittest(args[0], args[1], only, out)
    finally:
        atexit._run_exitfuncs()
        os.environ.clear()
        os.environ.update(saved_env)
        sys.path[:] = saved_path


def main():
    """argv: the project root, the runner (unittest or pytest) and its arguments."""
    root, runner, args = os.path.abspath(sys.argv[1]), sys.argv[2], sys.argv[3:]
    control = sys.stdout
    sys.stdout = sys.stderr  # between runs, anything printed stays out of the answers
    for line in sys.stdin:
        code = run(parse(line), root, runner, args)
        control.write("exit %d\n" % code)
        control.flush()


if __name__ == "__main__":
    main()
