import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for Stripe's API as Stripe documents it, for tests (STRIPE_API_URL):
 * `POST /v1/checkout/sessions` (a Checkout Session of the line item's amount; `requests` keeps
 * each form sent),
 * `GET /v1/checkout/sessions/{id}` (with its `payment_intent` once `pay` was called), and
 * `POST /v1/refunds` (a refund of a payment intent, idempotent on the `Idempotency-Key`; a second
 * refund of the same payment is refused with `charge_already_refunded`). `failRefunds` makes
 * refunds answer Stripe's error instead.
 */
export async function startFakeStripe() {
  const sessions = new Map<string, Record<string, unknown>>();
  const requests: URLSearchParams[] = [];
  const refunds: { paymentIntent: string; idempotencyKey: string | undefined }[] = [];
  const byKey = new Map<string, string>();
  const refunded = new Set<string>();
  let failRefunds = false;
  let count = 0;
  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${++count}` });
    res.end(JSON.stringify(body));
  };
  const error = (res: http.ServerResponse, status: number, code: string, message: string) =>
    send(res, status, { error: { type: 'invalid_request_error', code, message } });
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      const url = req.url ?? '';
      if (req.method === 'POST' && url === '/v1/checkout/sessions') {
        requests.push(form);
        const quantity = Number(form.get('line_items[0][quantity]'));
        const unit =
          form.get('line_items[0][price_data][unit_amount]') ??
          form.get('line_items[0][price_data][unit_amount_decimal]')!;
        const id = `cs_test_${(sessions.size + 1).toString().padStart(4, '0')}`;
        const amount = Math.round(Number(unit) * quantity);
        const session = {
          id,
          object: 'checkout.session',
          url: `https://checkout.stripe.com/c/pay/${id}`,
          amount_subtotal: amount,
          amount_total: amount,
          currency: form.get('line_items[0][price_data][currency]'),
          client_reference_id: form.get('client_reference_id'),
          customer_email: form.get('customer_email'),
          mode: 'payment',
          payment_status: 'unpaid',
          payment_intent: null,
          status: 'open',
          success_url: form.get('success_url'),
          cancel_url: form.get('cancel_url'),
          livemode: false,
        };
        sessions.set(id, session);
        return send(res, 200, session);
      }
      const retrieve = /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(url);
      if (req.method === 'GET' && retrieve) {
        const session = sessions.get(retrieve[1]!);
        if (!session) return error(res, 404, 'resource_missing', 'No such checkout.session');
        return send(res, 200, session);
      }
      if (req.method === 'POST' && url === '/v1/refunds') {
        const key = req.headers['idempotency-key'] as string | undefined;
        const intent = form.get('payment_intent');
        if (failRefunds)
          return error(
            res,
            400,
            'charge_disputed',
            'The charge is disputed and cannot be refunded',
          );
        if (!intent) return error(res, 400, 'parameter_missing', 'Missing payment_intent');
        const session = [...sessions.values()].find((s) => s.payment_intent === intent);
        if (!session) return error(res, 404, 'resource_missing', 'No such payment_intent');
        const refund = {
          id: key && byKey.get(key) ? byKey.get(key) : `re_test_${refunds.length + 1}`,
          object: 'refund',
          amount: session.amount_total,
          currency: session.currency,
          payment_intent: intent,
          status: 'succeeded',
        };
        if (key && byKey.has(key)) return send(res, 200, refund);
        if (refunded.has(intent))
          return error(res, 400, 'charge_already_refunded', 'Charge has already been refunded');
        refunded.add(intent);
        refunds.push({ paymentIntent: intent, idempotencyKey: key });
        if (key) byKey.set(key, refund.id!);
        return send(res, 200, refund);
      }
      error(res, 404, 'resource_missing', 'No route');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    refunds,
    /** The session is paid: it has a payment intent, as after a completed checkout. */
    pay(sessionId: string) {
      const session = sessions.get(sessionId)!;
      Object.assign(session, {
        payment_status: 'paid',
        status: 'complete',
        payment_intent: `pi_test_${sessionId}`,
      });
      return session as { id: string; amount_total: number; client_reference_id: string };
    },
    /** The body of the `checkout.session.completed` event Stripe sends once `pay` was called. */
    completedEvent(sessionId: string) {
      return JSON.stringify({
        id: `evt_test_${sessionId}`,
        object: 'event',
        api_version: '2025-01-01',
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        type: 'checkout.session.completed',
        data: { object: sessions.get(sessionId) },
      });
    },
    failRefunds(on: boolean) {
      failRefunds = on;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
