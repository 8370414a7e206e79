import { z } from 'zod';

// zod compiles object parsers with `new Function` where it may, and probes for that the first
// time it parses. Under the site's Content Security Policy (no 'unsafe-eval') the probe fails,
// as zod expects, but the browser still reports a violation for it. Jitless parsing never
// probes. Modules whose schemas run in the browser import zod from here.
z.config({ jitless: true });

export { z };
