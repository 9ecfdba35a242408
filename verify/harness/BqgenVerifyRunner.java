// bqgen verify's warm JUnit runner (verify/harness): one JVM that runs the
// compiled tests once per request with the JUnit console launcher's own API.
// Each run gets a class loader of its own (the launcher's --class-path makes a
// new one per execution), so no static state of the tests survives a run.
// See verify/warm.go for the protocol; a request's "only" field, when there,
// names the classes the run selects, one per line (every class otherwise).

import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.platform.console.ConsoleLauncher;

public final class BqgenVerifyRunner {

    private static final String ENV = "env.";

    private BqgenVerifyRunner() {
    }

    /** args[0] is the compiled tests' class path. */
    public static void main(String[] args) throws IOException {
        PrintStream control = new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
        // Between runs, anything printed goes to stderr, never into the answers.
        System.setOut(System.err);
        BufferedReader requests = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String line = requests.readLine(); line != null; line = requests.readLine()) {
            control.println("exit " + run(args[0], parse(line)));
        }
    }

    /** One run: the oracle's variables as system properties, every output into the run's file. */
    private static int run(String classes, Map<String, String> request) throws IOException {
        PrintStream stdout = System.out;
        PrintStream stderr = System.err;
        request.forEach((name, value) -> {
            if (name.startsWith(ENV)) {
                System.setProperty(name.substring(ENV.length()), value);
            }
        });
        Set<Thread> hooksBefore = shutdownHooks();
        try (PrintStream out = new PrintStream(new FileOutputStream(request.get("output")), true, StandardCharsets.UTF_8)) {
            System.setOut(out);
            System.setErr(out);
            List<String> argv = new ArrayList<>(List.of("--disable-banner", "--disable-ansi-colors", "--details=tree",
                    "--class-path", classes));
            if (request.containsKey("only")) {
                // The run's classes, one per line, each selected by name (never read as a pattern).
                for (String name : request.get("only").split("\n")) {
                    argv.add("--select-class");
                    argv.add(name);
                }
            } else {
                argv.add("--scan-class-path");
            }
            if (request.containsKey("results")) {
                argv.add("--reports-dir");
                argv.add(request.get("results"));
            }
            return ConsoleLauncher.execute(out, out, argv.toArray(String[]::new)).getExitCode();
        } finally {
            System.setOut(stdout);
            System.setErr(stderr);
            request.keySet().stream().filter(name -> name.startsWith(ENV))
                    .forEach(name -> System.clearProperty(name.substring(ENV.length())));
            runShutdownHooksSince(hooksBefore);
            stopChildren();
        }
    }

    /**
     * Runs, and unregisters, the shutdown hooks the run registered (the tests' oracle server
     * stops in one), as the exit of a JVM of its own would: they would otherwise keep the run's
     * classes, and its oracle, until this JVM exits.
     */
    private static void runShutdownHooksSince(Set<Thread> before) {
        for (Thread hook : shutdownHooks()) {
            if (!before.contains(hook) && Runtime.getRuntime().removeShutdownHook(hook)) {
                hook.run();
            }
        }
    }

    /**
     * The registered shutdown hooks, read from the JDK's registry (open to this class by
     * {@code --add-opens java.base/java.lang=ALL-UNNAMED}); none when it cannot be read, and
     * then stopChildren alone ends a run's oracle.
     */
    @SuppressWarnings("unchecked")
    private static Set<Thread> shutdownHooks() {
        try {
            Class<?> registry = Class.forName("java.lang.ApplicationShutdownHooks");
            Field hooks = registry.getDeclaredField("hooks");
            hooks.setAccessible(true);
            synchronized (registry) {
                return new HashSet<>(((Map<Thread, Thread>) hooks.get(null)).keySet());
            }
        } catch (ReflectiveOperationException | RuntimeException e) {
            return Set.of();
        }
    }

    /**
     * Stops the processes the run started: the tests' oracle server lives until its JVM exits
     * (a shutdown hook stops it), and this JVM goes on to the next run.
     */
    private static void stopChildren() {
        for (ProcessHandle child : ProcessHandle.current().children().toList()) {
            child.destroy();
            try {
                child.onExit().get(5, TimeUnit.SECONDS);
            } catch (ExecutionException | TimeoutException e) {
                child.destroyForcibly();
            } catch (InterruptedException e) {
                child.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Reads a request: space-separated name=hex(UTF-8 value) fields. */
    private static Map<String, String> parse(String line) {
        Map<String, String> fields = new HashMap<>();
        for (String field : line.split(" ")) {
            int eq = field.indexOf('=');
            fields.put(field.substring(0, eq),
                    new String(HexFormat.of().parseHex(field.substring(eq + 1)), StandardCharsets.UTF_8));
        }
        return fields;
    }
}
