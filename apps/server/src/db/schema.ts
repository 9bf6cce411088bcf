// Every domain's tables, for drizzle-kit to generate the committed SQL migrations from.
export * from '../modules/audit/audit.tables';
export * from '../modules/backoffice/backoffice.tables';
export * from '../modules/site/site.tables';
