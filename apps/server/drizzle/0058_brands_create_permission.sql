-- The platform's permission to create brands (packages/contracts/src/staff-permissions.ts, group "platform",
-- last in the catalogue) joins every brand's admin preset, as the contracts define it; an admin role an
-- operator already edited to hold it is left as it is. It works only on the platform's own brand (the
-- default merchant): the brands routes refuse it anywhere else.
UPDATE "staff_roles" SET "permissions" = array_append("permissions", 'brands.create')
WHERE "preset_key" = 'admin' AND NOT ('brands.create' = ANY("permissions"));
