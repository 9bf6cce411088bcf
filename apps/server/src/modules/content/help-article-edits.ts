import type { AdminHelpArticle, HelpArticleInput } from '@wps/contracts/content';
import type { AuditActor } from '../audit/audit.service';
import { type AuditedEdit, auditedChange, notFound } from './audited-change';
import { sanitizeContentHtml } from './content-html';
import type { ContentContext } from './content-context';
import { toAdminHelpArticle } from './content-views';
import * as repository from './content.repository';

type HelpArticleEditDependencies = Pick<ContentContext, 'db' | 'cache'>;

/** HTML is sanitised here, on the way in, so every reader gets safe content whatever shows it. */
const helpArticleValues = (brandId: bigint, input: HelpArticleInput): repository.HelpArticleValues => ({
  brandId,
  language: input.language,
  device: input.device,
  section: input.section,
  title: input.title,
  content: sanitizeContentHtml(input.content),
  sortOrder: input.sortOrder,
});

/** The audit's record of a change to one help article. */
const describeEdit = (actor: AuditActor, action: string): AuditedEdit => ({
  actor,
  action,
  entityType: 'content_help_article',
});

/** Every help article of the brand, in every language and device, as the operator edits them. */
export const listHelpArticlesForOperator = async (
  { db }: Pick<ContentContext, 'db'>,
  brandId: bigint,
): Promise<{ list: AdminHelpArticle[] }> => ({
  list: (await repository.listAllHelpArticles(db, brandId)).map(toAdminHelpArticle),
});

export const createHelpArticle = (
  deps: HelpArticleEditDependencies,
  actor: AuditActor,
  brandId: bigint,
  input: HelpArticleInput,
): Promise<AdminHelpArticle> =>
  auditedChange(deps, describeEdit(actor, 'content.help.create'), async (tx) => {
    const row = await repository.insertHelpArticle(tx, helpArticleValues(brandId, input));
    const after = toAdminHelpArticle(row);
    return { id: row.id, before: null, after, result: after };
  });

export const updateHelpArticle = (
  deps: HelpArticleEditDependencies,
  actor: AuditActor,
  brandId: bigint,
  id: bigint,
  input: HelpArticleInput,
): Promise<AdminHelpArticle> =>
  auditedChange(deps, describeEdit(actor, 'content.help.update'), async (tx) => {
    const existing = await repository.findHelpArticle(tx, brandId, id);
    const row = existing && (await repository.updateHelpArticle(tx, id, helpArticleValues(brandId, input)));
    if (!existing || !row) throw notFound('help article', id);
    const after = toAdminHelpArticle(row);
    return { id, before: toAdminHelpArticle(existing), after, result: after };
  });

export const deleteHelpArticle = (
  deps: HelpArticleEditDependencies,
  actor: AuditActor,
  brandId: bigint,
  id: bigint,
): Promise<{ id: string }> =>
  auditedChange(deps, describeEdit(actor, 'content.help.delete'), async (tx) => {
    const existing = await repository.findHelpArticle(tx, brandId, id);
    if (!existing) throw notFound('help article', id);
    await repository.deleteHelpArticle(tx, id);
    return { id, before: toAdminHelpArticle(existing), after: null, result: { id: id.toString() } };
  });
