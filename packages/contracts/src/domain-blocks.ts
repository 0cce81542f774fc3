import { z } from 'zod';

/**
 * Domain blocks: servers an admin keeps out. `suspend`: nothing comes in from it or goes out to
 * it, and its people and their posts are hidden; `silence`: its posts stay out of explore and
 * hashtag pages. A block covers the domain's subdomains.
 */
export const domainBlockSeveritySchema = z.enum(['suspend', 'silence']);
export type DomainBlockSeverity = z.infer<typeof domainBlockSeveritySchema>;

/** A reason an admin writes down, at most (characters). */
export const domainBlockReasonMaxLength = 500;

/** A host name as people write it (`mastodon.example`, lowercase): labels of letters, digits, hyphens. */
export const domainNamePattern =
  /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

export const domainBlockSchema = z.object({
  domain: z.string(),
  severity: domainBlockSeveritySchema,
  reason: z.string().nullable(),
  created_at: z.string(),
});
export type DomainBlock = z.infer<typeof domainBlockSchema>;

/** `GET /api/admin/domains`, newest first. */
export const domainBlocksSchema = z.object({ domains: z.array(domainBlockSchema) });
export type DomainBlocks = z.infer<typeof domainBlocksSchema>;

/** The `:domain` of `/api/admin/domains/:domain`, lowercased. */
export const domainParamSchema = z.object({
  domain: z
    .string()
    .trim()
    .toLowerCase()
    .regex(domainNamePattern, 'Enter a domain such as mastodon.example'),
});

/** `PUT /api/admin/domains/:domain`. */
export const putDomainBlockSchema = z.object({
  severity: domainBlockSeveritySchema,
  reason: z
    .string()
    .trim()
    .max(
      domainBlockReasonMaxLength,
      `Reason must be at most ${domainBlockReasonMaxLength} characters`,
    )
    .optional(),
});
export type PutDomainBlock = z.input<typeof putDomainBlockSchema>;
