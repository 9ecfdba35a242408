// Only the StackExchange.Redis 2.8.16 types and members the Redis scaffold and
// BabelQueue.Redis's publisher signature use, with their namespace and signatures;
// IDatabase's other members (and its IRedis base) are left out. See ../../README.md.
namespace StackExchange.Redis
{
    public readonly struct RedisKey : IEquatable<RedisKey>
    {
        private readonly string? _value;

        private RedisKey(string? value) => _value = value;

        public static implicit operator RedisKey(string? key) => new(key);

        public bool Equals(RedisKey other) => string.Equals(_value, other._value, StringComparison.Ordinal);

        public override bool Equals(object? obj) => obj is RedisKey other && Equals(other);

        public override int GetHashCode() => _value is null ? 0 : StringComparer.Ordinal.GetHashCode(_value);

        public override string ToString() => _value ?? "(null)";
    }

    public readonly struct RedisValue : IEquatable<RedisValue>
    {
        private readonly string? _value;

        private RedisValue(string? value) => _value = value;

        public static RedisValue Null => default;

        public static implicit operator RedisValue(string? value) => new(value);

        public static implicit operator string?(RedisValue value) => value._value;

        public bool Equals(RedisValue other) => string.Equals(_value, other._value, StringComparison.Ordinal);

        public override bool Equals(object? obj) => obj is RedisValue other && Equals(other);

        public override int GetHashCode() => _value is null ? 0 : StringComparer.Ordinal.GetHashCode(_value);

        public override string ToString() => _value ?? "";
    }

    public enum When
    {
        Always,
        Exists,
        NotExists,
    }

    [Flags]
    public enum CommandFlags
    {
        None = 0,
    }

    public interface IDatabaseAsync
    {
        Task<long> ListRightPushAsync(
            RedisKey key, RedisValue value, When when = When.Always, CommandFlags flags = CommandFlags.None);

        Task<long> ListRightPushAsync(
            RedisKey key, RedisValue[] values, When when = When.Always, CommandFlags flags = CommandFlags.None);

        Task<long> ListRightPushAsync(RedisKey key, RedisValue[] values, CommandFlags flags);
    }

    public interface IDatabase : IDatabaseAsync
    {
    }
}
