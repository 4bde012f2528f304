// Loaded with NODE_OPTIONS="--require bench/cpuProfileHook.cjs" by bench/load.bench.ts --profile
// (Node 20 does not allow --cpu-prof in NODE_OPTIONS): every Node process of the app samples its
// CPU from start and writes <pid>.cpuprofile into LOAD_PROFILE_DIR when it exits normally.
/* eslint-disable @typescript-eslint/no-require-imports -- preloaded with --require into plain Node processes, so CommonJS */
const inspector = require('node:inspector');
const fs = require('node:fs');
const path = require('node:path');
/* eslint-enable @typescript-eslint/no-require-imports */

const dir = process.env.LOAD_PROFILE_DIR;
if (dir) {
  const session = new inspector.Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 1000 });
  session.post('Profiler.start');
  let written = false;
  process.on('exit', () => {
    if (written) return;
    written = true;
    // The in-process session answers synchronously, so this runs before the process ends.
    session.post('Profiler.stop', (err, result) => {
      if (!err) fs.writeFileSync(path.join(dir, `${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
