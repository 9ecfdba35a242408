// Signatures only; every body throws. See ../../README.md.
using StackExchange.Redis;

namespace BabelQueue.Redis
{
    public sealed class RedisPublisher
    {
        public RedisPublisher(IDatabase database, string queue)
        {
        }

        public Task<string> PublishAsync(
            string urn,
            IReadOnlyDictionary<string, object?>? data = null,
            string? traceId = null,
            CancellationToken cancellationToken = default) =>
            throw new NotSupportedException(nameof(PublishAsync));
    }
}
