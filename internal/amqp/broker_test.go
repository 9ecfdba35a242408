package amqp_test

import (
	"bytes"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/babelqueue/bqgen/internal/amqp"
	"github.com/babelqueue/bqgen/internal/testkit/rabbitmqtest"
)

// The client against a real broker (skipped without one): one of each
// call, a body split over several frames, the redelivered flag after a
// requeue and after a consumer's connection dies, and a second ack of one
// delivery tag coming back as the broker's 406.
func TestAgainstRabbitMQ(t *testing.T) {
	addr := rabbitmqtest.Start(t) // one broker for the test and its subtests
	t.Run("calls", func(t *testing.T) { testCalls(t, addr) })
	t.Run("bad login", func(t *testing.T) {
		_, err := amqp.Dial(addr, "guest", "not the password", 10*time.Second)
		var amqpErr *amqp.Error
		if !errors.As(err, &amqpErr) || amqpErr.Code != amqp.AccessRefused || !amqpErr.Connection {
			t.Fatalf("bad password: %v, want a 403 connection error", err)
		}
	})
}

func testCalls(t *testing.T, addr string) {
	conn, ch := dial(t, addr)
	q := fmt.Sprintf("bqgen.amqp.test.%d", time.Now().UnixNano())
	if _, err := ch.QueueDeclare(q, amqp.Table{"x-expires": 60000}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cleanup(addr, q) })

	big := bytes.Repeat([]byte("0123456789abcdef"), int(conn.FrameMax())/16*2+7) // 3 body frames
	must(t, ch.Publish("", q, big))
	must(t, ch.Sync())
	d := get(t, ch, q)
	if !bytes.Equal(d.Body, big) || d.Redelivered || d.RoutingKey != q {
		t.Fatalf("got %d bytes, redelivered %v, key %q; want %d bytes, a first delivery, key %q",
			len(d.Body), d.Redelivered, d.RoutingKey, len(big), q)
	}
	must(t, ch.Reject(d.Tag, true))
	if d = get(t, ch, q); !d.Redelivered {
		t.Fatal("a requeued message came back without the redelivered flag")
	}
	must(t, ch.Ack(d.Tag))
	must(t, ch.Sync())
	must(t, ch.Ack(d.Tag)) // the broker no longer knows this tag
	var amqpErr *amqp.Error
	if err := ch.Sync(); !errors.As(err, &amqpErr) || amqpErr.Code != amqp.PreconditionFailed {
		t.Fatalf("second ack of one tag: Sync gave %v, want a 406 channel error", err)
	}
	if err := ch.Ack(d.Tag); !errors.Is(err, amqpErr) {
		t.Fatalf("a call on the closed channel gave %v, want the error that closed it", err)
	}

	// A consumer that dies holding a message: it comes back, redelivered.
	ch2, err := conn.Channel()
	must(t, err)
	must(t, ch2.Publish("", q, []byte("x")))
	must(t, ch2.Sync())
	dying, dch := dial(t, addr)
	get(t, dch, q)
	must(t, dying.Abort())
	deadline := time.Now().Add(5 * time.Second)
	for {
		d, ok, err := ch2.Get(q, true)
		must(t, err)
		if ok {
			if !d.Redelivered {
				t.Fatal("a message back from a dead consumer is not marked redelivered")
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the message held by an aborted connection did not come back within 5 s")
		}
		time.Sleep(20 * time.Millisecond)
	}
	must(t, conn.Close())
}

func dial(t *testing.T, addr string) (*amqp.Conn, *amqp.Channel) {
	t.Helper()
	conn, err := amqp.Dial(addr, "guest", "guest", 10*time.Second)
	must(t, err)
	t.Cleanup(func() { _ = conn.Abort() })
	ch, err := conn.Channel()
	must(t, err)
	return conn, ch
}

func get(t *testing.T, ch *amqp.Channel, q string) amqp.Delivery {
	t.Helper()
	d, ok, err := ch.Get(q, false)
	must(t, err)
	if !ok {
		t.Fatalf("queue %s is empty", q)
	}
	return d
}

func cleanup(addr, q string) error {
	conn, err := amqp.Dial(addr, "guest", "guest", 10*time.Second)
	if err != nil {
		return err
	}
	defer conn.Close()
	ch, err := conn.Channel()
	if err != nil {
		return err
	}
	return ch.QueueDelete(q)
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
