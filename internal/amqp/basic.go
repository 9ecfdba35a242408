package amqp

// Delivery is a message fetched with Get.
type Delivery struct {
	// Tag settles the message (Ack, Reject, Nack) on the channel that got it.
	Tag uint64
	// Redelivered is the broker's flag: this message was delivered before
	// and not acknowledged (requeued, or its consumer went away).
	Redelivered bool
	Exchange    string
	RoutingKey  string
	// MessageCount is how many messages the queue still held ready.
	MessageCount int
	Body         []byte
}

// Publish sends body to exchange with routingKey ("" and a queue's name
// reach that queue through the default exchange), with no properties. It
// is asynchronous: a refusal comes back from a later call, or from Sync.
func (ch *Channel) Publish(exchange, routingKey string, body []byte) error {
	ch.c.mu.Lock()
	defer ch.c.mu.Unlock()
	if err := ch.usable(); err != nil {
		return err
	}
	e := newMethod(basicPublish)
	e.short(0)
	e.shortstr(exchange)
	e.shortstr(routingKey)
	e.bit(false) // mandatory
	e.bit(false) // immediate
	if err := ch.c.sendMethod(ch.id, e); err != nil {
		return err
	}
	return ch.c.writeContent(ch.id, body)
}

// Get fetches one message from queue with basic.get; ok is false when the
// queue had none ready (basic.get-empty). With noAck false the message
// stays the broker's to redeliver until it is settled by its Tag on this
// channel, or the channel or connection closes.
func (ch *Channel) Get(queue string, noAck bool) (d Delivery, ok bool, err error) {
	ch.c.mu.Lock()
	defer ch.c.mu.Unlock()
	e := newMethod(basicGet)
	e.short(0)
	e.shortstr(queue)
	e.bit(noAck)
	m, args, err := ch.rpc(e, basicGetOk, basicGetEmpty)
	if err != nil || m == basicGetEmpty {
		return Delivery{}, false, err
	}
	d.Tag = args.longlong()
	d.Redelivered = args.bit()
	d.Exchange = args.shortstr()
	d.RoutingKey = args.shortstr()
	d.MessageCount = int(args.long())
	if args.err != nil {
		return Delivery{}, false, ch.c.outOfStep(args.err)
	}
	if d.Body, err = ch.c.readContent(ch.id); err != nil {
		return Delivery{}, false, err
	}
	return d, true, nil
}

// Ack acknowledges one delivery (basic.ack, multiple off). Like every
// settlement it has no reply: a tag the broker does not know (already
// settled) closes the channel with 406 PRECONDITION_FAILED, which Sync or
// the next synchronous call returns.
func (ch *Channel) Ack(tag uint64) error {
	e := newMethod(basicAck)
	e.longlong(tag)
	e.bit(false) // multiple
	return ch.cast(e)
}

// Reject rejects one delivery: requeue puts it back in its queue (marked
// redelivered); otherwise the broker drops it, or dead-letters it when the
// queue has x-dead-letter-exchange.
func (ch *Channel) Reject(tag uint64, requeue bool) error {
	e := newMethod(basicReject)
	e.longlong(tag)
	e.bit(requeue)
	return ch.cast(e)
}

// Nack is RabbitMQ's basic.nack: Reject, optionally for every unsettled
// delivery up to tag (multiple).
func (ch *Channel) Nack(tag uint64, multiple, requeue bool) error {
	e := newMethod(basicNack)
	e.longlong(tag)
	e.bit(multiple)
	e.bit(requeue)
	return ch.cast(e)
}
