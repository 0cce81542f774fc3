/**
 * The load generator's process (bench/lib/load.ts forks it): takes one LoadOptions message,
 * runs autocannon, and answers the LoadResult with the CPU this process used meanwhile. Plain
 * JavaScript, so it starts in tens of milliseconds without a TypeScript loader.
 */
import autocannon from 'autocannon';

/**
 * Each connection takes the next group of the shared turn and makes its requests in order.
 * @param {{ method: string; path: string; headers?: Record<string, string> }[][]} groups
 */
function groupRequests(groups) {
  const first = groups[0] ?? [];
  let turn = 0;
  return first.map((spec, index) => ({
    method: spec.method,
    setupRequest: (request, context) => {
      if (index === 0) {
        context.group = groups[turn % groups.length];
        turn += 1;
      }
      const step = context.group[index];
      return { ...request, method: step.method, path: step.path, headers: step.headers };
    },
  }));
}

/** @param {import('./load').LoadOptions} options */
async function run(options) {
  const requests = options.groups ? groupRequests(options.groups) : options.requests;
  const cpuBefore = process.cpuUsage();
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.durationS,
    // autocannon looks at its stop flag once a sample (every second by default), so a shorter
    // run (the tiny mode's) needs samples as short as the run.
    sampleInt: Math.min(1000, options.durationS * 1000),
    timeout: 10,
    headers: options.headers,
    requests,
    ...(options.overallRate ? { overallRate: options.overallRate } : {}),
  });
  const cpu = process.cpuUsage(cpuBefore);
  // Under a rate limit autocannon adds latency samples for requests it held back (coordinated
  // omission), so the latency count is no longer the number of requests answered.
  const completed = options.overallRate ? result.requests.total : result.latency.totalCount;
  return {
    requestsPerSecond: result.duration > 0 ? completed / result.duration : 0,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    requests: completed,
    durationS: result.duration,
    generatorCpu: result.duration > 0 ? (cpu.user + cpu.system) / 1e6 / result.duration : 0,
  };
}

process.once('message', (options) => {
  run(options).then(
    (result) => process.send?.({ result }, () => process.exit(0)),
    (error) =>
      process.send?.({ error: error instanceof Error ? error.stack : String(error) }, () =>
        process.exit(1),
      ),
  );
});
