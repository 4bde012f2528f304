import { apiHandler } from '@/server/http';
import { getPlans } from '@/server/services/billing';

export const config = { api: { bodyParser: false } };

/** GET /api/v1/billing/plans — public: the two plans in NOK, VAT included. */
export default apiHandler({ GET: () => getPlans() });
