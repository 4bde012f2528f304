import './zodConfig';
import { z } from 'zod';
import { PLAN_IDS } from '@/lib/types/billing';
import { cappedString } from './text';

const locale = z.enum(['nb', 'en']).default('nb');

/** POST /api/v1/billing/checkout */
export const checkoutSchema = z.object({ plan: z.enum(PLAN_IDS), locale });
export type CheckoutInput = z.infer<typeof checkoutSchema>;

/** POST /api/v1/billing/portal */
export const portalSchema = z.object({ locale });

const sessionId = cappedString(80)
  .trim()
  .regex(/^cs_demo_[A-Za-z0-9]{8,64}$/, 'Not a demo checkout session id');

/** POST /api/v1/billing/demo/pay and /decline */
export const demoSessionSchema = z.object({ session_id: sessionId });
export const demoSessionIdSchema = sessionId;

/** POST /api/v1/billing/demo/cancel: at the end of the paid period, or at once. */
export const demoCancelSchema = z.object({ when: z.enum(['period_end', 'now']) });
export type DemoCancelInput = z.infer<typeof demoCancelSchema>;
