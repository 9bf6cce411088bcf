// Every domain's tables, for drizzle-kit to generate the committed SQL migrations from.
export * from '../modules/audit/audit.tables';
export * from '../modules/auth/auth.tables';
export * from '../modules/auth/encrypted-body.tables';
export * from '../modules/auth/social-sign-in.tables';
export * from '../modules/backoffice/backoffice.tables';
export * from '../modules/content/content.tables';
export * from '../modules/feedback/feedback.tables';
export * from '../modules/games/games.tables';
export * from '../modules/members/members.tables';
export * from '../modules/messages/messages.tables';
export * from '../modules/notifications/notifications.tables';
export * from '../modules/payments/payments.tables';
export * from '../modules/site/site.tables';
export * from '../modules/turnover/turnover.tables';
export * from '../modules/uploads/uploads.tables';
export * from '../modules/wallet/wallet.tables';
