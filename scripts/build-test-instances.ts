// Build the production app the integration tests start as separate instances (.next-instances),
// unless a build of exactly these sources is there: CI runs this while the static checks use one
// core, so that jest does not build in the middle of its run (__tests__/helpers/appInstances.ts).
import { ensureProductionBuild } from '@/__tests__/helpers/appInstances';

ensureProductionBuild().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
