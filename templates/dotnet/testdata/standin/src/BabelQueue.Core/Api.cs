// Signatures, and minimal decode and encode behaviour; every other body throws. See ../../README.md.
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

        // Minimal behaviour, enough for the missing-feature test to run decode: the
        // members it reads, nothing checked.
        public static Envelope Decode(string raw)
        {
            using JsonDocument document = JsonDocument.Parse(raw);
            JsonElement root = document.RootElement;
            if (root.ValueKind != JsonValueKind.Object)
            {
                return new Envelope(null, null, null, null, 0, null);
            }
            string? job = Text(root, "job") ?? Text(root, "urn");
            var data = Member(root, "data") is { ValueKind: JsonValueKind.Object } d
                ? (IReadOnlyDictionary<string, object?>?)Value(d)
                : null;
            Meta? meta = Member(root, "meta") is { ValueKind: JsonValueKind.Object } m
                ? new Meta(Text(m, "id"), Text(m, "queue"), Text(m, "lang"), (int)Integer(m, "schema_version"), Integer(m, "created_at"))
                : null;
            return new Envelope(job, Text(root, "trace_id"), data, meta, (int)Integer(root, "attempts"), null);
        }

#if CORE_1_8
        // The hook is there but never called: an SDK with the API that behaves differently.
        public static Envelope Decode(string raw, Action<string>? onWarning) => Decode(raw);
#endif

        public static bool Accepts(Envelope envelope) =>
            Urn(envelope).Length > 0 && !string.IsNullOrWhiteSpace(envelope.TraceId) && envelope.Data is not null
            && envelope.Meta?.SchemaVersion == SchemaVersion;

        public static string Urn(Envelope envelope) => envelope.Job?.Trim() ?? "";

        private static JsonElement? Member(JsonElement obj, string name) =>
            obj.TryGetProperty(name, out JsonElement value) ? value : null;

        private static string? Text(JsonElement obj, string name) =>
            Member(obj, name) is { ValueKind: JsonValueKind.String } value ? value.GetString() : null;

        private static long Integer(JsonElement obj, string name) =>
            Member(obj, name) is { ValueKind: JsonValueKind.Number } value && value.TryGetInt64(out long n) ? n : 0;

        private static object? Value(JsonElement value) => value.ValueKind switch
        {
            JsonValueKind.Object => value.EnumerateObject().ToDictionary(p => p.Name, p => Value(p.Value)),
            JsonValueKind.Array => value.EnumerateArray().Select(Value).ToList(),
            JsonValueKind.String => value.GetString(),
            JsonValueKind.Number => value.TryGetInt64(out long n) ? n : value.GetDouble(),
            JsonValueKind.True => true,
            JsonValueKind.False => false,
            _ => null,
        };

        // The canonical members alone: a key decode did not keep (a forbidden one) is gone.
        public static string Encode(Envelope envelope) => JsonSerializer.Serialize(new Dictionary<string, object?>
        {
            ["job"] = envelope.Job,
            ["trace_id"] = envelope.TraceId,
            ["data"] = envelope.Data,
            ["meta"] = envelope.Meta is { } m
                ? new Dictionary<string, object?>
                {
                    ["id"] = m.Id, ["queue"] = m.Queue, ["lang"] = m.Lang, ["schema_version"] = m.SchemaVersion,
                    ["created_at"] = m.CreatedAt,
                }
                : null,
            ["attempts"] = envelope.Attempts,
        });

        public static Envelope Make(
            string urn, IReadOnlyDictionary<string, object?>? data = null, string queue = "default", string? traceId = null) =>
            throw new NotSupportedException(urn + data + queue + traceId);
    }

    public static class DeadLetters
    {
        public static Envelope Annotate(
            Envelope envelope, string reason, string originalQueue, int? attempts = null, string? error = null,
            string? exception = null) =>
            throw new NotSupportedException(envelope + reason + originalQueue + attempts + error + exception);
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
