package oracle

import "strconv"

// RabbitMQ binding (broker-bindings §2, AMQP 0-9-1): basic properties plus
// native-typed headers. Consume-side attempts are runtime-specific and not
// part of the contract, so there is no reconcile operation.

// RabbitMQProperties are the AMQP 0-9-1 basic properties of a publishing.
type RabbitMQProperties struct {
	Type          string `json:"type"`
	CorrelationID string `json:"correlation_id"`
	MessageID     string `json:"message_id"`
	AppID         string `json:"app_id"`
	ContentType   string `json:"content_type"`
}

// RabbitMQPublishingResult is the result of rabbitmq_publishing.
type RabbitMQPublishingResult struct {
	Properties RabbitMQProperties `json:"properties"`
	Headers    map[string]any     `json:"headers"`
}

// RabbitMQPublishing projects an envelope onto an AMQP 0-9-1 publishing. The
// URN is the type, so a consumer can route without reading the body.
func (o *Oracle) RabbitMQPublishing(a ProjectionArgs) (RabbitMQPublishingResult, error) {
	p, err := o.projectionOf(a, faultRabbitMQProjectsOwnLang)
	if err != nil {
		return RabbitMQPublishingResult{}, err
	}
	return RabbitMQPublishingResult{
		Properties: RabbitMQProperties{
			Type:          p.urn,
			CorrelationID: p.traceID,
			MessageID:     p.id,
			AppID:         appID,
			ContentType:   contentTypeJSON,
		},
		Headers: map[string]any{
			"x-schema-version": o.rabbitInt(p.schemaVersion),
			"x-source-lang":    p.lang,
			"x-attempts":       o.rabbitInt(p.att),
		},
	}, nil
}

// rabbitInt is an integer header. AMQP 0-9-1 field tables carry typed values,
// so integers stay integers (unlike Kafka and Pulsar).
func (o *Oracle) rabbitInt(n int64) any {
	if o.has(faultRabbitMQHeadersStringified) {
		return strconv.FormatInt(n, 10)
	}
	return n
}
