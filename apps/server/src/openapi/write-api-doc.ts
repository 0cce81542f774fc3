/** `npm run docs:api`: rewrites the generated part of docs/api.md from the route schemas. */
import fs from 'node:fs';
import { apiDocPath, buildOpenApiDocument, expectedApiDoc } from './api-doc';

const current = fs.readFileSync(apiDocPath, 'utf8');
const next = await expectedApiDoc(current, await buildOpenApiDocument());
fs.writeFileSync(apiDocPath, next);
console.log(next === current ? 'docs/api.md is up to date' : 'docs/api.md rewritten');
