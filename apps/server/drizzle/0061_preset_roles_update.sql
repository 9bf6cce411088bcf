-- The preset roles as packages/contracts/src/staff-permissions.ts defines them now, applied as changes to each
-- brand's preset roles (an operator's own edits to a role stay): finance and risk no longer open the site's
-- content (issue 25's "approves a deposit but cannot open content").
UPDATE "staff_roles" SET "permissions" = array_remove("permissions", 'content.view')
WHERE "preset_key" IN ('finance', 'risk');
