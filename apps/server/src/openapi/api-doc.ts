import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { buildApp } from '../app';
import { createContext } from '../create-context';
import { loadConfig } from '../env';
import type { OpenApiDocument } from './markdown';
import { renderApiMarkdown } from './markdown';

export const apiDocPath = fileURLToPath(new URL('../../../../docs/api.md', import.meta.url));

/** The line in docs/api.md after which everything is generated from the route schemas. */
export const generatedMarker =
  '<!-- Generated from the route schemas by `npm run docs:api`; edit the schemas, not this part. -->';

/**
 * What the reference is made from: every call an instance can have, `/metrics` included (it
 * exists only with a METRICS_TOKEN).
 */
export const referenceEnv = { METRICS_TOKEN: 'reference' };

/** The OpenAPI document of an app built on a throwaway data folder. */
export async function buildOpenApiDocument(): Promise<OpenApiDocument> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pinhole-api-doc-'));
  const context = await createContext(
    loadConfig({ DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent', ...referenceEnv }),
  );
  try {
    const app = await buildApp(context, { logger: false });
    await app.ready();
    const document = app.swagger() as unknown as OpenApiDocument;
    await app.close();
    return document;
  } finally {
    await context.database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** docs/api.md as it should read: its hand-written part, then the reference made from `document`. */
export async function expectedApiDoc(current: string, document: OpenApiDocument): Promise<string> {
  const markerAt = current.indexOf(generatedMarker);
  if (markerAt === -1) throw new Error(`${apiDocPath} has lost the line ${generatedMarker}`);
  const handWritten = current.slice(0, markerAt + generatedMarker.length);
  const text = `${handWritten}\n\n${renderApiMarkdown(document)}`;
  return format(text, { ...(await resolveConfig(apiDocPath)), filepath: apiDocPath });
}
