package amqp

// Exchanges and queues. Everything is declared non-durable and not
// auto-deleted: the tests that use them declare per-run names and delete
// them when done, and a durable entity would outlive a broker that the
// tests start afresh anyway.

// ExchangeDeclare declares an exchange of kind "direct", "fanout", "topic"
// or "headers".
func (ch *Channel) ExchangeDeclare(name, kind string) error {
	ch.c.mu.Lock()
	defer ch.c.mu.Unlock()
	e := newMethod(exchangeDeclare)
	e.short(0) // reserved (ticket)
	e.shortstr(name)
	e.shortstr(kind)
	e.bit(false) // passive
	e.bit(false) // durable
	e.bit(false) // auto-delete
	e.bit(false) // internal
	e.bit(false) // no-wait
	e.table(nil)
	_, _, err := ch.rpc(e, exchangeDeclareOk)
	return err
}

// ExchangeDelete deletes an exchange, bound or not.
func (ch *Channel) ExchangeDelete(name string) error {
	ch.c.mu.Lock()
	defer ch.c.mu.Unlock()
	e := newMethod(exchangeDelete)
	e.short(0)
	e.shortstr(name)
	e.bit(false) // if-unused
	e.bit(false) // no-wait
	_, _, err := ch.rpc(e, exchangeDeleteOk)
	return err
}

// QueueDeclare declares a queue with args (x-dead-letter-exchange,
// x-dead-letter-routing-key, x-expires, ...) and returns how many messages
// it holds ready (not those delivered and unacknowledged).
func (ch *Channel) QueueDeclare(name string, args Table) (messages int, err error) {
	return ch.queueDeclare(name, false, args)
}

// QueueDeclarePassive asks for a queue's ready message count without
// creating it. A queue that does not exist is a 404 NOT_FOUND channel error,
// and the channel is then closed.
func (ch *Channel) QueueDeclarePassive(name string) (messages int, err error) {
	return ch.queueDeclare(name, true, nil)
}

func (ch *Channel) queueDeclare(name string, passive bool, args Table) (int, error) {
	ch.c.mu.Lock()
	defer ch.c.mu.Unlock()
	e := newMethod(queueDeclare)
	e.short(0)
	e.shortstr(name)
	e.bit(passive)
	e.bit(false) // durable
	e.bit(false) // exclusive: another connection must be able to read it
	e.bit(false) // auto-delete
	e.bit(false) // no-wait
	e.table(args)
	_, d, err := ch.rpc(e, queueDeclareOk)
	if err != nil {
		return 0, err
	}
	d.shortstr() // queue name
	messages := d.long()
	d.long() // consumer count
	return int(messages), d.err
}

// QueueBind binds a queue to an exchange with a routing key.
func (ch *Channel) QueueBind(queue, exchange, routingKey string) error {
	ch.c.mu.Lock()
	defer ch.c.mu.Unlock()
	e := newMethod(queueBind)
	e.short(0)
	e.shortstr(queue)
	e.shortstr(exchange)
	e.shortstr(routingKey)
	e.bit(false) // no-wait
	e.table(nil)
	_, _, err := ch.rpc(e, queueBindOk)
	return err
}

// QueueDelete deletes a queue and whatever it holds.
func (ch *Channel) QueueDelete(name string) error {
	ch.c.mu.Lock()
	defer ch.c.mu.Unlock()
	e := newMethod(queueDelete)
	e.short(0)
	e.shortstr(name)
	e.bit(false) // if-unused
	e.bit(false) // if-empty
	e.bit(false) // no-wait
	_, _, err := ch.rpc(e, queueDeleteOk)
	return err
}
