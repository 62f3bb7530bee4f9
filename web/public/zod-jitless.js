// Runs before the app's modules. zod 4 probes `new Function` once to compile faster object
// parsers; the console's CSP has no 'unsafe-eval', so Chromium refuses the probe and reports a
// CSP violation (zod then falls back). `jitless` skips the probe. zod reads its settings from
// globalThis.__zod_globalConfig, so this needs no import and cannot come too late.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
