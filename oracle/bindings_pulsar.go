package oracle

import "strconv"

// Apache Pulsar binding (broker-bindings §5): string properties; attempts
// reconciled with the 0-based RedeliveryCount.

// PulsarPropertiesResult is the result of pulsar_properties. Pulsar
// properties are string to string, so numbers are stringified.
type PulsarPropertiesResult struct {
	Properties map[string]string `json:"properties"`
}

// PulsarReconcileArgs is the argument of pulsar_reconcile.
type PulsarReconcileArgs struct {
	BodyAttempts    int64 `json:"body_attempts"`
	RedeliveryCount int64 `json:"redelivery_count"`
}

// PulsarProperties projects an envelope onto Pulsar message properties.
func (o *Oracle) PulsarProperties(a ProjectionArgs) (PulsarPropertiesResult, error) {
	p, err := o.projectionOf(a, faultPulsarProjectsOwnLang)
	if err != nil {
		return PulsarPropertiesResult{}, err
	}
	props := bqStringProperties(p)
	if o.has(faultPulsarAttemptsMissing) {
		delete(props, "bq-attempts")
	}
	return PulsarPropertiesResult{Properties: props}, nil
}

// bqStringProperties is the bq- property set Pulsar and Kafka share: the
// identity fields and the stringified counters.
func bqStringProperties(p projected) map[string]string {
	return map[string]string{
		"bq-job":            p.urn,
		"bq-trace-id":       p.traceID,
		"bq-message-id":     p.id,
		"bq-schema-version": strconv.FormatInt(p.schemaVersion, 10),
		"bq-source-lang":    p.lang,
		"bq-attempts":       strconv.FormatInt(p.att, 10),
	}
}

// PulsarReconcile reports the attempts a consumer sees after Pulsar
// reconciliation.
func (o *Oracle) PulsarReconcile(a PulsarReconcileArgs) (AttemptsResult, error) {
	return o.reconcileVia(a.BodyAttempts, func(body []byte) []byte {
		return o.reconcileBody(body, func(n int64) int64 { return o.pulsarAttempts(n, a.RedeliveryCount) })
	})
}

// pulsarAttempts is max(body, RedeliveryCount): the count is 0-based, so it
// maps directly with no -1.
func (o *Oracle) pulsarAttempts(body, redeliveryCount int64) int64 {
	switch {
	case o.has(faultPulsarReconcileDecrement):
		redeliveryCount--
	case o.has(faultPulsarReconcileIncrement):
		redeliveryCount++
	case o.has(faultPulsarReconcileNativeWins):
		return redeliveryCount
	case o.has(faultPulsarReconcileOverwritesLateRetry) && redeliveryCount > 1:
		return redeliveryCount
	}
	return max(body, redeliveryCount)
}
