<?php
// bqgen verify's warm PHP runner (verify/harness): one PHP process that runs
// PHPUnit once per request in a child forked for that run. The parent never
// loads PHPUnit or a test: each child starts from the same untouched state, so
// nothing a run leaves behind (statics, globals, defined classes) reaches the
// next, and what the children share is the opcode cache, which holds compiled
// code and no state. The child's stdin, stdout and stderr are moved off the
// request pipe before PHPUnit starts, so no test can read or answer a request.
// See verify/warm.go for the protocol; a request's "filter" field, when there,
// is PHPUnit's --filter for the run's classes. Needs pcntl and FFI (Linux's libc):
// without them it exits at once, and verify runs one process per run.
//
// Usage: php bqgen-verify-runner.php PHPUNIT-SCRIPT [PHPUNIT-ARG ...]

declare(strict_types=1);

if (!function_exists('pcntl_fork') || !class_exists('FFI')) {
    fwrite(STDERR, "bqgen-verify-runner: needs the pcntl and FFI extensions\n");
    exit(3);
}
try {
    $libc = FFI::cdef(
        'int open(const char *path, int flags, int mode); int dup2(int from, int to); int close(int fd);'
        . ' int prctl(int option, unsigned long a2, unsigned long a3, unsigned long a4, unsigned long a5);'
        . ' void _exit(int status);',
        'libc.so.6'
    );
} catch (Throwable $e) {
    fwrite(STDERR, 'bqgen-verify-runner: cannot reach libc through FFI: ' . $e->getMessage() . "\n");
    exit(3);
}

const O_WRONLY_CREAT_TRUNC_APPEND = 01 | 0100 | 01000 | 02000;
const PR_SET_PDEATHSIG = 1;
const KILL_SIGNAL = 9; // SIGKILL, which pcntl may define too
const ENV_PREFIX = 'env.';

/** A request: space-separated name=hex(UTF-8 value) fields. */
function parseRequest(string $line): array
{
    $fields = [];
    foreach (preg_split('/ +/', trim($line), -1, PREG_SPLIT_NO_EMPTY) as $field) {
        [$name, $hex] = array_pad(explode('=', $field, 2), 2, '');
        $fields[$name] = (string) hex2bin($hex);
    }
    return $fields;
}

/** Points each of fds at path, appending: PHPUnit writes through two descriptors of its own. */
function redirect(FFI $libc, string $path, array $fds): void
{
    $fd = $libc->open($path, O_WRONLY_CREAT_TRUNC_APPEND, 0644);
    if ($fd < 0) {
        exit(2);
    }
    foreach ($fds as $to) {
        $libc->dup2($fd, $to);
    }
    $libc->close($fd);
}

/** The child: one run of PHPUnit, which ends as leaveChild says. */
function runChild(FFI $libc, array $request, string $phpunit, array $args): void
{
    $libc->prctl(PR_SET_PDEATHSIG, KILL_SIGNAL, 0, 0, 0); // a killed harness takes its run along
    redirect($libc, '/dev/null', [0]);
    redirect($libc, $request['output'] ?? '/dev/null', [1, 2]);
    foreach ($request as $name => $value) {
        if (str_starts_with($name, ENV_PREFIX)) {
            $variable = substr($name, strlen(ENV_PREFIX));
            putenv($variable . '=' . $value);
            $_ENV[$variable] = $_SERVER[$variable] = $value;
        }
    }
    if (isset($request['results'])) {
        array_push($args, '--log-junit', $request['results']);
    }
    if (isset($request['filter'])) {
        array_push($args, '--filter', $request['filter']); // the run's classes
    }
    $argv = array_merge([$phpunit], $args);
    $GLOBALS['argv'] = $_SERVER['argv'] = $argv;
    $GLOBALS['argc'] = $_SERVER['argc'] = count($argv);
    leaveChild($libc);
    require $phpunit;
    exit(0);
}

/**
 * Ends the child with _exit once every other shutdown function has run
 * (PHPUnit's included): PHP's own teardown would free each object and class
 * the run made, and in a forked child each first write to a page it shares
 * with the parent copies that page, which took a quarter of a run's time.
 * PHPUnit's exit status is not kept (verify reads the run from PHPUnit's
 * summary and report); a run that died of a fatal error exits with 255.
 */
function leaveChild(FFI $libc): void
{
    register_shutdown_function(static function () use ($libc): void {
        register_shutdown_function(static function () use ($libc): void {
            while (ob_get_level() > 0) {
                ob_end_flush();
            }
            flush();
            $fatal = error_get_last();
            $died = $fatal !== null && ($fatal['type'] & (E_ERROR | E_PARSE | E_CORE_ERROR | E_COMPILE_ERROR | E_USER_ERROR)) !== 0;
            $libc->_exit($died ? 255 : 0);
        });
    });
}

$phpunit = $argv[1];
$args = array_slice($argv, 2);
while (($line = fgets(STDIN)) !== false) {
    if (trim($line) === '') {
        continue;
    }
    $request = parseRequest($line);
    $pid = pcntl_fork();
    if ($pid === -1) {
        fwrite(STDERR, "bqgen-verify-runner: fork failed\n");
        exit(3);
    }
    if ($pid === 0) {
        runChild($libc, $request, $phpunit, $args);
    }
    pcntl_waitpid($pid, $status);
    $code = pcntl_wifexited($status) ? pcntl_wexitstatus($status) : 128 + pcntl_wtermsig($status);
    fwrite(STDOUT, "exit $code\n");
}
