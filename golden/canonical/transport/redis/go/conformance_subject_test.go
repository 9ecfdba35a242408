// Scaffolded by bqgen from conformance suite 1.7.0.
// This file is yours: bqgen writes it only when it is absent, never over your edits.

package redis

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	babelqueue "github.com/babelqueue/babelqueue-go"
	goredis "github.com/redis/go-redis/v9"
)

// newConformanceSubject returns the subject the generated conformance tests run
// against: this transport package's own code.
func newConformanceSubject(t *testing.T) ConformanceSubject {
	t.Helper()
	return sdkConformanceSubject{}
}

// sdkConformanceSubject maps the redis operations onto the redis package's own
// functions: the tests are in the package, so unexported functions are in reach.
// The operations it has no method for answer from the generated
// UnimplementedConformanceSubject: the envelope operations are the core's and
// the other brokers' are theirs, and one a later bqgen adds skips, saying so,
// until it is mapped here (bqgen check lists it, with the method to paste).
type sdkConformanceSubject struct {
	UnimplementedConformanceSubject
}

// The methods here have the protocol's signatures: the build says so when a
// later bqgen changes one.
var _ ConformanceOperations = sdkConformanceSubject{}

func (sdkConformanceSubject) RedisRoundtrip(envelope []byte) (ConformanceRedisRoundtrip, error) {
	// A real *goredis.Client whose connections reach an in-memory list store
	// (sdkConformanceRedisStore) instead of a server: Publish RPUSHes and Pop
	// BLMOVEs over the Redis protocol, and LLEN counts the ready list.
	store := &sdkConformanceRedisStore{lists: map[string][]string{}}
	client := goredis.NewClient(&goredis.Options{
		Addr:     "bqgen-conformance.invalid:6379",
		Protocol: 2,
		Dialer:   store.dial,
	})
	defer client.Close()
	transport := NewWithClient(client)
	ctx := context.Background()
	if err := transport.Publish(ctx, sdkConformanceQueue, string(envelope)); err != nil {
		return ConformanceRedisRoundtrip{}, err
	}
	produced, err := client.LLen(ctx, sdkConformanceQueue).Result()
	if err != nil {
		return ConformanceRedisRoundtrip{}, err
	}
	msg, err := transport.Pop(ctx, sdkConformanceQueue, time.Second)
	if err != nil {
		return ConformanceRedisRoundtrip{}, err
	}
	if msg == nil {
		return ConformanceRedisRoundtrip{}, fmt.Errorf("Pop reserved nothing")
	}
	reserved, err := client.LLen(ctx, sdkConformanceQueue).Result()
	if err != nil {
		return ConformanceRedisRoundtrip{}, err
	}
	return ConformanceRedisRoundtrip{
		Element:            []byte(msg.Body),
		QueuedAfterProduce: produced,
		QueuedAfterReserve: reserved,
	}, nil
}

func (sdkConformanceSubject) Settle(
	broker string,
	deadLetterQueue bool,
	calls []string,
) (ConformanceSettlement, error) {
	reason := "babelqueue-go has no shared messaging layer of the message-queue connectors: " +
		"its Transport only Pops and Acks (the optional Releaser puts a message back in place), so there is " +
		"no acknowledgeable message settled once (the first call wins), no requeue or reject call, " +
		"no WithBody copy and no messages_settled counter"
	return ConformanceSettlement{}, conformanceNotProvided(reason)

}

func (sdkConformanceSubject) ReadMessage(
	typeValue json.RawMessage,
	broker,
	source,
	position,
	messageID string,
	metadata json.RawMessage,
	body string,
	action *string,
	deadLetterQueue bool,
	rawExcerptLength *int64,
) (ConformanceMessageRead, error) {
	reason := "babelqueue-go has no shared messaging layer of the message-queue connectors: " +
		"App decodes every body as an envelope and hands it to the handler of its URN, so there is no source " +
		"typed on a body T with a RowErrorHandler (fail, skip, dead_letter), no read error naming the position " +
		"and an excerpt (RawExcerptLength), no MessageFailure for a dead-letter sink and no row_errors counter"
	return ConformanceMessageRead{}, conformanceNotProvided(reason)

}

func (sdkConformanceSubject) WriteMessages(
	sink,
	action string,
	batches json.RawMessage,
	refused []string,
) (ConformanceWriteOutcome, error) {
	reason := "babelqueue-go has no shared messaging layer of the message-queue connectors: " +
		"it has no sinks, so nothing writes received messages through a sink and acknowledges each one " +
		"once written (Acknowledging), there is no FailedMessageAction (fail, requeue, dead_letter) for a " +
		"message the broker refuses, and no dead-letter sink"
	return ConformanceWriteOutcome{}, conformanceNotProvided(reason)

}

func (sdkConformanceSubject) RedisProduce(
	urn,
	queue string,
	data json.RawMessage,
	traceID string,
) (ConformanceRedisProduced, error) {
	// The publisher is the core's Make and Encode, then Publish: what the list
	// holds afterwards is read straight from the in-memory store.
	var payload map[string]any
	if err := json.Unmarshal(data, &payload); err != nil {
		return ConformanceRedisProduced{}, err
	}
	env, err := babelqueue.Make(urn, payload, babelqueue.WithQueue(queue), babelqueue.WithTraceID(traceID))
	if err != nil {
		return ConformanceRedisProduced{}, err
	}
	body, err := env.Encode()
	if err != nil {
		return ConformanceRedisProduced{}, err
	}
	store := &sdkConformanceRedisStore{lists: map[string][]string{}}
	client := goredis.NewClient(&goredis.Options{
		Addr:     "bqgen-conformance.invalid:6379",
		Protocol: 2,
		Dialer:   store.dial,
	})
	defer client.Close()
	if err := NewWithClient(client).Publish(context.Background(), queue, string(body)); err != nil {
		return ConformanceRedisProduced{}, err
	}
	store.mu.Lock()
	stored := store.lists[queue]
	store.mu.Unlock()
	if len(stored) != 1 {
		return ConformanceRedisProduced{}, fmt.Errorf("Publish left %d elements on the list, want 1", len(stored))
	}
	produced := ConformanceRedisProduced{Element: []byte(stored[0])}
	if decoded, err := babelqueue.Decode(produced.Element); err == nil {
		if produced.Reencoded, err = decoded.Encode(); err != nil {
			return ConformanceRedisProduced{}, err
		}
	}
	return produced, nil
}

// sdkConformanceQueue is the queue (topic) the mappings deliver on.
const sdkConformanceQueue = "bqgen-conformance"

// sdkConformanceRedisStore is an in-memory Redis of lists, served over the
// Redis protocol (RESP2) to each connection its dial hands out. It knows the
// list commands the transport sends (RPUSH, LLEN, BLMOVE, LMOVE, LREM); any
// other command (HELLO, CLIENT SETINFO) is an unknown-command error, which
// go-redis takes for a server that predates it.
type sdkConformanceRedisStore struct {
	mu    sync.Mutex
	lists map[string][]string
}

func (s *sdkConformanceRedisStore) dial(context.Context, string, string) (net.Conn, error) {
	client, server := net.Pipe()
	go s.serve(server)
	return client, nil
}

func (s *sdkConformanceRedisStore) serve(conn net.Conn) {
	defer conn.Close()
	r := bufio.NewReader(conn)
	for {
		args, err := sdkConformanceRedisCommand(r)
		if err != nil {
			return
		}
		if _, err := io.WriteString(conn, s.do(args)); err != nil {
			return
		}
	}
}

// sdkConformanceRedisCommand reads one command: an array of bulk strings.
func sdkConformanceRedisCommand(r *bufio.Reader) ([]string, error) {
	line, err := r.ReadString('\n')
	if err != nil {
		return nil, err
	}
	if !strings.HasPrefix(line, "*") {
		return nil, fmt.Errorf("not a command array: %q", line)
	}
	n, err := strconv.Atoi(strings.TrimSpace(line[1:]))
	if err != nil {
		return nil, err
	}
	args := make([]string, 0, n)
	for i := 0; i < n; i++ {
		header, err := r.ReadString('\n')
		if err != nil {
			return nil, err
		}
		if !strings.HasPrefix(header, "$") {
			return nil, fmt.Errorf("not a bulk string: %q", header)
		}
		size, err := strconv.Atoi(strings.TrimSpace(header[1:]))
		if err != nil {
			return nil, err
		}
		buf := make([]byte, size+2)
		if _, err := io.ReadFull(r, buf); err != nil {
			return nil, err
		}
		args = append(args, string(buf[:size]))
	}
	return args, nil
}

func (s *sdkConformanceRedisStore) do(args []string) string {
	if len(args) == 0 {
		return "-ERR empty command\r\n"
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	integer := func(n int) string { return ":" + strconv.Itoa(n) + "\r\n" }
	switch cmd := strings.ToUpper(args[0]); {
	case cmd == "RPUSH" && len(args) >= 3:
		s.lists[args[1]] = append(s.lists[args[1]], args[2:]...)
		return integer(len(s.lists[args[1]]))
	case cmd == "LLEN" && len(args) == 2:
		return integer(len(s.lists[args[1]]))
	case (cmd == "BLMOVE" && len(args) == 6) || (cmd == "LMOVE" && len(args) == 5):
		src := s.lists[args[1]]
		if len(src) == 0 {
			return "$-1\r\n"
		}
		var value string
		if strings.EqualFold(args[3], "LEFT") {
			value, s.lists[args[1]] = src[0], src[1:]
		} else {
			value, s.lists[args[1]] = src[len(src)-1], src[:len(src)-1]
		}
		if strings.EqualFold(args[4], "LEFT") {
			s.lists[args[2]] = append([]string{value}, s.lists[args[2]]...)
		} else {
			s.lists[args[2]] = append(s.lists[args[2]], value)
		}
		return "$" + strconv.Itoa(len(value)) + "\r\n" + value + "\r\n"
	case cmd == "LREM" && len(args) == 4:
		count, err := strconv.Atoi(args[2])
		if err != nil {
			return "-ERR value is not an integer or out of range\r\n"
		}
		var kept []string
		removed := 0
		for _, v := range s.lists[args[1]] {
			if v == args[3] && (count <= 0 || removed < count) {
				removed++
				continue
			}
			kept = append(kept, v)
		}
		s.lists[args[1]] = kept
		return integer(removed)
	default:
		return "-ERR unknown command '" + strings.ReplaceAll(args[0], "\r\n", " ") + "'\r\n"
	}
}
