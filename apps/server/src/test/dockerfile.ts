/**
 * Just enough of a Dockerfile reader for tests that check the repository's Dockerfile against the
 * code (no Docker engine runs where the tests run): instructions per stage, continuation lines
 * joined, comments and parser directives dropped.
 */
export interface Instruction {
  keyword: string;
  args: string;
}

export interface Stage {
  /** The image, with `${ARG}` filled in from the global ARG defaults. */
  from: string;
  name: string | undefined;
  instructions: Instruction[];
}

export function parseDockerfile(text: string): Stage[] {
  const logicalLines: string[] = [];
  let pending = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!pending && (line === '' || line.startsWith('#'))) continue;
    if (line.startsWith('#')) continue; // a comment inside a continued instruction
    if (line.endsWith('\\')) {
      pending += line.slice(0, -1) + ' ';
      continue;
    }
    logicalLines.push(pending + line);
    pending = '';
  }

  const globalArgs = new Map<string, string>();
  const stages: Stage[] = [];
  for (const line of logicalLines) {
    const match = /^(\S+)\s*(.*)$/.exec(line);
    if (!match) continue;
    const keyword = match[1]!.toUpperCase();
    const args = match[2]!.trim();
    if (keyword === 'FROM') {
      const [image = '', as, name] = args.split(/\s+/);
      const from = image.replace(
        /\$\{(\w+)\}|\$(\w+)/g,
        (_match: string, braced?: string, bare?: string) =>
          globalArgs.get(braced ?? bare ?? '') ?? '',
      );
      stages.push({ from, name: as?.toUpperCase() === 'AS' ? name : undefined, instructions: [] });
    } else if (stages.length === 0) {
      if (keyword === 'ARG') {
        const [name = '', value = ''] = args.split('=');
        globalArgs.set(name, value);
      }
    } else {
      stages.at(-1)!.instructions.push({ keyword, args });
    }
  }
  return stages;
}

/** The `KEY=value` pairs of a stage's ENV instructions (values without spaces or quotes). */
export function stageEnv(stage: Stage): Record<string, string> {
  const env: Record<string, string> = {};
  for (const { keyword, args } of stage.instructions) {
    if (keyword !== 'ENV') continue;
    for (const pair of args.split(/\s+/)) {
      const at = pair.indexOf('=');
      if (at > 0) env[pair.slice(0, at)] = pair.slice(at + 1);
    }
  }
  return env;
}

/** The arguments of each instruction with this keyword, in order. */
export function argsOf(stage: Stage, keyword: string): string[] {
  return stage.instructions.filter((i) => i.keyword === keyword).map((i) => i.args);
}

/** An exec-form command (`["node", "-e", "…"]`) after an optional prefix such as `CMD`. */
export function execForm(args: string): string[] {
  const json = args.slice(args.indexOf('['));
  const parsed: unknown = JSON.parse(json);
  if (!Array.isArray(parsed) || !parsed.every((part) => typeof part === 'string')) {
    throw new Error(`not an exec-form command: ${args}`);
  }
  return parsed;
}
