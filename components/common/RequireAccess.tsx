import type { ReactNode } from 'react';
import { canAccess, roleOf, type Access } from '@/lib/permissions';
import { useAuthStore } from '@/stores/useAuthStore';
import GatePanel from './GatePanel';

/**
 * Part of a page that only some roles may see (SPEC §6), e.g. the market dashboard on Home, which
 * every signed-in user opens but only subscribers get data for. Others see why, with a way on,
 * and nothing is fetched for them.
 */
export default function RequireAccess({ access, children }: { access: Access; children: ReactNode }) {
  const signedIn = useAuthStore((s) => s.status === 'signedIn');
  const user = useAuthStore((s) => s.user);
  const role = roleOf(signedIn, user);
  if (canAccess(role, access)) return <>{children}</>;
  return (
    <GatePanel
      inline
      reason={access === 'admin' && role.subscriptionActive ? 'adminOnly' : 'needsSubscription'}
    />
  );
}
