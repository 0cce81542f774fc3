import fs from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

interface FileTime {
  project: string;
  file: string;
  /** What the file cost its worker: environment, setup, import, collection and the tests. */
  ms: number;
  /** When it ended, from the run's start. */
  endedMs: number;
}

/**
 * Where a run's minutes go: after a run of more than one project, one line per project (its
 * files' cost added up, and when its last file ended) and the slowest files. With TEST_TIMES_FILE
 * set (.ci/run) the per-project figures are also added to that JSON file, for CI's closing line.
 */
export default class TestTimesReporter implements Reporter {
  #runStart = Date.now();
  readonly #files: FileTime[] = [];

  onTestRunStart(): void {
    this.#runStart = Date.now();
  }

  onTestModuleEnd(module: TestModule): void {
    const d = module.diagnostic();
    this.#files.push({
      project: module.project.name,
      file: path.relative(process.cwd(), module.moduleId),
      ms:
        d.environmentSetupDuration +
        d.prepareDuration +
        d.collectDuration +
        d.setupDuration +
        d.duration,
      endedMs: Date.now() - this.#runStart,
    });
  }

  onTestRunEnd(): void {
    const projects = new Map<string, { files: number; ms: number; endedMs: number }>();
    for (const file of this.#files) {
      const times = projects.get(file.project) ?? { files: 0, ms: 0, endedMs: 0 };
      times.files += 1;
      times.ms += file.ms;
      times.endedMs = Math.max(times.endedMs, file.endedMs);
      projects.set(file.project, times);
    }
    const out = process.env.TEST_TIMES_FILE;
    if (out) {
      // CI runs `npm test` in steps (.ci/run): each step adds its projects to the earlier ones'.
      const earlier: unknown = fs.existsSync(out) ? JSON.parse(fs.readFileSync(out, 'utf8')) : {};
      const summary = Object.fromEntries(
        [...projects].map(([name, t]) => [
          name,
          { files: t.files, fileS: seconds(t.ms), endedS: seconds(t.endedMs) },
        ]),
      );
      fs.writeFileSync(out, JSON.stringify({ ...(earlier as object), ...summary }));
    }
    if (projects.size < 2) return;
    const lines = ['Test time by project (its files summed; when its last file ended):'];
    for (const [name, t] of projects) {
      lines.push(
        `  ${name}: ${seconds(t.ms)} s in ${t.files} files, done at ${seconds(t.endedMs)} s`,
      );
    }
    lines.push('Slowest files:');
    const slowest = [...this.#files].sort((a, b) => b.ms - a.ms);
    for (const file of slowest.slice(0, 10)) lines.push(`  ${seconds(file.ms)} s  ${file.file}`);
    console.log(`\n${lines.join('\n')}\n`);
  }
}

const seconds = (ms: number) => Math.round(ms / 1000);
