// Signatures only; every body throws. See ../../README.md.
using DotPulsar.Abstractions;

namespace BabelQueue.Pulsar
{
    public delegate Task BabelHandler(Envelope envelope, IMessage<byte[]> message, CancellationToken cancellationToken);

    public sealed class PulsarConsumerOptions
    {
        public Action<Exception, Envelope, IMessage<byte[]>>? OnError { get; set; }

        public Func<Envelope, IMessage<byte[]>, CancellationToken, Task>? OnUnknownUrn { get; set; }
    }

    public sealed class PulsarConsumer
    {
        public PulsarConsumer(
            IConsumer<byte[]> consumer,
            IReadOnlyDictionary<string, BabelHandler> handlers,
            PulsarConsumerOptions? options = null)
        {
        }

        public Task ReceiveAsync(CancellationToken cancellationToken = default) =>
            throw new NotSupportedException(nameof(ReceiveAsync));
    }

    internal static class PulsarProperties
    {
        public static IReadOnlyDictionary<string, string> Of(Envelope envelope) =>
            throw new NotSupportedException(envelope.ToString());
    }
}
