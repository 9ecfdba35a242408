// Signatures only: every body throws. See ../../README.md.
using System.Text.Json;
using System.Text.Json.Serialization;

namespace BabelQueue
{
    public sealed record Meta(string? Id, string? Queue, string? Lang, int SchemaVersion, long CreatedAt)
    {
#if CORE_1_8
        [JsonExtensionData] public Dictionary<string, JsonElement>? Extras { get; init; }
#endif
    }

    public sealed record DeadLetter(
        string Reason, string? Error, string? Exception, long FailedAt, string OriginalQueue, int Attempts, string Lang);

    public sealed record Envelope(
        string? Job,
        string? TraceId,
        IReadOnlyDictionary<string, object?>? Data,
        Meta? Meta,
        int Attempts,
        DeadLetter? DeadLetter)
    {
#if CORE_1_8
        [JsonExtensionData] public Dictionary<string, JsonElement>? Extras { get; init; }
#endif
    }

    public class BabelQueueException : Exception
    {
        public BabelQueueException(string message) : base(message)
        {
        }
    }

    public static class EnvelopeCodec
    {
        public const int SchemaVersion = 1;
        public const string SourceLang = "dotnet";

        public static Envelope Decode(string raw) => throw new NotSupportedException(raw);

#if CORE_1_8
        public static Envelope Decode(string raw, Action<string>? onWarning) => throw new NotSupportedException(raw + onWarning);
#endif

        public static bool Accepts(Envelope envelope) => throw new NotSupportedException(envelope.ToString());

        public static string Urn(Envelope envelope) => throw new NotSupportedException(envelope.ToString());

        public static string Encode(Envelope envelope) => throw new NotSupportedException(envelope.ToString());

        public static Envelope Make(
            string urn, IReadOnlyDictionary<string, object?>? data = null, string queue = "default", string? traceId = null) =>
            throw new NotSupportedException(urn + data + queue + traceId);
    }

#if CORE_1_4
    public delegate Task Handler(Envelope envelope);

    public interface IIdempotencyStore
    {
        bool Seen(string messageId);

        void Remember(string messageId);

        void Forget(string messageId);
    }

    public sealed class InMemoryStore : IIdempotencyStore
    {
        public bool Seen(string messageId) => throw new NotSupportedException(messageId);

        public void Remember(string messageId) => throw new NotSupportedException(messageId);

        public void Forget(string messageId) => throw new NotSupportedException(messageId);
    }

    public static class Idempotency
    {
        public static Handler Wrap(IIdempotencyStore store, Handler handler) =>
            throw new NotSupportedException(store.ToString() + handler);
    }
#endif
}

#if CORE_1_4
namespace BabelQueue.Schema
{
    public static class SchemaJson
    {
        public static object? Parse(string json) => throw new NotSupportedException(json);

        public static IReadOnlyDictionary<string, object?> ParseObject(string json) => throw new NotSupportedException(json);
    }

    public static class PayloadValidator
    {
        public static string? Validate(IReadOnlyDictionary<string, object?> schema, object? value) =>
            throw new NotSupportedException(schema.ToString() + value);
    }
}
#endif
