// A stand-in for Stripe's API for the bench: answers `POST /v1/checkout/sessions` as Stripe
// documents it (a Checkout Session with the amount of its line item). Nothing else is stood in.
import http from 'node:http';

export async function startFakeStripe({ port }) {
  let count = 0;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/checkout/sessions') {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'No route' } }));
        return;
      }
      const form = new URLSearchParams(body);
      const quantity = Number(form.get('line_items[0][quantity]'));
      const unit =
        form.get('line_items[0][price_data][unit_amount]') ??
        form.get('line_items[0][price_data][unit_amount_decimal]');
      const amount = Math.round(Number(unit) * quantity);
      const id = `cs_test_bench${++count}`;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id,
          object: 'checkout.session',
          url: `https://checkout.stripe.com/c/pay/${id}`,
          amount_total: amount,
          currency: form.get('line_items[0][price_data][currency]'),
          client_reference_id: form.get('client_reference_id'),
          mode: 'payment',
          payment_status: 'unpaid',
          status: 'open',
        }),
      );
    });
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}
