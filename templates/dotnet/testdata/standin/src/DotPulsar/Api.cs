// Only the DotPulsar 5.3.1 types and members the Pulsar scaffold and BabelQueue.Pulsar's
// consumer signature use, with their namespaces and signatures; IConsumer's own members
// (Acknowledge, RedeliverUnacknowledgedMessages, ...) and IMessage's others are left out.
// See ../../README.md.
namespace DotPulsar
{
    public sealed class MessageId
    {
        public MessageId(ulong ledgerId, ulong entryId, int partition, int batchIndex, string topic = "")
        {
            LedgerId = ledgerId;
            EntryId = entryId;
            Partition = partition;
            BatchIndex = batchIndex;
            Topic = topic;
        }

        public ulong LedgerId { get; }

        public ulong EntryId { get; }

        public int Partition { get; }

        public int BatchIndex { get; }

        public string Topic { get; }
    }
}

namespace DotPulsar.Abstractions
{
    public interface IMessage
    {
        MessageId MessageId { get; }

        uint RedeliveryCount { get; }

        IReadOnlyDictionary<string, string> Properties { get; }
    }

    public interface IMessage<TValue> : IMessage
    {
        TValue Value();
    }

    public interface IReceive<TMessage>
    {
        ValueTask<TMessage> Receive(CancellationToken cancellationToken = default);
    }

    public interface IConsumer
    {
    }

    public interface IConsumer<TMessage> : IConsumer, IReceive<IMessage<TMessage>>
    {
    }
}
