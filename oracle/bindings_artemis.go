package oracle

import (
	"strconv"
	"strings"
)

// Apache ActiveMQ Artemis binding (broker-bindings §7): the AMQP 1.0 message
// a JMS peer reads; attempts reconciled with the 0-based delivery-count.

// ArtemisMessageResult is the result of artemis_message.
type ArtemisMessageResult struct {
	Annotations   map[string]any `json:"annotations"`
	CorrelationID string         `json:"correlation_id"`
	CreationTime  int64          `json:"creation_time"`
	Properties    map[string]any `json:"properties"`
}

// ArtemisReconcileArgs is the argument of artemis_reconcile.
type ArtemisReconcileArgs struct {
	BodyAttempts  int64 `json:"body_attempts"`
	DeliveryCount int64 `json:"delivery_count"`
}

// jmsTypeAnnotation is the AMQP-JMS mapping of JMSType.
const jmsTypeAnnotation = "x-opt-jms-type"

// appID names the producing application on every binding that has the slot.
const appID = "babelqueue"

// ArtemisMessage projects an envelope onto an AMQP 1.0 message. The URN,
// trace_id and creation time ride the JMS-native slots; the bq_ application
// properties are all strings.
func (o *Oracle) ArtemisMessage(a ProjectionArgs) (ArtemisMessageResult, error) {
	p, err := o.projectionOf(a, faultArtemisProjectsOwnLang)
	if err != nil {
		return ArtemisMessageResult{}, err
	}
	return ArtemisMessageResult{
		Annotations:   map[string]any{jmsTypeAnnotation: p.urn},
		CorrelationID: p.traceID,
		CreationTime:  p.createdAt,
		Properties: map[string]any{
			o.artemisName("bq_schema_version"): strconv.FormatInt(p.schemaVersion, 10),
			o.artemisName("bq_source_lang"):    p.lang,
			o.artemisName("bq_attempts"):       strconv.FormatInt(p.att, 10),
			o.artemisName("bq_app_id"):         appID,
		},
	}, nil
}

// artemisName is a property name. JMS property names must be Java
// identifiers, so Artemis uses underscores where other bindings use hyphens.
func (o *Oracle) artemisName(name string) string {
	if o.has(faultArtemisHyphenatedNames) {
		return strings.ReplaceAll(name, "_", "-")
	}
	return name
}

// ArtemisReconcile reports the attempts a consumer sees after Artemis
// reconciliation.
func (o *Oracle) ArtemisReconcile(a ArtemisReconcileArgs) (AttemptsResult, error) {
	return o.reconcileVia(a.BodyAttempts, func(body []byte) []byte {
		return o.reconcileBody(body, func(n int64) int64 { return o.artemisAttempts(n, a.DeliveryCount) })
	})
}

// artemisAttempts is max(body, delivery-count): the AMQP header is 0-based,
// so it maps directly with no -1.
func (o *Oracle) artemisAttempts(body, deliveryCount int64) int64 {
	switch {
	case o.has(faultArtemisReconcileDecrement):
		deliveryCount--
	case o.has(faultArtemisReconcileIncrement):
		deliveryCount++
	case o.has(faultArtemisReconcileNativeWins):
		return deliveryCount
	case o.has(faultArtemisReconcileOverwritesLateRetry) && deliveryCount > 1:
		return deliveryCount
	}
	return max(body, deliveryCount)
}
