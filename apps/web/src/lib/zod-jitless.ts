/**
 * zod compiles object parsers with `new Function` after probing whether eval works; the CSP
 * (script-src 'self') refuses the probe and Chrome reports it as an issue on every page. zod keeps
 * its settings on this global (shared by every copy of zod, read when it loads and when it
 * parses), so setting it needs no import of zod: calling `config` from `zod/v4/core` here put
 * zod's core (~3.5 kB gzip) in the first script, which never parses anything in production.
 * The same object is kept when zod is already loaded (development imports schemas eagerly).
 */
const zodHome = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodHome.__zod_globalConfig = Object.assign(zodHome.__zod_globalConfig ?? {}, { jitless: true });

export {};
