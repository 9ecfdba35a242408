package oracle

import (
	"encoding/json"
	"strconv"
	"strings"
	"unicode/utf8"
)

// RedisProduceArgs is the argument of redis_produce: what the Redis
// transport's publisher is given.
type RedisProduceArgs struct {
	URN     string          `json:"urn"`
	Queue   string          `json:"queue"`
	Data    json.RawMessage `json:"data"`
	TraceID string          `json:"trace_id"`
}

// RedisProducedResult is the element the publisher stored, and that element
// decoded and encoded again by the codec ("" when it does not decode).
type RedisProducedResult struct {
	Element   string `json:"element"`
	Reencoded string `json:"reencoded"`
}

// RedisProduce publishes a new message onto a fresh queue: the publisher
// makes the envelope with the producer API and stores its encoding as the
// queue element, with nothing around it (broker-bindings §1).
func (o *Oracle) RedisProduce(a RedisProduceArgs) (RedisProducedResult, error) {
	traceID := a.TraceID
	env, err := o.produceAs(newMessage{urn: a.URN, queue: a.Queue, data: a.Data, traceID: &traceID, lang: sourceLang})
	if err != nil {
		return RedisProducedResult{}, err
	}
	q := &redisQueue{}
	if err := o.redisProduce(q, o.publishedElement(o.encode(env))); err != nil {
		return RedisProducedResult{}, err
	}
	element := q.ready[0]
	result := RedisProducedResult{Element: string(element)}
	if decoded, err := o.acceptedEnvelope(string(element)); err == nil {
		result.Reencoded = string(codecStrings(o.encode(decoded)))
	}
	return result, nil
}

// publishedElement is what the publisher hands the list for an encoded
// envelope: the envelope itself, or what a faulty publisher makes of it.
func (o *Oracle) publishedElement(encoded []byte) []byte {
	switch {
	case o.has(faultRedisProduceFramed):
		return []byte(`{"headers":{},"body":` + strconv.Quote(string(encoded)) + `}`)
	case o.has(faultRedisProduceReserialised):
		return reserialised(encoded)
	}
	return encoded
}

// reserialised is encoded written by a second serialiser, PHP's json_encode
// without flags: the same JSON value, '/' escaped and non-ASCII as \u escapes.
func reserialised(encoded []byte) []byte {
	var b strings.Builder
	for _, r := range string(encoded) {
		switch {
		case r == '/':
			b.WriteString(`\/`)
		case r < utf8.RuneSelf:
			b.WriteRune(r)
		case r > 0xFFFF:
			hi, lo := utf16Pair(r)
			b.WriteString(`\u` + hex4(hi) + `\u` + hex4(lo))
		default:
			b.WriteString(`\u` + hex4(r))
		}
	}
	return []byte(b.String())
}

func utf16Pair(r rune) (rune, rune) {
	r -= 0x10000
	return 0xD800 + (r>>10)&0x3FF, 0xDC00 + r&0x3FF
}

func hex4(r rune) string {
	s := strconv.FormatInt(int64(r), 16)
	return strings.Repeat("0", 4-len(s)) + s
}

// codecStrings rewrites every string of compact JSON the way the codec
// writes one (no escape it does not need, '/' and non-ASCII as they are).
// The oracle keeps decoded values as their raw text, where an SDK's codec
// decodes them into strings and writes them again: this is that rewrite.
func codecStrings(compactJSON []byte) []byte {
	out := make([]byte, 0, len(compactJSON))
	for i := 0; i < len(compactJSON); i++ {
		if compactJSON[i] != '"' {
			out = append(out, compactJSON[i])
			continue
		}
		end := stringEnd(compactJSON, i)
		var s string
		if json.Unmarshal(compactJSON[i:end], &s) != nil {
			return compactJSON
		}
		out = append(out, mustMarshalString(s)...)
		i = end - 1
	}
	return out
}
