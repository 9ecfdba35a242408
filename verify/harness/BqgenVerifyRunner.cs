// bqgen verify's warm xUnit runner (verify/harness): one .NET process that runs
// the built tests once per request with xUnit's own console runner, called in
// process. xUnit (the console runner, the test framework and its extensions,
// every assembly named xunit.*) loads once, into a context of its own; each run
// loads the tests into a collectible AssemblyLoadContext of its own, unloaded
// when the run is over, so no static state of the tests survives a run. The
// framework's assemblies and xUnit stay loaded and compiled, which is what a
// warm process saves: as JUnit's launcher in the Java harness, xUnit is the
// runner, the tests are what runs. See verify/warm.go for the protocol.

using System;
using System.Collections.Generic;
using System.IO;
using System.Reflection;
using System.Runtime.CompilerServices;
using System.Runtime.Loader;
using System.Text;

namespace BqgenVerify;

public static class Runner
{
    private const string Env = "env.";

    // The xUnit XML report each run writes into its results directory
    // (verify/dotnet.go's xunitXMLFile).
    private const string XmlFile = "xunit.xml";

    // How many collections the unloaded runs get before the next one starts
    // anyway: a run something keeps alive costs memory, never a result. (The
    // first run's context stays, referred to from xUnit's shared context, where
    // some of that run's first-use initialisation is kept; the runs after it are
    // collected, and the process's memory stays flat.)
    private const int CollectAttempts = 20;

    // How many runs go between forced collections. Unloaded contexts are also
    // freed by the collections the runtime makes on its own; forcing one after
    // every run cost about a sixth of the wall time (30 runs of the canonical
    // suite's tests on a busy 2-core machine: 41.3 s and 47.1 s against 35.1 s
    // and 38.3 s without, 91 MB and 100 MB at the end); every 16th run keeps
    // the memory bounded and still says when a run was not unloaded.
    private const int CollectEvery = 16;

    // The contexts unloaded since the last forced collection.
    private static readonly List<WeakReference> Unloaded = new();

    /// <summary>args: the test assembly and xUnit's console runner (xunit.console.dll).</summary>
    public static int Main(string[] args)
    {
        if (args.Length != 2)
        {
            Console.Error.WriteLine("usage: BqgenVerifyRunner TESTS.dll xunit.console.dll");
            return 2;
        }
        string tests = Path.GetFullPath(args[0]);
        string console = Path.GetFullPath(args[1]);
        var runner = new RunnerContext(Path.GetDirectoryName(tests)!, Path.GetDirectoryName(console)!);
        MethodInfo main = runner.LoadFromAssemblyPath(console).EntryPoint
            ?? throw new InvalidOperationException(console + " has no entry point");
        // The tests find their files (the vendored suite) from the base
        // directory, as in a process of their own: their output folder.
        AppContext.SetData("APP_CONTEXT_BASE_DIRECTORY", Path.GetDirectoryName(tests) + Path.DirectorySeparatorChar);
        var encoding = new UTF8Encoding(false);
        using var control = new StreamWriter(Console.OpenStandardOutput(), encoding) { AutoFlush = true, NewLine = "\n" };
        using var requests = new StreamReader(Console.OpenStandardInput(), encoding);
        // Between runs, anything printed goes to stderr, never into the answers.
        Console.SetOut(Console.Error);
        for (string? line = requests.ReadLine(); line is not null; line = requests.ReadLine())
        {
            control.WriteLine("exit " + Run(runner, main, tests, Parse(line)));
        }
        return 0;
    }

    // One run: the oracle's variables in the environment, every output into
    // the run's file, the assemblies in a context that is unloaded after it.
    private static int Run(RunnerContext runner, MethodInfo main, string tests, Dictionary<string, string> request)
    {
        var saved = new Dictionary<string, string?>(StringComparer.Ordinal);
        foreach (KeyValuePair<string, string> field in request)
        {
            if (field.Key.StartsWith(Env, StringComparison.Ordinal))
            {
                string name = field.Key.Substring(Env.Length);
                saved[name] = Environment.GetEnvironmentVariable(name);
                Environment.SetEnvironmentVariable(name, field.Value);
            }
        }
        TextWriter stdout = Console.Out;
        TextWriter stderr = Console.Error;
        WeakReference context;
        int code;
        try
        {
            using (var output = new StreamWriter(request["output"], false, new UTF8Encoding(false)) { AutoFlush = true })
            {
                TextWriter shared = TextWriter.Synchronized(output);
                Console.SetOut(shared);
                Console.SetError(shared);
                try
                {
                    code = RunInContext(runner, main, tests, request.GetValueOrDefault("results"), request.GetValueOrDefault("only"), shared, out context);
                }
                finally
                {
                    Console.SetOut(stdout);
                    Console.SetError(stderr);
                }
            }
        }
        finally
        {
            foreach (KeyValuePair<string, string?> variable in saved)
            {
                Environment.SetEnvironmentVariable(variable.Key, variable.Value);
            }
        }
        Unloaded.Add(context);
        if (Unloaded.Count >= CollectEvery)
        {
            CollectUnloaded();
        }
        return code;
    }

    // Runs the console runner's entry point with a new context as the one
    // xUnit loads the tests into, then starts the context's unload: its
    // Unloading event (where the tests' oracle stops) fires now, its memory goes
    // once nothing refers to it. NoInlining keeps every reference to the context
    // in this frame, gone when it returns.
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static int RunInContext(RunnerContext runner, MethodInfo main, string tests, string? results, string? only, TextWriter output, out WeakReference context)
    {
        var run = new RunContext(runner, Path.GetDirectoryName(tests)!);
        context = new WeakReference(run);
        var args = new List<string> { tests, "-nocolor" };
        if (results is not null)
        {
            args.Add("-xml");
            args.Add(Path.Combine(results, XmlFile));
        }
        if (only is not null)
        {
            // The run's classes, one per line, each selected by its full name.
            foreach (string name in only.Split('\n'))
            {
                args.Add("-class");
                args.Add(name);
            }
        }
        try
        {
            // xUnit loads the tests by name (Assembly.Load), which goes to the
            // contextual reflection context: this run's.
            using (run.EnterContextualReflection())
            {
                object? exit = main.Invoke(null, new object[] { args.ToArray() });
                return exit is int code ? code : 0;
            }
        }
        catch (Exception e)
        {
            output.WriteLine("bqgen verify's warm runner: the xUnit console runner failed: " + (e is TargetInvocationException { InnerException: { } inner } ? inner : e));
            return 1;
        }
        finally
        {
            run.Unload();
        }
    }

    // Collects until the unloaded contexts are gone, a bounded number of times,
    // and says how many were not.
    private static void CollectUnloaded()
    {
        for (int i = 0; Unloaded.Exists(c => c.IsAlive) && i < CollectAttempts; i++)
        {
            GC.Collect();
            GC.WaitForPendingFinalizers();
        }
        int alive = Unloaded.FindAll(c => c.IsAlive).Count;
        if (alive > 0)
        {
            Console.Error.WriteLine($"bqgen verify's warm runner: {alive} of {Unloaded.Count} runs' assemblies were not unloaded");
        }
        Unloaded.Clear();
    }

    // A request: space-separated name=hex(UTF-8 value) fields.
    private static Dictionary<string, string> Parse(string line)
    {
        var fields = new Dictionary<string, string>(StringComparer.Ordinal);
        foreach (string field in line.Split(' ', StringSplitOptions.RemoveEmptyEntries))
        {
            int eq = field.IndexOf('=');
            fields[field.Substring(0, eq)] = Encoding.UTF8.GetString(Convert.FromHexString(field.Substring(eq + 1)));
        }
        return fields;
    }
}

/// <summary>
/// xUnit's context, shared by every run: the console runner and the libraries it
/// ships, and the test framework the tests are built against (xunit.core,
/// xunit.execution, xunit.assert, extensions such as Xunit.SkippableFact) with
/// what they load. It stays loaded; the tests never load into it.
/// </summary>
internal sealed class RunnerContext : AssemblyLoadContext
{
    private readonly string tests;
    private readonly string console;

    public RunnerContext(string tests, string console)
        : base("bqgen-verify-xunit")
    {
        this.tests = tests;
        this.console = console;
    }

    /// <summary>Whether the assembly named is xUnit's, shared by every run.</summary>
    public static bool Shares(string name) => name.StartsWith("xunit.", StringComparison.OrdinalIgnoreCase);

    // The console runner's own assemblies (xunit.console, xunit.runner.*).
    private static bool IsRunners(string name) =>
        name.StartsWith("xunit.runner.", StringComparison.OrdinalIgnoreCase)
        || name.StartsWith("xunit.console", StringComparison.OrdinalIgnoreCase);

    // The console runner's own assemblies come from its folder, the versions it
    // was built with; the rest from the tests' output first, as the tests'
    // deps.json has them in a process of their own.
    protected override Assembly? Load(AssemblyName name) =>
        name.Name is null || Framework.Contains(name.Name) ? null
        : IsRunners(name.Name) ? FromFolders(this, name.Name, console, tests)
        : FromFolders(this, name.Name, tests, console);

    /// <summary>Loads name.dll from the first folder that has it into context, or null.</summary>
    public static Assembly? FromFolders(AssemblyLoadContext context, string name, params string[] folders)
    {
        foreach (string folder in folders)
        {
            string path = Path.Combine(folder, name + ".dll");
            if (File.Exists(path))
            {
                return context.LoadFromAssemblyPath(path);
            }
        }
        return null;
    }

    /// <summary>
    /// The names of the runtime's own assemblies (the trusted platform
    /// assemblies): every context takes them from the default one.
    /// </summary>
    public static readonly HashSet<string> Framework = FrameworkAssemblies();

    private static HashSet<string> FrameworkAssemblies()
    {
        var names = new HashSet<string>(StringComparer.OrdinalIgnoreCase);
        string list = AppContext.GetData("TRUSTED_PLATFORM_ASSEMBLIES") as string ?? "";
        foreach (string path in list.Split(Path.PathSeparator, StringSplitOptions.RemoveEmptyEntries))
        {
            names.Add(Path.GetFileNameWithoutExtension(path));
        }
        return names;
    }
}

/// <summary>
/// One run's assemblies, unloaded after it: the tests, and whatever else of
/// their build output they load themselves. xUnit's come from its context, the
/// framework's from the default one.
/// </summary>
internal sealed class RunContext : AssemblyLoadContext
{
    private readonly RunnerContext runner;
    private readonly string tests;

    public RunContext(RunnerContext runner, string tests)
        : base("bqgen-verify-run", isCollectible: true)
    {
        this.runner = runner;
        this.tests = tests;
    }

    protected override Assembly? Load(AssemblyName name) =>
        name.Name is null || RunnerContext.Framework.Contains(name.Name) ? null
        : RunnerContext.Shares(name.Name) ? runner.LoadFromAssemblyName(name)
        : RunnerContext.FromFolders(this, name.Name, tests);
}
