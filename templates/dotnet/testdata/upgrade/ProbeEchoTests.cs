// A test as an SDK maintainer writes one by hand, beside the generated ones,
// calling an operation a later bqgen added (protocoltest.Probe) that the
// scaffold beside it predates: it must skip with the default's reason.
#nullable enable

using Xunit;

namespace BabelQueue.Tests.Conformance;

public sealed class ProbeEchoTests
{
    [SkippableFact(typeof(NotProvidedException), DisplayName = "upgrade/probe_echo")]
    public void ProbeEchoAnswersTheText()
    {
        string echoed = ConformanceSubjects.Current.ProbeEcho("ping");
        Assert.Equal("ping", echoed);
    }
}
