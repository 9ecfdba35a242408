package oracle

import "strconv"

// Azure Service Bus binding (broker-bindings §4): native message fields plus
// AMQP-typed application properties; attempts reconciled with the 1-based
// DeliveryCount.

// ASBMessageResult is the result of asb_message: the native Service Bus
// message fields and ApplicationProperties (numbers stay JSON numbers).
type ASBMessageResult struct {
	Subject               string         `json:"subject"`
	CorrelationID         string         `json:"correlation_id"`
	MessageID             string         `json:"message_id"`
	ContentType           string         `json:"content_type"`
	ApplicationProperties map[string]any `json:"application_properties"`
}

// ASBReconcileArgs is the argument of asb_reconcile.
type ASBReconcileArgs struct {
	BodyAttempts  int64 `json:"body_attempts"`
	DeliveryCount int64 `json:"delivery_count"`
}

// contentTypeJSON is the content type of every envelope body.
const contentTypeJSON = "application/json"

// ASBMessage projects an envelope onto a Service Bus message.
func (o *Oracle) ASBMessage(a ProjectionArgs) (ASBMessageResult, error) {
	p, err := o.projectionOf(a, faultASBProjectsOwnLang)
	if err != nil {
		return ASBMessageResult{}, err
	}
	return ASBMessageResult{
		Subject:       p.urn,
		CorrelationID: p.traceID,
		MessageID:     p.id,
		ContentType:   contentTypeJSON,
		ApplicationProperties: map[string]any{
			"bq-schema-version": o.asbNumber(p.schemaVersion),
			"bq-source-lang":    p.lang,
			"bq-created-at":     o.asbNumber(p.createdAt),
		},
	}, nil
}

// asbNumber is an integer application property: AMQP-typed, so it stays a
// number rather than the DataType-wrapped text SQS uses.
func (o *Oracle) asbNumber(n int64) any {
	if o.has(faultASBNumbersStringified) {
		return strconv.FormatInt(n, 10)
	}
	return n
}

// ASBReconcile reports the attempts a consumer sees after ASB reconciliation.
func (o *Oracle) ASBReconcile(a ASBReconcileArgs) (AttemptsResult, error) {
	return o.reconcileVia(a.BodyAttempts, func(body []byte) []byte {
		return o.reconcileBody(body, func(n int64) int64 { return o.asbAttempts(n, a.DeliveryCount) })
	})
}

// asbAttempts is max(body, DeliveryCount - 1): DeliveryCount is 1-based, so a
// first delivery reads 0 and DeliveryCount <= 1 leaves the body untouched.
func (o *Oracle) asbAttempts(body, deliveryCount int64) int64 {
	prior := minusOne(deliveryCount)
	if o.has(faultASBReconcileNoDecrement) {
		prior = deliveryCount
	}
	if o.has(faultASBReconcileNativeWins) {
		return max(prior, 0)
	}
	if o.has(faultASBReconcileOverwritesLateRetry) && prior > 1 {
		return prior
	}
	return max(body, prior)
}
