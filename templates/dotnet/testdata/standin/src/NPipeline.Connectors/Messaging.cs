// A stand-in for NPipeline's messaging layer: the public types the messaging-layer
// scaffold uses, in their real namespaces with their real signatures, implemented from
// the shared-behaviour page (message-queues-shared-behaviour.txt), not from NPipeline's
// code. See ../../README.md.
using System.Collections.Concurrent;
using System.Diagnostics.CodeAnalysis;
using System.Diagnostics.Metrics;
using System.Globalization;
using System.Text;
using System.Text.Json;
using NPipeline.Connectors.Diagnostics;
using NPipeline.Connectors.Errors;
using NPipeline.DataFlow;
using NPipeline.DataFlow.DataStreams;
using NPipeline.ErrorHandling;
using NPipeline.Nodes;
using NPipeline.Pipeline;

namespace NPipeline.Connectors.Messaging
{
    public interface IAcknowledgableMessage
    {
        object? Body { get; }
        string MessageId { get; }
        bool IsSettled { get; }
        IReadOnlyDictionary<string, object> Metadata { get; }
        Task AcknowledgeAsync(CancellationToken cancellationToken = default);
        Task RejectAsync(bool requeue, CancellationToken cancellationToken = default);
    }

    public interface IAcknowledgableMessage<T> : IAcknowledgableMessage
    {
        new T Body { get; }
        IAcknowledgableMessage<TNew> WithBody<TNew>(TNew body);
    }

    /// <summary>Settles once: the first call wins, later calls return its task.</summary>
    public sealed class MessageSettlement
    {
        private readonly Func<CancellationToken, Task> _acknowledge;
        private readonly Func<bool, CancellationToken, Task> _reject;
        private readonly object _lock = new();
        private Task? _first;

        public MessageSettlement(Func<CancellationToken, Task> acknowledge, Func<bool, CancellationToken, Task> reject)
        {
            _acknowledge = acknowledge ?? throw new ArgumentNullException(nameof(acknowledge));
            _reject = reject ?? throw new ArgumentNullException(nameof(reject));
        }

        public bool IsSettled { get { lock (_lock) { return _first is not null; } } }

        public Task AcknowledgeAsync(CancellationToken cancellationToken = default) => SettleWith(_acknowledge, cancellationToken);

        public Task RejectAsync(bool requeue, CancellationToken cancellationToken = default) =>
            SettleWith(ct => _reject(requeue, ct), cancellationToken);

        public Task SettleWith(Func<CancellationToken, Task> settle, CancellationToken cancellationToken = default)
        {
            lock (_lock)
            {
                return _first ??= settle(cancellationToken);
            }
        }
    }

    public readonly record struct MessageContext(string Destination, bool IsKey = false);

    public interface IMessageSerializer
    {
        string ContentType { get; }
        byte[] Serialize<T>(T value, MessageContext context);
        T Deserialize<T>(ReadOnlySpan<byte> body, MessageContext context);
    }

    /// <summary>JSON with the web defaults, as the page's Serialization says.</summary>
    public sealed class JsonMessageSerializer : IMessageSerializer
    {
        private readonly JsonSerializerOptions _options;

        public JsonMessageSerializer(JsonSerializerOptions? options = null) =>
            _options = options ?? new JsonSerializerOptions(JsonSerializerDefaults.Web);

        public static JsonMessageSerializer Default { get; } = new();

        public string ContentType => "application/json";

        public byte[] Serialize<T>(T value, MessageContext context) => JsonSerializer.SerializeToUtf8Bytes(value, _options);

        public T Deserialize<T>(ReadOnlySpan<byte> body, MessageContext context) =>
            JsonSerializer.Deserialize<T>(body, _options) ?? throw new JsonException("the body is null");
    }

    public sealed record MessageFailure(string Source, string MessageId, ReadOnlyMemory<byte> Body, IReadOnlyDictionary<string, object> Metadata);

    /// <summary>Reads bodies as T; a body that is not one goes to the RowErrorHandler.</summary>
    public sealed class MessageDecoder<T>
    {
        private readonly string _destination;
        private readonly IMessageSerializer _serializer;
        private readonly RowErrorHandler? _handler;
        private readonly int _excerptLength;

        public MessageDecoder(string connector, string destination, IMessageSerializer serializer, RowErrorHandler? handler, int excerptLength)
        {
            Connector = connector ?? throw new ArgumentNullException(nameof(connector));
            _destination = destination ?? throw new ArgumentNullException(nameof(destination));
            _serializer = serializer ?? throw new ArgumentNullException(nameof(serializer));
            _handler = handler;
            _excerptLength = excerptLength;
        }

        public string Connector { get; }

        public bool TryDecode(ReadOnlySpan<byte> body, [MaybeNullWhen(false)] out T value, [NotNullWhen(false)] out Exception? error)
        {
            try
            {
                value = _serializer.Deserialize<T>(body, new MessageContext(_destination));
                error = null;
                return true;
            }
            catch (Exception e) when (e is not OperationCanceledException)
            {
                value = default;
                error = e;
                return false;
            }
        }

        public async ValueTask<RowErrorAction> HandleFailureAsync(Exception error, ReadOnlyMemory<byte> body, string messageId, long sequence,
            IReadOnlyDictionary<string, object> metadata, DeadLetterChannel deadLetters, CancellationToken cancellationToken)
        {
            var rowError = new RowError(_destination, sequence, null, Excerpt(body.Span, _excerptLength), error);
            RowErrorAction action = _handler?.Invoke(rowError) ?? RowErrorAction.Fail;
            ConnectorDiagnostics.RecordRowError(Connector, Connector, action.ToString().ToLowerInvariant());
            switch (action)
            {
                case RowErrorAction.Skip:
                    return action;
                case RowErrorAction.DeadLetter:
                    await deadLetters.SendAsync(new MessageFailure(_destination, messageId, body.ToArray(), metadata), error, cancellationToken);
                    return action;
                default:
                    throw new RecordMappingException(rowError);
            }
        }

        /// <summary>The start of the body: at most length UTF-16 units, never half a surrogate pair.</summary>
        private static string Excerpt(ReadOnlySpan<byte> body, int length)
        {
            string text = Encoding.UTF8.GetString(body);
            if (text.Length <= length)
            {
                return text;
            }
            int cut = Math.Max(length, 0);
            if (cut > 0 && char.IsHighSurrogate(text[cut - 1]))
            {
                cut--;
            }
            return text[..cut];
        }
    }

    public enum FailedMessageAction { Fail, Requeue, DeadLetter }

    public interface IMessageSink<T>
    {
        Task ConsumeMessagesAsync(IDataStream<IAcknowledgableMessage<T>> input, PipelineContext context, CancellationToken cancellationToken);
    }

    public interface IReportsWrites
    {
        void ReportWritesTo(Func<long, CancellationToken, ValueTask> written);
    }

    public static class AcknowledgingSinkExtensions
    {
        public static SinkNode<IAcknowledgableMessage<T>> Acknowledging<T>(this SinkNode<T> sink) => new AcknowledgingSink<T>(sink);
    }

    /// <summary>
    /// Writes messages' bodies and acknowledges each once written: by the sink itself
    /// (IMessageSink), as it reports its writes (IReportsWrites), or when it has written the
    /// whole stream.
    /// </summary>
    public sealed class AcknowledgingSink<T> : SinkNode<IAcknowledgableMessage<T>>
    {
        public AcknowledgingSink(SinkNode<T> inner) => Inner = inner ?? throw new ArgumentNullException(nameof(inner));

        public SinkNode<T> Inner { get; }

        public override async Task ConsumeAsync(IDataStream<IAcknowledgableMessage<T>> input, PipelineContext context, CancellationToken cancellationToken)
        {
            if (Inner is IMessageSink<T> messageSink)
            {
                await messageSink.ConsumeMessagesAsync(input, context, cancellationToken);
                return;
            }
            var pending = new ConcurrentQueue<IAcknowledgableMessage<T>>();
            long acknowledged = 0;
            async ValueTask AcknowledgeUpTo(long written, CancellationToken token)
            {
                while (acknowledged < written && pending.TryDequeue(out IAcknowledgableMessage<T>? message))
                {
                    await message.AcknowledgeAsync(token);
                    acknowledged++;
                }
            }
            if (Inner is IReportsWrites reports)
            {
                reports.ReportWritesTo(AcknowledgeUpTo);
            }
            await Inner.ConsumeAsync(new DataStream<T>(Bodies(input, pending, cancellationToken)), context, cancellationToken);
            await AcknowledgeUpTo(long.MaxValue, cancellationToken);
        }

        private static async IAsyncEnumerable<T> Bodies(IDataStream<IAcknowledgableMessage<T>> input,
            ConcurrentQueue<IAcknowledgableMessage<T>> pending, [System.Runtime.CompilerServices.EnumeratorCancellation] CancellationToken cancellationToken)
        {
            await foreach (IAcknowledgableMessage<T> message in input.WithCancellation(cancellationToken))
            {
                pending.Enqueue(message);
                yield return message.Body;
            }
        }
    }
}

namespace NPipeline.Connectors.Errors
{
    public sealed record RowError(string Source, long RecordNumber, string? Field, string? RawExcerpt, Exception Exception);

    public enum RowErrorAction { Fail, Skip, DeadLetter }

    public delegate RowErrorAction RowErrorHandler(RowError error);

    public sealed class RecordMappingException : Exception
    {
        public RecordMappingException(RowError error)
            : base(string.Format(CultureInfo.InvariantCulture, "Record {0} of '{1}' could not be mapped: {2}",
                error.RecordNumber, error.Source, error.Exception.Message), error.Exception)
        {
            RecordSource = error.Source;
            RecordNumber = error.RecordNumber;
            Field = error.Field;
            RawExcerpt = error.RawExcerpt;
        }

        public string RecordSource { get; }
        public long RecordNumber { get; }
        public string? Field { get; }
        public string? RawExcerpt { get; }
    }
}

namespace NPipeline.Connectors.Diagnostics
{
    public static class ConnectorDiagnostics
    {
        public const string Name = "NPipeline.Connectors";

        public static Meter Meter { get; } = new(Name);

        private static readonly Counter<long> RowErrors = Meter.CreateCounter<long>("npipeline.connector.row_errors", "{error}");
        private static readonly Counter<long> MessagesSettled = Meter.CreateCounter<long>("npipeline.connector.messages_settled", "{message}");

        public static void RecordRowError(string connector, string scheme, string action) =>
            RowErrors.Add(1, new("connector", connector), new("storage.scheme", scheme), new("action", action));

        public static void RecordMessagesSettled(string connector, string outcome, long messages = 1) =>
            MessagesSettled.Add(messages, new("connector", connector), new("storage.scheme", connector), new("outcome", outcome));
    }
}
