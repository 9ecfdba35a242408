// A stand-in for the NPipeline core types the messaging layer uses: nodes, the pipeline
// context, data streams and the dead-letter channel. See ../../README.md.
using System.Runtime.CompilerServices;
using NPipeline.Configuration;
using NPipeline.DataFlow;
using NPipeline.ErrorHandling;
using NPipeline.Pipeline;

namespace NPipeline.DataFlow
{
    public interface IDataStream<out T> : IAsyncEnumerable<T>, IAsyncDisposable
    {
        string StreamName { get; }
    }
}

namespace NPipeline.DataFlow.DataStreams
{
    public sealed class InMemoryDataStream<T> : IDataStream<T>
    {
        private readonly IReadOnlyList<T> _items;

        public InMemoryDataStream(IReadOnlyList<T> items, string streamName = "", int yieldIntervalItems = 100)
        {
            _items = items;
            StreamName = streamName;
        }

        public string StreamName { get; }

        public async IAsyncEnumerator<T> GetAsyncEnumerator(CancellationToken cancellationToken = default)
        {
            foreach (T item in _items)
            {
                cancellationToken.ThrowIfCancellationRequested();
                yield return item;
            }
            await Task.CompletedTask;
        }

        public ValueTask DisposeAsync() => ValueTask.CompletedTask;
    }

    public sealed class DataStream<T> : IDataStream<T>
    {
        private readonly IAsyncEnumerable<T> _items;

        public DataStream(IAsyncEnumerable<T> items, string streamName = "DefaultStream")
        {
            _items = items;
            StreamName = streamName;
        }

        public string StreamName { get; }

        public IAsyncEnumerator<T> GetAsyncEnumerator(CancellationToken cancellationToken = default) => _items.GetAsyncEnumerator(cancellationToken);

        public ValueTask DisposeAsync() => ValueTask.CompletedTask;
    }
}

namespace NPipeline.Configuration
{
    public sealed record PipelineContextConfiguration(IDeadLetterSink? DeadLetterSink = null);
}

namespace NPipeline.Pipeline
{
    public sealed class PipelineContext
    {
        public PipelineContext(PipelineContextConfiguration? config = null) => DeadLetterSink = config?.DeadLetterSink;

        public IDeadLetterSink? DeadLetterSink { get; }
    }
}

namespace NPipeline.ErrorHandling
{
    public sealed record NodeFailureAttribution(string NodeId);

    public sealed record DeadLetterEnvelope(object Item, Exception Error, NodeFailureAttribution Attribution);

    public interface IDeadLetterSink
    {
        Task HandleAsync(DeadLetterEnvelope envelope, PipelineContext context, CancellationToken cancellationToken);
    }

    public sealed class DeadLetterSinkNotConfiguredException : Exception
    {
        public DeadLetterSinkNotConfiguredException(string nodeId, Exception error)
            : base("node " + nodeId + " has no dead-letter sink", error)
        {
        }
    }

    /// <summary>Sends items to the pipeline's dead-letter sink, for one node.</summary>
    public sealed class DeadLetterChannel
    {
        private readonly PipelineContext _context;

        internal DeadLetterChannel(PipelineContext context, string nodeId)
        {
            _context = context;
            NodeId = nodeId;
        }

        public string NodeId { get; }

        public Task SendAsync(object item, Exception error, CancellationToken cancellationToken = default)
        {
            IDeadLetterSink sink = _context.DeadLetterSink ?? throw new DeadLetterSinkNotConfiguredException(NodeId, error);
            return sink.HandleAsync(new DeadLetterEnvelope(item, error, new NodeFailureAttribution(NodeId)), _context, cancellationToken);
        }
    }
}

namespace NPipeline.Nodes
{
    public abstract class SourceNode<TOut>
    {
        public abstract IDataStream<TOut> OpenStream(PipelineContext context, CancellationToken cancellationToken);

        protected DeadLetterChannel OpenDeadLetterChannel(PipelineContext context) => new(context, GetType().Name);
    }

    public abstract class SinkNode<TIn>
    {
        public abstract Task ConsumeAsync(IDataStream<TIn> input, PipelineContext context, CancellationToken cancellationToken);

        protected DeadLetterChannel OpenDeadLetterChannel(PipelineContext context) => new(context, GetType().Name);
    }
}
