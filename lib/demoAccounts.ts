import { ADMIN_GROUP_ID, DEFAULT_GROUP_ID, SUBSCRIPTION_ACTIVE } from './constants';

export interface DemoAccount {
  uid: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  groupId: number;
  subscriptionStatus: string;
}

/** The three demo accounts of DESIGN.md §3 (emulator only; the README lists them). */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    uid: 'demo-admin',
    email: 'admin@trendvakt.test',
    password: 'trendvakt-admin',
    firstName: 'Astrid',
    lastName: 'Admin',
    groupId: ADMIN_GROUP_ID,
    subscriptionStatus: SUBSCRIPTION_ACTIVE,
  },
  {
    uid: 'demo-investor',
    email: 'investor@trendvakt.test',
    password: 'trendvakt-investor',
    firstName: 'Ingrid',
    lastName: 'Investor',
    groupId: DEFAULT_GROUP_ID,
    subscriptionStatus: SUBSCRIPTION_ACTIVE,
  },
  {
    uid: 'demo-newcomer',
    email: 'newcomer@trendvakt.test',
    password: 'trendvakt-newcomer',
    firstName: 'Nils',
    lastName: 'Newcomer',
    groupId: DEFAULT_GROUP_ID,
    subscriptionStatus: 'inactive',
  },
];

export type DemoRole = 'admin' | 'investor' | 'newcomer';

/** A demo account by its role (its uid is `demo-<role>`): for the start-up seed, e2e journeys and benches. */
export function demoAccount(role: DemoRole): DemoAccount {
  const account = DEMO_ACCOUNTS.find((a) => a.uid === `demo-${role}`);
  if (!account) throw new Error(`No demo account for ${role}`);
  return account;
}
