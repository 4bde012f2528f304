import { getDb } from '@/server/db';
import { apiHandler } from '@/server/http';
import { billingConfig, receiveWebhook } from '@/server/services/billing';

// The signature is over the exact bytes Stripe sent: Next must not parse the body.
export const config = { api: { bodyParser: false } };

/** POST /api/v1/billing/webhook — Stripe's (and the demo provider's) signed events. */
export default apiHandler(
  {
    POST: async (req) =>
      receiveWebhook(await getDb(), billingConfig(), req.rawBody, req.headers['stripe-signature']),
  },
  // Stripe's servers post here, not a browser; the Stripe-Signature over the body is the check.
  { rawBody: true, csrfExempt: 'Stripe webhook: server to server, verified by its signature' },
);
