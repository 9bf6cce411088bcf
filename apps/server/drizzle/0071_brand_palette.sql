-- A brand's colours in the light and the dark theme ({ light, dark } of { background, surface, accent }, #rrggbb);
-- null keeps the platform's.
ALTER TABLE "brands" ADD COLUMN "palette" jsonb;
