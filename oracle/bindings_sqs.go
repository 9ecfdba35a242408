package oracle

import "strconv"

// SQS binding (broker-bindings §3): on produce, a redundant routable view of
// the body as MessageAttributes; on consume, attempts reconciled with the
// broker's ApproximateReceiveCount.

// SQSAttribute is one SQS MessageAttributeValue: DataType "String" for ids
// and strings, "Number" for counters; StringValue is the text in both cases
// (SQS carries numbers as decimal text).
type SQSAttribute struct {
	DataType    string `json:"DataType"`
	StringValue string `json:"StringValue"`
}

// SQSAttributesResult is the result of sqs_attributes.
type SQSAttributesResult struct {
	Attributes map[string]SQSAttribute `json:"attributes"`
}

// SQSReconcileArgs is the argument of sqs_reconcile. A nil
// ApproximateReceiveCount is an absent attribute.
type SQSReconcileArgs struct {
	BodyAttempts            int64   `json:"body_attempts"`
	ApproximateReceiveCount *string `json:"approximate_receive_count"`
}

// SQSAttributes projects an envelope onto SQS MessageAttributes.
func (o *Oracle) SQSAttributes(a ProjectionArgs) (SQSAttributesResult, error) {
	p, err := o.projectionOf(a, faultSQSProjectsOwnLang)
	if err != nil {
		return SQSAttributesResult{}, err
	}
	str := func(v string) SQSAttribute { return SQSAttribute{"String", v} }
	num := func(v int64) SQSAttribute { return SQSAttribute{o.sqsCounterType(), strconv.FormatInt(v, 10)} }
	return SQSAttributesResult{Attributes: map[string]SQSAttribute{
		"bq-job":            str(p.urn),
		"bq-trace-id":       str(p.traceID),
		"bq-message-id":     str(p.id),
		"bq-schema-version": num(p.schemaVersion),
		"bq-created-at":     num(p.createdAt),
		"bq-source-lang":    str(p.lang),
	}}, nil
}

// sqsCounterType is the DataType of a counter attribute.
func (o *Oracle) sqsCounterType() string {
	if o.has(faultSQSCounterAsString) {
		return "String"
	}
	return "Number"
}

// SQSReconcile reports the attempts a consumer sees after SQS reconciliation.
func (o *Oracle) SQSReconcile(a SQSReconcileArgs) (AttemptsResult, error) {
	return o.reconcileVia(a.BodyAttempts, func(body []byte) []byte {
		return o.reconcileBody(body, func(n int64) int64 { return o.sqsAttempts(n, a.ApproximateReceiveCount) })
	})
}

// sqsAttempts is max(body, ApproximateReceiveCount - 1): the count includes
// the current delivery, so a first delivery reads 0. An absent or non-numeric
// count is ignored, and the body's count is never lowered.
func (o *Oracle) sqsAttempts(body int64, receiveCount *string) int64 {
	if o.has(faultSQSReconcileNativeWins) {
		var arc int64 // absent or unparsable reads as 0 (ParseInt's zero value)
		if receiveCount != nil {
			arc, _ = strconv.ParseInt(*receiveCount, 10, 64)
		}
		return max(minusOne(arc), 0)
	}
	if receiveCount == nil {
		return body
	}
	arc, err := strconv.ParseInt(*receiveCount, 10, 64)
	if err != nil {
		return body
	}
	prior := minusOne(arc)
	if o.has(faultSQSReconcileNoDecrement) {
		prior = arc
	}
	if o.has(faultSQSReconcileOverwritesLateRetry) && prior > 1 {
		return prior
	}
	return max(body, prior)
}
