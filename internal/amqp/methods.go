package amqp

import "fmt"

// method is a method's class and method id in one number (class<<16 |
// method), the two shorts every method frame starts with.
type method uint32

func mid(class, m uint16) method { return method(uint32(class)<<16 | uint32(m)) }

// The methods this client sends or expects (AMQP 0-9-1 §1, the classes
// connection 10, channel 20, exchange 40, queue 50 and basic 60).
var (
	connectionStart     = mid(10, 10)
	connectionStartOk   = mid(10, 11)
	connectionSecure    = mid(10, 20)
	connectionTune      = mid(10, 30)
	connectionTuneOk    = mid(10, 31)
	connectionOpen      = mid(10, 40)
	connectionOpenOk    = mid(10, 41)
	connectionClose     = mid(10, 50)
	connectionCloseOk   = mid(10, 51)
	connectionBlocked   = mid(10, 60)
	connectionUnblocked = mid(10, 61)

	channelOpen    = mid(20, 10)
	channelOpenOk  = mid(20, 11)
	channelClose   = mid(20, 40)
	channelCloseOk = mid(20, 41)

	exchangeDeclare   = mid(40, 10)
	exchangeDeclareOk = mid(40, 11)
	exchangeDelete    = mid(40, 20)
	exchangeDeleteOk  = mid(40, 21)

	queueDeclare   = mid(50, 10)
	queueDeclareOk = mid(50, 11)
	queueBind      = mid(50, 20)
	queueBindOk    = mid(50, 21)
	queueDelete    = mid(50, 40)
	queueDeleteOk  = mid(50, 41)

	basicPublish  = mid(60, 40)
	basicGet      = mid(60, 70)
	basicGetOk    = mid(60, 71)
	basicGetEmpty = mid(60, 72)
	basicAck      = mid(60, 80)
	basicReject   = mid(60, 90)
	basicNack     = mid(60, 120)
)

// classBasic is the content class of a published or fetched message.
const classBasic = 60

// methodNames names the methods above for error messages.
var methodNames = map[method]string{
	connectionStart:     "connection.start",
	connectionStartOk:   "connection.start-ok",
	connectionSecure:    "connection.secure",
	connectionTune:      "connection.tune",
	connectionTuneOk:    "connection.tune-ok",
	connectionOpen:      "connection.open",
	connectionOpenOk:    "connection.open-ok",
	connectionClose:     "connection.close",
	connectionCloseOk:   "connection.close-ok",
	connectionBlocked:   "connection.blocked",
	connectionUnblocked: "connection.unblocked",
	channelOpen:         "channel.open",
	channelOpenOk:       "channel.open-ok",
	channelClose:        "channel.close",
	channelCloseOk:      "channel.close-ok",
	exchangeDeclare:     "exchange.declare",
	exchangeDeclareOk:   "exchange.declare-ok",
	exchangeDelete:      "exchange.delete",
	exchangeDeleteOk:    "exchange.delete-ok",
	queueDeclare:        "queue.declare",
	queueDeclareOk:      "queue.declare-ok",
	queueBind:           "queue.bind",
	queueBindOk:         "queue.bind-ok",
	queueDelete:         "queue.delete",
	queueDeleteOk:       "queue.delete-ok",
	basicPublish:        "basic.publish",
	basicGet:            "basic.get",
	basicGetOk:          "basic.get-ok",
	basicGetEmpty:       "basic.get-empty",
	basicAck:            "basic.ack",
	basicReject:         "basic.reject",
	basicNack:           "basic.nack",
}

// String names a method ("60.60" for one this client does not know).
func (m method) String() string {
	if name, ok := methodNames[m]; ok {
		return name
	}
	return fmt.Sprintf("%d.%d", m>>16, m&0xFFFF)
}

// newMethod starts a method payload with its class and method ids.
func newMethod(m method) *encoder {
	e := &encoder{}
	e.short(uint16(m >> 16))
	e.short(uint16(m))
	return e
}

// decodeMethod splits a method frame's payload into its id and arguments.
func decodeMethod(payload []byte) (method, *decoder, error) {
	d := newDecoder(payload)
	class, m := d.short(), d.short()
	if d.err != nil {
		return 0, nil, fmt.Errorf("amqp: method frame of %d bytes", len(payload))
	}
	return mid(class, m), d, nil
}
